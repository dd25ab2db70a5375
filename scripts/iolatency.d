#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * iolatency.d — block I/O latency: the time from io:::start (the request
 * issued, in the process that issued it) to io:::done (the device
 * finished it), as a histogram per device and per process, in
 * microseconds, with each process's request count and bytes.
 *
 * The io provider's arguments (doc/kernel-providers.md): arg0 the bytes,
 * arg1 the first sector, arg2 the flags (B_READ 0x40, B_WRITE 0x100),
 * arg3 the device (dev_t), arg4 and arg5 its major and minor.  A start
 * and its done pair on device and sector; io:::done runs wherever the
 * completion interrupt lands, so the process is the one remembered at
 * start.  Requests the block layer merges count once, at the first one.
 *
 * Usage: iolatency.d                 (system wide; Ctrl-C to print)
 *        iolatency.d -c 'CMD ARGS'   (prints when CMD ends)
 */
#pragma D option quiet

io:::start
{
	start[arg3, arg1] = timestamp;
	who[arg3, arg1] = execname;
	whopid[arg3, arg1] = pid;
	dir[arg3, arg1] = arg2 & 0x100 ? "write" : "read";
}

io:::done
/start[arg3, arg1]/
{
	this->us = (timestamp - start[arg3, arg1]) / 1000;
	@dev[arg4, arg5, dir[arg3, arg1]] = quantize(this->us);
	@n[who[arg3, arg1], whopid[arg3, arg1], dir[arg3, arg1]] = count();
	@bytes[who[arg3, arg1], whopid[arg3, arg1], dir[arg3, arg1]] = sum(arg0);
	@avg[who[arg3, arg1], whopid[arg3, arg1], dir[arg3, arg1]] = avg(this->us);
	start[arg3, arg1] = 0;
	who[arg3, arg1] = 0;
	whopid[arg3, arg1] = 0;
	dir[arg3, arg1] = 0;
}

END
{
	printf("I/O latency (us) by device (major,minor) and direction:\n");
	printa("\n  %d,%d %s%@d", @dev);
	printf("\n%-16s %8s %-5s %8s %12s %10s\n", "COMMAND", "PID", "DIR", "COUNT", "BYTES", "AVG_us");
	printa("%-16s %8d %-5s %@8d %@12d %@10d\n", @n, @bytes, @avg);
}
