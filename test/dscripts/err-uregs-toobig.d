/* @status: 1 */
/* uregs[] with a constant index past the registers of x86-64 (0..41, as
 * in DTrace) is refused (Oracle arrays/err.D_UNKNOWN.uregs_toobig.x86_64) */
#pragma D option quiet

BEGIN
{
	trace(uregs[42]);
	exit(0);
}
