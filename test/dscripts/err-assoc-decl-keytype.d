/* @status: 1 */
/* a use with a key of the wrong kind for the declared prototype */
int a[string, int];

BEGIN
{
	a[1, 2] = 3;
}
