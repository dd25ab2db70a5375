#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * rballocs.d — Ruby object allocations by class and by the source line that
 * made them.
 *
 * Ruby's object-create (class name, file, line), array-create,
 * hash-create and string-create probes (size, file, line), in libruby of
 * the target.  They fire from the allocating code without any setting in
 * the program.  (Ruby 3.1's method-entry and method-return probes do not:
 * they only fire while a TracePoint is enabled in the program, so a method
 * call view cannot be built on them alone.)  Counted by class and
 * file:line; at the end the 30 busiest lines, busiest last, then the
 * totals by class.
 *
 * Usage: rballocs.d -c 'ruby SCRIPT.rb' LIBRUBY
 *        rballocs.d -p PID LIBRUBY     (Ctrl-C to print)
 *
 * LIBRUBY is the path of the target's libruby
 * (/usr/lib/x86_64-linux-gnu/libruby-3.1.so.3.1 on Debian 12): under -c
 * dtrace looks for USDT probes in the command's executable and in files
 * named by path, not yet in the libraries it will load.
 */
#pragma D option quiet
#pragma D option strsize=256

BEGIN
{
	printf("Tracing Ruby allocations of pid %d...\n", $target);
}

ruby$target:$1::object-create
{
	this->class = copyinstr(arg0);
	@lines[this->class, copyinstr(arg1), (int)arg2] = count();
	@classes[this->class] = count();
}

ruby$target:$1::array-create, ruby$target:$1::hash-create, ruby$target:$1::string-create
{
	this->class = probename == "array-create" ? "Array" :
	    probename == "hash-create" ? "Hash" : "String";
	@lines[this->class, copyinstr(arg1), (int)arg2] = count();
	@classes[this->class] = count();
}

END
{
	trunc(@lines, 30);
	printf("%-24s %-40s %6s %10s\n", "CLASS", "FILE", "LINE", "COUNT");
	printa("%-24s %-40s %6d %@10d\n", @lines);
	printf("\n%-24s %10s\n", "CLASS", "COUNT");
	printa("%-24s %@10d\n", @classes);
}
