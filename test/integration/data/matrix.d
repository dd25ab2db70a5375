/* matrix.d — probes of every arity and several argument shapes, for the
 * header compile matrix (test/integration/header-matrix.sh). */
provider matrix {
	probe zero();
	probe void__arg(void);
	probe one(int a);
	probe two(const char *s, long n);
	probe three(unsigned char c, short s, void *p);
	probe four(int a, int b, int c, int d);
	probe five(int a, int b, int c, int d, int e);
	probe six(int a, int b, int c, int d, int e, int f);
	probe seven(int a, int b, int c, int d, int e, int f, int g);
	probe eight(long a, long b, long c, long d, long e, long f, long g, long h);
	probe nine(int, int, int, int, int, int, int, int, int);
	probe ten(char *, char *, int, int, int, int, char *, char *, char *, char *);
	probe eleven(int, int, int, int, int, int, int, int, int, int, int);
	probe twelve(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11, int a12);
	probe mixed__Case_name(uint64_t id);
};

provider second_prov {
	probe hit(int);
};
