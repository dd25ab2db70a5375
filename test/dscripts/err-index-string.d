/* @status: 1 */
/* a string takes one index (its character); two are refused */
BEGIN
{
	trace(probename[0, 1]);
}
