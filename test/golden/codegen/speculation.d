/* speculation: speculate, a speculative record, commit and discard */
syscall::open:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s\n", copyinstr(arg0));
}

syscall::open:return
/self->spec && arg1 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::open:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
