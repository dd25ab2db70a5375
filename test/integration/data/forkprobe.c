/* SPDX-License-Identifier: MIT */
/* forkprobe.c — a call-style probe fired before and after fork, for the
 * fork check of callstyle.sh (doc/probe-sites.md §8.1).  Built with the
 * header of `dtrace -h -x callstyle -s forkprobe.d` and linked by -G.
 *
 * Every hit goes through the one site in fire(), an ordinary call (not a
 * tail call), so a tracer attaches one uprobe and sees every hit there:
 *
 *   1. until FIFO becomes readable: fire(0, k), then poll FIFO for up to
 *      10 ms, again and again.  The tracer prints "sync" on a who == 0 hit;
 *      the test writes to FIFO once it has read that line, so from then on
 *      the tracer's program runs on every hit of the site (no hit is lost
 *      between the semaphore going up and the program being attached);
 *   2. the parent: fire(1, i) N times;
 *   3. three children, forked one after the other, each fire(2 + c, i)
 *      N times and _exit(0);
 *   4. the parent waits for each and prints one line per child, "child C:
 *      exit S" or "child C: signal S", then fire(9, 0) (the tracer's cue
 *      to exit) and exits 0 when every child exited 0, else 1.
 *
 * Usage: forkprobe FIFO N.  A site the kernel optimized into a call of its
 * uprobe trampoline in the parent (a probed 5-byte nop, Linux 6.18) sends
 * every child to an unmapped page: the children die of SIGSEGV.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "forkprobe.h"

#define NCHILDREN 3

static volatile int fired;

__attribute__ ((noinline)) static void
fire (int who, int n)
{
  FRK_HIT (who, n);
  fired++;   /* after the call: the probe stays a call, never a tail jump */
}

static int
wait_for_go (const char *fifo)
{
  int fd = open (fifo, O_RDWR);   /* O_RDWR: never blocks, never sees EOF */
  if (fd < 0)
    {
      perror (fifo);
      return -1;
    }
  struct pollfd p = { fd, POLLIN, 0 };
  for (int k = 0;; k++)
    {
      fire (0, k);
      if (poll (&p, 1, 10) > 0)
        break;
    }
  close (fd);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: forkprobe FIFO N\n");
      return 2;
    }
  int n = atoi (argv[2]);
  if (wait_for_go (argv[1]) != 0)
    return 2;
  for (int i = 0; i < n; i++)
    fire (1, i);

  pid_t kids[NCHILDREN];
  for (int c = 0; c < NCHILDREN; c++)
    {
      fflush (stdout);
      kids[c] = fork ();
      if (kids[c] < 0)
        {
          perror ("fork");
          return 2;
        }
      if (kids[c] == 0)
        {
          for (int i = 0; i < n; i++)
            fire (2 + c, i);
          _exit (0);
        }
    }

  int bad = 0;
  for (int c = 0; c < NCHILDREN; c++)
    {
      int st;
      if (waitpid (kids[c], &st, 0) != kids[c])
        {
          perror ("waitpid");
          return 2;
        }
      if (WIFEXITED (st))
        printf ("child %d: exit %d\n", c, WEXITSTATUS (st));
      else
        printf ("child %d: signal %d\n", c, WIFSIGNALED (st) ? WTERMSIG (st) : -1);
      bad += !WIFEXITED (st) || WEXITSTATUS (st) != 0;
    }
  fire (9, 0);
  return bad ? 1 : 0;
}
