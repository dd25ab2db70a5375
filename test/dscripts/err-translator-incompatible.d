/* @status: 1 */
/*
 * A translator member that cannot hold its expression's value (a char
 * for a char *) is an error at the declaration, as in DTrace
 * (D_XLATE_INCOMPAT; checker-xlate.c member_takes).
 */
struct in { int i; char c; };
struct out { int i; char *s; };

translator struct out < struct in *p >
{
	i = p->i;
	s = p->c;
};

BEGIN
{
	exit(0);
}
