/* @options: -q -x strsize=8 */
/* The string subroutines' loops (may_goto, an index in scratch) at their
 * edges: empty strings, a needle longer than the haystack or as long,
 * strings of exactly strsize characters, a match at the last position;
 * results are zero-padded (as aggregation keys they equal literals). */
BEGIN
{
	full = "abcdefgh";               /* strsize characters */
	printf("[%d] [%d] [%d] [%d]\n", index("", ""), index("", "a"), index("a", ""), rindex("", ""));
	printf("[%d] [%d] [%d] [%d]\n", index("ab", "abc"), rindex("ab", "abc"), index("abc", "abc"), rindex("abc", "abc"));
	printf("[%d] [%d] [%d] [%d]\n", index(full, "h"), rindex(full, "a"), index(full, "gh"), index(full, full));
	printf("[%d] [%d] [%d]\n", index(full, "b", 7), rindex(full, "g", 7), rindex(full, "b", 0));
	printf("[%s] [%s] [%s] [%s]\n", strstr(full, "gh"), strstr("ab", "abc"), strstr("", ""), strstr(full, ""));
	printf("[%s] [%s] [%s] [%s]\n", strchr(full, 'h'), strrchr(full, 'a'), strchr("", 'a'), strrchr(full, 'z'));
	printf("[%s] [%s] [%s]\n", toupper(full), tolower("ABCDEFGH"), toupper(""));
	printf("[%s] [%s] [%s] [%s]\n", basename(full), dirname(full), basename("/abcdefg"), dirname("abcdefg/"));
	printf("[%s] [%s] [%s] [%s]\n", basename(""), dirname(""), basename("////"), dirname("/a/b/"));
	printf("[%s] [%s] [%s]\n", cleanpath(full), cleanpath("/a/b/../"), cleanpath(""));
	printf("[%s]", strtok(full, "d"));
	printf(" [%s]", strtok(NULL, "d"));
	printf(" [%s]\n", strtok(NULL, "d"));
	printf("[%s]", strtok("", "/"));
	printf(" [%s]", strtok("//a//b", "/"));
	printf(" [%s]", strtok(NULL, "/"));
	printf(" [%s]\n", strtok(NULL, "/"));
	@[strstr("xxabc", "ab")] = count();
	@["abc"] = count();
	@[toupper("ab")] = count();
	@["AB"] = count();
	@[strtok("a,b", ",")] = count();
	@["a"] = count();
	@[basename("/x/yz/")] = count();
	@["yz"] = count();
	exit(0);
}
