/* @status: 1 */
/* An unknown member, named with its line. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = ((struct s *)arg0)->b;
}
