/* @status: 1 */
/* trace() of a struct value: print() is the action for it. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	trace(*(struct s *)arg0);
}
