/* safety.d — the provider of consumer-safety.sh's traced program. */
provider saf {
	probe tick(int i, const char *name);
	probe bad(long addr);
	probe poke(char *buf, int len);
	probe sig();
	probe halt();
	probe done(int n);
};
