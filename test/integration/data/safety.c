/* SPDX-License-Identifier: MIT */
/* safety.c — consumer-safety.sh's traced program: `safety MODE [N]`.
 *   tick N   saf:::tick(i, name) for i = 0..N-1, then saf:::done(N)
 *   bad      saf:::bad(16), then saf:::done(1): an address no one can read
 *   poke     saf:::poke(buf, 32) on a buffer holding "original", then
 *            prints the buffer (copyout/copyoutstr change it)
 *   sig      saf:::sig() with a SIGUSR1 handler installed, then prints
 *            whether the signal arrived (raise)
 *   halt     writes its pid to ./halt.pid, fires saf:::halt() (stop()
 *            stops it here), then prints "resumed" */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "safety.h"

static const char *const names[] = { "alpha", "beta", "gamma" };
static volatile sig_atomic_t got;
static char buf[32] = "original";

static void
on_usr1 (int sig)
{
  (void) sig;
  got = 1;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "tick";
  int n = argc > 2 ? atoi (argv[2]) : 10;
  size_t warm = 0;
  for (int k = 0; k < 3; k++)   /* page the strings in */
    for (const volatile char *c = names[k]; *c; c++)
      warm++;
  if (strcmp (mode, "tick") == 0)
    {
      for (int i = 0; i < n; i++)
        SAF_TICK (i, names[i % 3]);
      SAF_DONE (n);
    }
  else if (strcmp (mode, "bad") == 0)
    {
      SAF_BAD (16L);
      SAF_DONE (1);
    }
  else if (strcmp (mode, "poke") == 0)
    {
      SAF_POKE (buf, (int) sizeof buf);
      printf ("buf=%s\n", buf);
    }
  else if (strcmp (mode, "sig") == 0)
    {
      signal (SIGUSR1, on_usr1);
      SAF_SIG ();
      for (int t = 0; t < 200 && !got; t++)
        usleep (5000);
      printf ("sigusr1=%d\n", (int) got);
    }
  else if (strcmp (mode, "halt") == 0)
    {
      FILE *f = fopen ("halt.pid", "w");
      if (f)
        {
          fprintf (f, "%d\n", (int) getpid ());
          fclose (f);
        }
      SAF_HALT ();
      printf ("resumed\n");
    }
  fflush (stdout);
  return warm == 0;
}
