#!/usr/bin/env -S dtrace -qs
/*
 * mcreqtime.d — where a memcached request's time goes: for each command,
 * the requests' average time from process-command-start to
 * process-command-end (µs), split into time on the CPU, time off it
 * (asleep or waiting for a CPU: sched:::off-cpu to on-cpu) and time in
 * the socket system calls the worker thread made meanwhile (I/O: read,
 * recvfrom, recvmsg, write, sendto, sendmsg, writev, readv; a wait
 * inside one counts as I/O, not as off-CPU).  on-CPU is the rest.
 *
 * The sched probes see every switch of the machine; the clauses do work
 * only for a worker thread inside a request (its self->start is set).
 *
 * Usage: mcreqtime.d -p PID     (Ctrl-C, or add -n 'tick-5s { exit(0); }')
 */
#pragma D option quiet

memcached$target:::process-command-start
{
	self->start = timestamp;
	self->off = 0;
	self->io = 0;
	self->cmd = "other";
}

memcached$target:::command-get, memcached$target:::command-set,
memcached$target:::command-add, memcached$target:::command-replace,
memcached$target:::command-append, memcached$target:::command-prepend,
memcached$target:::command-cas, memcached$target:::command-touch,
memcached$target:::command-incr, memcached$target:::command-decr,
memcached$target:::command-delete
/self->start/
{
	self->cmd = probename;
}

syscall::read:entry, syscall::recvfrom:entry, syscall::recvmsg:entry,
syscall::readv:entry, syscall::write:entry, syscall::sendto:entry,
syscall::sendmsg:entry, syscall::writev:entry
/self->start/
{
	self->sys = timestamp;
}

syscall::read:return, syscall::recvfrom:return, syscall::recvmsg:return,
syscall::readv:return, syscall::write:return, syscall::sendto:return,
syscall::sendmsg:return, syscall::writev:return
/self->sys/
{
	self->io += timestamp - self->sys;
	self->sys = 0;
}

sched:::off-cpu
/self->start && !self->sys/
{
	self->offts = timestamp;
}

sched:::on-cpu
/self->offts/
{
	self->off += timestamp - self->offts;
	self->offts = 0;
}

memcached$target:::process-command-end
/self->start/
{
	this->total = timestamp - self->start;
	@n[self->cmd] = count();
	@total[self->cmd] = avg(this->total / 1000);
	@oncpu[self->cmd] = avg((this->total - self->off - self->io) / 1000);
	@offcpu[self->cmd] = avg(self->off / 1000);
	@io[self->cmd] = avg(self->io / 1000);
	self->start = 0;
	self->offts = 0;
	self->sys = 0;
}

END
{
	printf("%-16s %10s %10s %10s %10s %10s\n", "COMMAND", "REQUESTS", "TOTAL_us",
	    "ONCPU_us", "OFFCPU_us", "IO_us");
	printa("%-16s %@10d %@10d %@10d %@10d %@10d\n", @n, @total, @oncpu, @offcpu, @io);
}
