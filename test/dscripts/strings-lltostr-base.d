/* lltostr(x, base): base 10 signed; other bases the 64 bits unsigned, 16
 * with 0x (0x0 too), 8 with a leading 0 (not for 0); a base outside 2..36
 * is an illegal operation. */
/* @status: 1 */
BEGIN
{
	printf("%s %s %s\n", lltostr(-10, 10), lltostr(0, 10), lltostr(1LL << 62, 10));
	printf("%s %s\n", lltostr(-10, 2), lltostr(10, 2));
	printf("%s %s %s\n", lltostr(-1, 16), lltostr(0, 16), lltostr(1000, 16));
	printf("%s %s %s\n", lltostr(-10, 8), lltostr(0, 8), lltostr(100, 8));
	printf("%s %s %s\n", lltostr(-10, 36), lltostr(1000, 36), lltostr(10, 3));
}

BEGIN
{
	b = 37;
	printf("%s\n", lltostr(1, b));
}

ERROR
{
	printf("error %d\n", arg4);
	exit(1);
}
