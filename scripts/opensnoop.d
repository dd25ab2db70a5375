#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * opensnoop.d — one line per file open, system wide, as it happens.
 *
 * The path is remembered at open/openat/openat2 entry (in self->, so
 * threads do not mix) and printed at return with the result: the new file
 * descriptor, or -1 and the error number (2 = ENOENT, 13 = EACCES, ...).
 *
 * Usage: opensnoop.d                    (every process; Ctrl-C to stop)
 *        opensnoop.d -c 'CMD ARGS'      (until CMD exits; add /pid == $target/
 *                                        to the return clause to see only CMD)
 *
 * Columns: PID, COMMAND, FD (-1 on failure), ERR (errno, 0 on success), PATH.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%6s %-16s %4s %3s %s\n", "PID", "COMMAND", "FD", "ERR", "PATH");
}

syscall::open:entry, syscall::openat:entry, syscall::openat2:entry
{
	self->path = arg0;
}

syscall::open:return, syscall::openat:return, syscall::openat2:return
/self->path/
{
	printf("%6d %-16s %4d %3d %s\n", pid, execname, errno ? -1 : (int)arg0,
	    errno, copyinstr(self->path));
	self->path = 0;
}
