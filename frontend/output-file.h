/* SPDX-License-Identifier: MIT */
/*
 * output-file.h — write an output file atomically.
 *
 * Output goes to a new file with no name in the target's directory
 * (common/unnamed-file.c: O_TMPFILE) that takes the target's name only
 * when complete, so an error or a kill, SIGKILL included, never leaves a
 * partial file or a temp file, and parallel builds never share a name.  A
 * target that exists and is not a regular file (`-o /dev/null`) is written
 * directly.
 */
#ifndef SDTKIT_FRONTEND_OUTPUT_FILE_H
#define SDTKIT_FRONTEND_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "common/unnamed-file.h"

struct output_file {
  const char *path;  /* the target */
  bool direct;       /* written directly (not a regular file) */
  struct unnamed_file u;
  int fd;            /* the file being written */
  FILE *f;           /* stdio stream on fd, opened on demand */
};

/* Returns 0, or -1 after printing an error naming PATH. */
int output_open (struct output_file *out, const char *path);
FILE *output_stream (struct output_file *out);
/* Flush, name the file and close it.  Returns 0, or -1 after printing an
 * error naming the file and the reason (nothing left behind). */
int output_commit (struct output_file *out);
/* Discard: close, leaving nothing behind. */
void output_abort (struct output_file *out);

#endif
