/* A clause-local or thread-local declaration may define its struct, union
 * or enum in place, as a global one may: `this struct { int a; } val;`
 * (the type anonymous or tagged, several declarators). */
this struct {
	int a;
	long b;
} val;
self union {
	int i;
	char c;
} u;
this struct tagged { short s; } t1, t2;
this enum { RED, GREEN = 5 } colour;

BEGIN
{
	this->val.a = 1;
	this->val.b = 2;
	self->u.i = 65;
	this->t1.s = 3;
	this->t2 = this->t1;
	this->colour = GREEN;
	printf("%d %d %c %d %d %d %d\n", this->val.a, this->val.b, self->u.c, this->t2.s,
	    this->colour, sizeof (this->val), sizeof (struct tagged));
	self->u = 0;
	printf("%d\n", self->u.i);
	exit(0);
}
