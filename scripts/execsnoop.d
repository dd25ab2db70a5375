#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * execsnoop.d — every program started (execve), as it happens, with its
 * arguments.
 *
 * The line is printed at execve's return, when the result is known.  After
 * a successful exec the arguments are read where the kernel has just put
 * them for the new program: its stack, whose pointer (uregs[R_SP]) points
 * at argc, then the argv pointers.  (Reading them at entry from the
 * caller's memory fails when those pages were never touched: a BPF program
 * cannot fault pages in.)  A failed exec shows the caller's name, the errno
 * (2 ENOENT, 8 ENOEXEC, 13 EACCES) and the path it tried, which the kernel
 * read, so it is in memory.  Up to 8 arguments; more are shown as "...".
 *
 * Usage: execsnoop.d                  (every process; Ctrl-C to stop)
 *        execsnoop.d -c 'CMD ARGS'    (until CMD exits; every process that
 *                                      execs meanwhile is shown)
 *
 * Columns: TIME (wall clock), PID, COMMAND (the new program's name),
 * ERR (0 on success), ARGS (argv[0] first; the path on failure).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-20s %7s %-16s %3s %s\n", "TIME", "PID", "COMMAND", "ERR", "ARGS");
}

syscall::execve:entry
{
	self->path = arg0;
}

syscall::execve:return
/self->path && errno != 0/
{
	printf("%-20Y %7d %-16s %3d %s\n", walltimestamp, pid, execname, errno, copyinstr(self->path));
	self->path = 0;
}

syscall::execve:return
/self->path/
{
	self->sp = uregs[R_SP];
	self->argc = *(long *)copyin(self->sp, 8);
	self->args = "";
}

syscall::execve:return
/self->path && self->argc > 0/
{
	self->args = strjoin(self->args, strjoin("", copyinstr(*(long *)copyin(self->sp + 8, 8))));
}

syscall::execve:return
/self->path && self->argc > 1/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 16, 8))));
}

syscall::execve:return
/self->path && self->argc > 2/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 24, 8))));
}

syscall::execve:return
/self->path && self->argc > 3/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 32, 8))));
}

syscall::execve:return
/self->path && self->argc > 4/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 40, 8))));
}

syscall::execve:return
/self->path && self->argc > 5/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 48, 8))));
}

syscall::execve:return
/self->path && self->argc > 6/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 56, 8))));
}

syscall::execve:return
/self->path && self->argc > 7/
{
	self->args = strjoin(self->args, strjoin(" ", copyinstr(*(long *)copyin(self->sp + 64, 8))));
}

syscall::execve:return
/self->path/
{
	printf("%-20Y %7d %-16s %3d %s%s\n", walltimestamp, pid, execname, 0, self->args,
	    self->argc > 8 ? " ..." : "");
	self->path = 0;
	self->sp = 0;
	self->argc = 0;
}
