/* @status: 1 */
/* A struct value is kept in globals and this-> only, not in self->. */
struct s { int a; int arr[4]; struct s *next; };
BEGIN
{
	self->x = *(struct s *)arg0;
}
