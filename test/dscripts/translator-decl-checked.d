/*
 * A well-formed translator passes the declaration check (checker-xlate.c
 * check_members): members of a pointer input, a string for a char *, 0
 * for a pointer, an integer expression; struct inputs are checked at use.
 */
struct in { int i; char c; char name[8]; };
struct out { int i; char c; char *s; void *p; long sum; };

translator struct out < struct in *x >
{
	i = x->i;
	c = x->c;
	s = "fixed";
	p = 0;
	sum = x->i + x->c * 2;
};

translator struct out < struct in v >
{
	i = ((struct in) v).i;
};

struct in *ip;

BEGIN
{
	this->b = (struct in *) alloca(sizeof (struct in));
	this->b->i = 40;
	this->b->c = 1;
	printf("%d %d %s %d\n", xlate <struct out *> (this->b)->i, xlate <struct out *> (this->b)->c,
	    xlate <struct out *> (this->b)->s, xlate <struct out *> (this->b)->sum);
	exit(0);
}
