/* A struct or union value of D's memory as an associative array key: its
 * bytes are the key (equal members, one element), in global, self-> and
 * multi-key arrays, read back, and deleted by assigning 0. */
struct pt { int x; char c; };
union u { char c; int i; };
struct pt p1, p2, p3;
union u u1;
BEGIN
{
	p1.x = 1; p1.c = 'a';
	p2.x = 1; p2.c = 'a';
	p3.x = 2; p3.c = 'a';
	u1.i = 7;
	a[p1] = 10;
	a[p2] = 20;
	a[p3] = 30;
	b[u1, "k"] = 40;
	self->s[p3] = 50;
	printf("%d %d %d %d %d\n", a[p1], a[p2], a[p3], b[u1, "k"], self->s[p3]);
	a[p1] = 0;
	printf("%d %d\n", a[p2], a[p3]);
	exit(0);
}
