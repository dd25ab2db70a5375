/* Associative arrays: string and tuple keys, a missing key reads 0, assigning 0 deletes. */
BEGIN
{
	a["x"] = 1;
	a["y"] = 2;
	b[1, "one"] = 10;
	b[2, "two"] = 20;
	printf("%d %d %d\n", a["x"], a["y"], a["z"]);
	printf("%d %d\n", b[1, "one"], b[2, "two"]);
	a["x"] = 0;
	printf("%d\n", a["x"]);
	exit(0);
}
