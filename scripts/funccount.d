#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * funccount.d — how often each function of a process is called.
 *
 * Puts a pid-provider entry probe on every function of every module of
 * the target (the program and its libraries: thousands of uprobes, attached
 * in one go) and counts calls by module and function.  When the target
 * exits (or on Ctrl-C) it prints the 25 most called, most called last.
 *
 * Usage: funccount.d -c 'CMD ARGS' [MODULE]
 *        funccount.d -p PID [MODULE]   (Ctrl-C to print)
 *
 * MODULE (a glob) counts one module only: a.out (the program itself),
 * libc.so.6, 'libssl*'.  Without it, every module.
 */
#pragma D option quiet
#pragma D option defaultargs

pid$target:$1::entry
{
	@calls[probemod, probefunc] = count();
}

END
{
	trunc(@calls, 25);
	printf("%-24s %-40s %10s\n", "MODULE", "FUNCTION", "CALLS");
	printa("%-24s %-40s %@10d\n", @calls);
}
