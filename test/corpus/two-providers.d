/* Corpus file written for sdtkit: two providers in one file, the second one
 * on a single line, and a third block that adds to the first provider. */
provider alpha {
	probe start(int id);
	probe stop(int id, int status);
};

provider beta { probe tick(); probe tock(unsigned long long n); }

provider alpha {
	probe stop(int id, int status);	/* identical redeclaration: kept once */
	probe restart(int id);
};
