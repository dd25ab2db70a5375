/* @status: 1 */
/* only the constant 0 may stand for a string: any other integer is refused */
BEGIN
{
	self->name = "x";
	self->name = 1;
}
