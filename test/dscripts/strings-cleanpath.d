/* cleanpath(), as Oracle's DTrace for Linux cleans a path: "//" is "/",
 * "." components go, ".." takes the component before it away (at the root
 * it is the root; a relative path keeps what it cannot go back over), no
 * trailing slash but the root's, a path that cleans to nothing is ".".
 * The cases of Oracle's own test (funcs/tst.cleanpath), and more; all on
 * one probe, since a call costs the verifier ~1100 steps. */
BEGIN
{
	printf("[%s] [%s] [%s]\n", cleanpath("/foo/bar/baz"), cleanpath("/foo/bar///baz/"), cleanpath("/foo/bar/baz/"));
	printf("[%s] [%s] [%s]\n", cleanpath("/foo/bar/baz//"), cleanpath("/foo/bar/baz/."), cleanpath("/foo/bar/baz/./"));
	printf("[%s] [%s]\n", cleanpath("/foo/bar/../../baz/.//"), cleanpath("foo/bar/./././././baz/"));
	printf("[%s] [%s]\n", cleanpath("/foo/bar/baz/../../../../../../"), cleanpath("/../../../../../../"));
	printf("[%s]\n", cleanpath("/foo/bar/baz/../../bop/bang/../../bar/baz/"));
	printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("/./"), cleanpath("./"), cleanpath("//"), cleanpath("/."), cleanpath("/./."));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/.//"), cleanpath("."), cleanpath("/////"), cleanpath(""));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("a/."), cleanpath("a/./."), cleanpath("./a"), cleanpath("././a"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath(".."), cleanpath("../.."), cleanpath("../../.."), cleanpath("a/.."));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("abc"), cleanpath("a/"), cleanpath("ab/"), cleanpath("/abc"));
	printf("[%s] [%s]\n", cleanpath("z/a/../b"), cleanpath("/z/a/../b"));
	printf("[%s] [%s]\n", cleanpath("z/a/b/../../././c///d/e"), cleanpath("/z/a/b/../../././c///d/e"));
	printf("[%s] [%s] [%s]\n", cleanpath("/a/../b"), cleanpath("/a/.."), cleanpath("/a/../.."));
	printf("[%s] [%s] [%s]\n", cleanpath("a/../b"), cleanpath("a/../.."), cleanpath("../a/../../b/./c/.."));
	printf("[%s] [%s] [%s]\n", cleanpath("..."), cleanpath("/a/.../.b/..c/.."), cleanpath("../../x/y/../../.."));
	exit(0);
}

END
{
	/* a result that went back is zero-padded: one key with its equal */
	@[cleanpath("/a/bbbbbbbbbbbbbbbbbbbbbbbb/../c/.")] = count();
	@["/a/c"] = count();
}
