/* @options: -q -x strsize=8 */
/* -x strsize=8: strings hold at most 8 characters, as in DTrace. */
BEGIN
{
	s = "abcdefghijkl";
	printf("[%s] %d\n", s, strlen(s));
	exit(0);
}
