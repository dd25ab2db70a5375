/* SPDX-License-Identifier: MIT */
/* greet.c — the sample shared library, with USDT probes when built with
 * ENABLE_DTRACE (the header made by `dtrace -h` from greet.d); without
 * it the probe macros are nothing. */
#include "greet.h"

#include <stdio.h>

#ifdef ENABLE_DTRACE
#include "greet-probes.h"
#else
#define GREET_HELLO(who, n) do { } while (0)
#define GREET_HELLO_ENABLED() 0
#define GREET_DONE(total) do { } while (0)
#endif

int
greet (const char *who, int n)
{
  int total = 0;
  for (int i = 0; i < n; i++)
    {
      GREET_HELLO ((char *) who, i);
      if (GREET_HELLO_ENABLED ())
        total += 100;   /* is-enabled: the semaphore is raised while traced */
      total++;
    }
  printf ("hello, %s (%d)\n", who, total);
  GREET_DONE (total);
  return total;
}
