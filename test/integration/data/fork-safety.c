/* SPDX-License-Identifier: MIT */
/* fork-safety.c — consumer-fork-safety.sh's traced program, built once per
 * site kind with a "site.h" that defines SITE_FIRE(x) (the probe, one
 * int argument: the scenario) and SITE_ENABLED() (its semaphore).
 *
 *   PROG run       the scenarios, in order (the test's design comment says
 *                  why); waits for the test at CTL/go, CTL/loop, CTL/gone
 *                  and CTL/end (files the test creates; every wait at most
 *                  60 s)
 *   PROG fire S    fires S K times and exits 0 (exec'd children)
 *   PROG idle      waits for CTL/end (a process of the file at dtrace's start)
 *   PROG control   fires P times, says whether the kernel's uprobe
 *                  trampoline is mapped, then forks two children that fire
 *
 * Environment: FS_CTL (the control directory), FS_OTHER (the second
 * binary, for exec-other).  Every process appends one-line reports to
 * CTL/status ("ROLE pid N", "SCENARIO exit N" / "SCENARIO signal N", ...);
 * every scenario fires the one probe site of the program, fire(). */
#define _GNU_SOURCE
#include "site.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { P = 10, K = 20, NT = 4, NLOOP = 2, LOOP_MIN = 1000, WAIT_TICKS = 6000 /* x 10 ms */ };
enum {
  S_PARENT = 1, S_FORK, S_VFORK_EXEC, S_SPAWN, S_THREADS, S_DAEMON, S_EXEC_OTHER,
  S_DETACH, S_KILL9, S_MARKER = 99
};

extern char **environ;
static const char *ctl, *self, *other;
static volatile int fired;

/* the one probe site of the program: every scenario fires here, so that a
 * site the kernel optimized in the parent is the one its children reach
 * (the store after it keeps a call-style site a call, not a tail jump) */
__attribute__ ((noipa)) void fire (int scenario);
void
fire (int scenario)
{
  SITE_FIRE (scenario);
  fired++;
}

static int
semaphore (void)
{
  return (int) SITE_ENABLED ();
}

/* one line appended to CTL/status (O_APPEND: whole lines from every process) */
__attribute__ ((format (printf, 1, 2))) static void
say (const char *fmt, ...)
{
  char buf[256], path[512];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (buf, sizeof buf - 1, fmt, ap);
  va_end (ap);
  if (n < 0 || n > (int) sizeof buf - 2)
    n = (int) sizeof buf - 2;
  buf[n++] = '\n';
  snprintf (path, sizeof path, "%s/status", ctl);
  int fd = open (path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0)
    {
      ssize_t w = write (fd, buf, (size_t) n);
      (void) w;
      close (fd);
    }
}

static void
tick (void)
{
  struct timespec ts = { 0, 10 * 1000 * 1000 };
  nanosleep (&ts, NULL);
}

/* wait for the test to create CTL/NAME, at most 60 s */
static int
wait_file (const char *name)
{
  char path[512];
  snprintf (path, sizeof path, "%s/%s", ctl, name);
  for (int i = 0; i < WAIT_TICKS; i++)
    {
      if (access (path, F_OK) == 0)
        return 0;
      tick ();
    }
  say ("timeout: pid %d waited 60 s for %s", (int) getpid (), name);
  return -1;
}

static void
say_status (const char *what, int st)
{
  if (WIFEXITED (st))
    say ("%s exit %d", what, WEXITSTATUS (st));
  else if (WIFSIGNALED (st))
    say ("%s signal %d", what, WTERMSIG (st));
  else
    say ("%s status %#x", what, (unsigned) st);
}

/* reap PID and report how it ended */
static void
report (const char *what, pid_t pid)
{
  int st;
  if (pid < 0)
    {
      say ("%s not started: %s", what, strerror (errno));
      return;
    }
  while (waitpid (pid, &st, 0) < 0)
    if (errno != EINTR)
      {
        say ("%s waitpid: %s", what, strerror (errno));
        return;
      }
  say_status (what, st);
}

static int
fire_k (int scenario)
{
  for (int i = 0; i < K; i++)
    fire (scenario);
  return 0;
}

static void *
thread_main (void *arg)
{
  (void) arg;
  fire_k (S_THREADS);
  return NULL;
}

/* the semaphore once dtrace is gone (the test says so only after reaping
 * it: its links were closed as it exited, so 0 is expected at once); polled
 * for at most 5 s all the same, so that a slow release is not taken for a
 * leak: the test asserts the value, not the time */
static int
semaphore_settled (void)
{
  for (int i = 0; i < 500 && semaphore () != 0; i++)
    tick ();
  return semaphore ();
}

/* the loopers' pids and ends are the watcher's own; only the stop flag
 * and the iteration counts are shared with them */
struct loopers {
  volatile int *stop;
  volatile long *iters;
  pid_t pid[NLOOP];
  int reaped[NLOOP];
};

/* reap the loopers that ended, reporting each */
static int
loopers_reap (struct loopers *lp, int block)
{
  int gone = 0;
  for (int i = 0; i < NLOOP; i++)
    {
      if (!lp->reaped[i])
        {
          int st;
          pid_t r = waitpid (lp->pid[i], &st, block ? 0 : WNOHANG);
          if (r == lp->pid[i] || (r < 0 && errno != EINTR))
            {
              char what[16];
              snprintf (what, sizeof what, "looper%d", i);
              if (r == lp->pid[i])
                say_status (what, st);
              else
                say ("%s waitpid: %s", what, strerror (errno));
              lp->reaped[i] = 1;
            }
        }
      gone += lp->reaped[i];
    }
  return gone;
}

/* every looper LOOP_MIN iterations past BASE; -1 if one died or 60 s passed */
static int
loopers_advance (struct loopers *lp, const long *base)
{
  for (int t = 0; t < WAIT_TICKS; t++)
    {
      int n = 0;
      for (int i = 0; i < NLOOP; i++)
        n += lp->iters[i] >= base[i] + LOOP_MIN;
      if (n == NLOOP)
        return 0;
      if (loopers_reap (lp, 0) > 0)
        return -1;
      tick ();
    }
  say ("timeout: the loopers did not advance in 60 s");
  return -1;
}

/* The watcher, forked by the parent while traced: it forks the detach
 * child and the kill -9 loopers and reports them (it outlives a -c target,
 * which dies with dtrace). */
static void
watcher (void)
{
  say ("watcher pid %d", (int) getpid ());
  struct loopers loopers = { 0 }, *lp = &loopers;
  volatile long *shared = mmap (NULL, (NLOOP + 1) * sizeof (long), PROT_READ | PROT_WRITE,
                                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    {
      say ("watcher mmap: %s", strerror (errno));
      _exit (1);
    }
  lp->stop = (volatile int *) &shared[NLOOP];
  lp->iters = shared;
  /* detach: forked now, fires only once dtrace is gone */
  pid_t d = fork ();
  if (d == 0)
    {
      say ("detach pid %d", (int) getpid ());
      if (wait_file ("gone") != 0)
        _exit (2);
      int sem = semaphore_settled ();
      fire_k (S_DETACH);
      say ("detach semaphore %d", sem);
      _exit (sem == 0 ? 0 : 3);
    }
  for (int i = 0; i < NLOOP; i++)
    if ((lp->pid[i] = fork ()) == 0)
      {
        say ("looper%d pid %d", i, (int) getpid ());
        if (wait_file ("loop") != 0)
          _exit (2);
        while (!*lp->stop)
          {
            fire (S_KILL9);
            lp->iters[i]++;
          }
        _exit (0);
      }
  long zero[NLOOP] = { 0 }, base[NLOOP];
  if (wait_file ("loop") == 0 && loopers_advance (lp, zero) == 0)
    {
      say ("loopers running");
      if (wait_file ("gone") == 0)
        {
          for (int i = 0; i < NLOOP; i++)
            base[i] = lp->iters[i];
          if (loopers_advance (lp, base) == 0)
            say ("loopers ran on after dtrace was gone");
        }
    }
  *lp->stop = 1;
  loopers_reap (lp, 1);
  report ("detach", d);
  say ("watcher semaphore %d", semaphore_settled ());
  say ("watcher ready");
  wait_file ("end");
  _exit (0);
}

static pid_t
exec_child (const char *path, int scenario, int use_vfork)
{
  char arg[16];
  snprintf (arg, sizeof arg, "%d", scenario);
  pid_t pid = use_vfork ? vfork () : fork ();
  if (pid == 0)
    {
      execl (path, path, "fire", arg, (char *) NULL);
      _exit (127);
    }
  return pid;
}

static void
run_daemon (void)
{
  int pd[2];
  if (pipe (pd) != 0)
    {
      say ("daemon pipe: %s", strerror (errno));
      return;
    }
  pid_t pid = fork ();
  if (pid == 0)
    {
      close (pd[0]);
      if (daemon (1, 0) != 0)
        _exit (1);
      say ("daemon pid %d", (int) getpid ());
      fire_k (S_DAEMON);
      ssize_t w = write (pd[1], "done", 4);
      _exit (w == 4 ? 0 : 1);
    }
  close (pd[1]);
  report ("daemon-fork", pid);
  /* the grandchild's word, or EOF if it died first (at most 60 s) */
  struct pollfd pfd = { pd[0], POLLIN, 0 };
  char buf[8] = { 0 };
  ssize_t got = 0;
  if (poll (&pfd, 1, 60000) == 1)
    while ((got = read (pd[0], buf, 4)) < 0 && errno == EINTR)
      ;
  say ("daemon %s", got == 4 && memcmp (buf, "done", 4) == 0 ? "done" : "died");
  close (pd[0]);
}

static int
run (void)
{
  say ("parent pid %d", (int) getpid ());
  if (wait_file ("go") != 0)
    return 2;
  say ("parent semaphore traced %d", semaphore ());
  for (int i = 0; i < P; i++)
    fire (S_PARENT);

  pid_t pid = fork ();
  if (pid == 0)
    _exit (fire_k (S_FORK));
  report ("fork", pid);

  report ("vfork-exec", exec_child (self, S_VFORK_EXEC, 1));

  char arg[16];
  snprintf (arg, sizeof arg, "%d", S_SPAWN);
  char *argv[] = { (char *) self, (char *) "fire", arg, NULL };
  int err = posix_spawn (&pid, self, NULL, NULL, argv, environ);
  if (err != 0)
    errno = err;
  report ("posix-spawn", err == 0 ? pid : -1);

  pthread_t th[NT];
  int nth = 0;
  for (int i = 0; i < NT; i++)
    if (pthread_create (&th[nth], NULL, thread_main, NULL) == 0)
      nth++;
  for (int i = 0; i < nth; i++)
    pthread_join (th[i], NULL);
  say ("threads %d joined", nth);

  run_daemon ();

  report ("exec-other", exec_child (other, S_EXEC_OTHER, 0));

  pid_t w = fork ();
  if (w == 0)
    watcher ();

  /* every hit above is done: the test's clause prints the counts here */
  fire (S_MARKER);
  if (wait_file ("gone") == 0)
    say ("parent semaphore %d", semaphore_settled ());
  say ("parent ready");
  wait_file ("end");
  report ("watcher", w);
  return 0;
}

/* the control: the children of a parent whose site the kernel optimized */
static int
control (void)
{
  for (int i = 0; i < P; i++)
    fire (S_PARENT);
  char line[512];
  int tramp = 0;
  FILE *m = fopen ("/proc/self/maps", "r");
  while (m && fgets (line, sizeof line, m))
    tramp |= strstr (line, "[uprobes-trampoline]") != NULL;
  if (m)
    fclose (m);
  say ("control trampoline %s", tramp ? "yes" : "no");
  for (int i = 0; i < 2; i++)
    {
      pid_t pid = fork ();
      if (pid == 0)
        _exit (fire_k (S_FORK));
      report ("control-fork", pid);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  self = argv[0];
  ctl = getenv ("FS_CTL");
  other = getenv ("FS_OTHER");
  if (!ctl || !other)
    return 64;
  if (argc == 3 && strcmp (argv[1], "fire") == 0)
    return fire_k (atoi (argv[2]));
  if (argc == 2 && strcmp (argv[1], "idle") == 0)
    {
      say ("idle pid %d", (int) getpid ());
      return wait_file ("end") == 0 ? 0 : 1;
    }
  if (argc == 2 && strcmp (argv[1], "run") == 0)
    return run ();
  if (argc == 2 && strcmp (argv[1], "control") == 0)
    return control ();
  return 64;
}
