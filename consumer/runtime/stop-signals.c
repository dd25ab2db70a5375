/* SPDX-License-Identifier: MIT */
/*
 * stop-signals.c — the stop and hurry signals (stop-signals.h).
 */
#include "consumer/runtime/stop-signals.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t nsignals;

static void
on_stop_signal (int sig)
{
  (void) sig;
  if (nsignals < 1000)
    nsignals++;
}

void
stop_signals_install (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGTERM, &sa, NULL);
}

bool
stop_requested (void)
{
  return nsignals > 0;
}

bool
stop_hurried (void)
{
  return nsignals > 1;
}
