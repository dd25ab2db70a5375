#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * mcmetrics.d — a memcached server's requests for a monitoring system:
 * each command's count and latency histogram, get hits and misses, the
 * sizes of values stored, exported as Prometheus metrics while it runs
 * (doc/output-formats.md §15), for servers left traced on many hosts.
 *
 * Works with any server of memcached's USDT provider (memcached built
 * --enable-dtrace, samples/memcached).  A command is timed from
 * process-command-start to process-command-end on its thread, and named by
 * the command-* probe it fired in between ("other" when none: stats,
 * version...).  Latencies are in nanoseconds (the metric names carry no
 * unit, as promtool's lint wants base units in names).
 *
 * Usage: mcmetrics.d -x metrics=:9464 -p PID
 *            Prometheus scrapes http://HOST:9464/metrics
 *        mcmetrics.d -x oformat=openmetrics -o /var/lib/prometheus/node-exporter/memcached.prom -p PID
 *            node_exporter's textfile collector reads the file, rewritten
 *            every second (-x aggrate=10s: every 10 s)
 *        both at once; without -p, every running memcached process.
 *
 * Metrics (the key0 label: the command, "get" "set" "delete"...):
 *   dtrace_commands_total{key0}     commands completed (counter)
 *   dtrace_command_latency{key0}    latency histogram, ns (_bucket _sum _count)
 *   dtrace_slowest_command{key0}    the longest latency seen, ns (gauge)
 *   dtrace_gets_total{key0}         gets by result: "hit" or "miss" (counter)
 *   dtrace_stored_value_size        sizes of the values set, bytes with their
 *                                   CRLF, as memcached counts them (histogram)
 * When it ends (Ctrl-C, or the -p process exits) it prints them as DTrace
 * prints aggregations (with -x oformat=openmetrics and no -o: as metrics).
 */
#pragma D option quiet

memcached*:::process-command-start
{
	self->ts = timestamp;
	self->cmd = "other";
}

memcached*:::command-get, memcached*:::command-set, memcached*:::command-add,
memcached*:::command-replace, memcached*:::command-append, memcached*:::command-prepend,
memcached*:::command-cas, memcached*:::command-touch, memcached*:::command-incr,
memcached*:::command-decr, memcached*:::command-delete
/self->ts/
{
	self->cmd = substr(probename, 8);
}

memcached*:::command-get
/(int)arg3 < 0/
{
	@gets["miss"] = count();
}

memcached*:::command-get
/(int)arg3 >= 0/
{
	@gets["hit"] = count();
}

memcached*:::command-set
{
	@stored_value_size = quantize((int)arg3);
}

memcached*:::process-command-end
/self->ts/
{
	this->ns = timestamp - self->ts;
	@commands[self->cmd] = count();
	@command_latency[self->cmd] = quantize(this->ns);
	@slowest_command[self->cmd] = max(this->ns);
	self->ts = 0;
	self->cmd = 0;
}
