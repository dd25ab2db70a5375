#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * dapptrace.d — the flow of a process's own functions: every call and
 * return, indented by depth, with the time each call took.
 *
 * pid-provider entry and return probes on every function of the program
 * itself (a.out; not its libraries).  The depth and each level's entry
 * time are kept per thread (keyed by tid); a return prints the call's elapsed time in
 * microseconds.  Returns of calls that were in progress when tracing began
 * are shown at depth 0 without a time.  Calls of other threads interleave:
 * the TID column tells them apart.
 *
 * Usage: dapptrace.d -c 'CMD ARGS'
 *        dapptrace.d -p PID          (Ctrl-C to stop)
 *
 * Columns: TID, ELAPSED (us, on returns), then "-> function" for a call
 * and "<- function" for its return, two spaces per level.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %9s  %s\n", "TID", "ELAPSED", "CALL");
}

pid$target:a.out::entry
{
	printf("%7d %9s  %*s-> %s\n", tid, "", self->depth * 2, "", probefunc);
	start[tid, self->depth] = timestamp;
	self->depth++;
}

pid$target:a.out::return
/self->depth > 0/
{
	self->depth--;
	printf("%7d %9d  %*s<- %s\n", tid, (timestamp - start[tid, self->depth]) / 1000,
	    self->depth * 2, "", probefunc);
	start[tid, self->depth] = 0;
}

pid$target:a.out::return
/self->depth == 0 && start[tid, 0] == 0/
{
	printf("%7d %9s  <- %s\n", tid, "", probefunc);
}
