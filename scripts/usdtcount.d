#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * usdtcount.d — which static (USDT) probes a process fires, and how often.
 *
 * Enables every USDT probe of every provider of the target (the program
 * and its libraries: python, ruby, node, postgresql, memcached, glib, ...)
 * and counts hits by provider and probe name.  A quick way to see what a
 * program publishes and what a workload exercises.  Most frequent last.
 *
 * Usage: usdtcount.d -c 'CMD ARGS'
 *        usdtcount.d -p PID          (Ctrl-C to print)
 *
 * The provider column carries the pid (memcached1234), as in DTrace.
 */
#pragma D option quiet

*$target:::
{
	@hits[probeprov, probename] = count();
}

END
{
	printf("%-32s %-32s %10s\n", "PROVIDER", "PROBE", "COUNT");
	printa("%-32s %-32s %@10d\n", @hits);
}
