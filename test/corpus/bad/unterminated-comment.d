/* expect: 5: unterminated comment */
provider open {
	probe first(int);

	/* this comment is never closed
	probe second(int);
};
