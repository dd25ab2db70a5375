/* String subroutines: length, joining, substrings and searches. */
BEGIN
{
	s = "hello, world";
	printf("%d %s\n", strlen(s), strjoin(s, "!"));
	printf("[%s] [%s] [%s]\n", substr(s, 7), substr(s, 0, 5), substr(s, -5, 3));
	printf("%d %d %d %d\n", index(s, "o"), rindex(s, "o"), index(s, "z"), index(s, "o", 5));
	printf("[%s] [%s] [%s]\n", strchr(s, 'o'), strrchr(s, 'o'), strstr(s, "wor"));
	exit(0);
}
