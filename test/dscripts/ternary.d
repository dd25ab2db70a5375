/* The conditional operator, nested, on integers and strings. */
BEGIN
{
	x = 5;
	printf("%s\n", x > 3 ? "big" : "small");
	printf("%d\n", x < 0 ? -1 : x == 0 ? 0 : 1);
	printf("%s\n", x % 2 ? "odd" : "even");
	exit(0);
}
