/* SPDX-License-Identifier: MIT */
/*
 * clock.c — the server's clock: whole seconds since startup, as memcached
 * keeps time for items.
 *
 * Server time starts at 2, so that 1 can mean "already expired" and 0
 * "never".  It follows CLOCK_MONOTONIC, so a wall-clock jump neither expires
 * nor revives items; absolute expiry times sent by clients are converted
 * with the wall-clock time taken once at startup (process_started).
 */
#include "memcached.h"

#include <time.h>

static struct timespec mono_start;
static time_t started;

void
clock_init (void)
{
  clock_gettime (CLOCK_MONOTONIC, &mono_start);
  /* Server time T corresponds to the Unix time started + T. */
  started = time (NULL) - 2;
}

rel_time_t
current_time (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (rel_time_t) (now.tv_sec - mono_start.tv_sec + 2);
}

time_t
process_started (void)
{
  return started;
}

rel_time_t
realtime (int64_t exptime)
{
  if (exptime == 0)
    return 0;
  if (exptime < 0)
    return 1;                       /* in the past: expired at once */
  if (exptime > REALTIME_MAXDELTA)
    {
      /* An absolute Unix time. */
      if (exptime <= started)
        return 1;
      int64_t rel = exptime - started;
      return rel > UINT32_MAX ? UINT32_MAX : (rel_time_t) rel;
    }
  int64_t rel = exptime + current_time ();
  return rel > UINT32_MAX ? UINT32_MAX : (rel_time_t) rel;
}
