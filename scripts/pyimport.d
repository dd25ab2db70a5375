#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pyimport.d — what a CPython program imports, and how long each import
 * took to find and load.
 *
 * CPython's import-find-load-start and import-find-load-done probes
 * (arguments: the module name; at done also whether it was found) fire
 * around the finding and loading of each module not yet imported, in the
 * target (python$target).  A package's submodules are nested inside it:
 * the depth is kept per thread and shown by indentation, and the time of
 * an import includes those of its submodules.
 *
 * Usage: pyimport.d -c 'python3.11 SCRIPT.py'
 *        pyimport.d -p PID           (Ctrl-C to stop)
 *
 * Columns: TIME (us, the import's elapsed time), FOUND (1 found, 0 an
 * ImportError), MODULE indented by nesting.  At the end: the number of
 * modules loaded and the total time at the outermost level.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%10s %5s  %s\n", "TIME(us)", "FOUND", "MODULE");
}

python$target:::import-find-load-start
{
	start[tid, self->depth] = timestamp;
	self->depth++;
}

python$target:::import-find-load-done
/self->depth > 0/
{
	self->depth--;
	this->us = (timestamp - start[tid, self->depth]) / 1000;
	printf("%10d %5d  %*s%s\n", this->us, arg1 != 0, self->depth * 2, "", copyinstr(arg0));
	@modules = count();
	@outer = sum(self->depth == 0 ? this->us : 0);
	start[tid, self->depth] = 0;
}

END
{
	printa("\nmodules loaded: %@d\n", @modules);
	printa("time at the outermost level (us): %@d\n", @outer);
}
