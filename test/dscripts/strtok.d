/* strtok: the first call takes the string, later calls NULL. */
BEGIN
{
	printf("[%s]", strtok("a,b;;c", ",;"));
	printf(" [%s]", strtok(NULL, ",;"));
	printf(" [%s]\n", strtok(NULL, ",;"));
	exit(0);
}
