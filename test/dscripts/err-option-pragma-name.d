/* @status: 1 */
/* an unknown #pragma D option is refused with its script and line */
#pragma D option quiet
#pragma D option nosuchoption=1

BEGIN
{
	exit(0);
}
