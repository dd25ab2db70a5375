/* @options: -q -x strsize=13 */
/* String comparisons with a strsize that is not a multiple of 8: the
 * bytes past the last whole word are compared one by one, never past
 * strsize (strings are cut to 13 characters). */
BEGIN
{
	a = "abcdefghijklmnop";
	b = "abcdefghijklXYZ";
	c = "abcdefghijkX";
	printf("%s %s: %d %d\n", a, b, a == b, a < b);
	printf("%s %s: %d %d %d\n", a, c, a == c, a > c, c < a);
	exit(0);
}
