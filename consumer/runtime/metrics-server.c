/* SPDX-License-Identifier: MIT */
/*
 * metrics-server.c — GET /metrics from the trace loop (the design is in
 * metrics-server.h): a fixed pool of non-blocking connections, each read
 * until its request's blank line, answered whole from a buffer, closed.
 */
#include <errno.h>
#include <netdb.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <netinet/in.h>

#include "consumer/output/openmetrics.h"
#include "consumer/runtime/metrics-server.h"
#include "common/diag.h"
#include "common/xalloc.h"

struct conn {
  int fd;                        /* -1: a free slot */
  char req[MS_MAX_REQUEST];
  size_t reqlen;
  char *resp;                    /* the whole response, once the request is read */
  size_t resplen, respoff;
  uint64_t deadline;             /* monotonic ms */
};

struct metrics_server {
  int fd;
  int port;
  metrics_render_fn render;
  void *arg;
  struct conn conns[MS_MAX_CONNS];
};

static uint64_t
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (uint64_t) t.tv_sec * 1000u + (uint64_t) t.tv_nsec / 1000000u;
}

/* HOST and PORT of ADDR (malloc'd HOST, "" for every address); false when
 * ADDR has no ':' or PORT is not a number 0..65535. */
static bool
split_addr (const char *addr, char **host, char **port)
{
  const char *colon = strrchr (addr, ':');
  if (!colon || !colon[1] || strlen (colon + 1) > 5 || strspn (colon + 1, "0123456789") != strlen (colon + 1)
      || atoi (colon + 1) > 65535)
    return false;
  const char *h = addr;
  size_t n = (size_t) (colon - addr);
  if (n >= 2 && h[0] == '[' && h[n - 1] == ']')
    h++, n -= 2;                  /* [::1]:9100 */
  else if (memchr (h, ':', n))
    return false;                 /* an IPv6 address needs its brackets */
  *host = xstrndup (h, n);
  *port = xstrdup (colon + 1);
  return true;
}

/* A listening socket for AI, or -1 with errno set.  ANY: the wildcard
 * address, which an IPv6 socket takes for IPv4 too. */
static int
listen_on (const struct addrinfo *ai, bool any)
{
  int fd = socket (ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
  if (fd < 0)
    return -1;
  int one = 1, zero = 0;
  setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (any && ai->ai_family == AF_INET6)
    setsockopt (fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
  if (bind (fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen (fd, 16) != 0)
    {
      int e = errno;
      close (fd);
      errno = e;
      return -1;
    }
  return fd;
}

static int
bound_port (int fd)
{
  struct sockaddr_storage ss;
  socklen_t len = sizeof ss;
  if (getsockname (fd, (struct sockaddr *) &ss, &len) != 0)
    return -1;
  if (ss.ss_family == AF_INET)
    return ntohs (((struct sockaddr_in *) &ss)->sin_port);
  return ntohs (((struct sockaddr_in6 *) &ss)->sin6_port);
}

struct metrics_server *
metrics_server_start (const char *addr, metrics_render_fn render, void *arg)
{
  char *host, *port;
  if (!split_addr (addr, &host, &port))
    {
      diag_error ("failed to serve metrics at '%s': not an address HOST:PORT, [IPv6]:PORT or :PORT", addr);
      return NULL;
    }
  struct addrinfo hints = { .ai_flags = AI_PASSIVE | AI_NUMERICSERV, .ai_family = AF_UNSPEC,
                            .ai_socktype = SOCK_STREAM }, *res = NULL;
  bool any = !*host;
  int r = getaddrinfo (any ? NULL : host, port, &hints, &res);
  free (host);
  free (port);
  if (r != 0)
    {
      diag_error ("failed to serve metrics at '%s': %s", addr, gai_strerror (r));
      return NULL;
    }
  /* every address: IPv6's wildcard first (it takes IPv4 too), then the
   * rest in getaddrinfo's order */
  int fd = -1, err = 0;
  for (int pass = any ? 0 : 1; pass < 2 && fd < 0; pass++)
    for (const struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next)
      if ((pass == 1 || ai->ai_family == AF_INET6) && (fd = listen_on (ai, any)) < 0 && !err)
        err = errno;
  freeaddrinfo (res);
  if (fd < 0)
    {
      diag_error ("failed to serve metrics at '%s': %s", addr, strerror (err));
      return NULL;
    }
  struct metrics_server *s = xcalloc (1, sizeof *s);
  s->fd = fd;
  s->port = bound_port (fd);
  s->render = render;
  s->arg = arg;
  for (size_t i = 0; i < MS_MAX_CONNS; i++)
    s->conns[i].fd = -1;
  return s;
}

int
metrics_server_port (const struct metrics_server *s)
{
  return s->port;
}

static void
conn_close (struct conn *c)
{
  if (c->fd >= 0)
    close (c->fd);
  free (c->resp);
  c->resp = NULL;
  c->fd = -1;
  c->reqlen = c->resplen = c->respoff = 0;
}

/* The response to the request in C->req (its head complete, NUL-ended). */
static void
respond (struct metrics_server *s, struct conn *c)
{
  char method[8] = "", path[256] = "";
  size_t mlen = strcspn (c->req, " \r\n");
  const char *p = c->req + mlen + (c->req[mlen] == ' ');
  size_t plen = strcspn (p, " ?\r\n");
  if (mlen < sizeof method)
    memcpy (method, c->req, mlen);
  if (plen < sizeof path)
    memcpy (path, p, plen);
  bool head = strcmp (method, "HEAD") == 0;
  const char *status = "200 OK", *type = OM_CONTENT_TYPE;
  struct dfmt_out body;
  dfmt_out_buffer (&body);
  if (!head && strcmp (method, "GET") != 0)
    status = "405 Method Not Allowed", type = "text/plain";
  else if (strcmp (path, "/metrics") != 0)
    status = "404 Not Found", type = "text/plain";
  bool ok = strcmp (status, "200 OK") == 0;
  if (ok)
    s->render (s->arg, &body);
  char *text = ok ? NULL : xasprintf ("%s\n", status);
  const char *t = ok ? dfmt_out_text (&body) : text;
  size_t tlen = ok ? body.len : strlen (text);
  char *hdr = xasprintf ("HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                         "Connection: close\r\n\r\n", status, type, tlen);
  size_t hlen = strlen (hdr);
  c->resplen = hlen + (head ? 0 : tlen);
  c->resp = xmalloc (c->resplen + 1);
  memcpy (c->resp, hdr, hlen);
  if (!head)
    memcpy (c->resp + hlen, t, tlen);
  free (text);
  free (hdr);
  dfmt_out_release (&body);
}

/* Read what has come; answer once the head is complete. */
static void
conn_read (struct metrics_server *s, struct conn *c)
{
  while (!c->resp)
    {
      if (c->reqlen == MS_MAX_REQUEST - 1)
        {
          static const char tooloud[] = "HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                        "Content-Length: 0\r\nConnection: close\r\n\r\n";
          c->resp = xstrdup (tooloud);
          c->resplen = sizeof tooloud - 1;
          return;
        }
      ssize_t n = recv (c->fd, c->req + c->reqlen, MS_MAX_REQUEST - 1 - c->reqlen, MSG_DONTWAIT);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return;
      if (n <= 0)
        {
          conn_close (c);           /* the client went away, or an error */
          return;
        }
      c->reqlen += (size_t) n;
      c->req[c->reqlen] = '\0';
      if (strstr (c->req, "\r\n\r\n") || strstr (c->req, "\n\n"))
        respond (s, c);
    }
}

static void
conn_write (struct conn *c)
{
  while (c->respoff < c->resplen)
    {
      ssize_t n = send (c->fd, c->resp + c->respoff, c->resplen - c->respoff, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return;
      if (n <= 0)
        break;
      c->respoff += (size_t) n;
    }
  shutdown (c->fd, SHUT_WR);
  conn_close (c);
}

size_t
metrics_server_pollfds (struct metrics_server *s, struct pollfd *fds, int *timeout_ms)
{
  size_t n = 0;
  bool room = false;
  uint64_t now = now_ms ();
  for (size_t i = 0; i < MS_MAX_CONNS; i++)
    {
      struct conn *c = &s->conns[i];
      if (c->fd < 0)
        {
          room = true;
          continue;
        }
      fds[n++] = (struct pollfd) { c->fd, c->resp ? POLLOUT : POLLIN, 0 };
      int left = c->deadline > now ? (int) (c->deadline - now) : 0;
      if (left < *timeout_ms)
        *timeout_ms = left;
    }
  if (room)
    fds[n++] = (struct pollfd) { s->fd, POLLIN, 0 };
  return n;
}

void
metrics_server_service (struct metrics_server *s)
{
  uint64_t now = now_ms ();
  for (size_t i = 0; i < MS_MAX_CONNS; i++)
    {
      struct conn *c = &s->conns[i];
      if (c->fd < 0)
        {
          c->fd = accept4 (s->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
          if (c->fd < 0)
            continue;
          c->deadline = now + MS_TIMEOUT_MS;
        }
      if (now >= c->deadline)
        {
          conn_close (c);
          continue;
        }
      if (!c->resp)
        conn_read (s, c);
      if (c->fd >= 0 && c->resp)
        conn_write (c);
    }
}

void
metrics_server_free (struct metrics_server *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < MS_MAX_CONNS; i++)
    conn_close (&s->conns[i]);
  close (s->fd);
  free (s);
}
