#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * execsnoop.d — every program started (execve, execveat), as it happens,
 * with its arguments, on the proc provider.
 *
 * proc:::exec-success fires in the new program once the kernel has set up
 * its stack: execname is the new program's name, arg0 the user address of
 * its argument strings (argv[0], NUL, argv[1], ...: each is read, then the
 * next one starts after its NUL) and arg1 argc.  A failed exec
 * (proc:::exec-failure, -errno in args[0]) shows the caller's name and
 * the path it tried, remembered at proc:::exec (the path's address; it is
 * read at the failure, when the kernel has read it, so it is in memory).
 * Up to 8 arguments; more are shown as "...".
 *
 * Usage: execsnoop.d                  (every process; Ctrl-C to stop)
 *        execsnoop.d -c 'CMD ARGS'    (until CMD exits; every process that
 *                                      execs meanwhile is shown)
 *
 * Columns: TIME (wall clock), PID, PPID, COMMAND (the new program's name),
 * ERR (0 on success), ARGS (argv[0] first; the path on failure).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-20s %7s %7s %-16s %3s %s\n", "TIME", "PID", "PPID", "COMMAND", "ERR", "ARGS");
}

proc:::exec
{
	self->path = arg0;
}

proc:::exec-failure
/self->path/
{
	printf("%-20Y %7d %7d %-16s %3d %s\n", walltimestamp, pid, ppid, execname, -args[0],
	    copyinstr(self->path));
	self->path = 0;
}

proc:::exec-success
{
	self->path = 0;
	this->p = arg0;
	this->argc = arg1;
	this->args = "";
}

proc:::exec-success
/this->argc > 0 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, this->s);
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 1 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 2 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 3 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 4 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 5 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 6 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
/this->argc > 7 && this->p/
{
	this->s = copyinstr(this->p);
	this->args = strjoin(this->args, strjoin(" ", this->s));
	this->p += strlen(this->s) + 1;
}

proc:::exec-success
{
	printf("%-20Y %7d %7d %-16s %3d %s%s\n", walltimestamp, pid, ppid, execname, 0, this->args,
	    this->argc > 8 ? " ..." : "");
}
