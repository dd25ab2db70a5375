/* SPDX-License-Identifier: MIT */
/*
 * unnamed-file.c — files named only once complete (see unnamed-file.h).
 *
 * The temp name used for the last step is `.BASENAME.tmpXXXXXX` in the
 * target's directory, XXXXXX random, tried again while it exists.  The
 * /proc/self/fd path lets linkat() name the unnamed file without
 * CAP_DAC_READ_SEARCH; without /proc, AT_EMPTY_PATH is tried instead.
 *
 * Between linkat() and rename() the temp name exists: a SIGKILL there
 * would leave it (measured: 1 run in 25 killing a -G of 200 objects at
 * random).  So the naming runs in a forked helper in a session of its own,
 * which the caller waits for: killing the caller, or its process group,
 * no longer stops it half-way; it names every file it was given and exits.
 * It inherits the unnamed files' descriptors, so /proc/self/fd/N is the
 * same file in it.  Where fork fails, the naming is done in-process (and
 * always, after unnamed_set_in_process: the fuzz harnesses).
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/xalloc.h"

static bool in_process;   /* unnamed_set_in_process */

void
unnamed_set_in_process (bool yes)
{
  in_process = yes;
}

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
  int e = errno;
  free (dir);
  if (u->fd >= 0)
    return 0;
  errno = e;
  if (e != EOPNOTSUPP && e != EISDIR)
    return -1;
  /* No O_TMPFILE here: a named temp file. */
  const char *slash = strrchr (target, '/');
  u->tmp = slash ? xasprintf ("%.*s/.%s.tmpXXXXXX", (int) (slash - target), target, slash + 1)
                 : xasprintf (".%s.tmpXXXXXX", target);
  u->fd = mkstemp (u->tmp);
  if (u->fd < 0)
    {
      e = errno;
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

/* Name U TARGET in this process: 0, or -1 with errno set. */
static int
link_one (struct unnamed_file *u, const char *target)
{
  if (u->tmp)
    return rename (u->tmp, target);
  char *name = link_temp (u->fd, target);
  if (!name)
    return -1;
  int rc = rename (name, target);
  if (rc != 0)
    {
      int e = errno;
      unlink (name);
      errno = e;
    }
  free (name);
  return rc;
}

/* What the naming helper reports: how many files it named, and errno of
 * the one that failed. */
struct link_report {
  size_t done;
  int error;
};

/* Name V[0..N) in a helper process, in a session of its own, which the
 * caller waits for; the helper finishes whatever happens to the caller.
 * Returns the report; done == SIZE_MAX when no helper could run. */
static struct link_report
link_in_helper (struct unnamed_file *const *v, const char *const *targets, size_t n)
{
  struct link_report rep = { SIZE_MAX, 0 };
  int pfd[2];
  if (pipe2 (pfd, O_CLOEXEC) != 0)
    return rep;
  pid_t pid = fork ();
  if (pid < 0)
    {
      close (pfd[0]);
      close (pfd[1]);
      return rep;
    }
  if (pid == 0)
    {
      /* Out of the caller's process group: a kill of the group (or of the
       * caller) does not stop the naming half-way. */
      setsid ();
      close (pfd[0]);
      struct link_report r = { 0, 0 };
      for (; r.done < n; r.done++)
        if (link_one (v[r.done], targets[r.done]) != 0)
          {
            r.error = errno;
            break;
          }
      ssize_t w = write (pfd[1], &r, sizeof r);
      _exit (w == (ssize_t) sizeof r ? 0 : 1);
    }
  close (pfd[1]);
  ssize_t got;
  do
    got = read (pfd[0], &rep, sizeof rep);
  while (got < 0 && errno == EINTR);
  close (pfd[0]);
  while (waitpid (pid, NULL, 0) < 0 && errno == EINTR)
    ;
  if (got != (ssize_t) sizeof rep)
    rep = (struct link_report) { 0, EIO };   /* the helper died: nothing is known */
  return rep;
}

size_t
unnamed_link_all (struct unnamed_file *const *v, const char *const *targets, size_t n)
{
  sigset_t block, saved;
  sigemptyset (&block);
  sigaddset (&block, SIGINT);
  sigaddset (&block, SIGTERM);
  sigaddset (&block, SIGHUP);
  bool blocked = sigprocmask (SIG_BLOCK, &block, &saved) == 0;
  struct link_report rep = { 0, 0 };
  if (n && in_process)
    rep.done = SIZE_MAX;
  else if (n)
    rep = link_in_helper (v, targets, n);
  if (rep.done == SIZE_MAX)
    {
      /* No helper (fork failed, or not wanted): name them here. */
      rep = (struct link_report) { 0, 0 };
      for (; rep.done < n; rep.done++)
        if (link_one (v[rep.done], targets[rep.done]) != 0)
          {
            rep.error = errno;
            break;
          }
    }
  for (size_t i = 0; i < rep.done; i++)
    {
      free (v[i]->tmp);   /* a fallback temp file has its final name now */
      v[i]->tmp = NULL;
    }
  if (blocked)
    sigprocmask (SIG_SETMASK, &saved, NULL);
  errno = rep.error;
  return rep.done;
}

int
unnamed_link (struct unnamed_file *u, const char *target)
{
  return unnamed_link_all (&u, &target, 1) == 1 ? 0 : -1;
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
