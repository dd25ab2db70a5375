/* self->x[k]: a thread-local associative array (the thread's id is the
 * first key) */
syscall::read:entry
{
	self->ts[arg0] = timestamp;
}

syscall::read:return
/self->ts[1]/
{
	@lat = avg(timestamp - self->ts[1]);
	self->ts[1] = 0;
}
