/* SPDX-License-Identifier: MIT */
/*
 * xalloc.h — allocation that cannot fail: on exhaustion the wrappers print
 * "dtrace: out of memory" and exit(1), so callers never test for NULL.
 */
#ifndef SDTKIT_COMMON_XALLOC_H
#define SDTKIT_COMMON_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

#include "common/diag.h"

void *xmalloc (size_t n);
void *xcalloc (size_t n, size_t size);
void *xrealloc (void *p, size_t n);
char *xstrdup (const char *s);
char *xstrndup (const char *s, size_t n);
/* asprintf that never fails. */
char *xasprintf (const char *fmt, ...) DIAG_PRINTF (1, 2);
/* vasprintf that never fails. */
char *xvasprintf (const char *fmt, va_list ap) DIAG_PRINTF (1, 0);

/* free() each of PTRS[0 .. N) (NULL ones too, as free allows). */
void free_each (void *const *ptrs, size_t n);
/* free() each of STRS[0 .. N), not the array itself. */
void free_strings (char **strs, size_t n);

/* Free every pointer named, in order: a destructor's list of the separate
 * buffers its struct owns, FREE_ALL (o->path, o->names, o->memo).  The
 * arguments are read once (sizeof does not evaluate them). */
#define FREE_ALL(...) \
  free_each ((void *const[]) { __VA_ARGS__ }, \
             sizeof ((void *const[]) { __VA_ARGS__ }) / sizeof (void *))

/* Hand over what the pointer SLOT owns: its value, SLOT left NULL (a
 * struct giving up one of its buffers or handles to the caller).  SLOT is
 * evaluated twice: name a plain member or variable. */
#define TAKE(slot) \
  __extension__ ({ __typeof__ (slot) taken_ = (slot); (slot) = NULL; taken_; })

#endif
