/* SPDX-License-Identifier: MIT */
/*
 * strbuf.c — printf-style appends to a growing text (strbuf.h).
 */
#include "common/strbuf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"

void
strbuf_printf (struct strbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *piece = xvasprintf (fmt, ap);
  va_end (ap);
  size_t n = strlen (piece);
  VEC_RESERVE (b->s, b->len, b->cap, n + 1);
  memcpy (b->s + b->len, piece, n + 1);
  b->len += n;
  free (piece);
}
