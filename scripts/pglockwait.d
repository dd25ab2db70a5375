#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pglockwait.d — PostgreSQL heavyweight lock waits, as they end, with what
 * was waited for and how long.
 *
 * lock-wait-start and lock-wait-done fire in a backend that must sleep for
 * a lock (LockAcquire found it held in a conflicting mode); their
 * arguments are the lock tag's four fields, its type and the requested
 * mode.  For a relation lock field 1 is the database OID and field 2 the
 * relation OID (SELECT 'mytable'::regclass::oid); for a transaction lock
 * field 1 is the transaction id; for an advisory lock fields 2 and 3 are
 * the key.  Every process of the server executable is
 * traced, running now or started later.
 *
 * Usage: pglockwait.d POSTGRES             (Ctrl-C to stop)
 *        pglockwait.d -c 'CMD' POSTGRES     (until CMD exits)
 *
 * POSTGRES is the server's executable, /usr/lib/postgresql/15/bin/postgres
 * on Debian 12: its probes are attached by file, so the backends the
 * server forks after tracing began are traced too.
 *
 * Columns: PID (the waiting backend), LOCKTYPE, MODE, FIELD1, FIELD2,
 * FIELD3, WAIT (us).  At the end: the wait-time histogram by type and mode.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %-20s %-24s %10s %10s %10s %10s\n", "PID", "LOCKTYPE", "MODE",
	    "FIELD1", "FIELD2", "FIELD3", "WAIT(us)");
}

postgresql*:$1::lock-wait-start
{
	self->start = timestamp;
	self->f1 = arg0;
	self->f2 = arg1;
	self->f3 = arg2;
	self->type = arg4;
	self->mode = arg5;
}

postgresql*:$1::lock-wait-done
/self->start/
{
	this->us = (timestamp - self->start) / 1000;
	/* LockTagType and LOCKMODE numbers of PostgreSQL 15's lock.h/lockdefs.h */
	this->type = self->type == 0 ? "relation" : self->type == 1 ? "extend" :
	    self->type == 2 ? "frozenid" : self->type == 3 ? "page" :
	    self->type == 4 ? "tuple" : self->type == 5 ? "transactionid" :
	    self->type == 6 ? "virtualxid" : self->type == 7 ? "spectoken" :
	    self->type == 8 ? "object" : self->type == 9 ? "userlock" :
	    self->type == 10 ? "advisory" : lltostr(self->type);
	this->mode = self->mode == 1 ? "AccessShareLock" : self->mode == 2 ? "RowShareLock" :
	    self->mode == 3 ? "RowExclusiveLock" : self->mode == 4 ? "ShareUpdateExclusiveLock" :
	    self->mode == 5 ? "ShareLock" : self->mode == 6 ? "ShareRowExclusiveLock" :
	    self->mode == 7 ? "ExclusiveLock" : self->mode == 8 ? "AccessExclusiveLock" :
	    lltostr(self->mode);
	printf("%7d %-20s %-24s %10d %10d %10d %10d\n", pid, this->type, this->mode,
	    self->f1, self->f2, self->f3, this->us);
	@wait[this->type, this->mode] = quantize(this->us);
	self->start = 0;
}

END
{
	printf("\nWait time (us) by lock type and mode:\n");
	printa(@wait);
}
