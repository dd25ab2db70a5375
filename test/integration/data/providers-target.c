/* SPDX-License-Identifier: MIT */
/* providers-target.c — the traced program of consumer-providers.sh: calls
 * known functions with known arguments and return values, and opens and
 * reads known files.
 *
 *   providers-target N DIR [MS]  N rounds, then (after MS milliseconds) exit
 *   providers-target -w N DIR    wait for a line on stdin before each round
 *                                (for -p: dtrace attaches first), print
 *                                "round" after each, exit at EOF
 * A round: pv_add(i, 10 * i) for i < N... (see main), pv_seven(1..7),
 * pv_neg(5), then open DIR/pv-file-a and DIR/pv-file-b and read them, then
 * close(-1) (EBADF).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__ ((noinline)) long
pv_add (long a, long b)
{
  __asm__ volatile ("" ::: "memory");
  return a + b;
}

__attribute__ ((noinline)) long
pv_seven (long a, long b, long c, long d, long e, long f, long g)
{
  __asm__ volatile ("" ::: "memory");
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
}

__attribute__ ((noinline)) int
pv_neg (int x)
{
  __asm__ volatile ("" ::: "memory");
  return -x;
}

static void
read_file (const char *dir, const char *name)
{
  char path[4096], buf[64];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      perror (path);
      exit (1);
    }
  while (read (fd, buf, sizeof buf) > 0)
    ;
  close (fd);
}

static void
round_ (int n, const char *dir)
{
  for (int i = 0; i < n; i++)
    pv_add (i, 10 * i);
  pv_seven (1, 2, 3, 4, 5, 6, 7);
  pv_neg (5);
  read_file (dir, "pv-file-a");
  read_file (dir, "pv-file-b");
  close (-1);   /* fails with EBADF: a known failing system call */
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "-w") == 0)
    {
      char line[64];
      while (fgets (line, sizeof line, stdin))
        {
          round_ (atoi (argv[2]), argv[3]);
          printf ("round\n");
          fflush (stdout);
        }
      return 0;
    }
  if (argc != 3 && argc != 4)
    {
      fprintf (stderr, "usage: providers-target [-w] N DIR [MS]\n");
      return 2;
    }
  round_ (atoi (argv[1]), argv[2]);
  if (argc == 4)
    usleep (1000 * (useconds_t) atoi (argv[3]));   /* alive while dtrace reads its mappings */
  return 0;
}
