/* SPDX-License-Identifier: MIT */
/* values.c — fires each probe of values.d with known values; the argument
 * values a tracer reads must be exactly these. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "values.h"

static const char text[] = "hello probes";
int global_int = 42;

__attribute__ ((noinline)) static void
fire (int base)
{
  unsigned char uc = (unsigned char) (200 + base);
  short sh = (short) (-300 - base);
  long l = -1234567890123L - base;
  unsigned long ul = 0xfedcba9876543210UL + (unsigned long) base;
  VALS_INTS (base - 7, uc, sh, l, ul);
  VALS_PTRS (text, (void *) &global_int, &global_int);
  VALS_CONSTS (-7, 42, 1L << 40);
  VALS_TWELVE (base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7, base + 8,
               base + 9, base + 10, base + 11, base + 12);
}

int
main (int argc, char **argv)
{
  int wait_enabled = argc > 1 && argv[1][0] == 'w';
  fire (argc > 2 ? atoi (argv[2]) : 0);
  if (wait_enabled)
    {
      /* Poll the is-enabled check until a tracer raises the semaphore. */
      for (int i = 0; i < 3000; i++)
        {
          if (VALS_GUARDED_ENABLED ())
            {
              /* Keep firing for a while: the tracer reads its buffer late. */
              for (int j = 0; j < 100 && VALS_GUARDED_ENABLED (); j++)
                {
                  VALS_GUARDED (i);
                  usleep (10000);
                }
              printf ("enabled\n");
              fflush (stdout);
              return 0;
            }
          usleep (10000);
        }
      printf ("never enabled\n");
      return 1;
    }
  printf ("guarded enabled=%d\n", VALS_GUARDED_ENABLED () ? 1 : 0);
  return 0;
}
