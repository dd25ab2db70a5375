/* A predicate may read a global that its own clause's body assigns first:
   the clause is checked body first, so `n` is known (and 0) when the
   predicate runs the first time. */
BEGIN
{
	printf("start\n");
}

tick-1ms
/n < 3/
{
	n++;
	printf("tick %d\n", n);
}

tick-1ms
/n == 3/
{
	exit(0);
}
