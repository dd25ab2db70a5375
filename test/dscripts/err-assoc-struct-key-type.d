/* @status: 1 */
/* a struct of another type (same layout) as the key of a struct-keyed array */
struct rec {
	int position;
};

struct other {
	int position;
};

struct rec r;
struct other o;

BEGIN
{
	a[r] = 1;
	a[o] = 2;
}
