/* expect: 3: invalid token '09' (invalid digit in octal constant) in the arguments of probe p:arr */
provider p {
	probe arr(int x[09]);
};
