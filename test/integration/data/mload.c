/* SPDX-License-Identifier: MIT */
/* mload.c — consumer-openmetrics.sh's traced program: N requests with
 * deterministic commands and numbers (request i: command i % 3 of the
 * table, class i % 2, size (i % 7) * 100 + 1, latency (i % 10) * 100 + 5),
 * USEC apart; then it creates DONEFILE and waits (at most 120 s) until
 * STOPFILE exists, so that its dtrace keeps serving while the test looks. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mload.h"

static const char *const commands[] = { "get", "set", "odd \"quoted\" \\ name" };

int
main (int argc, char **argv)
{
  if (argc != 5)
    {
      fprintf (stderr, "usage: mload N USEC DONEFILE STOPFILE\n");
      return 2;
    }
  int n = atoi (argv[1]), gap = atoi (argv[2]);
  for (int i = 0; i < n; i++)
    {
      MLOAD_REQUEST (commands[i % 3], i % 2, (long) (i % 7) * 100 + 1, (long) (i % 10) * 100 + 5);
      if (gap > 0)
        usleep ((useconds_t) gap);
    }
  MLOAD_DONE ();
  FILE *f = fopen (argv[3], "w");
  if (f)
    fclose (f);
  for (int t = 0; t < 6000 && access (argv[4], F_OK) != 0; t++)
    usleep (20000);
  return 0;
}
