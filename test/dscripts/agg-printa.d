/* printa with a format string, several aggregations joined on their keys. */
BEGIN
{
	@n["alpha"] = count();
	@n["beta"] = count();
	@n["beta"] = count();
	@t["alpha"] = sum(100);
	@t["beta"] = sum(7);
	printa("%-8s %@4d %@6d\n", @n, @t);
	printf("--\n");
	printa(@n);
	exit(0);
}
