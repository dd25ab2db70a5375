/* DTrace's integer model (Oracle's arithmetic/tst.basics and
 * tst.cast-add-assoc): arithmetic runs on 64-bit registers and a value is
 * cut to its type only where it is cast, stored in a declared variable,
 * recorded or made a key; an undeclared global keeps the whole register.
 * The type of a binary result is the operand of higher rank (bits, plus
 * one when unsigned), without C's promotion to int. */
unsigned char C;
signed char c;
int d;

BEGIN
{
	i = 25920;
	i = i - (i + (i * 3) + i) * i / i * i;
	printf("%d\n", i);
	i = i * (i - 3 + 5 / i * i ) / i * 6;
	printf("%d\n", i);
	C = -2; c = 3;
	printf("%d %d %d\n", C + c, c + C, C + 1);
	d = 0x7fffffff;
	printf("%s %d\n", d + 1 > d ? "wider" : "wrapped", d + 1);
	printf("%d\n", (int) (d + 1) > d);
	exit(0);
}
