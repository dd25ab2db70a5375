/* @options: -q -c /bin/true */
/*
 * stringof() of an integer address reads the string there, as Oracle's
 * DTrace does (codegen-expr.c gen_stringof_address): a user address from
 * the process (here openat's path, which this syscall provider
 * gives as arg0), a kernel one from the kernel, and an
 * unreadable one gives the empty string.
 */
syscall::openat:entry
/pid == $target && !done/
{
	done = 1;
	printf("user: %s, same as copyinstr: %d\n", stringof(arg0),
	    stringof(arg0) == copyinstr(arg0));
	printf("kernel: %d\n", stringof((uint64_t) &curthread->comm[0]) == execname);
	printf("unreadable: [%s] [%s]\n", stringof(0), stringof(-1));
}
