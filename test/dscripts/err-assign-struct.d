/* @status: 1 */
/* A struct value cannot be copied into a variable. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	x = *(struct s *)arg0;
}
