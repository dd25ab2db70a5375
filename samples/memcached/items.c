/* SPDX-License-Identifier: MIT */
/*
 * items.c — items: their allocation (with eviction), their LRUs, their
 * lifecycle, and the operations of the protocol on them.
 *
 * Lifecycle.  item_alloc gives an unlinked item holding one reference for
 * its creator, who fills in the value.  Linking (item-link) puts it in the
 * hash table and at the head of its slab class's LRU and gives it a fresh
 * cas unique; from then on its bytes never change.  A hit or a touch
 * refreshes its access time and moves it to the LRU head (item-update).
 * Replacing it (item-replace: set on an existing key, cas, replace, append,
 * prepend, incr, decr) unlinks it and links the new item.  Unlinking
 * (item-unlink: also on delete, expiry, flush and eviction) takes it out of
 * the hash table and the LRU.  Every dropped reference fires item-remove; the
 * memory goes back to the slab allocator once the item is unlinked and
 * unreferenced.  A connection that sends an item holds a reference until the
 * bytes are written, so replacing or deleting a key never pulls memory from
 * under a writev.
 *
 * Expiry and flush are lazy: a lookup that finds a dead item unlinks it.
 * "flush_all" unlinks everything at once; "flush_all N" records a deadline,
 * after which every item last used before the deadline counts as dead.
 *
 * Eviction.  When the slab class of a new item can neither reuse a chunk nor
 * grow (-m), up to 50 items from the tail of that class's LRU are examined:
 * an expired or flushed one is reclaimed first, otherwise the least recently
 * used one that no connection is sending is evicted, and the allocation is
 * retried.
 *
 * All of it runs under the cache lock (do_* functions expect it held).
 */
#include "memcached.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LRU_SEARCH_DEPTH 50
#define ALLOC_TRIES 10

pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static item *heads[MAX_SLAB_CLASSES];
static item *tails[MAX_SLAB_CLASSES];
static uint64_t class_items[MAX_SLAB_CLASSES];
static uint64_t class_evicted[MAX_SLAB_CLASSES];
static uint64_t class_outofmemory[MAX_SLAB_CLASSES];
static uint64_t last_cas;
static rel_time_t flush_deadline;       /* 0: no delayed flush_all */

void
items_init (void)
{
  last_cas = 0;
  flush_deadline = 0;
}

/* ---------------------------------------------------------------- LRU */

static void
lru_link (item *it)
{
  unsigned id = it->clsid;
  it->prev = NULL;
  it->next = heads[id];
  if (it->next != NULL)
    it->next->prev = it;
  heads[id] = it;
  if (tails[id] == NULL)
    tails[id] = it;
  class_items[id]++;
}

static void
lru_unlink (item *it)
{
  unsigned id = it->clsid;
  if (heads[id] == it)
    heads[id] = it->next;
  if (tails[id] == it)
    tails[id] = it->prev;
  if (it->next != NULL)
    it->next->prev = it->prev;
  if (it->prev != NULL)
    it->prev->next = it->next;
  it->next = it->prev = NULL;
  class_items[id]--;
}

/* ---------------------------------------------------------------- lifecycle */

static void
do_item_free (item *it)
{
  slabs_free (it, it->ntotal, it->clsid);
}

static void
do_item_link (item *it)
{
  it->it_flags |= ITEM_LINKED;
  it->time = current_time ();
  it->cas = ++last_cas;
  assoc_insert (it);
  lru_link (it);
  stats.curr_items++;
  stats.total_items++;
  stats.bytes += it->ntotal;
  MEMCACHED_ITEM_LINK (ITEM_key (it), (int) it->nkey, (int) it->nbytes);
}

static void
do_item_unlink (item *it)
{
  if (!(it->it_flags & ITEM_LINKED))
    return;
  MEMCACHED_ITEM_UNLINK (ITEM_key (it), (int) it->nkey, (int) it->nbytes);
  it->it_flags &= (uint8_t) ~ITEM_LINKED;
  assoc_delete (ITEM_key (it), it->nkey);
  lru_unlink (it);
  stats.curr_items--;
  stats.bytes -= it->ntotal;
  if (it->refcount == 0)
    do_item_free (it);
}

static void
do_item_remove (item *it)
{
  MEMCACHED_ITEM_REMOVE (ITEM_key (it), (int) it->nkey, (int) it->nbytes);
  it->refcount--;
  if (it->refcount == 0 && !(it->it_flags & ITEM_LINKED))
    do_item_free (it);
}

static void
do_item_update (item *it)
{
  MEMCACHED_ITEM_UPDATE (ITEM_key (it), (int) it->nkey, (int) it->nbytes);
  it->time = current_time ();
  lru_unlink (it);
  lru_link (it);
}

static void
do_item_replace (item *old, item *new_it)
{
  MEMCACHED_ITEM_REPLACE (ITEM_key (old), (int) old->nkey, (int) old->nbytes,
                          ITEM_key (new_it), (int) new_it->nkey, (int) new_it->nbytes);
  do_item_unlink (old);
  do_item_link (new_it);
}

static bool
is_dead (const item *it, rel_time_t now, bool *flushed)
{
  *flushed = flush_deadline != 0 && now >= flush_deadline && it->time < flush_deadline;
  return *flushed || (it->exptime != 0 && it->exptime <= now);
}

/* The live item for KEY with one more reference; unlinks a dead one. */
static item *
do_item_get (const char *key, size_t nkey)
{
  item *it = assoc_find (key, nkey);
  if (it == NULL)
    return NULL;
  bool flushed;
  if (is_dead (it, current_time (), &flushed))
    {
      if (flushed)
        STATS_INCR (get_flushed);
      else
        STATS_INCR (get_expired);
      do_item_unlink (it);
      return NULL;
    }
  it->refcount++;
  return it;
}

/* ---------------------------------------------------------------- allocation */

/* Unlinks the best victim near the tail of class ID's LRU; false if none. */
static bool
do_evict_one (unsigned id)
{
  rel_time_t now = current_time ();
  item *lru_victim = NULL;
  int depth = 0;
  for (item *it = tails[id]; it != NULL && depth < LRU_SEARCH_DEPTH; it = it->prev, depth++)
    {
      if (it->refcount != 0)
        continue;
      bool flushed;
      if (is_dead (it, now, &flushed))
        {
          stats.reclaimed++;
          do_item_unlink (it);
          return true;
        }
      if (lru_victim == NULL)
        lru_victim = it;
    }
  if (lru_victim == NULL)
    return false;
  stats.evictions++;
  class_evicted[id]++;
  if (verbosity () > 1)
    fprintf (stderr, "Evicting %.*s from slab class %u\n",
             (int) lru_victim->nkey, ITEM_key (lru_victim), id);
  do_item_unlink (lru_victim);
  return true;
}

static item *
do_item_alloc (const char *key, size_t nkey, uint32_t flags, rel_time_t exptime,
               size_t nbytes, enum alloc_error *err)
{
  size_t ntotal = sizeof (item) + nkey + 1 + nbytes;
  unsigned id = slabs_clsid (ntotal);
  if (id == 0 || nkey > KEY_MAX_LENGTH)
    {
      *err = ALLOC_TOO_LARGE;
      return NULL;
    }
  item *it = slabs_alloc (ntotal, id);
  for (int tries = 0; it == NULL && tries < ALLOC_TRIES; tries++)
    {
      if (!do_evict_one (id))
        break;
      it = slabs_alloc (ntotal, id);
    }
  if (it == NULL)
    {
      class_outofmemory[id]++;
      *err = ALLOC_NO_MEMORY;
      return NULL;
    }
  memset (it, 0, sizeof *it);
  it->refcount = 1;
  it->clsid = (uint8_t) id;
  it->nkey = (uint8_t) nkey;
  it->nbytes = (uint32_t) nbytes;
  it->flags = flags;
  it->exptime = exptime;
  it->ntotal = (uint32_t) ntotal;
  memcpy (ITEM_key (it), key, nkey);
  ITEM_key (it)[nkey] = '\0';
  *err = ALLOC_OK;
  return it;
}

item *
item_alloc (const char *key, size_t nkey, uint32_t flags, rel_time_t exptime,
            size_t nbytes, enum alloc_error *err)
{
  pthread_mutex_lock (&cache_lock);
  item *it = do_item_alloc (key, nkey, flags, exptime, nbytes, err);
  pthread_mutex_unlock (&cache_lock);
  return it;
}

/* ---------------------------------------------------------------- access */

item *
item_get (const char *key, size_t nkey)
{
  pthread_mutex_lock (&cache_lock);
  item *it = do_item_get (key, nkey);
  if (it != NULL)
    do_item_update (it);
  pthread_mutex_unlock (&cache_lock);
  return it;
}

item *
item_touch (const char *key, size_t nkey, rel_time_t exptime)
{
  pthread_mutex_lock (&cache_lock);
  item *it = do_item_get (key, nkey);
  if (it != NULL)
    {
      it->exptime = exptime;
      do_item_update (it);
    }
  pthread_mutex_unlock (&cache_lock);
  return it;
}

void
item_remove (item *it)
{
  pthread_mutex_lock (&cache_lock);
  do_item_remove (it);
  pthread_mutex_unlock (&cache_lock);
}

void
item_unlink (item *it)
{
  pthread_mutex_lock (&cache_lock);
  do_item_unlink (it);
  pthread_mutex_unlock (&cache_lock);
}

void
item_unlink_key (const char *key, size_t nkey)
{
  pthread_mutex_lock (&cache_lock);
  item *it = do_item_get (key, nkey);
  if (it != NULL)
    {
      do_item_unlink (it);
      do_item_remove (it);
    }
  pthread_mutex_unlock (&cache_lock);
}

/* ---------------------------------------------------------------- storage */

/* A new item holding OLD's value with IT's value before (PREPEND) or after. */
static item *
do_concat (item *old, item *it, bool prepend)
{
  enum alloc_error err;
  item *n = do_item_alloc (ITEM_key (old), old->nkey, old->flags, old->exptime,
                           (size_t) old->nbytes + it->nbytes - 2, &err);
  if (n == NULL)
    return NULL;
  item *first = prepend ? it : old, *second = prepend ? old : it;
  memcpy (ITEM_data (n), ITEM_data (first), first->nbytes - 2);
  memcpy (ITEM_data (n) + first->nbytes - 2, ITEM_data (second), second->nbytes);
  return n;
}

enum store_result
store_item (item *it, enum store_cmd cmd, uint64_t req_cas, uint64_t *cas_out, int *size_out)
{
  enum store_result res = NOT_STORED;
  item *stored = NULL;

  pthread_mutex_lock (&cache_lock);
  item *old = do_item_get (ITEM_key (it), it->nkey);
  switch (cmd)
    {
    case NREAD_ADD:
      if (old != NULL)
        do_item_update (old);       /* a failed add still counts as a use */
      else
        {
          do_item_link (it);
          stored = it;
        }
      break;

    case NREAD_CAS:
      if (old == NULL)
        {
          res = NOT_FOUND;
          STATS_INCR (cas_misses);
        }
      else if (old->cas != req_cas)
        {
          res = EXISTS;
          STATS_INCR (cas_badval);
        }
      else
        {
          do_item_replace (old, it);
          stored = it;
          STATS_INCR (cas_hits);
        }
      break;

    case NREAD_SET:
    case NREAD_REPLACE:
    case NREAD_APPEND:
    case NREAD_PREPEND:
      if (old == NULL)
        {
          if (cmd == NREAD_SET)
            {
              do_item_link (it);
              stored = it;
            }
        }
      else if (req_cas != 0 && old->cas != req_cas)
        res = EXISTS;
      else if (cmd == NREAD_APPEND || cmd == NREAD_PREPEND)
        {
          item *n = do_concat (old, it, cmd == NREAD_PREPEND);
          if (n != NULL)
            {
              do_item_replace (old, n);
              stored = n;
            }
        }
      else
        {
          do_item_replace (old, it);
          stored = it;
        }
      break;
    }

  if (stored != NULL)
    {
      res = STORED;
      *cas_out = stored->cas;
      *size_out = (int) stored->nbytes;
      if (stored != it)
        do_item_remove (stored);    /* the concatenation's creation reference */
    }
  else
    {
      *cas_out = 0;
      *size_out = -1;
    }
  if (old != NULL)
    do_item_remove (old);
  pthread_mutex_unlock (&cache_lock);
  return res;
}

enum store_result
item_delete (const char *key, size_t nkey, uint64_t req_cas)
{
  enum store_result res;
  pthread_mutex_lock (&cache_lock);
  item *it = do_item_get (key, nkey);
  if (it == NULL)
    res = NOT_FOUND;
  else if (req_cas != 0 && it->cas != req_cas)
    res = EXISTS;
  else
    {
      do_item_unlink (it);
      res = STORED;
    }
  if (it != NULL)
    do_item_remove (it);
  pthread_mutex_unlock (&cache_lock);
  return res;
}

/* Parses an item's value as an unsigned 64-bit decimal (trailing spaces
   allowed, as left by clients that pad numbers). */
static bool
parse_counter (const item *it, uint64_t *out)
{
  const char *p = ITEM_data (it), *end = p + it->nbytes - 2;
  uint64_t v = 0;
  if (p == end || *p < '0' || *p > '9')
    return false;
  for (; p < end && *p >= '0' && *p <= '9'; p++)
    {
      unsigned d = (unsigned) (*p - '0');
      if (v > (UINT64_MAX - d) / 10)
        return false;
      v = v * 10 + d;
    }
  for (; p < end; p++)
    if (*p != ' ')
      return false;
  *out = v;
  return true;
}

/* Links a new item for KEY holding the decimal VALUE (replacing OLD if any). */
static item *
do_store_number (const char *key, size_t nkey, uint32_t flags, rel_time_t exptime,
                 uint64_t value, item *old)
{
  char buf[24];
  int len = snprintf (buf, sizeof buf, "%" PRIu64 "\r\n", value);
  enum alloc_error err;
  item *n = do_item_alloc (key, nkey, flags, exptime, (size_t) len, &err);
  if (n == NULL)
    return NULL;
  memcpy (ITEM_data (n), buf, (size_t) len);
  if (old != NULL)
    do_item_replace (old, n);
  else
    do_item_link (n);
  return n;
}

enum delta_result
add_delta (const char *key, size_t nkey, bool incr, uint64_t delta, uint64_t req_cas,
           bool create, uint64_t initial, rel_time_t exptime, uint64_t *value,
           uint64_t *cas_out)
{
  enum delta_result res = DELTA_OK;
  pthread_mutex_lock (&cache_lock);
  item *old = do_item_get (key, nkey);
  item *n = NULL;
  uint64_t v = 0;
  if (old == NULL)
    {
      if (!create)
        res = DELTA_NOT_FOUND;
      else if ((n = do_store_number (key, nkey, 0, exptime, initial, NULL)) == NULL)
        res = DELTA_NO_MEMORY;
      else
        v = initial;
    }
  else if (req_cas != 0 && old->cas != req_cas)
    res = DELTA_EXISTS;
  else if (!parse_counter (old, &v))
    res = DELTA_NON_NUMERIC;
  else
    {
      if (incr)
        v += delta;                 /* wraps at 2^64, as memcached does */
      else
        v = v < delta ? 0 : v - delta;
      n = do_store_number (key, nkey, old->flags, old->exptime, v, old);
      if (n == NULL)
        res = DELTA_NO_MEMORY;
    }
  if (n != NULL)
    {
      *value = v;
      *cas_out = n->cas;
      do_item_remove (n);
    }
  if (old != NULL)
    do_item_remove (old);
  pthread_mutex_unlock (&cache_lock);
  return res;
}

void
items_flush (rel_time_t when)
{
  pthread_mutex_lock (&cache_lock);
  if (when != 0 && when > current_time ())
    flush_deadline = when;
  else
    {
      flush_deadline = 0;
      for (unsigned id = 1; id <= slabs_largest_class (); id++)
        {
          item *it = heads[id];
          while (it != NULL)
            {
              item *next = it->next;
              do_item_unlink (it);
              it = next;
            }
        }
    }
  pthread_mutex_unlock (&cache_lock);
}

void
items_stats (void (*add) (void *ctx, const char *key, const char *val), void *ctx)
{
  char key[64], val[64];
  rel_time_t now = current_time ();
  pthread_mutex_lock (&cache_lock);
  for (unsigned id = 1; id <= slabs_largest_class (); id++)
    {
      if (class_items[id] == 0 && class_evicted[id] == 0 && class_outofmemory[id] == 0)
        continue;
      snprintf (key, sizeof key, "items:%u:number", id);
      snprintf (val, sizeof val, "%" PRIu64, class_items[id]);
      add (ctx, key, val);
      snprintf (key, sizeof key, "items:%u:age", id);
      snprintf (val, sizeof val, "%u", tails[id] != NULL ? now - tails[id]->time : 0);
      add (ctx, key, val);
      snprintf (key, sizeof key, "items:%u:evicted", id);
      snprintf (val, sizeof val, "%" PRIu64, class_evicted[id]);
      add (ctx, key, val);
      snprintf (key, sizeof key, "items:%u:outofmemory", id);
      snprintf (val, sizeof val, "%" PRIu64, class_outofmemory[id]);
      add (ctx, key, val);
    }
  pthread_mutex_unlock (&cache_lock);
}

void
items_cachedump (unsigned id, unsigned limit, void (*line) (void *ctx, const char *text), void *ctx)
{
  char buf[KEY_MAX_LENGTH + 64];
  unsigned n = 0;
  rel_time_t now = current_time ();
  pthread_mutex_lock (&cache_lock);
  if (id >= 1 && id <= slabs_largest_class ())
    for (item *it = heads[id]; it != NULL && (limit == 0 || n < limit); it = it->next, n++)
      {
        bool flushed;
        if (is_dead (it, now, &flushed))
          continue;
        snprintf (buf, sizeof buf, "ITEM %s [%u b; %lld s]", ITEM_key (it), it->nbytes - 2,
                  it->exptime == 0 ? 0LL : (long long) (it->exptime + process_started ()));
        line (ctx, buf);
      }
  pthread_mutex_unlock (&cache_lock);
}
