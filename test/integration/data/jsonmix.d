/* jsonmix.d — the provider of consumer-json.sh's traced program. */
provider jsonmix {
	probe item(int n, const char *name);
	probe weird(const char *s);
	probe done();
};
