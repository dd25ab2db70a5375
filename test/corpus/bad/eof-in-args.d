/* expect: 3: missing ')' at the end of the arguments of probe p:cut (end of file) */
provider p {
	probe cut(int a,
	          int b
