/* @status: 1 */
/* a translated value is used through its members only */
struct out {
	int a;
};
translator struct out < int x > { a = x; };
BEGIN
{
	this->p = xlate <struct out *> (1);
	exit(0);
}
