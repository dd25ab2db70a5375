/* SPDX-License-Identifier: MIT */
/*
 * xalloc.c — allocation that cannot fail.
 *
 * sdtkit is a command-line tool: running out of memory is not a condition any
 * caller can recover from, so these wrappers print "dtrace: out of memory"
 * and exit(1) instead of returning NULL.  Zero-byte requests are rounded up
 * to one byte so that a NULL result always means failure.
 */
#include "common/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void xalloc_die (void) __attribute__ ((noreturn));

static void
xalloc_die (void)
{
  fputs ("dtrace: out of memory\n", stderr);
  exit (1);
}

void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    xalloc_die ();
  return p;
}

void *
xcalloc (size_t n, size_t size)
{
  if (n == 0 || size == 0)
    n = size = 1;
  void *p = calloc (n, size);
  if (!p)
    xalloc_die ();
  return p;
}

void *
xrealloc (void *p, size_t n)
{
  void *q = realloc (p, n ? n : 1);
  if (!q)
    xalloc_die ();
  return q;
}

char *
xstrdup (const char *s)
{
  char *p = strdup (s);
  if (!p)
    xalloc_die ();
  return p;
}

char *
xstrndup (const char *s, size_t n)
{
  char *p = strndup (s, n);
  if (!p)
    xalloc_die ();
  return p;
}

char *
xvasprintf (const char *fmt, va_list ap)
{
  char *p = NULL;
  if (vasprintf (&p, fmt, ap) < 0 || !p)
    xalloc_die ();
  return p;
}

char *
xasprintf (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *p = xvasprintf (fmt, ap);
  va_end (ap);
  return p;
}

void
free_each (void *const *ptrs, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free (ptrs[i]);
}

void
free_strings (char **strs, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free (strs[i]);
}
