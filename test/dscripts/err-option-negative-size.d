/* @status: 1 */
/* a size option takes no sign: a negative size is refused, not wrapped
   around to a huge unsigned one */
#pragma D option specsize=-40

BEGIN
{
	exit(0);
}
