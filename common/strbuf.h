/* SPDX-License-Identifier: MIT */
/*
 * strbuf.h — a growing, always NUL-terminated text built by printf-style
 * appends (disassembly listings, argument strings).  Start from
 * STRBUF_INIT; the text (s, len bytes) is the caller's to free.
 */
#ifndef SDTKIT_COMMON_STRBUF_H
#define SDTKIT_COMMON_STRBUF_H

#include <stddef.h>

#include "common/diag.h"

struct strbuf {
  char *s;             /* NULL until the first append */
  size_t len, cap;
};
#define STRBUF_INIT { NULL, 0, 0 }

/* Append the printf-formatted text (no length limit). */
void strbuf_printf (struct strbuf *b, const char *fmt, ...) DIAG_PRINTF (2, 3);

#endif
