/* SPDX-License-Identifier: MIT */
/*
 * search.h — binary search of an array sorted by a 64-bit address.
 *
 * Symbol tables (sdt/symbols.c, the kernel's in symbolize.c) are arrays of
 * structs sorted by an address member; a lookup wants the last entry at or
 * below an address, i.e. how many entries are at or below it.  Sorting
 * them wants a three-way comparison of such addresses (cmp_u64).
 */
#ifndef SDTKIT_COMMON_SEARCH_H
#define SDTKIT_COMMON_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* -1, 0 or 1 as A is below, equal to or above B (a qsort comparator's
 * answer; a subtraction would overflow). */
static inline int
cmp_u64 (uint64_t a, uint64_t b)
{
  return (a > b) - (a < b);
}

/* How many of the N elements of BASE (each SIZE bytes, sorted by the
 * uint64_t member at OFFSET) are <= KEY: the index past the last of them
 * (0: none is). */
static inline size_t
sorted_count_le (const void *base, size_t n, size_t size, size_t offset, uint64_t key)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      uint64_t v;
      memcpy (&v, (const char *) base + mid * size + offset, sizeof v);
      if (v <= key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

#endif
