#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * errinfo.d — failing system calls, counted by program, call and errno.
 *
 * A system call failed when its return probe sees errno != 0 (the kernel
 * returned -errno).  dtrace's own calls are never traced.  At the end it
 * prints one line per (program, call, errno), most frequent last.
 *
 * Usage: errinfo.d                  (system wide; Ctrl-C to print)
 *        errinfo.d -c 'CMD ARGS'    (until CMD exits)
 *
 * Common errnos: 2 ENOENT, 4 EINTR, 11 EAGAIN, 13 EACCES, 22 EINVAL,
 * 25 ENOTTY, 61 ENODATA, 95 EOPNOTSUPP, 110 ETIMEDOUT.
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing failing system calls... Hit Ctrl-C to end.\n");
}

syscall:::return
/errno != 0/
{
	@errs[execname, probefunc, errno] = count();
}

END
{
	printf("%-16s %-22s %5s %10s\n", "COMMAND", "SYSCALL", "ERRNO", "COUNT");
	printa("%-16s %-22s %5d %@10d\n", @errs);
}
