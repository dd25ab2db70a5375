/* @status: 1 */
/* A struct key takes a value of the same struct type: two structs of the
 * same members are two types. */
struct a { int x; };
struct b { int x; };
struct a va;
struct b vb;
BEGIN
{
	k[va] = 1;
	k[vb] = 2;
}
