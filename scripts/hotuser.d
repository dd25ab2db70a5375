#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * hotuser.d — where a process spends its CPU time, by user function.
 *
 * Samples every CPU 997 times a second (an odd rate, so the samples do not
 * march in step with the program's own timers) and, when the target was
 * running in user mode (arg1, the user pc, is not 0), counts the sample by
 * the function holding that pc (module`function).  Busiest last.
 *
 * Usage: hotuser.d -c 'CMD ARGS'
 *        hotuser.d -p PID            (Ctrl-C to print)
 */
#pragma D option quiet

BEGIN
{
	printf("Sampling pid %d at 997 Hz...\n", $target);
}

profile-997
/pid == $target && arg1/
{
	@samples[ufunc(arg1)] = count();
	@total = count();
}

END
{
	printf("%-60s %10s\n", "FUNCTION", "SAMPLES");
	printa("%-60A %@10d\n", @samples);
	printa("\ntotal user samples: %@d\n", @total);
}
