/* SPDX-License-Identifier: MIT */
/*
 * source.h — the bottom layer of the D front end: getting the text.
 *
 * Reading a D source (bounded by D_MAX_SOURCE_SIZE, and refused when it is
 * plainly not text: an ELF file, a NUL byte), running cpp over it (cpp.c),
 * the pool of file names that every struct d_loc points into, and a small
 * growable byte buffer that the lexer, cpp's word splitting and the
 * parameter spelling all build strings with.  Nothing here knows tokens,
 * grammar or trees (see dlang/parser.h for the layering).
 */
#ifndef SDTKIT_DLANG_SOURCE_H
#define SDTKIT_DLANG_SOURCE_H

#include <stddef.h>

#include "dlang/dlang.h"

/* A growable byte string, NUL-terminated once anything was put (->s is
 * NULL before).  Zero-initialise; free ->s. */
struct d_buf {
  char *s;
  size_t len, cap;
};

void d_buf_putc (struct d_buf *b, char c);
void d_buf_put (struct d_buf *b, const char *s, size_t n);

/* Append everything FD yields until end of file to B, at most MAX bytes.
 * Returns 0, or -1 with errno set: EFBIG when there were more than MAX
 * bytes (B then holds MAX + 1 of them), else read's error. */
int d_read_fd (int fd, size_t max, struct d_buf *b);

/* Read all of PATH as a D source (NUL-terminated, *LEN set), or NULL after
 * reporting why: it cannot be opened or read, it is a directory, it is
 * larger than D_MAX_SOURCE_SIZE, or it is not text (an ELF file, a NUL
 * byte). */
char *d_read_source (const char *path, size_t *len);

/* Intern a file name in PROG's pool; the result lives as long as PROG. */
const char *d_program_intern_file (struct d_program *prog, const char *name, size_t len);

/* Split S into words like a POSIX shell would (blanks separate; '...',
 * "..." and backslash quote; no expansions).  Returns the number of words
 * (NULL-terminated *WORDS, free with d_words_free), or -1 on an
 * unterminated quote (cpp.c). */
int d_split_words (const char *s, char ***words);
void d_words_free (char **words);

#endif
