/* progenyof() (the real_parent walk, unrolled), __psargs() (the D
 * library's pr_psargs: user bytes, NULs but the last made spaces),
 * __d_path() (fi_pathname: the d_parent walk across mounts, unrolled;
 * the offsets are constants the library reads from BTF), __uword()
 * (pr_argc: a user word, 0 when unreadable), s[i] (__char_at)
 * and a script translator's member access compiled as the member's
 * expression (codegen-library.c, codegen-dpath.c, codegen-strings.c,
 * checker-xlate.c) */
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

syscall::ioctl:entry
{
	printf("%s %c %d\n", __d_path(arg0, arg1, arg3, arg4, 24, 40, 36, 0, 32, 16, 24), probename[arg2],
	    __uword(arg3));
}
