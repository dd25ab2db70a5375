/* expect: original.d:12: probe p:b has 13 arguments */
provider p {
	probe a(int);
# 10 "original.d"
	/* after the marker this is line 10 of original.d */

	probe b(int, int, int, int, int, int, int, int, int, int, int, int, int);
};
