/* @options: -q -x strsize=8 */
/* -x strsize=8: strings hold at most 7 characters. */
BEGIN
{
	s = "abcdefghijkl";
	printf("[%s] %d\n", s, strlen(s));
	exit(0);
}
