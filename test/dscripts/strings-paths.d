/* basename, dirname, toupper, tolower, lltostr. */
BEGIN
{
	printf("[%s] [%s]\n", basename("/usr/lib/libc.so.6"), dirname("/usr/lib/libc.so.6"));
	printf("[%s] [%s]\n", basename("/"), dirname("file"));
	printf("[%s] [%s]\n", toupper("Mixed Case 42"), tolower("Mixed Case 42"));
	printf("[%s] [%s]\n", lltostr(-1234567890123), lltostr(0));
	exit(0);
}
