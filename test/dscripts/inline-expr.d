/* inline of an expression (DTrace's inlines): a copy of the expression
 * stands at each use, evaluated there (probename differs by clause),
 * converted to the declared integer type; inlines of inlines; struct
 * inlines read through. */
struct rec { char c; int i; };
struct rec r1;
int cnt;
inline string where = probename;
inline int live = pid != 0;
inline uint8_t low = cnt + 250;
inline int twice = low * 2;
inline struct rec alias = r1;
BEGIN
{
	cnt = 10;
	r1.i = 42;
	printf("%s %d %d %d %d\n", where, live, low, twice, alias.i);
}
END
{
	printf("%s %d\n", where, low);
}
BEGIN
{
	exit(0);
}
