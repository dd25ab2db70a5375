/* expect: 3: expected '{' after provider p, got keyword 'probe' */
provider p
	probe a(int);
};
