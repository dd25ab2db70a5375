#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * mutexwait.d — how long a process's threads take to get their pthread
 * mutexes, by mutex, and where they waited longest.
 *
 * pid-provider entry and return probes on libc's pthread_mutex_lock: the
 * mutex address (arg0) and entry time are kept per thread; at return the
 * call is counted and timed for that mutex.  The probes cost each call a
 * few microseconds, so compare mutexes and stacks with each other: the
 * time beyond the common few microseconds was spent waiting for another
 * thread.  Calls slower than 100 us count their user stack too.
 * Mutexes glibc locks internally without pthread_mutex_lock (stdio, malloc)
 * are not seen.
 *
 * Usage: mutexwait.d -c 'CMD ARGS'
 *        mutexwait.d -p PID          (Ctrl-C to print)
 *
 * At the end: by mutex (address, or module`symbol), LOCKS, total and maximum TIME (ns), the
 * most locked last; a histogram (ns) per mutex; then the 5 stacks that
 * waited longest in total (ns).
 */
#pragma D option quiet
#pragma D option ustackframes=8

BEGIN
{
	printf("Tracing pthread_mutex_lock in pid %d...\n", $target);
}

pid$target::pthread_mutex_lock:entry
{
	self->mutex = arg0;	/* the address shows as module`symbol when a symbol names it */
	self->start = timestamp;
}

pid$target::pthread_mutex_lock:return
/self->start/
{
	this->ns = timestamp - self->start;
	@locks[usym(self->mutex)] = count();
	@time[usym(self->mutex)] = sum(this->ns);
	@max[usym(self->mutex)] = max(this->ns);
	@hist[usym(self->mutex)] = quantize(this->ns);
	self->start = 0;
}

pid$target::pthread_mutex_lock:return
/this->ns > 100000/
{
	@waiters[ustack()] = sum(this->ns);
}

END
{
	printf("%-40s %10s %14s %12s\n", "MUTEX", "LOCKS", "TIME(ns)", "MAX(ns)");
	printa("%-40A %@10d %@14d %@12d\n", @locks, @time, @max);
	printf("\nLock time (ns) by mutex:\n");
	printa(@hist);
	trunc(@waiters, 5);
	printf("Longest waiting stacks (total ns):\n");
	printa(@waiters);
}
