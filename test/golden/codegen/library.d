/* progenyof() (the real_parent walk, unrolled), __psargs() (the D
 * library's pr_psargs: user bytes, NULs but the last made spaces), and a
 * script translator's member access compiled as the member's expression
 * (codegen-library.c, checker-xlate.c) */
struct out {
	int a;
	string s;
};
translator struct out < int x > {
	a = x * 2;
	s = x > 2 ? "big" : "small";
};

syscall::read:entry
/progenyof($target)/
{
	printf("%s\n", __psargs(arg1, arg1 + arg2));
}

BEGIN
{
	printf("%d %s\n", xlate <struct out *> (arg0)->a, xlate <struct out> (3).s);
}
