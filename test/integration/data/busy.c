/* SPDX-License-Identifier: MIT */
/* busy.c — on the CPU for N seconds (argument, default 5) in spin(), called
 * from main: profile tests find spin and main in the samples' stacks.
 * Built without frame pointers, as distributions build. */
#include <stdlib.h>
#include <time.h>

volatile unsigned long sink;

__attribute__ ((noinline)) static void
spin (time_t until)
{
  while (time (NULL) < until)
    for (int i = 0; i < 100000; i++)
      sink++;
}

int
main (int argc, char **argv)
{
  spin (time (NULL) + (argc > 1 ? atoi (argv[1]) : 5));
  return 0;
}
