#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * calltime.d — how long one function of a process takes, as a histogram.
 *
 * pid-provider entry and return probes on the function named by the first
 * argument (a glob such as 'str*' works: each function gets its own
 * histogram).  The entry time is kept per thread in self->; a return without
 * a seen entry (the script started mid-call) is ignored.  Recursive calls
 * are timed from the innermost entry.  Times are nanoseconds of wall clock.
 *
 * Usage: calltime.d -c 'CMD ARGS' FUNCTION
 *        calltime.d -p PID FUNCTION        (Ctrl-C to print)
 *
 * At the end: a power-of-two quantize() per function; its counts add up to
 * the number of completed calls.
 */
#pragma D option quiet

BEGIN
{
	printf("Timing %s() in pid %d...\n", $$1, $target);
}

pid$target::$1:entry
{
	self->start = timestamp;
}

pid$target::$1:return
/self->start/
{
	@ns[probefunc] = quantize(timestamp - self->start);
	@calls[probefunc] = count();
	self->start = 0;
}

END
{
	printa("%s() completed calls: %@d\n", @calls);
	printf("\nlatency, ns:\n");
	printa(@ns);
}
