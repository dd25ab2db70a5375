#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * procsystime.d — how many system calls a process makes and how long they
 * take, by call.
 *
 * Entry time saved per thread; at return the call is counted and its
 * elapsed (wall clock) time added to its total.  Calls already in progress
 * when tracing began are not counted.  At the end: the counts, then the
 * total elapsed time per call in nanoseconds, then the average, busiest
 * last.  The process itself only (pid == $target), not its children.
 *
 * Usage: procsystime.d -c 'CMD ARGS'
 *        procsystime.d -p PID        (Ctrl-C to print)
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing system calls of pid %d...\n", $target);
}

syscall:::entry
/pid == $target/
{
	self->start = timestamp;
}

syscall:::return
/self->start/
{
	this->ns = timestamp - self->start;
	@count[probefunc] = count();
	@elapsed[probefunc] = sum(this->ns);
	@average[probefunc] = avg(this->ns);
	self->start = 0;
}

END
{
	printf("\nSystem call counts for pid %d:\n\n", $target);
	printf("%20s %12s\n", "SYSCALL", "COUNT");
	printa("%20s %@12d\n", @count);
	printf("\nElapsed times (ns) for pid %d:\n\n", $target);
	printf("%20s %12s\n", "SYSCALL", "TIME (ns)");
	printa("%20s %@12d\n", @elapsed);
	printf("\nAverage times (ns) for pid %d:\n\n", $target);
	printf("%20s %12s\n", "SYSCALL", "AVG (ns)");
	printa("%20s %@12d\n", @average);
}
