/* SPDX-License-Identifier: MIT */
/*
 * hash.h — the one string hash of sdtkit's open-addressing tables.
 *
 * FNV-1a over bytes, and the size of a table for N keys: a power of two,
 * at least 16, more than twice N, so linear probing always finds an empty
 * slot and stays short.  Header-only: a handful of lines each.
 */
#ifndef SDTKIT_COMMON_HASH_H
#define SDTKIT_COMMON_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_INIT 14695981039346656037ULL   /* the 64-bit FNV offset basis */
#define FNV1A_PRIME 1099511628211ULL

/* Continue hash H over N bytes at P. */
static inline uint64_t
fnv1a (uint64_t h, const void *p, size_t n)
{
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ s[i]) * FNV1A_PRIME;
  return h;
}

/* Continue hash H over the NUL-terminated string S. */
static inline uint64_t
fnv1a_str (uint64_t h, const char *s)
{
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * FNV1A_PRIME;
  return h;
}

/* Slots for a table of N keys. */
static inline size_t
hash_table_cap (size_t n)
{
  size_t cap = 16;
  while (cap < 2 * n + 1)
    cap *= 2;
  return cap;
}

#endif
