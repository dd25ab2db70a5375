#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * offcpu.d — where a process waits: the time its threads spend blocked
 * (off the CPU, asleep), by the user stack that made them wait.
 *
 * sched:::sleep starts a thread's wait; sched:::on-cpu ends it (its
 * thread-local variables are the arriving thread's) and adds the wait to
 * the thread's total; the total is charged to the user stack at the
 * thread's next system-call return, in its own context, where the stack
 * is still the one that blocked (a read, a futex, a nanosleep...).  Time
 * waiting for a CPU (preemption) is not counted; a wait that does not end
 * in a system call (a page fault's I/O) is charged to the next one.
 * Milliseconds, the longest last.
 *
 * Usage: offcpu.d -c 'CMD ARGS'
 *        offcpu.d -p PID                       (Ctrl-C to print)
 *        dtrace -x oformat=folded -s offcpu.d -p PID > out.folded
 *          (one line per stack, for flamegraph.pl; or -x oformat=svg -o
 *          offcpu.svg for the flame graph itself)
 */
#pragma D option quiet
#pragma D option ustackframes=64

sched:::sleep
/pid == $target/
{
	self->slept = timestamp;
}

sched:::on-cpu
/self->slept/
{
	self->waited += timestamp - self->slept;
	self->slept = 0;
}

syscall:::return
/self->waited/
{
	@ms[ustack()] = sum(self->waited);
	self->waited = 0;
}

END
{
	normalize(@ms, 1000000);
}
