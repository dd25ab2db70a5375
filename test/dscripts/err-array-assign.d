/* @status: 1 */
/* An array is not assignable as a whole (C's rule, DTrace's D_OP_ARRFUN). */
int a1[3];
int a2[3];
BEGIN
{
	a2 = a1;
}
