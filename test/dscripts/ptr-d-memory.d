/* Pointers to D's own memory: &a[i] on a declared array (one past the end
 * too), pointer arithmetic scaled by the element, p[i] and *(p + i) read
 * through it; the difference of two such pointers counts elements. */
int a[5];
struct rec {
	int x;
	char c;
} recs[3];

BEGIN
{
	a[0] = 100;
	a[1] = 200;
	a[4] = 500;
	recs[1].x = 7;
	p = &a[0];
	q = &a[5];
	r = &recs[1];
	printf("%d %d %d %d %d\n", p[1], *(p + 4), q - p, (int) q - (int) p, r->x);
	exit(0);
}
