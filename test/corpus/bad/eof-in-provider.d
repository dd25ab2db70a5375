/* expect: 3: missing '}' at the end of provider unclosed */

provider unclosed {
	probe first(int);
	probe second(const char *name);
