/* SPDX-License-Identifier: MIT */
/* scripts-prog.c — the known program scripts.sh traces with the ready
 * D scripts (scripts/) and the one-liners.  `scripts-prog N FILE SPIN`
 * calls counted() N times, opens and reads FILE to its end, opens a
 * missing file (ENOENT), calls getppid() 20000 times, close(-1) 7 times
 * (EBADF), chdir() to a missing directory 3 times (ENOENT), malloc(3000)
 * 4 times, then spin(SPIN) burns the CPU.  It reports "pid=P fd=F bad=B"
 * on stderr (stdout stays for dtrace). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__ ((noinline)) int
counted (int i)
{
  __asm__ volatile ("" ::: "memory");
  return i * 3;
}

__attribute__ ((noinline)) long
spin (long n)
{
  volatile long s = 0;
  for (long i = 0; i < n; i++)
    s += i;
  return s;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 10;
  const char *path = argc > 2 ? argv[2] : "/etc/hostname";
  long spins = argc > 3 ? atol (argv[3]) : 0;
  long t = 0;
  char buf[4096];
  for (int i = 0; i < n; i++)
    t += counted (i);
  int fd = open (path, O_RDONLY);
  if (fd >= 0)
    {
      while (read (fd, buf, sizeof buf) > 0)
        ;
      close (fd);
    }
  int bad = open ("/nonexistent/sdtkit-missing", O_RDONLY);
  for (int i = 0; i < 20000; i++)
    t += getppid ();
  for (int i = 0; i < 7; i++)
    t += close (-1);
  for (int i = 0; i < 3; i++)
    t += chdir ("/nonexistent/sdtkit-missing");
  for (int i = 0; i < 4; i++)
    {
      char *volatile p = malloc (3000);
      t += p != NULL;
      free (p);
    }
  t += spin (spins);
  fprintf (stderr, "pid=%d fd=%d bad=%d sum=%ld\n", (int) getpid (), fd, bad, t);
  return 0;
}
