/* predicates: a comparison with $target and a string comparison */
syscall::write:entry
/pid == $target && execname != "dtrace"/
{
	@bytes[execname] = sum(arg2);
}
