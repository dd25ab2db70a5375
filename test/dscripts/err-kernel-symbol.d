/* @status: 1 */
/* a kernel symbol is read only: assigning one is refused */
BEGIN
{
	`jiffies = 1;
	exit(0);
}
