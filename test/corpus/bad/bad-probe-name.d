/* expect: 4: expected a probe name after 'probe' in provider p, got '(' */
provider p {
	probe good(int);
	probe (int);
};
