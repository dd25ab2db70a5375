/* Tags and sizes as DTrace has them: struct, union and enum tags are three
 * namespaces (CTF's, not C's single one); a typedef or pointer may name a
 * struct before (or without) its body; float, double and long double are
 * declared and sized as in C; a string literal is a char array. */
struct record { char c; int i; } rec;
union record { char c; long l; } un;
enum record { ONE = 1 };
typedef struct later later_t;
struct node { int v; struct node *next; later_t *l; struct never *n; };
struct later { int a; int b; };
later_t lt;
typedef long double ld_t;
float f;
double d;
ld_t l;
struct withf { char c; double d; float f; } w;
BEGIN
{
	rec.i = 3;
	un.l = 4;
	lt.b = 5;
	printf("%d %d %d %d\n", rec.i, un.l, lt.b, ONE);
	printf("%d %d %d %d\n", sizeof (struct record), sizeof (union record), sizeof (later_t),
	    sizeof (struct node));
	printf("%d %d %d %d %d %d\n", sizeof (float), sizeof (double), sizeof (long double),
	    sizeof (l), sizeof (w), offsetof (struct withf, f));
	printf("%d %d\n", sizeof ("hi"), sizeof ("hello, world"));
	exit(0);
}
