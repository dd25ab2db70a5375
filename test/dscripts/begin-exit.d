/* BEGIN runs once, exit(0) ends tracing with status 0. */
BEGIN
{
	printf("hello from BEGIN\n");
	exit(0);
}
