/* SPDX-License-Identifier: MIT */
/* unwind-deep.c — six calls deep (main -> f1 -> ... -> f6 -> read), for
 * consumer-unwind.sh; built -O2 without frame pointers, as distributions
 * build.  Each function works after its call so no call is a tail call.
 * Runs N rounds (argument), 1 ms apart. */
#include <stdlib.h>
#include <unistd.h>

#define NOINLINE __attribute__ ((noinline))
volatile int sink;
NOINLINE int f6 (int x) { char b[1]; ssize_t r = read (-1, b, 0); sink += x + (int) r; return sink; }
NOINLINE int f5 (int x) { int r = f6 (x * 3) + 1; sink += r; return r; }
NOINLINE int f4 (int x) { int r = f5 (x + 7) * 2; sink -= r; return r; }
NOINLINE int f3 (int x) { int r = f4 (x ^ 5) + 3; sink ^= r; return r; }
NOINLINE int f2 (int x) { int r = f3 (x - 1) * 5; sink += r; return r; }
NOINLINE int f1 (int x) { int r = f2 (x + 2) - 4; sink |= r; return r; }

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 5;
  for (int i = 0; i < n; i++)
    {
      f1 (i);
      usleep (1000);
    }
  return 0;
}
