/* copyinstr(0) faults: the clause's records are dropped, ERROR runs with
 * the fault (arg4 1, DTRACEFLT_BADADDR) and address (arg5), and the next
 * clause still runs. */
BEGIN
{
	printf("dropped with the faulting clause\n");
	x = copyinstr(0);
	printf("not reached\n");
}

ERROR
{
	printf("ERROR: fault %d at address %d\n", arg4, arg5);
}

BEGIN
{
	printf("next clause runs\n");
	exit(0);
}
