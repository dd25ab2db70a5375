/* SPDX-License-Identifier: MIT */
/* lockstat-target.c — consumer-lockstat.sh's process: six threads write
 * one byte at a time into one pipe for up to 5 s (the pipe's mutex is
 * contended: lockstat:::adaptive-spin and adaptive-block), a seventh
 * drains it. */
#include <pthread.h>
#include <time.h>
#include <unistd.h>
static int fds[2];
static volatile int stop;
static void *w (void *a) { char c = 'x'; (void) a; while (!stop) if (write (fds[1], &c, 1) != 1) break; return 0; }
static void *r (void *a) { char b[4096]; (void) a; while (read (fds[0], b, sizeof b) > 0) ; return 0; }
int main (void) { pipe (fds); pthread_t t[6], rd; pthread_create (&rd, 0, r, 0); for (int i = 0; i < 6; i++) pthread_create (&t[i], 0, w, 0); sleep (5); stop = 1; for (int i = 0; i < 6; i++) pthread_join (t[i], 0); close (fds[1]); pthread_join (rd, 0); return 0; }
