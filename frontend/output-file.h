/*
 * output-file.h — write an output file atomically.
 *
 * Output goes to a fresh temp file in the target's directory and is renamed
 * over the target only when complete, so an error or a kill never leaves a
 * partial file, and parallel builds never share temp names.  A target that
 * exists and is not a regular file (`-o /dev/null`) is written directly.
 */
#ifndef SDTKIT_FRONTEND_OUTPUT_FILE_H
#define SDTKIT_FRONTEND_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

struct output_file {
  const char *path;  /* the target */
  char *tmp;         /* temp path, NULL when writing directly */
  int fd;
  FILE *f;           /* stdio stream on fd, opened on demand */
};

/* Returns 0, or -1 after printing an error naming PATH. */
int output_open (struct output_file *out, const char *path);
FILE *output_stream (struct output_file *out);
/* Flush, close and rename into place.  Returns 0, or -1 (temp removed). */
int output_commit (struct output_file *out);
/* Discard: close and remove the temp file. */
void output_abort (struct output_file *out);

#endif
