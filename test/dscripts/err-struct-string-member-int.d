/* @status: 1 */
/* an integer stored in a string member */
struct rec {
	string name;
};

struct rec g;

BEGIN
{
	g.name = 3;
}
