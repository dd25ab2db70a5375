/* SPDX-License-Identifier: MIT */
/*
 * metrics-export.c — the aggregations for a monitoring system, while the
 * script runs (doc/output-formats.md §15):
 *
 *   -x oformat=openmetrics -o FILE   FILE rewritten every -x aggrate (1 s)
 *                                    and at the end: written unnamed and
 *                                    linked over FILE when complete
 *                                    (common/unnamed-file.h), so a reader
 *                                    (node_exporter's textfile collector)
 *                                    never sees half of one;
 *   -x oformat=openmetrics           (no -o) the text on stdout at the end,
 *                                    in place of the aggregations;
 *   -x metrics=HOST:PORT             GET /metrics (metrics-server.h), the
 *                                    maps read at each request.
 *
 * The text is openmetrics.h's, rendered by output_metrics from the maps as
 * they are at that moment.  With -o the rest of the output (printf, printa,
 * the aggregations at the end) goes to stdout as DTrace's text.  The trace
 * loop waits here instead of in ring_buffer__poll when either is on: one
 * poll(2) on the ring buffer's epoll descriptor, the server's sockets and
 * the file's next deadline.
 */
#include <bpf/libbpf.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "consumer/output/output.h"
#include "consumer/runtime/metrics-server.h"
#include "consumer/runtime/runtime-int.h"
#include "common/diag.h"
#include "common/unnamed-file.h"
#include "common/xalloc.h"

struct metrics_export {
  struct metrics_server *srv;
  const char *file;             /* the -o file, or NULL */
  char **origins;               /* per aggregation: where the script defines it */
  size_t naggs;
  int rate_ms;
  uint64_t next_write;          /* monotonic ms */
  bool write_failed;            /* reported once */
};

static uint64_t
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (uint64_t) t.tv_sec * 1000u + (uint64_t) t.tv_nsec / 1000000u;
}

static void
render (void *arg, struct dfmt_out *buf)
{
  struct runtime *rt = arg;
  output_metrics (rt->out, buf, (const char *const *) rt->metrics->origins);
}

/* "script x.d line 3", "the -n program line 1": where aggregation A is
 * first used, by the source of its clause. */
static char *
origin_of (const struct runtime *rt, const struct dagg *a)
{
  static const char *const opt[] = { [SRC_SCRIPT] = "-s", [SRC_NAME] = "-n", [SRC_PROVIDER] = "-P",
                                     [SRC_MODULE] = "-m", [SRC_FUNCTION] = "-f" };
  for (size_t s = 0; s < rt->nsrc; s++)
    {
      const struct source_state *src = &rt->src[s];
      if (a->first_clause < src->first_clause || a->first_clause >= src->first_clause + src->nclauses)
        continue;
      if (src->src->kind == SRC_SCRIPT)
        return xasprintf ("script %s line %d", src->src->text, a->line);
      return xasprintf ("the %s program line %d", opt[src->src->kind], a->line);
    }
  return NULL;
}

/* The file's text now, written unnamed and linked over the file. */
static int
write_file (struct runtime *rt)
{
  struct metrics_export *m = rt->metrics;
  struct dfmt_out buf;
  dfmt_out_buffer (&buf);
  render (rt, &buf);
  struct unnamed_file u;
  int rc = -1;
  if (unnamed_open (&u, m->file, 0644) == 0)
    {
      size_t off = 0;
      while (off < buf.len)
        {
          ssize_t n = write (u.fd, buf.buf + off, buf.len - off);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          off += (size_t) n;
        }
      if (off == buf.len && unnamed_link (&u, m->file) == 0 && unnamed_close (&u) == 0)
        rc = 0;
      else
        {
          int e = errno;
          unnamed_discard (&u);
          errno = e;
        }
    }
  if (rc != 0 && !m->write_failed)
    diag_error ("failed to write metrics file '%s': %s", m->file, strerror (errno));
  m->write_failed |= rc != 0;
  dfmt_out_release (&buf);
  return rc;
}

int
metrics_export_start (struct runtime *rt)
{
  const struct dprog *p = &rt->prog;
  const char *file = p->oformat_metrics ? rt->opt->output : NULL;
  if (!file && !rt->metrics_addr && !p->oformat_metrics)
    return 0;
  struct metrics_export *m = xcalloc (1, sizeof *m);
  rt->metrics = m;
  m->file = file;
  m->rate_ms = rt->aggrate_ms ? rt->aggrate_ms : 1000;
  m->naggs = p->naggs;
  m->origins = xcalloc (p->naggs ? p->naggs : 1, sizeof *m->origins);
  for (size_t i = 0; i < p->naggs; i++)
    m->origins[i] = origin_of (rt, &p->aggs[i]);
  /* a directory we cannot write to is an error now, not a line once
   * tracing runs; the file is first written when tracing starts */
  struct unnamed_file u;
  if (m->file && unnamed_open (&u, m->file, 0644) != 0)
    {
      diag_error ("failed to write metrics file '%s': %s", m->file, strerror (errno));
      return -1;
    }
  if (m->file)
    unnamed_discard (&u);
  m->next_write = 0;
  if (rt->metrics_addr && !(m->srv = metrics_server_start (rt->metrics_addr, render, rt)))
    return -1;
  return 0;
}

int
metrics_export_wait (struct runtime *rt, int wait_ms)
{
  struct metrics_export *m = rt->metrics;
  struct pollfd fds[2 + MS_MAX_CONNS];
  size_t n = 0;
  fds[n++] = (struct pollfd) { ring_buffer__epoll_fd (rt->rb), POLLIN, 0 };
  uint64_t now = now_ms ();
  if (m->file)
    {
      int left = m->next_write > now ? (int) (m->next_write - now) : 0;
      if (left < wait_ms)
        wait_ms = left;
    }
  if (m->srv)
    n += metrics_server_pollfds (m->srv, fds + n, &wait_ms);
  int r = poll (fds, (nfds_t) n, wait_ms);
  if (r < 0 && errno != EINTR)
    return -errno;
  if (m->srv)
    metrics_server_service (m->srv);
  now = now_ms ();
  if (m->file && now >= m->next_write)
    {
      write_file (rt);
      m->next_write = now + (uint64_t) m->rate_ms;
    }
  return 0;
}

bool
metrics_export_final (struct runtime *rt)
{
  struct metrics_export *m = rt->metrics;
  if (!m)
    return false;
  if (m->file)
    {
      write_file (rt);
      return false;
    }
  if (!rt->prog.oformat_metrics)
    return false;
  /* no -o: the text on stdout, in place of the aggregations */
  struct dfmt_out buf;
  dfmt_out_buffer (&buf);
  render (rt, &buf);
  fwrite (buf.buf, 1, buf.len, rt->outf);
  dfmt_out_release (&buf);
  return true;
}

void
metrics_export_free (struct runtime *rt)
{
  struct metrics_export *m = rt->metrics;
  if (!m)
    return;
  metrics_server_free (m->srv);
  for (size_t i = 0; i < m->naggs; i++)
    free (m->origins[i]);
  free (m->origins);
  free (m);
  rt->metrics = NULL;
}
