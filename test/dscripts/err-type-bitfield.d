/* @status: 1 */
/* A bit-field wider than its type. */
struct s {
	int ok : 3;
	char bad : 9;
};
BEGIN
{
	exit(0);
}
