/* expect: 7: probe p:start redeclared with 2 arguments; line 3 declared it with 1 */
provider p {
	probe start(int id);
	probe stop(int id);
};
provider p {
	probe start(int id, int flags);
};
