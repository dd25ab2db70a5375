/* SPDX-License-Identifier: MIT */
/*
 * conn.h — a client connection and the worker thread that owns it, shared by
 * conn.c (the state machine and I/O), net.c (threads, dispatch) and the two
 * protocol files.
 *
 * Input: bytes are read into rbuf; the unparsed part is rbuf[rstart, rend).
 * A value (set, add, ...) is read straight into its new item instead (state
 * conn_nread), and the value of a refused request is skipped (conn_swallow).
 *
 * Output: a response is a list of segments: copies in wbuf (text, headers)
 * or pointers into items (values), each such item holding a reference in
 * ilist until the bytes are written.  Segments on wbuf are kept as offsets,
 * because wbuf grows with realloc.  A connection parses and executes the
 * commands it has buffered, queuing their responses, and writes them with one
 * sendmsg when it runs out of input or the queue gets large; if the socket
 * is full it waits for EPOLLOUT before reading further.
 */
#ifndef MC_CONN_H
#define MC_CONN_H

#include "memcached.h"

enum conn_state
{
  conn_parse,       /* expecting a command */
  conn_nread,       /* reading a value into c->item */
  conn_swallow,     /* skipping c->sbytes of input */
  conn_closing      /* write what is queued, then close */
};

enum conn_proto
{
  proto_negotiating, proto_text, proto_binary
};

/* One response segment: wbuf[off, off+len) when ptr is NULL, else ptr[0, len). */
struct outv
{
  const char *ptr;
  size_t off;
  size_t len;
};

/* A binary request header, in host byte order. */
struct bin_header
{
  uint8_t magic;
  uint8_t opcode;
  uint16_t keylen;
  uint8_t extlen;
  uint8_t datatype;
  uint16_t vbucket;
  uint32_t bodylen;
  uint32_t opaque;
  uint64_t cas;
};

struct worker;

typedef struct conn
{
  int sfd;
  struct worker *thread;
  enum conn_state state;
  enum conn_proto proto;
  uint32_t events;          /* the epoll events registered */
  bool noreply;             /* the current (text) command said noreply */

  char *rbuf;
  size_t rsize, rstart, rend;

  item *item;               /* the item a value is read into */
  char *ritem;
  size_t rlbytes;
  enum store_cmd store_cmd;
  uint64_t req_cas;
  size_t sbytes;            /* left to swallow */
  struct bin_header bin;    /* the binary request being served */

  char *wbuf;
  size_t wsize, wused;
  struct outv *ov;
  size_t ovcount, ovsize, ovsent, ovsent_off;
  item **ilist;
  size_t icount, isize;
  size_t cmd_ov, cmd_il, cmd_wb; /* where the current command's output starts */
  char *tbuf;               /* process-command-end's copy of a response */
  size_t tsize;

  struct conn *next, *prev; /* the worker's list of live (or idle) objects */
} conn;

struct newconn
{
  int sfd;
  struct newconn *next;
};

struct worker
{
  pthread_t thread;
  int tid;                  /* kernel thread id */
  int index;
  int epfd;
  int evfd;                 /* eventfd: new connections queued, or stop */
  pthread_mutex_t qlock;
  struct newconn *qhead, *qtail;
  conn *active;             /* live connections */
  conn *idle;               /* pool of connection objects */
  unsigned nidle;
  bool stop;
};

/* conn.c */
conn *conn_new (int sfd, struct worker *w);
void conn_event (conn *c, uint32_t events);
void conn_close (conn *c);
void conn_destroy (conn *c);

void cmd_start (conn *c, const char *req, size_t len);
void cmd_end (conn *c);
void out_rollback (conn *c);
void out_copy (conn *c, const void *data, size_t len);
void out_printf (conn *c, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
void out_item (conn *c, item *it, const char *data, size_t len);

/* proto_text.c */
bool text_parse (conn *c);
void text_complete_nread (conn *c);
void out_string (conn *c, const char *str);
/* Fires the command probe of a storage command (size -1: nothing stored). */
void store_probe (conn *c, item *it, enum store_cmd cmd, int size, uint64_t cas);

/* proto_binary.c */
bool bin_parse (conn *c);
void bin_complete_nread (conn *c);

#endif /* MC_CONN_H */
