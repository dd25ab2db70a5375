#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * syscount.d — which processes make which system calls, and how often.
 *
 * Counts every system call by process (pid and name) and call, and at the
 * end prints the 20 busiest pairs, fewest first (the busiest is the last
 * line, nearest the prompt).
 *
 * Usage: syscount.d                 (system wide; Ctrl-C to print)
 *        syscount.d -c 'CMD ARGS'   (until CMD exits; everything that ran
 *                                    meanwhile is counted, not only CMD)
 */
#pragma D option quiet

BEGIN
{
	printf("Counting system calls... Hit Ctrl-C to end.\n");
}

syscall:::entry
{
	@calls[pid, execname, probefunc] = count();
}

END
{
	trunc(@calls, 20);
	printf("%7s %-16s %-22s %10s\n", "PID", "COMMAND", "SYSCALL", "COUNT");
	printa("%7d %-16s %-22s %@10d\n", @calls);
}
