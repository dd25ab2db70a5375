/* SPDX-License-Identifier: MIT */
/*
 * strset.c — the owned-string set of strset.h: linear probing in a
 * power-of-two table kept at most half full.
 */
#include "common/strset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash.h"
#include "common/xalloc.h"
#include "common/vec.h"

static size_t
strset_hash (const char *s)
{
  return (size_t) fnv1a_str (FNV1A_INIT, s);
}

static void
strset_grow (struct strset *set)
{
  size_t ncap = set->cap ? 2 * set->cap : 16;
  char **ns = xcalloc (ncap, sizeof *ns);
  for (size_t i = 0; i < set->cap; i++)
    if (set->slots[i])
      {
        size_t k = strset_hash (set->slots[i]) & (ncap - 1);
        while (ns[k])
          k = (k + 1) & (ncap - 1);
        ns[k] = set->slots[i];
      }
  free (set->slots);
  set->slots = ns;
  set->cap = ncap;
}

bool
strset_has (const struct strset *set, const char *key)
{
  if (set->cap == 0)
    return false;
  for (size_t i = strset_hash (key) & (set->cap - 1); set->slots[i]; i = (i + 1) & (set->cap - 1))
    if (strcmp (set->slots[i], key) == 0)
      return true;
  return false;
}

bool
strset_add (struct strset *set, char *key)
{
  if (strset_has (set, key))
    {
      free (key);
      return false;
    }
  if (2 * (set->count + 1) > set->cap)
    strset_grow (set);
  size_t i = strset_hash (key) & (set->cap - 1);
  while (set->slots[i])
    i = (i + 1) & (set->cap - 1);
  set->slots[i] = key;
  set->count++;
  return true;
}

void
strset_clear (struct strset *set)
{
  VEC_FREE_ALL (set->slots, set->cap);
  memset (set, 0, sizeof *set);
}

bool
str_list_has (const char *const *list, size_t n, const char *s)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp (list[i], s) == 0)
      return true;
  return false;
}
