/* values.d — probes whose argument values the tests read back. */
provider vals {
	probe ints(int a, unsigned char b, short c, long d, unsigned long e);
	probe ptrs(const char *s, void *p, int *ip);
	probe consts(int a, int b, long c);
	probe twelve(int, int, int, int, int, int, int, int, int, int, int, int);
	probe guarded(int n);
};
