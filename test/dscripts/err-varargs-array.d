/* @status: 1 */
/* "..." belongs in a parameter list only. */
int a[...];
BEGIN
{
	exit(0);
}
