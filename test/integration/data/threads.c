/* SPDX-License-Identifier: MIT */
/* threads.c — a process whose threads have names of their own: `threads N`
 * starts threads named "worker-a" and "worker-b" (pthread_setname_np) that
 * each fire thr:::work N times after thr:::ready is enabled, and fires
 * thr:::work N times in the main thread, which keeps the program's name. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "threads.h"

static int n = 3;

static void *
worker (void *name)
{
  pthread_setname_np (pthread_self (), name);
  for (int i = 0; i < n; i++)
    THR_WORK (i);
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    n = atoi (argv[1]);
  for (int t = 0; t < 2000 && !THR_READY_ENABLED (); t++)
    usleep (5000);
  THR_READY ();
  pthread_t a, b;
  pthread_create (&a, NULL, worker, "worker-a");
  pthread_join (a, NULL);
  pthread_create (&b, NULL, worker, "worker-b");
  pthread_join (b, NULL);
  for (int i = 0; i < n; i++)
    THR_WORK (i);
  return 0;
}
