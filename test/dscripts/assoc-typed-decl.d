/* Associative arrays declared with their value and key types: elements
 * not yet stored read as zero; a declared integer key takes any integer. */
string s[int];
int a[string, int];
self int t[int];
unsigned char small[int];

BEGIN
{
	s[1] = "one";
	a["x", 2] = 5;
	a["x", 3] += 2;
	self->t[3] = 7;
	small[(char)4] = 300;
	/* s[2] is absent: DTrace's NULL string, which printf("%s") may not
	 * print (it faults, as in DTrace: null-string-record.d) */
	printf("%s %d %d %d %d %d %d %d\n", s[1], s[2] == NULL, a["x", 2], a["x", 3], a["y", 1],
	    self->t[3], self->t[4], small[4]);
	exit(0);
}
