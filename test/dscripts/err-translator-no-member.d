/* @status: 1 */
/*
 * A translator member reading a member its input does not have is an
 * error at the declaration (checker-xlate.c check_members).
 */
struct in { int i; char c; };
struct out { int i; char c; };

translator struct out < struct in *p >
{
	i = p->i;
	c = p->missing;
};

BEGIN
{
	exit(0);
}
