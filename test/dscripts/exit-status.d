/* @status: 3 */
/* exit(n) is the exit status; the actions after exit() in its clause still run. */
BEGIN
{
	exit(3);
	printf("after exit\n");
}
