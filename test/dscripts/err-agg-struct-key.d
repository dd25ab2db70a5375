/* @status: 1 */
/* An aggregation's keys are scalars or strings. */
struct a { int x; } va;
BEGIN
{
	@n[va] = count();
}
