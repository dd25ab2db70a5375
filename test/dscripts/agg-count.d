/* count() keyed by a string and an integer, printed at exit in value order. */
BEGIN
{
	@calls["read"] = count();
	@calls["write"] = count();
	@calls["write"] = count();
	@calls["open"] = count();
	@calls["write"] = count();
	@calls["read"] = count();
	@by[1, "one"] = count();
	@by[2, "two"] = count();
	@by[2, "two"] = count();
	exit(0);
}
