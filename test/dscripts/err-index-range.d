/* @status: 1 */
/* A constant index outside the array's bounds. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = ((struct s *)arg0)->arr[4];
}
