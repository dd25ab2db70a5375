/* @options: -q -x specsize=16 */
/* A speculative clause whose record does not fit in specsize is a drop at
   speculate(), and the rest of that clause, its assignments included, does
   not run: `after` stays 0 and nothing speculative is committed. */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("a line much longer than sixteen bytes %d\n", 1);
	after = 1;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("after = %d\n", after);
	exit(0);
}
