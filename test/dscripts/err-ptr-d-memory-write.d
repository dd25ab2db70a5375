/* @status: 1 */
/* writing through a pointer to D's memory is refused */
int a[5];

BEGIN
{
	p = &a[0];
	p[1] = 3;
}
