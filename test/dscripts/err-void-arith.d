/* @status: 1 */
/* D gives void * no arithmetic (GNU C does): cast it first. */
void *p;
BEGIN
{
	x = (long) (p + 1);
}
