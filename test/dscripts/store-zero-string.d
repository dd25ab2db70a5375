/* The integer constant 0 may be assigned wherever a string goes, as NULL
 * may: a global, clause-local, thread-local or associative array string
 * and a string member then read as "" (self-> and associative elements
 * are deleted, store-zero-deletes.d).  '\0', 1 - 1, NULL and (void *) 0
 * are the same constant. */
string names[int];
self string decl;
struct rec { string name; int n; };
struct rec g;
this struct rec r;
self struct rec sr;

BEGIN
{
	s = "global";
	this->t = "local";
	self->name = "thread";
	names[1] = "one";
	self->m["k"] = "keyed";
	self->decl = "declared";
	g.name = "member";
	g.n = 1;
	this->r.name = "this member";
	self->sr.name = "self member";
	printf("[%s] [%s] [%s] [%s] [%s] [%s] [%s] [%s] [%s]\n", s, this->t, self->name, names[1],
	    self->m["k"], self->decl, g.name, this->r.name, self->sr.name);
	s = 0;
	this->t = 0;
	self->name = 0;
	names[1] = 0;
	self->m["k"] = 0;
	self->decl = 0;
	g.name = 0;
	this->r.name = 0;
	self->sr.name = 0;
	/* deleted dynamic variables read as DTrace's NULL string, which
	 * printf("%s") may not print (it faults, as in DTrace:
	 * null-string-record.d): compared with NULL instead */
	printf("[%s] [%s] %d %d %d %d [%s] %d [%s] [%s]\n", s, this->t, self->name == NULL, names[1] == NULL,
	    self->m["k"] == NULL, self->decl == NULL, g.name, g.n, this->r.name, self->sr.name);
	printf("%d %d %d\n", s == NULL, self->name == 0, names[1] == "");
	s = "a";
	s = '\0';
	this->t = "b";
	this->t = 1 - 1;
	self->name = "c";
	self->name = NULL;
	names[2] = "d";
	names[2] = (void *) 0;
	printf("[%s] [%s] %d %d\n", s, this->t, self->name == NULL, names[2] == NULL);
	exit(0);
}
