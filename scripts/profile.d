#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * profile.d — where a process spends its CPU time, by whole call stack.
 *
 * Samples every CPU 997 times a second; a sample of the target counts its
 * kernel stack (empty when it was in user mode) and its user stack (up to
 * 40 frames, walked through frame pointers: build with
 * -fno-omit-frame-pointer for whole stacks).  At the end each distinct
 * stack is printed, leaf first, with its sample count, busiest last.
 *
 * Usage: profile.d -c 'CMD ARGS'
 *        profile.d -p PID            (Ctrl-C to print)
 *
 * For a flame graph the stacks are wanted folded (one line per stack,
 * root first, frames joined by ';'); dtrace has no folded output format
 * yet, so fold this output with a script of your own.
 */
#pragma D option quiet
#pragma D option ustackframes=40

BEGIN
{
	printf("Sampling pid %d at 997 Hz...\n", $target);
}

profile-997
/pid == $target/
{
	@stacks[stack(), ustack()] = count();
	@total = count();
}

END
{
	printa(@stacks);
	printa("total samples: %@d\n", @total);
}
