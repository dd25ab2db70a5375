/* syscall entry and return: the call number map, errno */
syscall::openat:entry
{
	trace(arg2);
}

syscall::openat:return
/errno != 0/
{
	@errs[errno] = count();
}
