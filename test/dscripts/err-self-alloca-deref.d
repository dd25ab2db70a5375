/* @status: 1 */
/* *(self->p + k) where self->p holds alloca( ) memory: the same error as
 * self->p[k] (it said "self->p[ ] prototype mismatch: 1 key passed, 0
 * expected") */
BEGIN
{
	self->p = (int *) alloca(16);
	trace(*(self->p + 1));
}
