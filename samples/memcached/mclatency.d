#!/usr/bin/env -S dtrace -qs
/*
 * mclatency.d — memcached command latency distributions, per command,
 * from process-command-start to process-command-end (nanoseconds).
 * Prints when it ends (Ctrl-C, or add: -n 'tick-5s { exit(0); }').
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
	self->cmd = probename;
}

memcached*:::process-command-end
/self->ts/
{
	@latency[self->cmd] = quantize(timestamp - self->ts);
	self->ts = 0;
}

END
{
	printf("memcached command latency (ns), by command:\n");
}
