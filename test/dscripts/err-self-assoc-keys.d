/* @status: 1 */
/* self->x used as a scalar, then with a key */
BEGIN
{
	self->x = 1;
	self->x[1] = 2;
}
