/* @status: 1 */
/* a translator member must be a member of the output type */
struct out {
	int a;
};
translator struct out < int x > {
	a = x;
	nosuch = x + 1;
};
BEGIN
{
	exit(0);
}
