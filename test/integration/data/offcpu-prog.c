/* SPDX-License-Identifier: MIT */
/* offcpu-prog.c — known waits for scripts/offcpu.d (scripts-kit.sh):
 * napper() sleeps 5 x 40 ms in nanosleep; slow_read() blocks about 100 ms
 * in read() on a pipe a child writes to late. */
#include <time.h>
#include <unistd.h>

__attribute__ ((noinline)) static void
nap (int ms)
{
  struct timespec t = { 0, ms * 1000000L };
  nanosleep (&t, 0);
}

__attribute__ ((noinline)) static void
napper (void)
{
  for (int i = 0; i < 5; i++)
    nap (40);
}

__attribute__ ((noinline)) static void
slow_read (void)
{
  char b[8];
  int p[2];
  if (pipe (p) != 0)
    return;
  if (fork () == 0)
    {
      nap (100);
      if (write (p[1], "x", 1) != 1)
        _exit (1);
      _exit (0);
    }
  if (read (p[0], b, 1) != 1)
    return;
}

int
main (void)
{
  napper ();
  slow_read ();
  return 0;
}
