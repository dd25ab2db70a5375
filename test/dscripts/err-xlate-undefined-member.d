/* @status: 1 */
/* a member of the output type the translator does not define */
struct out {
	int a;
	int b;
};
translator struct out < int x > { a = x; };
BEGIN
{
	trace(xlate <struct out> (1).b);
	exit(0);
}
