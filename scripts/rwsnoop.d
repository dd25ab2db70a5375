#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * rwsnoop.d — every read and write, as it happens: who, which descriptor,
 * how many bytes.
 *
 * read, write, pread64, pwrite64, readv and writev, printed at return with
 * the byte count the call returned (0 at end of file; failed calls are not
 * shown: see errinfo.d).  The descriptor is saved at entry, per thread.
 *
 * Usage: rwsnoop.d                  (every process; Ctrl-C to stop)
 *        rwsnoop.d -c 'CMD ARGS'    (until CMD exits; every process is shown)
 *
 * Columns: PID, COMMAND, D (R read, W write), FD, BYTES, CALL.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %-16s %1s %4s %10s %s\n", "PID", "COMMAND", "D", "FD", "BYTES", "CALL");
}

syscall::read:entry, syscall::pread64:entry, syscall::readv:entry,
syscall::write:entry, syscall::pwrite64:entry, syscall::writev:entry
{
	self->fd = arg0 + 1;	/* +1: descriptor 0 is a valid one */
}

syscall::read:return, syscall::pread64:return, syscall::readv:return
/self->fd && errno == 0/
{
	printf("%7d %-16s %1s %4d %10d %s\n", pid, execname, "R", self->fd - 1, arg0, probefunc);
}

syscall::write:return, syscall::pwrite64:return, syscall::writev:return
/self->fd && errno == 0/
{
	printf("%7d %-16s %1s %4d %10d %s\n", pid, execname, "W", self->fd - 1, arg0, probefunc);
}

syscall::read:return, syscall::pread64:return, syscall::readv:return,
syscall::write:return, syscall::pwrite64:return, syscall::writev:return
{
	self->fd = 0;
}
