/* strs.d — the provider of consumer-strings.sh's traced program. */
provider strs {
	probe path(const char *p, int i);
	probe buf(const char *b, int n);
};
