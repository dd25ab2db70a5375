/* @status: 1 */
/* Operator . applied to an integer. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = arg0.a;
}
