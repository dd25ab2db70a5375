/* target.d — the provider of the consumer tests' traced program. */
provider tgt {
	probe tick(int i, long sq, const char *name);
	probe neg(int v);
	probe ready();
};
