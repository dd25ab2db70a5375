/* @status: 1 */
/* An unknown aggregating function is a compile error. */
BEGIN
{
	@a = median(3);
}
