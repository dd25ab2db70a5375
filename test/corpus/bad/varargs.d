/* expect: 3: probe p:v has a variable argument list */
provider p {
	probe v(int a, ...);
};
