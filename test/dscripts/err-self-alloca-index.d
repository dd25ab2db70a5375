/* @status: 1 */
/* self->p[1] names an element of the thread-local associative array
 * self->p[ ], not of the alloca( ) memory self->p points to: the error
 * says so (it said "string" = "int") */
BEGIN
{
	self->p = (int *) alloca(16);
	self->p[1] = 3;
}
