/* s[i]: a string's character (a char), 0 outside the string; on string
 * variables, string built-ins and string expressions (Oracle's
 * builtinvar/tst.psinfo-bug21974606 indexes stringof(pr_psargs)) */
BEGIN
{
	s = "hello";
	i = 4;
	printf("%c %c %d %d %d\n", s[0], s[i], s[5], s[-1], s[100000]);
	printf("%c%c %c\n", probename[0], probename[4], strjoin("ab", "cd")[3]);
	t = "x y ";
	printf("[%c] %d\n", t[strlen(t) - 1], t[strlen(t) - 1] == ' ');
	c = s[1];
	printf("%d %d\n", sizeof (s[1]), c == 'e');
	u = "\377";
	printf("%d\n", u[0]);
	exit(0);
}
