/* SPDX-License-Identifier: MIT */
/*
 * memcached.h — the declarations every part of the sample server shares.
 *
 * The server is split by concept, one file each:
 *   main.c         command line, startup, signals, shutdown
 *   net.c          listening sockets, the accept thread, the worker threads
 *                  (one epoll set each; connections dispatched round-robin)
 *   conn.c         one connection: buffers, its state machine, reading,
 *                  queuing and writing responses
 *   proto_text.c   the text protocol
 *   proto_binary.c the binary protocol
 *   items.c        items: allocation with eviction, the per-class LRUs,
 *                  link/unlink/replace, storage commands, incr/decr, touch,
 *                  expiry and flush_all
 *   assoc.c        the hash table from key to item
 *   slabs.c        the slab allocator and the -m memory limit
 *   stats.c        counters and the "stats" groups
 *   clock.c        the server's relative clock and expiry-time conversion
 *
 * Locking: one mutex, the cache lock, guards items, the LRUs, the hash table
 * and the slab allocator (functions named do_* expect it held, the others
 * take it).  An item handed to a connection carries a reference count, so
 * its bytes stay valid while they are being written without the lock.  A
 * linked item's key and value never change: every modification builds a new
 * item and replaces the old one.  Connections belong to one worker thread
 * each and need no lock.
 */
#ifndef MC_MEMCACHED_H
#define MC_MEMCACHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/types.h>
#include <sys/uio.h>

#define KEY_MAX_LENGTH 250
/* Expiry times above this many seconds are absolute Unix times. */
#define REALTIME_MAXDELTA (60 * 60 * 24 * 30)

/* ------------------------------------------------------------ settings */

struct settings
{
  int port;                 /* -p: TCP port */
  const char *inter;        /* -l: addresses to listen on (comma-separated), NULL = all */
  int udpport;              /* -U: accepted for compatibility; only 0 is served */
  int num_threads;          /* -t: worker threads */
  size_t maxbytes;          /* -m: memory limit for items, in bytes */
  int maxconns;             /* -c: simultaneous connections */
  int verbose;              /* -v, -vv */
  double factor;            /* -f: chunk size growth factor */
  size_t chunk_size;        /* -n: minimum space for key + value + flags */
  size_t item_size_max;     /* -I: largest item (header, key and value) */
  int backlog;              /* -b: listen backlog */
};
extern struct settings settings;

/* -v level; the "verbosity" command changes it while threads read it. */
static inline int
verbosity (void)
{
  return __atomic_load_n (&settings.verbose, __ATOMIC_RELAXED);
}

static inline void
set_verbosity (int level)
{
  __atomic_store_n (&settings.verbose, level, __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------ clock.c */

typedef uint32_t rel_time_t;    /* seconds since the server started, + 2 */

void clock_init (void);
rel_time_t current_time (void);
time_t process_started (void);
/* Converts a protocol expiry time (relative seconds, absolute Unix time above
   30 days, negative = already expired, 0 = never) to server time. */
rel_time_t realtime (int64_t exptime);

/* ------------------------------------------------------------ items.c */

#define ITEM_LINKED 1u

typedef struct item
{
  struct item *next;        /* LRU of the slab class (towards the tail) */
  struct item *prev;        /* LRU of the slab class (towards the head) */
  struct item *h_next;      /* hash chain */
  rel_time_t time;          /* last access */
  rel_time_t exptime;       /* 0 = never */
  uint32_t nbytes;          /* value length including the trailing "\r\n" */
  uint32_t flags;           /* the client's opaque flags */
  uint64_t cas;             /* cas unique, set when linked */
  uint32_t ntotal;          /* bytes requested from the slab allocator */
  uint16_t refcount;        /* references held by connections */
  uint8_t it_flags;         /* ITEM_LINKED */
  uint8_t clsid;            /* slab class */
  uint8_t nkey;             /* key length */
  char data[];              /* key, '\0', value, "\r\n" */
} item;

#define ITEM_key(it) ((char *) (it)->data)
#define ITEM_data(it) ((it)->data + (it)->nkey + 1)

enum store_cmd
{
  NREAD_SET = 1, NREAD_ADD, NREAD_REPLACE, NREAD_APPEND, NREAD_PREPEND, NREAD_CAS
};

enum store_result
{
  STORED, NOT_STORED, EXISTS, NOT_FOUND
};

enum alloc_error
{
  ALLOC_OK, ALLOC_TOO_LARGE, ALLOC_NO_MEMORY
};

enum delta_result
{
  DELTA_OK, DELTA_NON_NUMERIC, DELTA_NO_MEMORY, DELTA_NOT_FOUND, DELTA_EXISTS
};

extern pthread_mutex_t cache_lock;

void items_init (void);
/* A new, unlinked item with one reference for the caller, or NULL (*err says
   why).  nbytes counts the value's trailing "\r\n". */
item *item_alloc (const char *key, size_t nkey, uint32_t flags, rel_time_t exptime,
                  size_t nbytes, enum alloc_error *err);
/* The live item for KEY with one more reference, or NULL.  A hit moves the
   item to the head of its LRU. */
item *item_get (const char *key, size_t nkey);
/* Like item_get, and sets the item's expiry time. */
item *item_touch (const char *key, size_t nkey, rel_time_t exptime);
/* Drops a reference (frees the item with the last one once unlinked). */
void item_remove (item *it);
/* Unlinks the item if it is still linked. */
void item_unlink (item *it);
/* Unlinks whatever item holds KEY (a failed "set" must not leave stale data). */
void item_unlink_key (const char *key, size_t nkey);
/* Stores IT (the caller keeps its reference) as command CMD.  REQ_CAS is the
   cas the client sent (0: none).  *CAS_OUT receives the stored item's cas
   unique; *SIZE_OUT the stored value size (the combined one for append and
   prepend). */
enum store_result store_item (item *it, enum store_cmd cmd, uint64_t req_cas,
                              uint64_t *cas_out, int *size_out);
/* Deletes KEY; REQ_CAS (0: any) must match.  Returns STORED when deleted,
   NOT_FOUND or EXISTS. */
enum store_result item_delete (const char *key, size_t nkey, uint64_t req_cas);
/* incr/decr.  With CREATE, a missing key is stored with INITIAL (binary
   protocol) and *VALUE is INITIAL.  REQ_CAS (0: any) must match. */
enum delta_result add_delta (const char *key, size_t nkey, bool incr, uint64_t delta,
                             uint64_t req_cas, bool create, uint64_t initial,
                             rel_time_t exptime, uint64_t *value, uint64_t *cas_out);
/* flush_all: at once when WHEN is 0, else at server time WHEN. */
void items_flush (rel_time_t when);
/* "stats cachedump ID LIMIT": one "ITEM key [N b; T s]" line per live item of
   class ID, most recently used first (LIMIT 0: all). */
void items_cachedump (unsigned id, unsigned limit, void (*line) (void *ctx, const char *text),
                      void *ctx);
/* Walks every class's LRU counting items, for "stats items". */
void items_stats (void (*add) (void *ctx, const char *key, const char *val), void *ctx);

/* ------------------------------------------------------------ assoc.c */

void assoc_init (unsigned hashpower);
item *assoc_find (const char *key, size_t nkey);
void assoc_insert (item *it);
void assoc_delete (const char *key, size_t nkey);
unsigned assoc_hashpower (void);

/* ------------------------------------------------------------ slabs.c */

#define MAX_SLAB_CLASSES 64

void slabs_init (size_t mem_limit, double factor, size_t chunk_min, size_t item_size_max);
/* The class serving SIZE bytes, or 0 when SIZE is too large. */
unsigned slabs_clsid (size_t size);
void *slabs_alloc (size_t size, unsigned id);
void slabs_free (void *ptr, size_t size, unsigned id);
unsigned slabs_largest_class (void);
void slabs_stats (void (*add) (void *ctx, const char *key, const char *val), void *ctx);

/* ------------------------------------------------------------ stats.c */

/* Server-wide counters, updated with atomic adds. */
struct stats
{
  uint64_t cmd_get, cmd_set, cmd_flush, cmd_touch;
  uint64_t get_hits, get_misses, get_expired, get_flushed;
  uint64_t delete_hits, delete_misses;
  uint64_t incr_hits, incr_misses, decr_hits, decr_misses;
  uint64_t cas_hits, cas_misses, cas_badval;
  uint64_t touch_hits, touch_misses;
  uint64_t bytes_read, bytes_written;
  uint64_t total_connections, rejected_connections, conn_structures;
  uint64_t curr_connections;
  /* guarded by cache_lock */
  uint64_t curr_items, total_items, bytes, evictions, reclaimed, expired_unfetched;
};
extern struct stats stats;

#define STATS_ADD(field, n) __atomic_add_fetch (&stats.field, (n), __ATOMIC_RELAXED)
#define STATS_INCR(field) STATS_ADD (field, 1)
#define STATS_DECR(field) __atomic_sub_fetch (&stats.field, 1, __ATOMIC_RELAXED)

/* Emits the stats of GROUP ("" = general, "settings", "items", "slabs") one
   key/value at a time; false for an unknown group.  "reset" clears the
   counters and emits nothing. */
bool stats_emit (const char *group, size_t glen,
                 void (*add) (void *ctx, const char *key, const char *val), void *ctx);

/* ------------------------------------------------------------ net.c */

int net_listen (void);
int net_start_workers (void);
void net_accept_loop (void);
void net_stop (void);
void net_shutdown (void);
unsigned net_nthreads (void);

#endif /* MC_MEMCACHED_H */
