/* self-> variables: a timestamp kept from entry to return */
syscall::read:entry
{
	self->ts = timestamp;
}

syscall::read:return
/self->ts/
{
	@lat = avg(timestamp - self->ts);
	self->ts = 0;
}
