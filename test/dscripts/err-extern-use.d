/* @status: 1 */
/* An extern declaration names a kernel symbol: using it is an error. */
extern int kmem_flags;
BEGIN
{
	x = kmem_flags + 1;
}
