/* trunc() keeps the top entries; clear() zeroes the values but keeps the keys. */
BEGIN
{
	@a["a"] = sum(1); @a["b"] = sum(2); @a["c"] = sum(3); @a["d"] = sum(4);
	trunc(@a, 2);
	printa("%s %@d\n", @a);
	@b["x"] = count(); @b["y"] = count();
	clear(@b);
	printa("%s %@d\n", @b);
	exit(0);
}
