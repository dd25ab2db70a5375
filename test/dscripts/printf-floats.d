/* printf's %e %f %g of float and double variables: D computes nothing in
 * floating point, but prints the values it holds (DTrace's
 * printf/tst.print-f.d, tst.printgG.d). */
float f;
double d;

BEGIN
{
	printf("%f %f|%e|%g %G|%8.2f|%-6.1f|\n", f, d, d, f, d, d, f);
	exit(0);
}
