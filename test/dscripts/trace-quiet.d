/* trace() of integers and strings under -q. */
BEGIN
{
	trace(7);
	trace(-7);
	trace("word");
	printf("\n");
	exit(0);
}
