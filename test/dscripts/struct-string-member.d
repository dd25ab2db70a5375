/* D's string as a member of a D-declared struct: stored in place (strsize + 1
 * bytes), read back as a string, copied between members, given to string
 * subroutines and compared. */
struct rec {
	int before;
	string name;
	int after;
};

struct rec g;
struct {
	string s1;
	string s2;
	string result;
} command[int];
self struct rec t;

BEGIN
{
	g.before = 1;
	g.name = "hello";
	g.after = 2;
	command[1].s1 = "world";
	command[1].s2 = "o";
	command[1].result = command[1].s1;
	self->t.name = g.name;
	printf("%d %s %d [%s] %s %s %d %s %s\n", g.before, g.name, g.after,
	    command[2].s1, command[1].result,
	    strtok(command[1].s1, command[1].s2), strlen(command[1].s1),
	    self->t.name, command[1].result == "world" ? "eq" : "ne");
	printf("%d %d\n", sizeof (struct rec), offsetof(struct rec, after));
	exit(0);
}
