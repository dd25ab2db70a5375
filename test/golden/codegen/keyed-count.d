/* count() keyed by a string and an integer: the per-CPU hash */
syscall::read:entry
{
	@calls[execname, pid] = count();
}
