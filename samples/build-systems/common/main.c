/* SPDX-License-Identifier: MIT */
/* main.c — the sample program: `greeter ROUNDS [GO-FILE]`, one greeting
 * of the library per round, firing greetapp:::round before each.  With
 * GO-FILE it first waits (at most a minute) until that file exists, so
 * that a tracer can attach to it with -p. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "greet.h"

#ifdef ENABLE_DTRACE
#include "app-probes.h"
#else
#define GREETAPP_ROUND(i) do { } while (0)
#endif

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 1;
  if (argc > 2)
    {
      struct timespec tick = { 0, 10 * 1000 * 1000 };
      for (int waited = 0; access (argv[2], F_OK) != 0 && waited < 6000; waited++)
        nanosleep (&tick, NULL);
    }
  for (int i = 0; i < rounds; i++)
    {
      GREETAPP_ROUND (i);
      greet ("world", 2);
    }
  return 0;
}
