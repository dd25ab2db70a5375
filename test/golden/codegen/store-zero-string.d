/* 0 stored into strings: a self-> string is deleted (map_delete_elem, its
 * room given back to dynvarsize), a global one becomes "" (a copy of the
 * empty string constant) */
BEGIN
{
	self->s = "a";
	self->s = 0;
	g = "b";
	g = 0;
}
