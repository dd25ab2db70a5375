#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * dtruss.d — every system call of one process, with its arguments, its
 * result and its error, as it happens (a strace-like view built on the
 * syscall provider).
 *
 * The first three arguments are saved at entry, per thread, with the entry
 * time; the line is printed at return: the call with its arguments (paths
 * as strings, read at return, when the kernel has already read them), the
 * return value, "Err#N" when it failed, and the time it took in
 * microseconds.  Calls the process was already inside when tracing began
 * are not shown.
 *
 * Usage: dtruss.d -c 'CMD ARGS'
 *        dtruss.d -p PID            (Ctrl-C to stop)
 *
 * Columns: PID/TID, ELAPSED (us), CALL(ARGS) = RETURN [Err#ERRNO].
 * Only the process itself: its children are not followed.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%15s %8s %s\n", "PID/TID", "ELAPSED", "SYSCALL(args) = return");
}

syscall:::entry
/pid == $target/
{
	self->a0 = arg0;
	self->a1 = arg1;
	self->a2 = arg2;
	self->start = timestamp;
}

/*
 * Calls whose first argument is a path.  A successful execve is shown by
 * the last clause, with its arguments in hex: the caller's memory that
 * held the path is gone.
 */
syscall::open:return, syscall::openat:return, syscall::openat2:return,
syscall::creat:return, syscall::stat:return, syscall::lstat:return,
syscall::access:return, syscall::chdir:return,
syscall::unlink:return, syscall::mkdir:return, syscall::rmdir:return,
syscall::readlink:return, syscall::statfs:return, syscall::truncate:return,
syscall::chmod:return, syscall::chown:return
/self->start && errno == 0/
{
	printf("%7d/%-7d %8d %s(\"%s\", 0x%x, 0x%x) = %d\n", pid, tid,
	    (timestamp - self->start) / 1000, probefunc, copyinstr(self->a0),
	    self->a1, self->a2, arg0);
	self->start = 0;
}

syscall::open:return, syscall::openat:return, syscall::openat2:return,
syscall::creat:return, syscall::stat:return, syscall::lstat:return,
syscall::access:return, syscall::chdir:return, syscall::execve:return,
syscall::unlink:return, syscall::mkdir:return, syscall::rmdir:return,
syscall::readlink:return, syscall::statfs:return, syscall::truncate:return,
syscall::chmod:return, syscall::chown:return
/self->start && errno != 0/
{
	printf("%7d/%-7d %8d %s(\"%s\", 0x%x, 0x%x) = %d Err#%d\n", pid, tid,
	    (timestamp - self->start) / 1000, probefunc, copyinstr(self->a0),
	    self->a1, self->a2, -1, errno);
	self->start = 0;
}

/* calls whose second argument is a path (after a directory fd) */
syscall::newfstatat:return, syscall::statx:return, syscall::faccessat:return,
syscall::faccessat2:return, syscall::unlinkat:return, syscall::mkdirat:return,
syscall::readlinkat:return, syscall::fchmodat:return, syscall::fchownat:return
/self->start/
{
	printf("%7d/%-7d %8d %s(%d, \"%s\", 0x%x) = %d%s\n", pid, tid,
	    (timestamp - self->start) / 1000, probefunc, (int)self->a0,
	    copyinstr(self->a1), self->a2, errno ? -1 : arg0,
	    errno ? strjoin(" Err#", lltostr(errno)) : "");
	self->start = 0;
}

syscall:::return
/self->start/
{
	printf("%7d/%-7d %8d %s(0x%x, 0x%x, 0x%x) = %d%s\n", pid, tid,
	    (timestamp - self->start) / 1000, probefunc, self->a0, self->a1,
	    self->a2, errno ? -1 : arg0,
	    errno ? strjoin(" Err#", lltostr(errno)) : "");
	self->start = 0;
}
