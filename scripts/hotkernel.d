#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * hotkernel.d — where the kernel spends its CPU time, by function.
 *
 * Samples every CPU 997 times a second and, when the sample interrupted
 * the kernel (arg0, the kernel pc, is not 0), counts it by the kernel
 * function holding that pc (module`function, from /proc/kallsyms; modules
 * show as module`function, the kernel itself as vmlinux`function).  At the
 * end: the 30 busiest functions, busiest last, and the number of kernel
 * samples.  An idle CPU is not sampled (see profile in dtrace(1)).
 *
 * Usage: hotkernel.d                (every process; Ctrl-C to print)
 *        hotkernel.d PID            (only while PID runs in the kernel)
 *        hotkernel.d -c 'CMD ARGS'  (every process, until CMD exits)
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("Sampling kernel functions at 997 Hz%s... Hit Ctrl-C to end.\n",
	    $1 ? strjoin(" of pid ", lltostr($1)) : "");
}

profile-997
/arg0 && ($1 == 0 || pid == $1)/
{
	@samples[func(arg0)] = count();
	@total = count();
}

END
{
	trunc(@samples, 30);
	printf("%-60s %10s\n", "FUNCTION", "SAMPLES");
	printa("%-60a %@10d\n", @samples);
	printa("total kernel samples: %@d\n", @total);
}
