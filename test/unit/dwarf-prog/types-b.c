/* SPDX-License-Identifier: MIT */
/* types-b.c — the definition of struct conn (types-a.c only declares it). */
#include <stddef.h>
#include <string.h>
#include "types.h"

struct conn {
  int fd;
  char name[16];
  struct list *items;
  struct conn *peer;
  uint64_t bytes;
};

void
fill_conn (struct conn *c)
{
  memset (c, 0, sizeof *c);
  c->fd = 7;
}

__attribute__ ((noinline)) int
handle (struct conn *c, long n, struct outer *o)
{
  return c->fd + (int) n + o->tag;
}

unsigned long
conn_size (void)
{
  return sizeof (struct conn);
}

unsigned long
conn_off_bytes (void)
{
  return offsetof (struct conn, bytes);
}
