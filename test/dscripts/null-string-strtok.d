/* strtok() out of tokens returns NULL, as DTrace's: it equals NULL, and
 * given to a string subroutine it faults at address 0. */
BEGIN
{
  printf("%d %d [%s] %d\n", strtok(",,", ",") == NULL, strtok("a,b", ",") == NULL, strtok(NULL, ","),
         strtok(NULL, ",") == NULL);
}
BEGIN { printf("never %d\n", strlen(strtok("", ","))); }
BEGIN { exit(0); }
ERROR { printf("fault %d at %d, action %d\n", arg4, arg5, arg2); }
