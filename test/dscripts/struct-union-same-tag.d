/* struct, union and enum tags are apart: `struct record` and `union
 * record` may both be defined (as in DTrace); sizeof (NULL) is an int's. */
struct record {
	char ch;
	int in;
} s;

union record {
	char ch;
	int in;
} u;

enum record { R0, R1 };

BEGIN
{
	printf("%d %d %d %d\n", sizeof (s), sizeof (u), sizeof (enum record), sizeof (NULL));
	exit(0);
}
