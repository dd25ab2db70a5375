/* @options: */
/* #pragma D option quiet does what -q does: no header, no matched notice. */
#pragma D option quiet

BEGIN
{
	printf("quiet by pragma\n");
	exit(0);
}
