/* @status: 1 */
/* a read with fewer keys than the declaration has */
int a[string, int];

BEGIN
{
	trace(a["x"]);
}
