/* @status: 1 */
/* A struct in self-> is stored and deleted whole; its members cannot be
 * assigned one by one. */
struct s { int a; int arr[4]; struct s *next; };
struct s g;
BEGIN
{
	self->x = g;
	self->x.a = 1;
}
