/*
 * demo.d — the provider of the quickstart demo: a tiny request loop.
 */
provider demo {
	/* a request arrives: its id and the path asked for */
	probe request__start(int id, const char *path);
	/* it is answered: id, status, bytes sent */
	probe request__done(int id, int status, long bytes);
	probe idle();
};

#pragma D attributes Evolving/Evolving/Common provider demo provider
