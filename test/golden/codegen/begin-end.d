/* BEGIN and END: globals, walltimestamp, $pid, exit */
BEGIN
{
	start = walltimestamp;
	me = $pid;
}

END
{
	printf("%d %d\n", walltimestamp - start, me);
	exit(0);
}
