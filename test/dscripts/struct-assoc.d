/* Struct values in self-> and associative arrays: stored from a global,
 * read member by member (absent: zeroes), copied to this->, printed, and
 * deleted by assigning 0. */
struct pt { int x; int y; char name[8]; };
struct pt g;
BEGIN
{
	g.x = 3; g.y = 4;
	self->p = g;
	a["one"] = g;
	g.x = 30;
	a["two"] = g;
	this->t = a["one"];
	printf("%d %d %d %d %d %d\n", self->p.x, self->p.y, a["one"].x, a["two"].x, a["none"].x, this->t.y);
	print(a["two"]);
	printf("\n");
	a["one"] = 0;
	self->p = 0;
}
BEGIN
{
	printf("%d %d %d\n", a["one"].x, a["two"].x, self->p.y);
	exit(0);
}
