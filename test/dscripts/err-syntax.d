/* @status: 1 */
/* A syntax error: the script is not run. */
BEGIN
{
	x = ;
}
