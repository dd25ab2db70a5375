/* @status: 1 */
/* "char" names a complete integer type: adding "int" makes no type at all */
BEGIN
{
	x = (char int)1;
}
