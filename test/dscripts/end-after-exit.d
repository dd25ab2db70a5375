/* END runs after exit(); its output follows BEGIN's. */
BEGIN
{
	printf("begin\n");
	exit(0);
}

END
{
	printf("end\n");
}
