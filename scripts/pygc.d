#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pygc.d — CPython's garbage collections, one line each as it ends: the
 * generation, the objects it found unreachable, the time it took.
 *
 * CPython's gc-start (argument: the generation, 0 to 2) and gc-done
 * (argument: the number of unreachable objects found) probes, of the
 * target process (python$target: the interpreter binary or libpython).
 * The start time is kept per thread.  At the end, by generation: the
 * number of collections, the objects collected, and a histogram of their
 * times in microseconds.
 *
 * Usage: pygc.d -c 'python3.11 SCRIPT.py'
 *        pygc.d -p PID               (Ctrl-C to stop)
 *
 * Columns: GEN, COLLECTED, TIME (us).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%3s %10s %10s\n", "GEN", "COLLECTED", "TIME(us)");
}

python$target:::gc-start
{
	self->gen = arg0;
	self->start = timestamp;
}

python$target:::gc-done
/self->start/
{
	this->us = (timestamp - self->start) / 1000;
	printf("%3d %10d %10d\n", self->gen, (int)arg0, this->us);
	@collections[self->gen] = count();
	@collected[self->gen] = sum((int)arg0);
	@time[self->gen] = quantize(this->us);
	self->start = 0;
}

END
{
	printf("\n%3s %12s %10s\n", "GEN", "COLLECTIONS", "COLLECTED");
	printa("%3d %@12d %@10d\n", @collections, @collected);
	printf("\nCollection time (us) by generation:\n");
	printa(@time);
}
