/* C types declared in a script: typedefs, enums (constants in expressions),
 * structs and unions laid out as gcc does on x86-64 (bit-fields, nested and
 * anonymous bodies), D's built-in typedefs, every integer spelling, inline
 * constants, sizeof, offsetof and casts to declared types. */
typedef unsigned long long my_u64;
enum color { RED, GREEN = 5, BLUE };
enum { FLAG_A = 1 << 0, FLAG_B = 1 << 1, FLAG_C = FLAG_A | FLAG_B };
struct point { int x; int y; };
struct rec {
	char tag;
	struct point p;
	long big;
	unsigned int flags : 3;
	unsigned int mode : 5;
	short arr[3];
	struct { int a; char b; } anon;
	struct rec *next;
};
struct bf { char c; unsigned a : 7; unsigned b : 30; long long d : 40; unsigned char e : 2; };
typedef struct { short s; } small_t, *small_p, small_a[3];
typedef struct point point_t, *point_p;
union u { char c; long l; };
struct flex { long n; int e[]; };
inline int LIMIT = 10;
inline string NAME = "types";
inline uchar_t SMALL = 511;

BEGIN
{
	printf("enum %d %d %d %d\n", RED, GREEN, BLUE, FLAG_C);
	printf("sizes %d %d %d %d %d %d\n", sizeof (struct point), sizeof (struct rec),
	    sizeof (small_t), sizeof (union u), sizeof (struct bf), sizeof (point_p));
	printf("offsets %d %d %d %d %d\n", offsetof (struct rec, p), offsetof (struct rec, big),
	    offsetof (struct rec, arr), offsetof (struct rec, anon), offsetof (struct rec, next));
	printf("builtin %d %d %d %d %d\n", sizeof (uchar_t), sizeof (ushort_t), sizeof (uint_t),
	    sizeof (ulong_t), sizeof (my_u64));
	printf("spellings %d %d %d %d\n", sizeof (long unsigned int), sizeof (short signed),
	    sizeof (long long int), sizeof (signed char));
	printf("casts %d %d %d %d\n", (uchar_t)257, (short signed)65535, (enum color)7, (point_p)0 == NULL);
	printf("inline %d %s %d\n", LIMIT * 2, NAME, SMALL);
	printf("typedef list %d %d\n", sizeof (small_p), sizeof (small_a));
	printf("flexible %d %d %d\n", sizeof (struct flex), offsetof (struct D`flex, e), sizeof (struct D`point));
	x = GREEN;
	printf("var %d\n", x + BLUE);
	exit(0);
}
