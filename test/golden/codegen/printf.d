/* printf: a record with a string constant format, integer and string items */
dtrace:::BEGIN
{
	printf("%d %s %u\n", 42, "hello", $1);
}
