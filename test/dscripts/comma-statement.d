/* The comma operator as a statement: its operands run in order; Linux's
 * fixed-width type names (__u8 ... __s64) and bool are built in. */
__u8 small;
__s64 big;
bool flag;

BEGIN
{
	a = 1, b = a + 1, c = b * 10;
	small = 300, big = -5, flag = 2;
	printf("%d %d %d %d %d %d %d\n", a, b, c, small, big, flag, sizeof (big));
	exit(0);
}
