/* @status: 1 */
/* A compound assignment whose target index has a side effect (it would run twice). */
BEGIN
{
	i = 0;
	a[i++] += 1;
}
