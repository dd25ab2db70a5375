/* @status: 1 */
/* one translator per input and output type */
struct out {
	int a;
};
translator struct out < int x > { a = x; };
translator struct out < int y > { a = y + 1; };
BEGIN
{
	exit(0);
}
