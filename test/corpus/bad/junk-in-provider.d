/* expect: 4: expected 'probe' or '}' in provider p, got keyword 'int' */
provider p {
	probe ok();
	int not_a_probe;
};
