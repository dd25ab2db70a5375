/*
 * A script's own names win over the D library's constants
 * (checker-libconsts.c): an inline and a global variable named as one.
 */
inline int SIGUSR1 = 99;
int ENOENT;

BEGIN
{
	ENOENT = 7;
	printf("%d %d %d\n", SIGUSR1, ENOENT, SIGUSR2);
	exit(0);
}
