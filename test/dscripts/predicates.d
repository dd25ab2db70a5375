/* Predicates choose which clauses run; clauses run in program order. */
BEGIN
{
	v = 2;
}

BEGIN
/v == 1/
{
	printf("one\n");
}

BEGIN
/v == 2/
{
	printf("two\n");
}

BEGIN
/v >= 2 && v != 3/
{
	printf("two or more, not three\n");
	exit(0);
}
