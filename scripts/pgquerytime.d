#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pgquerytime.d — PostgreSQL query latency by statement text.
 *
 * PostgreSQL's query-start and query-done probes (servers built with
 * --enable-dtrace, as Debian's are) fire in the backend around each query
 * of the simple query protocol, with the query text as argument.  The text
 * and start time are kept per backend; at query-done the elapsed time is
 * counted for the text.  Every process of that server
 * executable is traced, running now or started later.
 *
 * Usage: pgquerytime.d POSTGRES             (Ctrl-C to print)
 *        pgquerytime.d -c 'CMD' POSTGRES     (until CMD, say a psql script, exits)
 *
 * POSTGRES is the server's executable, /usr/lib/postgresql/15/bin/postgres
 * on Debian 12: its probes are attached by file, so the backends the
 * server forks after tracing began are traced too.
 *
 * At the end, one line per statement text (the first 60 bytes): COUNT,
 * AVG and MAX elapsed microseconds, TOTAL milliseconds, most frequent last;
 * then a latency histogram (us) per statement.
 */
#pragma D option quiet
#pragma D option strsize=512

BEGIN
{
	printf("Tracing PostgreSQL queries... Hit Ctrl-C to end.\n");
}

postgresql*:$1::query-start
{
	self->query = copyinstr(arg0);
	self->start = timestamp;
}

postgresql*:$1::query-done
/self->start/
{
	this->us = (timestamp - self->start) / 1000;
	this->text = substr(self->query, 0, 60);
	@count[this->text] = count();
	@avg[this->text] = avg(this->us);
	@max[this->text] = max(this->us);
	@total[this->text] = sum(this->us / 1000);
	@latency[this->text] = quantize(this->us);
	self->start = 0;
}

END
{
	printf("%-60s %7s %10s %10s %10s\n", "STATEMENT", "COUNT", "AVG(us)", "MAX(us)", "TOTAL(ms)");
	printa("%-60s %@7d %@10d %@10d %@10d\n", @count, @avg, @max, @total);
	printf("\nLatency (us) by statement:\n");
	printa(@latency);
}
