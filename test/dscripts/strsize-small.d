/* @options: -q -x strsize=5 */
/* a strsize of 5 keeps 5 characters of every string, joined or copied */
BEGIN
{
	s = "abcdefgh";
	printf("[%s] [%s] [%d] [%s]\n", s, strjoin(s, "xyz"), strlen(s), toupper(s));
	exit(0);
}
