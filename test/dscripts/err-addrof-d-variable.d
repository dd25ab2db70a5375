/* @status: 1 */
/* the address of a D variable itself is refused, as in DTrace */
struct rec {
	int x;
} v;

BEGIN
{
	p = &v;
}
