/*
 * unnamed-file.c — files named only once complete (see unnamed-file.h).
 *
 * The temp name used for the last step is `.BASENAME.tmpXXXXXX` in the
 * target's directory, XXXXXX random, tried again while it exists.  The
 * /proc/self/fd path lets linkat() name the unnamed file without
 * CAP_DAC_READ_SEARCH; without /proc, AT_EMPTY_PATH is tried instead.
 */
#include "common/unnamed-file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/xalloc.h"

/* The directory part of PATH ("." when none). */
static char *
dir_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  if (!slash)
    return xstrdup (".");
  if (slash == path)
    return xstrdup ("/");
  return xstrndup (path, (size_t) (slash - path));
}

/* ".BASENAME.tmpXXXXXX" beside PATH, the X's replaced from BITS. */
static char *
temp_name (const char *path, uint64_t bits)
{
  static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  char x[7];
  for (int i = 0; i < 6; i++, bits /= 62)
    x[i] = digits[bits % 62];
  x[6] = '\0';
  const char *slash = strrchr (path, '/');
  if (!slash)
    return xasprintf (".%s.tmp%s", path, x);
  return xasprintf ("%.*s/.%s.tmp%s", (int) (slash - path), path, slash + 1, x);
}

static uint64_t
random_bits (void)
{
  uint64_t v;
  if (getrandom (&v, sizeof v, GRND_NONBLOCK) == (ssize_t) sizeof v)
    return v;
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ((uint64_t) ts.tv_nsec << 20) ^ (uint64_t) ts.tv_sec ^ ((uint64_t) getpid () << 40);
}

int
unnamed_open (struct unnamed_file *u, const char *target, mode_t mode)
{
  u->fd = -1;
  u->tmp = NULL;
  char *dir = dir_of (target);
  u->fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
  free (dir);
  if (u->fd >= 0)
    return 0;
  if (errno != EOPNOTSUPP && errno != EISDIR)
    return -1;
  /* No O_TMPFILE here: a named temp file. */
  const char *slash = strrchr (target, '/');
  u->tmp = slash ? xasprintf ("%.*s/.%s.tmpXXXXXX", (int) (slash - target), target, slash + 1)
                 : xasprintf (".%s.tmpXXXXXX", target);
  u->fd = mkstemp (u->tmp);
  if (u->fd < 0)
    {
      int e = errno;
      free (u->tmp);
      u->tmp = NULL;
      errno = e;
      return -1;
    }
  mode_t mask = umask (0);
  umask (mask);
  if (fchmod (u->fd, mode & ~mask) != 0)
    { /* not fatal: mkstemp's 0600 stays */ }
  return 0;
}

/* Name the unnamed file FD as a fresh temp name beside TARGET; returns the
 * name, or NULL with errno set. */
static char *
link_temp (int fd, const char *target)
{
  char proc[64];
  snprintf (proc, sizeof proc, "/proc/self/fd/%d", fd);
  for (int tries = 0; tries < 100; tries++)
    {
      char *name = temp_name (target, random_bits ());
      if (linkat (AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
        return name;
      int e = errno;
      if (e == ENOENT && access ("/proc/self/fd", X_OK) != 0
          && linkat (fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0)
        return name;
      free (name);
      if (e != EEXIST)
        {
          errno = e;
          return NULL;
        }
    }
  errno = EEXIST;
  return NULL;
}

int
unnamed_link (struct unnamed_file *u, const char *target)
{
  sigset_t block, saved;
  sigemptyset (&block);
  sigaddset (&block, SIGINT);
  sigaddset (&block, SIGTERM);
  sigaddset (&block, SIGHUP);
  bool blocked = sigprocmask (SIG_BLOCK, &block, &saved) == 0;
  int rc = 0, e = 0;
  if (u->tmp)
    {
      if (rename (u->tmp, target) != 0)
        rc = -1, e = errno;
      else
        {
          free (u->tmp);
          u->tmp = NULL;
        }
    }
  else
    {
      char *name = link_temp (u->fd, target);
      if (!name)
        rc = -1, e = errno;
      else if (rename (name, target) != 0)
        {
          rc = -1, e = errno;
          unlink (name);
        }
      free (name);
    }
  if (blocked)
    sigprocmask (SIG_SETMASK, &saved, NULL);
  errno = e;
  return rc;
}

int
unnamed_close (struct unnamed_file *u)
{
  if (u->fd < 0)
    return 0;
  int rc = close (u->fd);
  u->fd = -1;
  return rc;
}

void
unnamed_discard (struct unnamed_file *u)
{
  int e = errno;
  unnamed_close (u);
  if (u->tmp)
    {
      unlink (u->tmp);
      free (u->tmp);
      u->tmp = NULL;
    }
  errno = e;
}
