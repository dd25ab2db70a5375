/* @status: 1 */
/* a string stored in an array declared with integer values */
int a[int];

BEGIN
{
	a[1] = "x";
}
