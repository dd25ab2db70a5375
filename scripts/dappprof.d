#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * dappprof.d — a profile of a process's own functions: calls, total and
 * average elapsed time of each.
 *
 * pid-provider entry and return probes on every function of the program
 * itself (a.out, not its libraries: see funccount.d and calltime.d for
 * those).  Each thread keeps a stack of entry times (keyed by tid), so
 * recursion and nesting are timed right; elapsed time includes the time
 * spent in the functions it calls (wall clock, nanoseconds).  Calls in progress when
 * tracing began or when it ends are not counted.
 *
 * Usage: dappprof.d -c 'CMD ARGS'
 *        dappprof.d -p PID          (Ctrl-C to print)
 *
 * At the end three tables, busiest last: CALLS, ELAPSED (total ns),
 * AVERAGE (ns).
 */
#pragma D option quiet

BEGIN
{
	printf("Profiling the functions of pid %d's program...\n", $target);
}

pid$target:a.out::entry
{
	start[tid, self->depth] = timestamp;
	self->depth++;
}

pid$target:a.out::return
/self->depth > 0/
{
	self->depth--;
	this->ns = timestamp - start[tid, self->depth];
	@calls[probemod, probefunc] = count();
	@elapsed[probemod, probefunc] = sum(this->ns);
	@average[probemod, probefunc] = avg(this->ns);
	start[tid, self->depth] = 0;
}

END
{
	printf("\n%-20s %-40s %12s\n", "MODULE", "FUNCTION", "CALLS");
	printa("%-20s %-40s %@12d\n", @calls);
	printf("\n%-20s %-40s %12s\n", "MODULE", "FUNCTION", "ELAPSED (ns)");
	printa("%-20s %-40s %@12d\n", @elapsed);
	printf("\n%-20s %-40s %12s\n", "MODULE", "FUNCTION", "AVERAGE (ns)");
	printa("%-20s %-40s %@12d\n", @average);
}
