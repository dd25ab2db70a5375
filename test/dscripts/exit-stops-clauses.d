/* @status: 3 */
/* After exit() no clause runs but END's and ERROR's, as in DTrace (its
 * draining state): the rest of the clause that called exit() runs, the
 * later clauses of the same firing and every later firing do not. */
#pragma D option quiet
BEGIN { printf("begin\n"); }
tick-1ms { n++; }
tick-1ms /n == 3/ { exit(3); printf("same clause %d\n", n); }
tick-1ms { printf("later clause %d\n", n); }
END { printf("end n=%d\n", n); }
