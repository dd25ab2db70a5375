/* @status: 1 */
/* a translated struct is assigned whole only to a variable declared of its type */
struct in_s {
	int i;
};
struct out_s {
	int twice;
};
translator struct out_s < struct in_s v > { twice = v.i * 2; };
struct in_s f;
BEGIN
{
	x = xlate <struct out_s> (f);
	exit(0);
}
