/* SPDX-License-Identifier: MIT */
/*
 * fuzz-util.h — what every libFuzzer harness of test/fuzz/ shares.
 *
 * The harnesses must be quiet (diagnostics are silenced through
 * diag_set_silent; FUZZ_VERBOSE=1 in the environment keeps them, for
 * reading what a reproducer does), deterministic, and leave nothing behind
 * per iteration: the ones that need files get one private directory
 * (fuzz_tmpdir), made once and removed with its contents at exit.
 *
 * Header-only (static functions): each harness is one translation unit
 * linked with the libraries under test, and nothing else.
 */
#ifndef SDTKIT_TEST_FUZZ_UTIL_H
#define SDTKIT_TEST_FUZZ_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/xalloc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* Silence the libraries' diagnostics unless FUZZ_VERBOSE=1. */
static inline void
fuzz_quiet (void)
{
  const char *v = getenv ("FUZZ_VERBOSE");
  if (!v || strcmp (v, "1") != 0)
    diag_set_silent (true);
}

/* DATA[0..SIZE) as a NUL-terminated string (malloc'd); an embedded NUL
 * simply ends it early, as it would end a file's text read by C code. */
static inline char *
fuzz_string (const uint8_t *data, size_t size)
{
  char *s = xmalloc (size + 1);
  memcpy (s, data, size);
  s[size] = '\0';
  return s;
}

static char *fuzz_dir;

/* Remove every entry of DIR (one level: the harnesses make no subdirectories). */
static inline void
fuzz_clean_dir (const char *dir)
{
  DIR *d = opendir (dir);
  if (!d)
    return;
  for (struct dirent *e; (e = readdir (d));)
    if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, ".."))
      unlinkat (dirfd (d), e->d_name, 0);
  closedir (d);
}

static inline void
fuzz_remove_tmpdir (void)
{
  if (fuzz_dir)
    {
      fuzz_clean_dir (fuzz_dir);
      rmdir (fuzz_dir);
      free (fuzz_dir);
      fuzz_dir = NULL;
    }
}

/* The harness's private directory (created on first use, removed at exit). */
static inline const char *
fuzz_tmpdir (void)
{
  if (!fuzz_dir)
    {
      const char *base = getenv ("TMPDIR") && *getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
      char *t = xasprintf ("%s/sdtkit-fuzz.XXXXXX", base);
      if (!mkdtemp (t))
        {
          fprintf (stderr, "fuzz: cannot create a directory in %s: %s\n", base, strerror (errno));
          abort ();
        }
      fuzz_dir = t;
      atexit (fuzz_remove_tmpdir);
    }
  return fuzz_dir;
}

/* Write DATA[0..SIZE) to PATH (created or truncated, mode 0644); aborts
 * when that fails, since every later step would test nothing. */
static inline void
fuzz_write_file (const char *path, const uint8_t *data, size_t size)
{
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  size_t done = 0;
  while (fd >= 0 && done < size)
    {
      ssize_t w = write (fd, data + done, size - done);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        break;
      done += (size_t) w;
    }
  if (fd < 0 || done != size || close (fd) != 0)
    {
      fprintf (stderr, "fuzz: cannot write %s: %s\n", path, strerror (errno));
      abort ();
    }
}

#endif
