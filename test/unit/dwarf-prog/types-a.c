/* SPDX-License-Identifier: MIT */
/* types-a.c — prints the layout facts test-dwarf-types checks: sizes and
 * offsets from sizeof/offsetof, bit-field positions found by setting the
 * field to all ones in a zeroed struct. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"

unsigned long conn_size (void);
unsigned long conn_off_bytes (void);

static void
bitpos (const char *name, const void *p, size_t n, unsigned width)
{
  const unsigned char *b = p;
  for (size_t i = 0; i < n * 8; i++)
    if (b[i / 8] & (1u << (i % 8)))
      {
        printf ("bit struct bits.%s %zu %u\n", name, i, width);
        return;
      }
}

#define BIT(field, width, ones)           \
  do {                                    \
    struct bits s;                        \
    memset (&s, 0, sizeof s);             \
    s.field = ones;                       \
    bitpos (#field, &s, sizeof s, width); \
  } while (0)

#define SIZE(t) printf ("size %s %zu\n", #t, sizeof (t))
#define OFF(t, m) printf ("off %s.%s %zu\n", #t, #m, offsetof (t, m))

int
main (void)
{
  SIZE (struct list);
  SIZE (struct bits);
  SIZE (union value);
  SIZE (struct inner);
  SIZE (struct outer);
  SIZE (enum state);
  SIZE (enum small);
  OFF (struct list, next);
  OFF (struct list, back);
  OFF (union value, bytes);
  OFF (struct inner, v);
  OFF (struct inner, bf);
  OFF (struct outer, in);
  OFF (struct outer, in.v.bytes);
  OFF (struct outer, in.bf);
  OFF (struct outer, pair);
  OFF (struct outer, grid);
  OFF (struct outer, lo);
  OFF (struct outer, hi);
  OFF (struct outer, both);
  OFF (struct outer, st);
  OFF (struct outer, sm);
  OFF (struct outer, callback);
  OFF (struct outer, conn);
  OFF (struct outer, counter);
  OFF (struct outer, flex);
  printf ("size struct conn %lu\n", conn_size ());
  printf ("off struct conn.bytes %lu\n", conn_off_bytes ());
  BIT (a, 3, 7);
  BIT (b, 7, 127);
  BIT (c, 5, -1);
  BIT (wide, 40, 0xffffffffffULL);
  BIT (tail, 2, 3);
  BIT (flag, 1, 1);
  static char conn_buf[256] __attribute__ ((aligned (16)));
  struct conn *c = (struct conn *) conn_buf;
  fill_conn (c);
  static struct outer o;
  return handle (c, 1, &o) == 8 ? 0 : 1;
}
