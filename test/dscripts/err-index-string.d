/* @status: 1 */
/* D strings have no elements (DTrace refuses probename[0] too) */
BEGIN
{
	trace(probename[0]);
}
