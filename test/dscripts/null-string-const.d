/* strlen(0), substr(NULL, 1) and strtok("a b", NULL) compile; each call
 * faults at run time at address 0, as DTrace's, and ERROR fires. */
BEGIN { n = 0; }
tick-1ms /n == 0/ { n = 1; printf("never %d\n", strlen(0)); }
tick-1ms /n == 1/ { n = 2; printf("never %s\n", substr(NULL, 1)); }
tick-1ms /n == 2/ { n = 3; printf("never %s\n", strtok("a b", NULL)); }
tick-1ms /n == 3/ { exit(0); }
ERROR { printf("fault %d at %d, action %d\n", arg4, arg5, arg2); }
