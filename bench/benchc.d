/* benchc.d — the call-style provider of bench/loop.c (dtrace -h -x callstyle). */
provider benchc {
	probe hit(int, int);
};
