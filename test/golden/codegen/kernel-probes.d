/* proc and sched probes (PK_KERNEL): each prologue's filter and argN
 * (codegen-kernel.c), exec's args[0] string read from the caller, exit's
 * reason, on-cpu's pid and execname from the arriving task */
proc:::exec
/ppid == $target/
{
	printf("%s %d\n", args[0], arg0 != 0);
}

proc:::exec-success
{
	printf("%s %d\n", copyinstr(arg0), arg1);
}

proc:::exit
{
	printf("%d\n", args[0]);
}

proc:::create
{
	trace(args[0]);
}

sched:::on-cpu
/pid == $target/
{
	printf("%s %d %d\n", execname, tid, args[1]);
}

sched:::sleep
{
	@[args[0]] = count();
}
