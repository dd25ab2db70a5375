/*
 * Corpus file written for sdtkit (same shape as node_provider.d):
 * C typedefs of structs come before the provider, and the probes use the
 * translated-arguments syntax with D's `string` after the ':'.
 */

typedef struct {
	int dummy;
} evio_connection_t;

typedef struct {
	int dummy;
} evio_http_request_t;

typedef struct {
	int fd;
	string remote;
	int port;
	int buffered;
} evconn_t;

provider evio {
	probe net__server__connection(evio_connection_t *c,
	    const char *a, int p, int fd) : (evconn_t *c, string a, int p,
	    int fd);
	probe net__stream__end(evio_connection_t *c, const char *a,
	    int p, int fd) : (evconn_t *c, string a, int p, int fd);
	probe http__server__request(evio_http_request_t *h,
	    evio_connection_t *c, const char *a, int p, const char *m,
	    const char *u, int fd) : (evhttp_request_t *h, evconn_t *c,
	    string a, int p, string m, string u, int fd);
	probe http__server__response(evio_connection_t *c, const char *a,
	    int p, int fd) : (evconn_t *c, string a, int p, int fd);
	probe gc__start(int t, int f, void *isolate);
	probe gc__done(int t, int f, void *isolate);
};

#pragma D attributes Evolving/Evolving/ISA provider evio provider
#pragma D attributes Private/Private/ISA provider evio module
#pragma D attributes Private/Private/ISA provider evio function
#pragma D attributes Private/Private/ISA provider evio name
#pragma D attributes Evolving/Evolving/ISA provider evio args
