/* SPDX-License-Identifier: MIT */
/*
 * vec.h — growable arrays without a container type.
 *
 * Most of sdtkit's lists are a plain `T *items; size_t n;` pair inside a
 * struct that other code reads directly.  Instead of a generic container
 * that would hide that layout, VEC_PUSH grows such a pair in place with a
 * geometric capacity kept beside it (`size_t cap`), so appending N items
 * costs O(N) reallocations' worth of copying in total, not O(N^2):
 *
 *     struct list { struct item *items; size_t n, cap; };
 *     VEC_PUSH (l->items, l->n, l->cap) = item;
 *
 * VEC_GROW only makes room for one more element; VEC_PUSH also returns the
 * new last element (an lvalue) and counts it; VEC_RESERVE makes room for K
 * more (a text buffer: the bytes to append and its NUL); VEC_FREE_ALL
 * frees a list of heap pointers, each element and the array; VEC_CLEAR
 * frees the array and leaves the list empty, ready to grow again.  All evaluate
 * their arguments more than once: pass plain lvalues.
 */
#ifndef SDTKIT_COMMON_VEC_H
#define SDTKIT_COMMON_VEC_H

#include <stddef.h>
#include <stdlib.h>

#include "common/xalloc.h"

/* Make room for ptr[n .. n+k) (capacity kept in cap, doubled until it
 * fits). */
#define VEC_RESERVE(ptr, n, cap, k) \
  ((void) ((n) + (k) <= (cap) ? 0 \
           : ((cap) = vec_next_cap ((cap), (n) + (k) - 1), \
              (ptr) = xrealloc ((ptr), (cap) * sizeof *(ptr)), 0)))

/* Make room for ptr[n]. */
#define VEC_GROW(ptr, n, cap) VEC_RESERVE (ptr, n, cap, 1)

/* Append: evaluates to the new element (ptr[n++]), an lvalue (a comma
 * expression is not one in C, hence the address taken and dereferenced). */
#define VEC_PUSH(ptr, n, cap) (*(VEC_GROW (ptr, n, cap), &(ptr)[(n)++]))

/* Free ptr[0 .. n) and ptr. */
#define VEC_FREE_ALL(ptr, n) \
  do \
    { \
      for (size_t vec_i_ = 0; vec_i_ < (n); vec_i_++) \
        free ((ptr)[vec_i_]); \
      free (ptr); \
    } \
  while (0)

/* Free ptr and leave the list empty (NULL, 0, 0). */
#define VEC_CLEAR(ptr, n, cap) \
  do \
    { \
      free (ptr); \
      (ptr) = NULL; \
      (n) = (cap) = 0; \
    } \
  while (0)

/* The capacity after CAP when index N must fit (N + 1 elements). */
static inline size_t
vec_next_cap (size_t cap, size_t n)
{
  size_t c = cap ? cap : 8;
  while (c <= n)
    c *= 2;
  return c;
}

#endif
