/* expect: 3: expected ';' after probe p:extra, got ')' */
provider p {
	probe extra(int a));
};
