/* SPDX-License-Identifier: MIT */
/*
 * slabs.c — the slab allocator: item memory in size classes, under the -m
 * limit.
 *
 * Chunk sizes grow geometrically: the smallest class holds an item header
 * plus -n bytes (48 by default), each next class is -f times (1.25 by
 * default) larger, rounded up to 8 bytes, and the last class is one whole
 * item_size_max page.  Memory is taken from the system one page
 * (item_size_max bytes, 1 MB by default) at a time and cut into the class's
 * chunks; a page is never given back, a freed chunk goes on its class's
 * free list.
 *
 * A class may take a new page while the pages of all classes stay within the
 * -m limit; a class that has no page at all always gets its first one, so
 * every item size can be stored even with a small limit.  When a class can
 * neither reuse a chunk nor grow, slabs_alloc fails and items.c evicts from
 * that class's LRU and tries again.
 *
 * Callers hold the cache lock.
 */
#include "memcached.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_ALIGN 8

typedef struct
{
  unsigned size;            /* chunk size */
  unsigned perslab;         /* chunks per page */
  void *free_list;          /* freed chunks, linked through their first word */
  unsigned free_count;
  char *end_page_ptr;       /* next never-used chunk of the newest page */
  unsigned end_page_free;   /* never-used chunks left in the newest page */
  unsigned pages;
  uint64_t used_chunks;     /* chunks handed out and not freed */
  uint64_t requested;       /* bytes requested for the used chunks */
} slabclass;

static slabclass classes[MAX_SLAB_CLASSES];
static unsigned largest;          /* the highest class id in use */
static size_t page_size;
static size_t mem_limit;
static size_t mem_malloced;

static size_t
align_up (size_t n)
{
  return (n + CHUNK_ALIGN - 1) & ~(size_t) (CHUNK_ALIGN - 1);
}

void
slabs_init (size_t limit, double factor, size_t chunk_min, size_t item_size_max)
{
  mem_limit = limit;
  page_size = item_size_max;
  size_t size = align_up (sizeof (item) + chunk_min);
  unsigned id = 1;
  /* Classes 1 .. largest-1 grow by FACTOR; the last one is a whole page. */
  while (id < MAX_SLAB_CLASSES - 1 && size <= (size_t) (item_size_max / factor))
    {
      classes[id].size = (unsigned) size;
      classes[id].perslab = (unsigned) (page_size / size);
      size_t next = align_up ((size_t) (size * factor));
      size = next > size ? next : size + CHUNK_ALIGN;
      id++;
    }
  classes[id].size = (unsigned) item_size_max;
  classes[id].perslab = 1;
  largest = id;
  if (verbosity () > 1)
    for (unsigned i = 1; i <= largest; i++)
      fprintf (stderr, "slab class %3u: chunk size %9u perslab %7u\n",
               i, classes[i].size, classes[i].perslab);
}

unsigned
slabs_largest_class (void)
{
  return largest;
}

unsigned
slabs_clsid (size_t size)
{
  if (size == 0 || size > classes[largest].size)
    return 0;
  unsigned lo = 1, hi = largest;
  while (lo < hi)
    {
      unsigned mid = (lo + hi) / 2;
      if (classes[mid].size >= size)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* Gives class ID one more page; false when the limit or the system says no. */
static bool
grow_class (unsigned id)
{
  slabclass *p = &classes[id];
  MEMCACHED_SLABS_SLABCLASS_ALLOCATE ((int) id);
  size_t len = (size_t) p->size * p->perslab;
  if (p->pages > 0 && mem_limit && mem_malloced + len > mem_limit)
    {
      MEMCACHED_SLABS_SLABCLASS_ALLOCATE_FAILED ((int) id);
      return false;
    }
  char *page = malloc (len);
  if (page == NULL)
    {
      MEMCACHED_SLABS_SLABCLASS_ALLOCATE_FAILED ((int) id);
      return false;
    }
  mem_malloced += len;
  p->pages++;
  p->end_page_ptr = page;
  p->end_page_free = p->perslab;
  return true;
}

void *
slabs_alloc (size_t size, unsigned id)
{
  if (id < 1 || id > largest)
    {
      MEMCACHED_SLABS_ALLOCATE_FAILED ((int) size, 0);
      return NULL;
    }
  slabclass *p = &classes[id];
  void *ret = NULL;
  if (p->free_list != NULL)
    {
      ret = p->free_list;
      p->free_list = *(void **) ret;
      p->free_count--;
    }
  else if (p->end_page_free > 0 || grow_class (id))
    {
      ret = p->end_page_ptr;
      p->end_page_ptr += p->size;
      p->end_page_free--;
    }
  if (ret == NULL)
    {
      MEMCACHED_SLABS_ALLOCATE_FAILED ((int) size, (int) id);
      return NULL;
    }
  p->used_chunks++;
  p->requested += size;
  MEMCACHED_SLABS_ALLOCATE ((int) size, (int) id, (int) p->size, ret);
  return ret;
}

void
slabs_free (void *ptr, size_t size, unsigned id)
{
  slabclass *p = &classes[id];
  MEMCACHED_SLABS_FREE ((int) size, (int) id, ptr);
  *(void **) ptr = p->free_list;
  p->free_list = ptr;
  p->free_count++;
  p->used_chunks--;
  p->requested -= size;
}

void
slabs_stats (void (*add) (void *ctx, const char *key, const char *val), void *ctx)
{
  char key[64], val[64];
  unsigned active = 0;
  for (unsigned i = 1; i <= largest; i++)
    {
      slabclass *p = &classes[i];
      if (p->pages == 0)
        continue;
      active++;
      uint64_t total = (uint64_t) p->pages * p->perslab;
#define SLAB_STAT(name, fmt, v) \
      do { snprintf (key, sizeof key, "%u:%s", i, name); \
           snprintf (val, sizeof val, fmt, v); add (ctx, key, val); } while (0)
      SLAB_STAT ("chunk_size", "%u", p->size);
      SLAB_STAT ("chunks_per_page", "%u", p->perslab);
      SLAB_STAT ("total_pages", "%u", p->pages);
      SLAB_STAT ("total_chunks", "%llu", (unsigned long long) total);
      SLAB_STAT ("used_chunks", "%llu", (unsigned long long) p->used_chunks);
      SLAB_STAT ("free_chunks", "%u", p->free_count + p->end_page_free);
      SLAB_STAT ("mem_requested", "%llu", (unsigned long long) p->requested);
#undef SLAB_STAT
    }
  snprintf (val, sizeof val, "%u", active);
  add (ctx, "active_slabs", val);
  snprintf (val, sizeof val, "%llu", (unsigned long long) mem_malloced);
  add (ctx, "total_malloced", val);
}
