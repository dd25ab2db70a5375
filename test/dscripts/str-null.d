/* NULL assigned to a string variable (global, self->, this->, an
 * associative array element) makes it the empty string, which compares
 * below every other string and equal to NULL, as DTrace's comparisons of
 * strings with NULL go. */
string t[int];

BEGIN
{
	s = "abc";
	s = NULL;
	self->s = "def";
	self->s = NULL;
	this->s = "ghi";
	this->s = NULL;
	t[1] = "jkl";
	t[1] = NULL;
	/* self->s and t[1] are deleted by the store: absent, they read as
	 * DTrace's NULL string, which printf("%s") may not print (it faults,
	 * as in DTrace: null-string-record.d), so they are compared here. */
	printf("[%s] %d [%s] %d\n", s, self->s == NULL, this->s, t[1] == NULL);
	printf("%d %d %d %d %d %d\n", s == NULL, s != NULL, s < "a", s <= "", "a" > s, s == self->s);
	exit(0);
}
