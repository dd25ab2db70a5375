/* SPDX-License-Identifier: MIT */
/* jsonmix.c — consumer-json.sh's traced program: N items with three names
 * (deterministic), one string of control bytes and invalid UTF-8, done.
 * `jsonmix N USEC` sleeps USEC between items (the long-run tests);
 * `jsonmix N USEC linger` waits after done until killed, so that its
 * stacks still resolve when dtrace prints them (dtrace kills a -c command
 * when it exits). */
#include <stdlib.h>
#include <unistd.h>

#include "jsonmix.h"

static const char *const names[] = { "alpha", "beta", "gamma" };

static void __attribute__ ((noinline))
fire_item (int i)
{
  JSONMIX_ITEM (i, names[i % 3]);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 10;
  int gap = argc > 2 ? atoi (argv[2]) : 0;
  for (int i = 0; i < n; i++)
    {
      fire_item (i);
      if (gap > 0)
        usleep ((useconds_t) gap);
    }
  /* tab, newline, 0x01 0x1f 0x7f, quote, backslash, a valid two-byte é,
   * invalid bytes 0xff 0xfe, 0xc3 before a non-continuation, a truncated
   * three-byte sequence, an encoded surrogate, a valid four-byte emoji */
  JSONMIX_WEIRD ("tab\there\nnl\x01\x1f\x7f quote\" back\\ \xc3\xa9 \xff\xfe \xc3\x28 \xe2\x82 \xed\xa0\x80 \xf0\x9f\x98\x80 end");
  JSONMIX_DONE ();
  if (argc > 3)
    for (;;)
      pause ();
  return 0;
}
