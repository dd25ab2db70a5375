/* @status: 1 */
/* no arithmetic on a pointer to void (DTrace's rule) */
void *p;

BEGIN
{
	trace((int) (p + 1));
}
