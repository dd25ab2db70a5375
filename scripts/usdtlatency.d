#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * usdtlatency.d — the latency of every operation a process brackets with a
 * pair of USDT probes named NAME-start and NAME-done (or NAME-begin and
 * NAME-end), whatever the provider.
 *
 * Every such probe of the target (the program and the libraries it has
 * mapped) is enabled.  A start is remembered per thread, provider and
 * NAME; the matching done on the same thread times it.  Nested pairs of
 * the same NAME on one thread are timed from the innermost start; a done
 * without a start (tracing began mid-operation) is ignored.  Examples:
 * postgresql query-start/query-done, python gc-start/gc-done, hotspot
 * gc-begin/gc-end, ruby gc-mark-begin/gc-mark-end, your own providers.
 *
 * Usage: usdtlatency.d -c 'CMD ARGS'
 *        usdtlatency.d -p PID        (Ctrl-C to print)
 *
 * At the end, by provider (with its pid) and NAME: COUNT, AVG, MAX and
 * TOTAL in microseconds, most frequent last; then a histogram of each (us).
 */
#pragma D option quiet

*$target:::*-start, *$target:::*-begin
{
	this->op = substr(probename, 0, strlen(probename) - 6);
	start[tid, probeprov, this->op] = timestamp;
}

*$target:::*-done
{
	this->op = substr(probename, 0, strlen(probename) - 5);
}

*$target:::*-end
{
	this->op = substr(probename, 0, strlen(probename) - 4);
}

*$target:::*-done, *$target:::*-end
/start[tid, probeprov, this->op]/
{
	this->ns = timestamp - start[tid, probeprov, this->op];
	@count[probeprov, this->op] = count();
	@avg[probeprov, this->op] = avg(this->ns / 1000);
	@max[probeprov, this->op] = max(this->ns / 1000);
	@total[probeprov, this->op] = sum(this->ns / 1000);
	@hist[probeprov, this->op] = quantize(this->ns / 1000);
	start[tid, probeprov, this->op] = 0;
}

END
{
	printf("%-24s %-28s %8s %10s %10s %12s\n", "PROVIDER", "OPERATION", "COUNT",
	    "AVG(us)", "MAX(us)", "TOTAL(us)");
	printa("%-24s %-28s %@8d %@10d %@10d %@12d\n", @count, @avg, @max, @total);
	printf("\nLatency (us):\n");
	printa(@hist);
}
