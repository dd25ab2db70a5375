/* bench.d — the providers of the benchmark programs (bench/loop.c). */
provider bench {
	probe hit(int, int);	/* the measured site: the hit number, hit number % 16 */
	probe tick();		/* start-up measurement: fired every millisecond */
	probe many();		/* attach/detach: 10,000 sites in bench/many (generated) */
};
