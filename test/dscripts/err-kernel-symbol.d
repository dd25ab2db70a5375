/* @status: 1 */
/* a backquoted kernel symbol is refused with a message that says what it is */
BEGIN
{
	trace(`jiffies);
	exit(0);
}
