/* @status: 1 */
/*
 * A translator's member expressions are checked where it is declared
 * (checker-xlate.c check_members), even when no clause uses it: here the
 * input struct is never declared.
 */
struct out { int i; };

translator struct out < struct nowhere *p >
{
	i = ((struct nowhere *) p)->i;
};

BEGIN
{
	exit(0);
}
