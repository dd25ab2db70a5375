/* @status: 1 */
/* A member of a struct that is only declared. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = ((struct t *)arg0)->a;
}
