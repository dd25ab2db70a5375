/* Declarations without a type are ints (D's default): "self x;",
 * "this y, z;".  A variable first met in ++ or -- is an 8-byte int64_t,
 * as in Oracle's DTrace; one first met in an assignment keeps the
 * assigned value's type. */
self x;
this y, z;

BEGIN
{
	self->x = 2000000000;
	self->x += 2000000000;		/* an int wraps */
	this->y = 7;
	this->z = sizeof (this->z);
	printf("self x: %d (%d bytes); this y, z: %d %d\n", self->x, sizeof (self->x), this->y, this->z);

	self->n++;
	++this->m;
	g--;
	printf("undeclared ++/--: %d %d %d, sizes %d %d %d\n", self->n, this->m, g,
	    sizeof (self->n), sizeof (this->m), sizeof (g));
	self->n = 0x100000000;
	self->n++;
	printf("no 32-bit wrap: %d\n", self->n);
	a = 1;
	printf("first met in an assignment: %d bytes\n", sizeof (a));
	exit(0);
}
