#!/usr/bin/env -S dtrace -qs
/*
 * mctop.d — top(1) for memcached, in a few lines of D.
 *
 * Every second it clears the screen and shows the commands per second by
 * command, the get hit ratio, the bytes read and written, the open
 * connections and the ten busiest keys.  It uses memcached's published
 * probes, so it runs unchanged against memcached built --enable-dtrace.
 *
 * Usage: mctop.d            (every memcached process running now)
 *        mctop.d -p PID
 */
#pragma D option quiet
#pragma D option switchrate=10hz

memcached*:::conn-allocate { conns++; }
memcached*:::conn-release /conns > 0/ { conns--; }

memcached*:::command-get, memcached*:::command-set, memcached*:::command-add,
memcached*:::command-replace, memcached*:::command-append, memcached*:::command-prepend,
memcached*:::command-cas, memcached*:::command-touch, memcached*:::command-incr,
memcached*:::command-decr, memcached*:::command-delete
{
	@cmds[probename] = count();
	@keys[copyinstr(arg1, arg2)] = count();
}

memcached*:::command-get
{
	gets++;
	hits += arg3 >= 0 ? 1 : 0;
}

memcached*:::process-command-start { bytes_in += arg2; }
memcached*:::process-command-end { bytes_out += arg2; }

tick-1s
{
	printf("\033[H\033[2J");
	printf("memcached top   %Y   connections opened: %d\n\n", walltimestamp, conns);
	printf("%-24s %10s\n", "COMMAND", "PER SEC");
	printa("%-24s %@10d\n", @cmds);
	printf("\nget hit ratio  %3d%%   (%d of %d gets)\n", gets ? hits * 100 / gets : 0, hits, gets);
	printf("bytes in       %d/s\nbytes out      %d/s\n\n", bytes_in, bytes_out);
	trunc(@keys, 10);
	printf("%-40s %10s\n", "TOP KEYS", "PER SEC");
	printa("%-40s %@10d\n", @keys);
	clear(@cmds);
	trunc(@keys);
	gets = 0;
	hits = 0;
	bytes_in = 0;
	bytes_out = 0;
}
