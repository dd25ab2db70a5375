#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pidpersec.d — new processes per second, system wide.
 *
 * A new process is a fork, vfork, clone or clone3 that returns a child pid
 * to its caller and did not ask for CLONE_THREAD (a new thread is not a new
 * process).  clone's flags are its first argument; clone3's are the first
 * field of the struct it points to.  Each second: the time, the number of
 * new processes, the last new pid.  At the end: the part second since the
 * last line, then the new processes by parent pid and name, most last.
 *
 * Usage: pidpersec.d                (Ctrl-C to stop)
 *        pidpersec.d -c 'CMD ARGS'  (until CMD exits)
 */
#pragma D option quiet

BEGIN
{
	printf("%-20s %8s %8s\n", "TIME", "NEW/s", "LASTPID");
	lastpid = 0;
	@persec = sum(0);	/* the key exists from the start: quiet seconds print 0 */
}

syscall::fork:entry, syscall::vfork:entry
{
	self->flags = 0;
	self->in = 1;
}

syscall::clone:entry
{
	self->flags = arg0;
	self->in = 1;
}

syscall::clone3:entry
{
	self->flags = *(long *)copyin(arg0, 8);
	self->in = 1;
}

syscall::fork:return, syscall::vfork:return, syscall::clone:return, syscall::clone3:return
/self->in && (long)arg0 > 0 && (self->flags & 0x10000) == 0/	/* not CLONE_THREAD */
{
	@persec = sum(1);
	@byparent[pid, execname] = count();
	lastpid = arg0;
}

syscall::fork:return, syscall::vfork:return, syscall::clone:return, syscall::clone3:return
/self->in/
{
	self->in = 0;
	self->flags = 0;
}

tick-1s
{
	printf("%-20Y ", walltimestamp);
	printa("%@8d", @persec);
	printf(" %8d\n", lastpid);
	clear(@persec);
}

END
{
	printf("%-20Y ", walltimestamp);
	printa("%@8d", @persec);
	printf(" %8d  (last part second)\n", lastpid);
	printf("\n%7s %-16s %8s\n", "PPID", "PARENT", "NEW");
	printa("%7d %-16s %@8d\n", @byparent);
}
