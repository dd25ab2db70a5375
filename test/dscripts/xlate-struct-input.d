/* a translator from a struct value (not a pointer): its members read the
 * input through a cast to its own type, which is the value itself */
struct in_s {
	int i;
	char c;
};
struct out_s {
	int twice;
	char c;
};
translator struct out_s < struct in_s v > {
	twice = ((struct in_s) v).i * 2;
	c = v.c;
};
struct in_s f;
BEGIN
{
	f.i = 10;
	f.c = 'c';
	printf("%d %c\n", xlate <struct out_s> (f).twice, xlate <struct out_s> (f).c);
	exit(0);
}
