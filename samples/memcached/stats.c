/* SPDX-License-Identifier: MIT */
/*
 * stats.c — the server's counters and the "stats" command's groups.
 *
 * Counters are plain 64-bit integers updated with relaxed atomic adds (the
 * item counters under the cache lock instead).  stats_emit produces a
 * group as key/value pairs through a callback, so the text protocol can
 * print "STAT key value" lines and the binary protocol one packet per pair.
 * Names and meanings follow memcached's, for the subset this server has.
 */
#include "memcached.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

struct stats stats;

typedef void (*add_fn) (void *ctx, const char *key, const char *val);

static uint64_t
get (const uint64_t *field)
{
  return __atomic_load_n (field, __ATOMIC_RELAXED);
}

static void
add_u64 (add_fn add, void *ctx, const char *key, uint64_t v)
{
  char val[32];
  snprintf (val, sizeof val, "%" PRIu64, v);
  add (ctx, key, val);
}

static void
general_stats (add_fn add, void *ctx)
{
  char val[64];
  rel_time_t now = current_time ();
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);

  add_u64 (add, ctx, "pid", (uint64_t) getpid ());
  add_u64 (add, ctx, "uptime", now - 2);
  add_u64 (add, ctx, "time", (uint64_t) (process_started () + now));
  add (ctx, "version", PACKAGE_VERSION);
  add_u64 (add, ctx, "pointer_size", 8 * sizeof (void *));
  snprintf (val, sizeof val, "%ld.%06ld", (long) ru.ru_utime.tv_sec, (long) ru.ru_utime.tv_usec);
  add (ctx, "rusage_user", val);
  snprintf (val, sizeof val, "%ld.%06ld", (long) ru.ru_stime.tv_sec, (long) ru.ru_stime.tv_usec);
  add (ctx, "rusage_system", val);
  add_u64 (add, ctx, "max_connections", (uint64_t) settings.maxconns);
  add_u64 (add, ctx, "curr_connections", get (&stats.curr_connections));
  add_u64 (add, ctx, "total_connections", get (&stats.total_connections));
  add_u64 (add, ctx, "rejected_connections", get (&stats.rejected_connections));
  add_u64 (add, ctx, "connection_structures", get (&stats.conn_structures));
  add_u64 (add, ctx, "cmd_get", get (&stats.cmd_get));
  add_u64 (add, ctx, "cmd_set", get (&stats.cmd_set));
  add_u64 (add, ctx, "cmd_flush", get (&stats.cmd_flush));
  add_u64 (add, ctx, "cmd_touch", get (&stats.cmd_touch));
  add_u64 (add, ctx, "get_hits", get (&stats.get_hits));
  add_u64 (add, ctx, "get_misses", get (&stats.get_misses));
  add_u64 (add, ctx, "get_expired", get (&stats.get_expired));
  add_u64 (add, ctx, "get_flushed", get (&stats.get_flushed));
  add_u64 (add, ctx, "delete_misses", get (&stats.delete_misses));
  add_u64 (add, ctx, "delete_hits", get (&stats.delete_hits));
  add_u64 (add, ctx, "incr_misses", get (&stats.incr_misses));
  add_u64 (add, ctx, "incr_hits", get (&stats.incr_hits));
  add_u64 (add, ctx, "decr_misses", get (&stats.decr_misses));
  add_u64 (add, ctx, "decr_hits", get (&stats.decr_hits));
  add_u64 (add, ctx, "cas_misses", get (&stats.cas_misses));
  add_u64 (add, ctx, "cas_hits", get (&stats.cas_hits));
  add_u64 (add, ctx, "cas_badval", get (&stats.cas_badval));
  add_u64 (add, ctx, "touch_hits", get (&stats.touch_hits));
  add_u64 (add, ctx, "touch_misses", get (&stats.touch_misses));
  add_u64 (add, ctx, "bytes_read", get (&stats.bytes_read));
  add_u64 (add, ctx, "bytes_written", get (&stats.bytes_written));
  add_u64 (add, ctx, "limit_maxbytes", settings.maxbytes);
  add_u64 (add, ctx, "threads", (uint64_t) settings.num_threads);

  pthread_mutex_lock (&cache_lock);
  unsigned power = assoc_hashpower ();
  uint64_t curr_items = stats.curr_items, total_items = stats.total_items;
  uint64_t bytes = stats.bytes, evictions = stats.evictions, reclaimed = stats.reclaimed;
  pthread_mutex_unlock (&cache_lock);
  add_u64 (add, ctx, "hash_power_level", power);
  add_u64 (add, ctx, "hash_bytes", ((uint64_t) 1 << power) * sizeof (void *));
  add_u64 (add, ctx, "bytes", bytes);
  add_u64 (add, ctx, "curr_items", curr_items);
  add_u64 (add, ctx, "total_items", total_items);
  add_u64 (add, ctx, "evictions", evictions);
  add_u64 (add, ctx, "reclaimed", reclaimed);
}

static void
settings_stats (add_fn add, void *ctx)
{
  char val[64];
  add_u64 (add, ctx, "maxbytes", settings.maxbytes);
  add_u64 (add, ctx, "maxconns", (uint64_t) settings.maxconns);
  add_u64 (add, ctx, "tcpport", (uint64_t) settings.port);
  add_u64 (add, ctx, "udpport", (uint64_t) settings.udpport);
  add (ctx, "inter", settings.inter != NULL ? settings.inter : "NULL");
  add_u64 (add, ctx, "verbosity", (uint64_t) verbosity ());
  add_u64 (add, ctx, "num_threads", (uint64_t) settings.num_threads);
  snprintf (val, sizeof val, "%.2f", settings.factor);
  add (ctx, "growth_factor", val);
  add_u64 (add, ctx, "chunk_size", settings.chunk_size);
  add_u64 (add, ctx, "item_size_max", settings.item_size_max);
  add_u64 (add, ctx, "tcp_backlog", (uint64_t) settings.backlog);
  add (ctx, "binding_protocol", "auto-negotiate");
  add (ctx, "cas_enabled", "yes");
  add (ctx, "evictions", "on");
}

static void
reset (void)
{
  uint64_t *counters[] = {
    &stats.cmd_get, &stats.cmd_set, &stats.cmd_flush, &stats.cmd_touch,
    &stats.get_hits, &stats.get_misses, &stats.get_expired, &stats.get_flushed,
    &stats.delete_hits, &stats.delete_misses, &stats.incr_hits, &stats.incr_misses,
    &stats.decr_hits, &stats.decr_misses, &stats.cas_hits, &stats.cas_misses,
    &stats.cas_badval, &stats.touch_hits, &stats.touch_misses, &stats.bytes_read,
    &stats.bytes_written, &stats.total_connections, &stats.rejected_connections,
  };
  for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
    __atomic_store_n (counters[i], 0, __ATOMIC_RELAXED);
  pthread_mutex_lock (&cache_lock);
  stats.total_items = stats.evictions = stats.reclaimed = 0;
  pthread_mutex_unlock (&cache_lock);
}

static bool
is (const char *group, size_t glen, const char *name)
{
  return glen == strlen (name) && memcmp (group, name, glen) == 0;
}

bool
stats_emit (const char *group, size_t glen, add_fn add, void *ctx)
{
  if (glen == 0)
    general_stats (add, ctx);
  else if (is (group, glen, "settings"))
    settings_stats (add, ctx);
  else if (is (group, glen, "items"))
    items_stats (add, ctx);
  else if (is (group, glen, "slabs"))
    {
      pthread_mutex_lock (&cache_lock);
      slabs_stats (add, ctx);
      pthread_mutex_unlock (&cache_lock);
    }
  else if (is (group, glen, "reset"))
    reset ();
  else
    return false;
  return true;
}
