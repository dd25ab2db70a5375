/* @status: 1 */
/* a translator's output type is a struct or union */
translator int < int x > { a = x; };
BEGIN
{
	exit(0);
}
