/* @status: 1 */
/* An unknown type: named with the line of its use. */
BEGIN
{
	x = sizeof (struct nosuch);
}
