/* SPDX-License-Identifier: MIT */
/*
 * conn.c — one client connection: its objects, its state machine, reading
 * requests and writing responses.  (The layout is described in conn.h.)
 *
 * A worker calls conn_event when epoll reports the socket.  The connection
 * then loops: execute every complete command in rbuf (or move value bytes
 * into the item being read), write the queued responses, read more.  It
 * stops when the socket has no more input (epoll will call again), when the
 * socket cannot take more output (it then waits for EPOLLOUT only, so a
 * client that does not read cannot make the server buffer without bound),
 * or after a few reads, so one busy client cannot starve the others of its
 * worker.
 *
 * Connection objects are pooled per worker: conn-create fires when a new
 * object has to be made, conn-allocate when an object is given a socket,
 * conn-release when the socket is closed and the object goes back to the
 * pool, conn-destroy when an object is freed (pool full, or shutdown).
 */
#include "conn.h"
#include "trace.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define RBUF_INITIAL 2048
#define RBUF_MAX (4u << 20)         /* > the longest text line accepted */
#define WBUF_INITIAL 2048
#define OV_INITIAL 32
#define IL_INITIAL 16
#define BUF_KEEP (64u << 10)        /* buffers larger than this shrink when idle */
#define OUT_HIGH_WATER (256u << 10) /* queued bytes that force a write */
#define OV_HIGH_WATER 512           /* queued segments that force a write */
#define READS_PER_EVENT 8
#define IDLE_POOL_MAX 8             /* pooled connection objects per worker */
#define IOV_BATCH 64

static void *
xrealloc (void *p, size_t n)
{
  void *q = realloc (p, n);
  if (q == NULL)
    {
      fprintf (stderr, "Out of memory (%zu bytes)\n", n);
      abort ();
    }
  return q;
}

/* ---------------------------------------------------------------- objects */

static void
set_events (conn *c, uint32_t events)
{
  if (c->events == events)
    return;
  struct epoll_event ev = { .events = events, .data.ptr = c };
  if (epoll_ctl (c->thread->epfd, c->events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD,
                 c->sfd, &ev) != 0)
    perror ("epoll_ctl");
  c->events = events;
}

conn *
conn_new (int sfd, struct worker *w)
{
  conn *c = w->idle;
  if (c != NULL)
    {
      w->idle = c->next;
      w->nidle--;
    }
  else
    {
      c = calloc (1, sizeof *c);
      if (c == NULL)
        return NULL;
      c->rsize = RBUF_INITIAL;
      c->rbuf = xrealloc (NULL, c->rsize);
      c->wsize = WBUF_INITIAL;
      c->wbuf = xrealloc (NULL, c->wsize);
      c->ovsize = OV_INITIAL;
      c->ov = xrealloc (NULL, c->ovsize * sizeof *c->ov);
      c->isize = IL_INITIAL;
      c->ilist = xrealloc (NULL, c->isize * sizeof *c->ilist);
      STATS_INCR (conn_structures);
      MEMCACHED_CONN_CREATE (c);
    }
  c->sfd = sfd;
  c->thread = w;
  c->state = conn_parse;
  c->proto = proto_negotiating;
  c->events = 0;
  c->noreply = false;
  c->rstart = c->rend = 0;
  c->item = NULL;
  c->rlbytes = c->sbytes = 0;
  c->wused = c->ovcount = c->ovsent = c->ovsent_off = c->icount = 0;
  c->cmd_ov = c->cmd_il = c->cmd_wb = 0;
  c->prev = NULL;
  c->next = w->active;
  if (w->active != NULL)
    w->active->prev = c;
  w->active = c;
  MEMCACHED_CONN_ALLOCATE (sfd);
  if (verbosity () > 1)
    fprintf (stderr, "<%d new auto-negotiating client connection\n", sfd);
  set_events (c, EPOLLIN);
  return c;
}

void
conn_destroy (conn *c)
{
  MEMCACHED_CONN_DESTROY (c);
  free (c->rbuf);
  free (c->wbuf);
  free (c->ov);
  free (c->ilist);
  free (c->tbuf);
  free (c);
  STATS_DECR (conn_structures);
}

static void
release_items (conn *c, size_t from)
{
  while (c->icount > from)
    item_remove (c->ilist[--c->icount]);
}

/* Forgets the queued output (all of it written, or the connection closing). */
static void
out_reset (conn *c)
{
  release_items (c, 0);
  c->wused = c->ovcount = c->ovsent = c->ovsent_off = 0;
  c->cmd_ov = c->cmd_il = c->cmd_wb = 0;
  if (c->wsize > BUF_KEEP)
    {
      c->wsize = WBUF_INITIAL;
      c->wbuf = xrealloc (c->wbuf, c->wsize);
    }
  if (c->ovsize > 4 * OV_HIGH_WATER)
    {
      c->ovsize = OV_INITIAL;
      c->ov = xrealloc (c->ov, c->ovsize * sizeof *c->ov);
    }
}

void
conn_close (conn *c)
{
  struct worker *w = c->thread;
  MEMCACHED_CONN_RELEASE (c->sfd);
  if (verbosity () > 1)
    fprintf (stderr, "<%d connection closed.\n", c->sfd);
  epoll_ctl (w->epfd, EPOLL_CTL_DEL, c->sfd, NULL);
  close (c->sfd);
  out_reset (c);
  if (c->item != NULL)
    {
      item_remove (c->item);
      c->item = NULL;
    }
  if (c->rsize > BUF_KEEP)
    {
      c->rsize = RBUF_INITIAL;
      c->rbuf = xrealloc (c->rbuf, c->rsize);
    }
  STATS_DECR (curr_connections);

  if (c->prev != NULL)
    c->prev->next = c->next;
  else
    w->active = c->next;
  if (c->next != NULL)
    c->next->prev = c->prev;
  if (w->nidle < IDLE_POOL_MAX && !__atomic_load_n (&w->stop, __ATOMIC_ACQUIRE))
    {
      c->next = w->idle;
      c->prev = NULL;
      w->idle = c;
      w->nidle++;
    }
  else
    conn_destroy (c);
}

/* ---------------------------------------------------------------- output */

static void
add_segment (conn *c, const char *ptr, size_t off, size_t len)
{
  if (len == 0)
    return;
  if (ptr == NULL && c->ovcount > c->cmd_ov && c->ovcount > c->ovsent)
    {
      struct outv *last = &c->ov[c->ovcount - 1];
      if (last->ptr == NULL && last->off + last->len == off)
        {
          last->len += len;         /* contiguous in wbuf: extend */
          return;
        }
    }
  if (c->ovcount == c->ovsize)
    {
      c->ovsize *= 2;
      c->ov = xrealloc (c->ov, c->ovsize * sizeof *c->ov);
    }
  c->ov[c->ovcount++] = (struct outv) { .ptr = ptr, .off = off, .len = len };
}

static size_t
wbuf_reserve (conn *c, size_t len)
{
  if (c->wused + len > c->wsize)
    {
      size_t n = c->wsize;
      while (c->wused + len > n)
        n *= 2;
      c->wbuf = xrealloc (c->wbuf, n);
      c->wsize = n;
    }
  size_t off = c->wused;
  c->wused += len;
  return off;
}

void
out_copy (conn *c, const void *data, size_t len)
{
  size_t off = wbuf_reserve (c, len);
  memcpy (c->wbuf + off, data, len);
  add_segment (c, NULL, off, len);
}

void
out_printf (conn *c, const char *fmt, ...)
{
  char small[512];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (small, sizeof small, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  if ((size_t) n < sizeof small)
    {
      out_copy (c, small, (size_t) n);
      return;
    }
  size_t off = wbuf_reserve (c, (size_t) n + 1);
  va_start (ap, fmt);
  vsnprintf (c->wbuf + off, (size_t) n + 1, fmt, ap);
  va_end (ap);
  c->wused--;                       /* not the NUL */
  add_segment (c, NULL, off, (size_t) n);
}

void
out_item (conn *c, item *it, const char *data, size_t len)
{
  if (c->icount == c->isize)
    {
      c->isize *= 2;
      c->ilist = xrealloc (c->ilist, c->isize * sizeof *c->ilist);
    }
  c->ilist[c->icount++] = it;       /* the caller's reference moves here */
  add_segment (c, data, 0, len);
}

void
out_rollback (conn *c)
{
  c->ovcount = c->cmd_ov;
  c->wused = c->cmd_wb;
  release_items (c, c->cmd_il);
}

/* ---------------------------------------------------------------- commands */

void
cmd_start (conn *c, const char *req, size_t len)
{
  c->cmd_ov = c->ovcount;
  c->cmd_il = c->icount;
  c->cmd_wb = c->wused;
  MEMCACHED_PROCESS_COMMAND_START (c->sfd, req, (int) len);
  (void) req;                       /* used by the probe only */
  (void) len;
}

void
cmd_end (conn *c)
{
  if (MEMCACHED_PROCESS_COMMAND_END_ENABLED ())
    {
      /* The response as one buffer, for the tracer only. */
      size_t total = 0;
      for (size_t i = c->cmd_ov; i < c->ovcount; i++)
        total += c->ov[i].len;
      if (total > c->tsize)
        {
          c->tbuf = xrealloc (c->tbuf, total);
          c->tsize = total;
        }
      size_t at = 0;
      for (size_t i = c->cmd_ov; i < c->ovcount; i++)
        {
          const struct outv *v = &c->ov[i];
          memcpy (c->tbuf + at, v->ptr != NULL ? v->ptr : c->wbuf + v->off, v->len);
          at += v->len;
        }
      MEMCACHED_PROCESS_COMMAND_END (c->sfd, c->tbuf, (int) total);
    }
  c->cmd_ov = c->ovcount;
  c->cmd_il = c->icount;
  c->cmd_wb = c->wused;
}

/* ---------------------------------------------------------------- I/O */

enum io_result { IO_DONE, IO_BLOCKED, IO_ERROR };

static enum io_result
transmit (conn *c)
{
  while (c->ovsent < c->ovcount)
    {
      struct iovec iov[IOV_BATCH];
      int n = 0;
      for (size_t i = c->ovsent; i < c->ovcount && n < IOV_BATCH; i++, n++)
        {
          const struct outv *v = &c->ov[i];
          const char *base = v->ptr != NULL ? v->ptr : c->wbuf + v->off;
          size_t skip = i == c->ovsent ? c->ovsent_off : 0;
          iov[n].iov_base = (void *) (base + skip);
          iov[n].iov_len = v->len - skip;
        }
      struct msghdr msg = { .msg_iov = iov, .msg_iovlen = (size_t) n };
      ssize_t w = sendmsg (c->sfd, &msg, MSG_NOSIGNAL);
      if (w < 0)
        {
          if (errno == EINTR)
            continue;
          if (errno == EAGAIN || errno == EWOULDBLOCK)
            return IO_BLOCKED;
          if (verbosity () > 0 && errno != EPIPE && errno != ECONNRESET)
            perror ("Failed to write, and not due to blocking");
          return IO_ERROR;
        }
      STATS_ADD (bytes_written, (uint64_t) w);
      size_t left = (size_t) w;
      while (left > 0)
        {
          size_t rest = c->ov[c->ovsent].len - c->ovsent_off;
          if (left < rest)
            {
              c->ovsent_off += left;
              left = 0;
            }
          else
            {
              left -= rest;
              c->ovsent++;
              c->ovsent_off = 0;
            }
        }
    }
  out_reset (c);
  return IO_DONE;
}

/* Reads what the socket has: >0 bytes, 0 at end of file, -1 when it would
   block, -2 on an error. */
static ssize_t
read_more (conn *c)
{
  ssize_t n;
  if (c->state == conn_nread && c->rstart == c->rend && c->rlbytes > 0)
    {
      /* Straight into the item. */
      n = read (c->sfd, c->ritem, c->rlbytes);
      if (n > 0)
        {
          c->ritem += n;
          c->rlbytes -= (size_t) n;
        }
    }
  else
    {
      if (c->rstart == c->rend)
        {
          c->rstart = c->rend = 0;
          if (c->rsize > BUF_KEEP)
            {
              c->rsize = RBUF_INITIAL;
              c->rbuf = xrealloc (c->rbuf, c->rsize);
            }
        }
      else if (c->rstart > 0)
        {
          memmove (c->rbuf, c->rbuf + c->rstart, c->rend - c->rstart);
          c->rend -= c->rstart;
          c->rstart = 0;
        }
      if (c->rend == c->rsize)
        {
          if (c->rsize >= RBUF_MAX)
            return -2;              /* the parsers refuse long input before this */
          c->rsize *= 2;
          c->rbuf = xrealloc (c->rbuf, c->rsize);
        }
      n = read (c->sfd, c->rbuf + c->rend, c->rsize - c->rend);
      if (n > 0)
        c->rend += (size_t) n;
    }
  if (n > 0)
    {
      STATS_ADD (bytes_read, (uint64_t) n);
      return n;
    }
  if (n == 0)
    return 0;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
    return -1;
  return -2;
}

static void
complete_nread (conn *c)
{
  if (c->proto == proto_binary)
    bin_complete_nread (c);
  else
    text_complete_nread (c);
}

/* Makes progress on buffered input: true if anything happened. */
static bool
step (conn *c)
{
  size_t avail = c->rend - c->rstart;
  switch (c->state)
    {
    case conn_parse:
      if (avail == 0)
        return false;
      if (c->proto == proto_negotiating)
        {
          c->proto = (unsigned char) c->rbuf[c->rstart] == 0x80 ? proto_binary : proto_text;
          if (verbosity () > 1)
            fprintf (stderr, "%d: Client using the %s protocol\n", c->sfd,
                     c->proto == proto_binary ? "binary" : "ascii");
        }
      return c->proto == proto_binary ? bin_parse (c) : text_parse (c);

    case conn_nread:
      if (c->rlbytes > 0 && avail > 0)
        {
          size_t n = avail < c->rlbytes ? avail : c->rlbytes;
          memcpy (c->ritem, c->rbuf + c->rstart, n);
          c->ritem += n;
          c->rlbytes -= n;
          c->rstart += n;
        }
      if (c->rlbytes > 0)
        return false;
      c->state = conn_parse;
      complete_nread (c);
      return true;

    case conn_swallow:
      if (c->sbytes > 0 && avail > 0)
        {
          size_t n = avail < c->sbytes ? avail : c->sbytes;
          c->sbytes -= n;
          c->rstart += n;
        }
      if (c->sbytes > 0)
        return false;
      c->state = conn_parse;
      return true;

    case conn_closing:
      return false;
    }
  return false;
}

void
conn_event (conn *c, uint32_t events)
{
  (void) events;
  int reads = 0;
  for (;;)
    {
      /* Execute what is buffered, as long as the output queue is short. */
      bool starved = false;
      while (c->state != conn_closing)
        {
          if (c->wused >= OUT_HIGH_WATER || c->ovcount - c->ovsent >= OV_HIGH_WATER)
            break;
          if (!step (c))
            {
              starved = true;
              break;
            }
        }

      if (c->ovsent < c->ovcount)
        switch (transmit (c))
          {
          case IO_DONE:
            break;
          case IO_BLOCKED:
            set_events (c, EPOLLOUT);
            return;
          case IO_ERROR:
            conn_close (c);
            return;
          }
      if (c->state == conn_closing)
        {
          conn_close (c);
          return;
        }
      if (!starved)
        continue;                   /* stopped to write: more input is buffered */

      /* Only now read more: everything buffered has been handled. */
      if (reads++ == READS_PER_EVENT)
        {
          set_events (c, EPOLLIN);  /* level-triggered: we come back */
          return;
        }
      ssize_t n = read_more (c);
      if (n == -1)
        {
          set_events (c, EPOLLIN);
          return;
        }
      if (n <= 0)
        {
          conn_close (c);
          return;
        }
    }
}
