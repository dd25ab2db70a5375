/* Members of a struct held in self-> or an associative array are
 * assigned in place (the element is created from zeroes when absent);
 * a struct larger than strsize is kept whole; x = 0 deletes the element. */
#pragma D option strsize=32
struct s { int a; int arr[4]; struct s *next; char name[40]; };
struct s g;
BEGIN
{
	self->x = g;
	self->x.a = 1;
	self->x.arr[2] = 7;
	self->x.arr[2] += 3;
	m["first"] = g;
	m["new"].a = 5;
	m["new"].arr[3]++;
	printf("%d %d %d %d %d\n", self->x.a, self->x.arr[2], m["new"].a, m["new"].arr[3], m["other"].a);
	this->t = self->x;
	this->t.a = 40;
	m["copy"] = this->t;
	printf("%d %d\n", m["copy"].a, m["copy"].arr[2]);
	m["copy"] = 0;
	printf("%d\n", m["copy"].a);
	exit(0);
}
