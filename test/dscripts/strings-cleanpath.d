/* cleanpath(): "//" is "/", "/./" is "/", "/NAME/../" is "/" (above the
 * root "/../" is "/"); a "." or ".." that ends the path stays.  At most
 * three calls on one probe: each costs the verifier about 200000 steps at
 * the default strsize (doc/limits.md). */
BEGIN
{
	printf("[%s] [%s]\n", cleanpath("/foo/bar/../../baz/.//"), cleanpath("foo/bar/./././././baz/"));
	printf("[%s]\n", cleanpath("/foo/bar/baz/../../bop/bang/../../bar/baz/"));
	exit(0);
}

END
{
	printf("[%s] [%s]\n", cleanpath("/../..//../"), cleanpath("/./."));
	/* a shorter result is zero-padded: one key with its equal */
	@[cleanpath("/a/b/../c")] = count();
	@["/a/c"] = count();
}
