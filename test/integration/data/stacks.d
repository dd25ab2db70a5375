/* stacks.d — the provider of consumer-stacks.sh's traced program. */
provider stk {
	probe hit(int i, void *fn);
	probe done(int last);
};
