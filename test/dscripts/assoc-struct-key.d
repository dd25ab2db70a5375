/* A struct or union held in D's memory keys an associative array by its
 * value (its bytes), not by its address; a key of another struct type
 * with the same layout is refused (err-assoc-struct-key-type.d). */
struct rec {
	int position;
	char content;
};

union u {
	int i;
	char c;
};

struct rec r1, r2;
union u u1;
this struct rec t;

BEGIN
{
	r1.position = 1;
	r1.content = 'a';
	r2.position = 1;
	r2.content = 'a';
	a[r1] = 1000;
	a[r2] = 2000;
	r2.content = 'b';
	c[r2, 7] = 3;
	u1.i = 5;
	b[u1] = 9;
	this->t = r1;
	printf("%d %d %d %d %d %d\n", a[r1], c[r2, 7], b[u1], a[this->t], a[r2], u1.c);
	exit(0);
}
