/* @status: 1 */
/* A double may be declared and sized, not computed with. */
double d;
BEGIN
{
	x = d + 1;
}
