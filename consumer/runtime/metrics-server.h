/* SPDX-License-Identifier: MIT */
/*
 * metrics-server.h — a minimal HTTP/1.x server of one document
 * (-x metrics=HOST:PORT: GET /metrics), run from the consumer's event loop.
 *
 * Design: no thread and no blocking call.  The listening socket and every
 * connection are non-blocking; the trace loop polls them beside the ring
 * buffer (metrics_server_pollfds) and calls metrics_server_service after
 * each wait, which accepts, reads and writes only what is ready.  The
 * document is rendered when a request is complete (so a scrape sees the
 * maps as they are then), by the caller's function, in the loop's thread:
 * the aggregation tables and the symbolizer are never shared with another
 * thread.  Bounds: at most MS_MAX_CONNS connections at once (more wait in
 * the listen backlog), a request of at most MS_MAX_REQUEST bytes (431
 * otherwise), and MS_TIMEOUT_MS for a connection from accept to its last
 * byte written (then it is closed), so a slow or idle client costs a slot,
 * never the trace loop's time.  One request per connection (Connection:
 * close).  GET and HEAD of /metrics (a query string is ignored) get 200,
 * other paths 404, other methods 405.
 */
#ifndef SDTKIT_CONSUMER_METRICS_SERVER_H
#define SDTKIT_CONSUMER_METRICS_SERVER_H

#include <poll.h>
#include <stddef.h>

#include "consumer/output/dformat.h"

#define MS_MAX_CONNS 4
#define MS_MAX_REQUEST 8192
#define MS_TIMEOUT_MS 5000

struct metrics_server;

/* Append the document to BUF. */
typedef void (*metrics_render_fn) (void *arg, struct dfmt_out *buf);

/* Listen on ADDR: HOST:PORT, [IPv6]:PORT or :PORT (every address, IPv6
 * and IPv4), HOST a numeric address or a name; PORT 0 picks a free port.
 * NULL after one error line on stderr (a bad address, a port in use...). */
struct metrics_server *metrics_server_start (const char *addr, metrics_render_fn render, void *arg);

/* The port listened on (useful after PORT 0). */
int metrics_server_port (const struct metrics_server *s);

/* The descriptors to poll (at most 1 + MS_MAX_CONNS written to FDS) and
 * *TIMEOUT_MS lowered to the nearest connection deadline. */
size_t metrics_server_pollfds (struct metrics_server *s, struct pollfd *fds, int *timeout_ms);

/* Do what is ready: accept, read requests, answer, close; never blocks. */
void metrics_server_service (struct metrics_server *s);

void metrics_server_free (struct metrics_server *s);

#endif
