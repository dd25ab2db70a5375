/* @options: -q -x strsize=8 */
/* The string subroutines' loops (may_goto, an index in scratch) at their
 * edges: empty strings, a needle longer than the haystack or as long,
 * strings of exactly strsize characters, a match at the last position;
 * results are zero-padded (as aggregation keys they equal literals). */
/* strstr/strchr/strrchr/strtok results that can be NULL go through a
 * this-> variable and "x == NULL ? \"\" : x": printf("%s") of DTrace's NULL
 * string faults (as in DTrace), and this test checks the functions. */
BEGIN
{
	full = "abcdefgh";               /* strsize characters */
	printf("[%d] [%d] [%d] [%d]\n", index("", ""), index("", "a"), index("a", ""), rindex("", ""));
	printf("[%d] [%d] [%d] [%d]\n", index("ab", "abc"), rindex("ab", "abc"), index("abc", "abc"), rindex("abc", "abc"));
	printf("[%d] [%d] [%d] [%d]\n", index(full, "h"), rindex(full, "a"), index(full, "gh"), index(full, full));
	printf("[%d] [%d] [%d]\n", index(full, "b", 7), rindex(full, "g", 7), rindex(full, "b", 0));
	this->n0 = strstr(full, "gh"); this->n1 = strstr("ab", "abc"); this->n2 = strstr("", ""); this->n3 = strstr(full, ""); printf("[%s] [%s] [%s] [%s]\n", (this->n0 == NULL ? "" : this->n0), (this->n1 == NULL ? "" : this->n1), (this->n2 == NULL ? "" : this->n2), (this->n3 == NULL ? "" : this->n3));
	this->n0 = strchr(full, 'h'); this->n1 = strrchr(full, 'a'); this->n2 = strchr("", 'a'); this->n3 = strrchr(full, 'z'); printf("[%s] [%s] [%s] [%s]\n", (this->n0 == NULL ? "" : this->n0), (this->n1 == NULL ? "" : this->n1), (this->n2 == NULL ? "" : this->n2), (this->n3 == NULL ? "" : this->n3));
	printf("[%s] [%s] [%s]\n", toupper(full), tolower("ABCDEFGH"), toupper(""));
	printf("[%s] [%s] [%s] [%s]\n", basename(full), dirname(full), basename("/abcdefg"), dirname("abcdefg/"));
	printf("[%s] [%s] [%s] [%s]\n", basename(""), dirname(""), basename("////"), dirname("/a/b/"));
	printf("[%s] [%s] [%s]\n", cleanpath(full), cleanpath("/a/b/../"), cleanpath(""));
	this->n0 = strtok(full, "d"); printf("[%s]", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok(NULL, "d"); printf(" [%s]", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok(NULL, "d"); printf(" [%s]\n", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok("", "/"); printf("[%s]", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok("//a//b", "/"); printf(" [%s]", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok(NULL, "/"); printf(" [%s]", (this->n0 == NULL ? "" : this->n0));
	this->n0 = strtok(NULL, "/"); printf(" [%s]\n", (this->n0 == NULL ? "" : this->n0));
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
