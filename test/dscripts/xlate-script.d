/* a translator from an integer: each member access is its expression (a
 * member given twice takes the last, as DTrace accepts it) */
struct out {
	int a;
	char c;
	long sum;
	string s;
};
translator struct out < int x > {
	a = x * 3;
	a = x * 2;
	c = x + 300;
	sum = x + 1000000000000;
	s = x > 2 ? "big" : "small";
};
inline struct out *three = xlate <struct out *> (3);
BEGIN
{
	printf("%d %d %d %s\n", xlate <struct out *> (1)->a, xlate <struct out> (2).c, three->sum, three->s);
	printf("%s\n", xlate <struct out> (1).s);
	exit(0);
}
