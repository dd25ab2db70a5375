#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * jvmevents.d — a Java virtual machine's garbage collections and thread
 * starts and stops, one line each, with GC times.
 *
 * HotSpot's gc-begin (argument: 1 for a full collection) and gc-end
 * probes, and thread-start and thread-stop (arguments: the thread's name
 * and its length, the Java thread id, the OS thread id, 1 for a daemon)
 * of libjvm in the target.  These probes are always on; HotSpot's method,
 * allocation and monitor probes also need -XX:+ExtendedDTraceProbes.  At
 * the end: collections by kind with their total time, and thread counts.
 *
 * Usage: jvmevents.d -p PID          (Ctrl-C to stop)
 *
 * (-p: libjvm is loaded by the java launcher with dlopen, so it is only
 * found in a running JVM.)  Columns: TIME (wall clock), EVENT, DETAIL.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("Tracing JVM %d: GC and threads... Hit Ctrl-C to end.\n", $target);
	printf("%-20s %-12s %s\n", "TIME", "EVENT", "DETAIL");
}

hotspot$target:::gc-begin
{
	self->gcstart = timestamp;
	self->full = arg0 != 0;
}

hotspot$target:::gc-end
/self->gcstart/
{
	this->us = (timestamp - self->gcstart) / 1000;
	this->kind = self->full ? "full" : "partial";
	printf("%-20Y %-12s %s, %d us\n", walltimestamp, "gc", this->kind, this->us);
	@gcs[this->kind] = count();
	@gctime[this->kind] = sum(this->us);
	self->gcstart = 0;
}

hotspot$target:::thread-start, hotspot$target:::thread-stop
{
	printf("%-20Y %-12s \"%s\" java tid %d, os tid %d%s\n", walltimestamp, probename,
	    copyinstr(arg0, arg1), arg2, arg3, arg4 ? ", daemon" : "");
	@threads[probename] = count();
}

END
{
	printf("\n%-12s %8s %12s\n", "GC", "COUNT", "TIME(us)");
	printa("%-12s %@8d %@12d\n", @gcs, @gctime);
	printf("\n%-12s %8s\n", "THREADS", "COUNT");
	printa("%-12s %@8d\n", @threads);
}
