/* @status: 1 */
/* Operator -> applied to a struct value rather than a pointer. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = (*(struct s *)arg0)->a;
}
