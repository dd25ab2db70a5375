/* SPDX-License-Identifier: MIT */
/* kit-prog.c — the known program scripts-kit.sh traces with the ready D
 * scripts of scripts/ (the process, system-call, CPU and function-flow
 * views).  `kit-prog MODE ARGS` does one known thing and reports what the
 * test needs on stderr (stdout stays for dtrace):
 *
 *   exec N        fork+exec `kit-prog noop alpha "two words"` N times, wait;
 *                 then a child execs a missing path (ENOENT)
 *   noop ...      exit 0
 *   fork N        fork N children that _exit(0), wait for each; create and
 *                 join one thread (a thread is no new process)
 *   rw FILE       write 3 x 123 bytes to FILE, seek back, read it in 4096
 *                 byte reads (369, then 0 at end of file)
 *   sys           getppid() x5, close(-1) x7 (EBADF), chdir(missing) x3
 *                 (ENOENT), write(devnull, buf, 42) x2
 *   flow          outer() twice; outer() calls middle() twice, middle()
 *                 calls inner() three times
 *   mutex N       two threads lock and unlock one mutex N times each
 *   malloc        malloc 16 x10, 100 x5, 5000 x3, 1 MiB x1 (freed)
 *   kern MB       read MB MiB from /dev/zero, 1 MiB a read (kernel time)
 *   spin N        level1() -> level2() -> spin(N) (user time)
 *   exit CODE     exit with CODE
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__ ((noinline)) void
inner (int i)
{
  sink += i;
}

__attribute__ ((noinline)) void
middle (int i)
{
  for (int k = 0; k < 3; k++)
    inner (i + k);
}

__attribute__ ((noinline)) void
outer (int i)
{
  middle (i);
  middle (i + 1);
}

__attribute__ ((noinline)) long
spin (long n)
{
  volatile long s = 0;
  for (long i = 0; i < n; i++)
    s += i;
  return s;
}

__attribute__ ((noinline)) long
level2 (long n)
{
  long r = spin (n);
  __asm__ volatile ("" ::: "memory");
  return r + 1;
}

__attribute__ ((noinline)) long
level1 (long n)
{
  long r = level2 (n);
  __asm__ volatile ("" ::: "memory");
  return r + 1;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long mutex_rounds;

static void *
locker (void *arg)
{
  (void) arg;
  for (long i = 0; i < mutex_rounds; i++)
    {
      pthread_mutex_lock (&lock);
      sink++;
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

static void *
nothing (void *arg)
{
  return arg;
}

static int
do_exec (const char *self, int n)
{
  for (int i = 0; i < n; i++)
    {
      pid_t c = fork ();
      if (c == 0)
        {
          execl (self, self, "noop", "alpha", "two words", (char *) NULL);
          _exit (127);
        }
      fprintf (stderr, "child=%d\n", (int) c);
      waitpid (c, NULL, 0);
    }
  pid_t c = fork ();
  if (c == 0)
    {
      execl ("/nonexistent/sdtkit-kit-exec", "missing", (char *) NULL);
      _exit (127);
    }
  fprintf (stderr, "failed=%d\n", (int) c);
  waitpid (c, NULL, 0);
  return 0;
}

static int
do_fork (int n)
{
  for (int i = 0; i < n; i++)
    {
      pid_t c = fork ();
      if (c == 0)
        _exit (0);
      waitpid (c, NULL, 0);
    }
  pthread_t t;
  pthread_create (&t, NULL, nothing, NULL);
  pthread_join (t, NULL);
  return 0;
}

static int
do_rw (const char *path)
{
  char buf[4096];
  memset (buf, 'k', sizeof buf);
  int fd = open (path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return 1;
  fprintf (stderr, "fd=%d\n", fd);
  for (int i = 0; i < 3; i++)
    if (write (fd, buf, 123) != 123)
      return 1;
  lseek (fd, 0, SEEK_SET);
  while (read (fd, buf, sizeof buf) > 0)
    ;
  close (fd);
  return 0;
}

static int
do_sys (void)
{
  char buf[42] = { 0 };
  long t = 0;
  for (int i = 0; i < 5; i++)
    t += getppid ();
  for (int i = 0; i < 7; i++)
    t += close (-1);
  for (int i = 0; i < 3; i++)
    t += chdir ("/nonexistent/sdtkit-kit");
  int fd = open ("/dev/null", O_WRONLY);
  fprintf (stderr, "fd=%d\n", fd);
  for (int i = 0; i < 2; i++)
    t += write (fd, buf, sizeof buf);
  close (fd);
  sink = t;
  return 0;
}

static int
do_mutex (long n)
{
  pthread_t a, b;
  mutex_rounds = n;
  fprintf (stderr, "mutex=%p\n", (void *) &lock);
  pthread_create (&a, NULL, locker, NULL);
  pthread_create (&b, NULL, locker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}

static int
do_malloc (void)
{
  static const struct { size_t size; int times; } plan[] = {
    { 16, 10 }, { 100, 5 }, { 5000, 3 }, { 1 << 20, 1 },
  };
  for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++)
    for (int k = 0; k < plan[i].times; k++)
      {
        char *volatile p = malloc (plan[i].size);
        if (p)
          p[0] = 1;
        free (p);
      }
  return 0;
}

static int
do_kern (long mb)
{
  static char buf[1 << 20];
  int fd = open ("/dev/zero", O_RDONLY);
  if (fd < 0)
    return 1;
  for (long i = 0; i < mb; i++)
    if (read (fd, buf, sizeof buf) != (ssize_t) sizeof buf)
      return 1;
  close (fd);
  return 0;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "noop";
  long n = argc > 2 ? atol (argv[2]) : 0;
  fprintf (stderr, "pid=%d\n", (int) getpid ());
  if (strcmp (mode, "exec") == 0)
    return do_exec (argv[0], (int) n);
  if (strcmp (mode, "fork") == 0)
    return do_fork ((int) n);
  if (strcmp (mode, "rw") == 0)
    return argc > 2 ? do_rw (argv[2]) : 2;
  if (strcmp (mode, "sys") == 0)
    return do_sys ();
  if (strcmp (mode, "flow") == 0)
    {
      outer (1);
      outer (2);
      return 0;
    }
  if (strcmp (mode, "mutex") == 0)
    return do_mutex (n);
  if (strcmp (mode, "malloc") == 0)
    return do_malloc ();
  if (strcmp (mode, "kern") == 0)
    return do_kern (n);
  if (strcmp (mode, "spin") == 0)
    {
      sink = level1 (n);
      return 0;
    }
  if (strcmp (mode, "exit") == 0)
    return (int) n;
  return 0;
}
