/* SPDX-License-Identifier: MIT */
/*
 * source.c — reading D sources, the file-name pool and the byte buffer
 * (dlang/source.h).
 *
 * Every read is bounded: a source larger than D_MAX_SOURCE_SIZE is refused
 * after reading one byte past the limit, so that an endless input
 * (`/dev/zero`, a FIFO that never ends) costs 16 MiB and a clear message.
 * A file that starts with the ELF magic, or holds a NUL byte anywhere, is
 * not D (nor the C that provider mode skips): refusing it names the file,
 * where accepting it would give an empty header and exit 0.
 */
#include "dlang/source.h"
#include "common/files.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* The byte buffer.                                                     */

void
d_buf_put (struct d_buf *b, const char *s, size_t n)
{
  VEC_RESERVE (b->s, b->len, b->cap, n + 1);   /* and the NUL */
  if (n)
    memcpy (b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

void
d_buf_putc (struct d_buf *b, char c)
{
  d_buf_put (b, &c, 1);
}

/* ------------------------------------------------------------------ */
/* Reading.                                                             */

int
d_read_fd (int fd, size_t max, struct d_buf *b)
{
  return read_fd_append (fd, max, &b->s, &b->len, &b->cap);
}

/* PATH's text is D (or C) source?  Reports and returns -1 when not. */
static int
check_text (const char *path, const char *text, size_t len)
{
  const char *nul = memchr (text, '\0', len);
  int line = 1;

  if (len >= 4 && memcmp (text, "\177ELF", 4) == 0)
    {
      diag_error ("%s is not a D source: it is an ELF file", path);
      return -1;
    }
  if (!nul)
    return 0;
  for (const char *p = text; p < nul; p++)
    line += *p == '\n';
  diag_error ("%s is not a D source: it holds a NUL byte (line %d)", path, line);
  return -1;
}

char *
d_read_source (const char *path, size_t *len)
{
  struct d_buf b = { 0 };
  struct stat st;
  int fd = open (path, O_RDONLY | O_CLOEXEC), err;

  if (fd < 0)
    {
      diag_error ("failed to open %s: %s", path, strerror (errno));
      return NULL;
    }
  if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      diag_error ("failed to open %s: %s", path, strerror (EISDIR));
      close (fd);
      return NULL;
    }
  err = d_read_fd (fd, D_MAX_SOURCE_SIZE, &b) < 0 ? errno : 0;
  close (fd);
  if (err == EFBIG)
    diag_error ("failed to read %s: larger than %zu MiB, the limit for a D source",
                path, D_MAX_SOURCE_SIZE >> 20);
  else if (err)
    diag_error ("failed to read %s: %s", path, strerror (err));
  if (err || check_text (path, b.s, b.len) < 0)
    {
      free (b.s);
      return NULL;
    }
  *len = b.len;
  return b.s;
}

/* ------------------------------------------------------------------ */
/* The file-name pool.                                                  */

const char *
d_program_intern_file (struct d_program *prog, const char *name, size_t len)
{
  /* Newest first: consecutive markers mostly name the same few files. */
  for (size_t i = prog->nfiles; i-- > 0;)
    if (strlen (prog->files[i]) == len && memcmp (prog->files[i], name, len) == 0)
      return prog->files[i];
  return VEC_PUSH (prog->files, prog->nfiles, prog->files_cap) = xstrndup (name, len);
}
