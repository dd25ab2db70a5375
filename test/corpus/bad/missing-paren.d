/* expect: 4: unexpected ';' in the arguments of probe p:broken (missing ')'?) */
provider p {
	probe good(int);
	probe broken(int, char *;
	probe after();
};
