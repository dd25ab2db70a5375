/* fault paths: division by a variable, an unreadable user string, ERROR */
memcached*:::command-get
{
	x = arg0 / arg1;
	printf("%s\n", copyinstr(arg2));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}
