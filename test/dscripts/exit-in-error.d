/* @status: 0 */
/* An ERROR clause that always calls exit() ends the run at the fault, as
 * DTrace's ERROR runs there: the BEGIN clause after the faulting one does
 * not run, so its exit(1) never happens (Oracle's
 * funcs/strtok/tst.strtok_nullstr2 relies on it). */
#pragma D option quiet
BEGIN { printf("%s\n", strtok(NULL, " ")); }
ERROR { printf("error\n"); exit(0); }
BEGIN { printf("never\n"); exit(1); }
