/* SPDX-License-Identifier: MIT */
/* pi-target.c — consumer-sched.sh's priority inheritance: a thread at
 * nice 10 (kernel priority 130) holds a PTHREAD_PRIO_INHERIT mutex for
 * 200 ms while the main thread (nice 0, 120) waits for it: the kernel
 * lends the holder priority 120 (sched:::change-pri), then takes it back
 * at the unlock (130).  Raising one's own nice needs no privilege. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t m;
static pthread_mutex_t ready_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *
holder (void *a)
{
  (void) a;
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10);
  pthread_mutex_lock (&m);
  pthread_mutex_lock (&ready_m);
  ready = 1;
  pthread_cond_signal (&ready_c);
  pthread_mutex_unlock (&ready_m);
  struct timespec ts = { 0, 200000000 };
  nanosleep (&ts, NULL);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_mutexattr_t at;
  pthread_mutexattr_init (&at);
  pthread_mutexattr_setprotocol (&at, PTHREAD_PRIO_INHERIT);
  pthread_mutex_init (&m, &at);
  pthread_t t;
  pthread_create (&t, NULL, holder, NULL);
  pthread_mutex_lock (&ready_m);
  while (!ready)
    pthread_cond_wait (&ready_c, &ready_m);
  pthread_mutex_unlock (&ready_m);
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
