/* @options: -q -x strsize=16 -x dynvarsize=75 */
/* Storing the constant 0 into a self-> variable or an associative array
 * element deletes it, whatever its type (string, integer, struct), and
 * gives its room back: here every element takes 17 + 8 bytes (the largest
 * value, a string, and the largest key), so 3 fit in 75.  A deleted one
 * reads as 0, or a string as DTrace's NULL (compared with NULL here:
 * printf("%s") of it faults, as in DTrace, null-string-record.d), again.
 * Storing "" is a value, not a deletion. */
string names[int];
struct pair { int a; int b; };
self struct pair sp;

BEGIN
{
	self->name = "first";
	names[1] = "one";
	self->ts = 42;
	self->extra = "dropped";
	self->name = 0;
	names[1] = 0;
	self->ts = 0;
	self->sp.a = 7;
	self->x1 = "a";
	self->x2 = "b";
	printf("%d %d %d %d %d [%s] [%s]\n", self->name == NULL, names[1] == NULL, self->ts, self->extra == NULL,
	    self->sp.a, self->x1, self->x2);
	self->sp = 0;
	self->x1 = "";
	self->x3 = "c";
	self->x4 = "dropped";
	printf("%d [%s] [%s] [%s] %d\n", self->sp.a, self->x1, self->x2, self->x3, self->x4 == NULL);
	exit(0);
}
