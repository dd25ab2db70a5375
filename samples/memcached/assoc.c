/* SPDX-License-Identifier: MIT */
/*
 * assoc.c — the hash table from key to linked item.
 *
 * Chained buckets, a power-of-two count of them, FNV-1a hashing.  The table
 * doubles (a full rehash, under the cache lock) when it holds 1.5 items per
 * bucket; a sample server can afford that pause, memcached instead migrates
 * buckets in a background thread.  Items chain through item->h_next.
 *
 * assoc-find reports how many other entries of the chain the search passed:
 * the cost of a lookup, and with it the quality of the hash.
 *
 * Callers hold the cache lock.
 */
#include "memcached.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static item **table;
static unsigned hashpower;
static uint64_t hash_items;

static uint64_t
hash_key (const char *key, size_t nkey)
{
  uint64_t h = 14695981039346656037ull;     /* FNV-1a 64-bit */
  for (size_t i = 0; i < nkey; i++)
    {
      h ^= (unsigned char) key[i];
      h *= 1099511628211ull;
    }
  return h;
}

static size_t
bucket_of (uint64_t h, unsigned power)
{
  /* Fold the high bits in: FNV's low bits alone are weaker. */
  return (size_t) ((h ^ (h >> 32)) & ((1ull << power) - 1));
}

void
assoc_init (unsigned power)
{
  hashpower = power;
  table = calloc ((size_t) 1 << hashpower, sizeof *table);
  if (table == NULL)
    {
      fprintf (stderr, "Failed to allocate the hash table\n");
      exit (EXIT_FAILURE);
    }
}

unsigned
assoc_hashpower (void)
{
  return hashpower;
}

item *
assoc_find (const char *key, size_t nkey)
{
  item *it = table[bucket_of (hash_key (key, nkey), hashpower)];
  int depth = 0;
  while (it != NULL)
    {
      if (it->nkey == nkey && memcmp (ITEM_key (it), key, nkey) == 0)
        break;
      it = it->h_next;
      depth++;
    }
  MEMCACHED_ASSOC_FIND (key, (int) nkey, depth);
  return it;
}

static void
expand (void)
{
  unsigned power = hashpower + 1;
  item **bigger = calloc ((size_t) 1 << power, sizeof *bigger);
  if (bigger == NULL)
    return;                         /* keep the longer chains */
  for (size_t b = 0; b < ((size_t) 1 << hashpower); b++)
    {
      item *it = table[b];
      while (it != NULL)
        {
          item *next = it->h_next;
          size_t nb = bucket_of (hash_key (ITEM_key (it), it->nkey), power);
          it->h_next = bigger[nb];
          bigger[nb] = it;
          it = next;
        }
    }
  free (table);
  table = bigger;
  hashpower = power;
  if (verbosity () > 1)
    fprintf (stderr, "Hash table expanded to 2^%u buckets\n", hashpower);
}

void
assoc_insert (item *it)
{
  size_t b = bucket_of (hash_key (ITEM_key (it), it->nkey), hashpower);
  it->h_next = table[b];
  table[b] = it;
  hash_items++;
  MEMCACHED_ASSOC_INSERT (ITEM_key (it), (int) it->nkey);
  if (hashpower < 30 && hash_items > (((uint64_t) 3 << hashpower) / 2))
    expand ();
}

void
assoc_delete (const char *key, size_t nkey)
{
  item **pos = &table[bucket_of (hash_key (key, nkey), hashpower)];
  while (*pos != NULL)
    {
      item *it = *pos;
      if (it->nkey == nkey && memcmp (ITEM_key (it), key, nkey) == 0)
        {
          *pos = it->h_next;
          it->h_next = NULL;
          hash_items--;
          MEMCACHED_ASSOC_DELETE (key, (int) nkey);
          return;
        }
      pos = &it->h_next;
    }
}
