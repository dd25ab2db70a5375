/* SPDX-License-Identifier: MIT */
/* proc-target.c — consumer-proc.sh's target: one behaviour per argument,
 * each deterministic (the proc and sched probes' events it causes are
 * listed in the test).
 *   thread   one thread created and joined, then 50 ms asleep
 *   signals  SIGUSR1 ignored and sent to itself (discarded), then SIGUSR2
 *            to itself with a handler (sent, handled)
 *   sleep    100 ms asleep, in five naps of 20 ms (five arrivals on a CPU
 *            after a wakeup)
 *   exit N   exit status N */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void *
thread_main (void *arg)
{
  return arg;
}

static void
on_usr2 (int sig)
{
  (void) sig;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp (mode, "thread") == 0)
    {
      pthread_t t;
      if (pthread_create (&t, NULL, thread_main, NULL) != 0)
        return 1;
      pthread_join (t, NULL);
      /* the joined thread may still be in the kernel's exit path: a
       * moment for it, so that it does not see this thread's exit (see
       * doc/kernel-providers.md, proc:::exit) */
      struct timespec ts = { 0, 50000000 };
      nanosleep (&ts, NULL);
      return 0;
    }
  if (strcmp (mode, "signals") == 0)
    {
      /* kill, not raise: raise blocks every signal around its tgkill, and
       * a blocked signal is not ignored when it is generated */
      signal (SIGUSR1, SIG_IGN);
      kill (getpid (), SIGUSR1);
      signal (SIGUSR2, on_usr2);
      kill (getpid (), SIGUSR2);
      return 0;
    }
  if (strcmp (mode, "sleep") == 0)
    {
      for (int i = 0; i < 5; i++)
        {
          struct timespec ts = { 0, 20000000 };
          nanosleep (&ts, NULL);
        }
      return 0;
    }
  if (strcmp (mode, "exit") == 0 && argc > 2)
    return atoi (argv[2]);
  return 3;
}
