/* SPDX-License-Identifier: MIT */
/*
 * output-file.c — atomic output files (see output-file.h).
 *
 * Only where O_TMPFILE is missing is there a named temp file in flight;
 * it is remembered so that SIGINT/SIGTERM/SIGHUP remove it before the
 * process dies.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frontend/output-file.h"
#include "common/xalloc.h"

static volatile sig_atomic_t have_pending;
static char pending_tmp[4096];

static void
remove_pending (int sig)
{
  if (have_pending)
    unlink (pending_tmp);
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
track (const char *tmp)
{
  static bool installed;
  if (!installed)
    {
      signal (SIGINT, remove_pending);
      signal (SIGTERM, remove_pending);
      signal (SIGHUP, remove_pending);
      installed = true;
    }
  have_pending = 0;
  if (tmp && strlen (tmp) < sizeof pending_tmp)
    {
      strcpy (pending_tmp, tmp);
      have_pending = 1;
    }
}

int
output_open (struct output_file *out, const char *path)
{
  struct stat st;
  memset (out, 0, sizeof *out);
  out->path = path;
  out->fd = out->u.fd = -1;

  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      out->fd = open (path, O_WRONLY | O_CLOEXEC);
      if (out->fd < 0)
        {
          diag_error ("cannot open output file %s: %s", path, strerror (errno));
          return -1;
        }
      out->direct = true;
      return 0;
    }
  /* An output file gets the usual 0666 & ~umask. */
  if (unnamed_open (&out->u, path, 0666) != 0)
    {
      diag_error ("cannot create output file %s: %s", path, strerror (errno));
      return -1;
    }
  if (out->u.tmp)
    track (out->u.tmp);
  out->fd = out->u.fd;
  return 0;
}

FILE *
output_stream (struct output_file *out)
{
  if (!out->f)
    {
      out->f = fdopen (out->fd, "w");
      if (!out->f)
        diag_error ("cannot write %s: %s", out->path, strerror (errno));
    }
  return out->f;
}

/* Close the stream or the descriptor; -1 with errno set on failure. */
static int
close_out (struct output_file *out)
{
  int rc = 0, e = 0;
  if (out->f)
    {
      if (fclose (out->f) != 0)
        rc = -1, e = errno;
      out->f = NULL;
    }
  else if (out->fd >= 0 && close (out->fd) != 0)
    rc = -1, e = errno;
  out->fd = out->u.fd = -1;
  errno = e;
  return rc;
}

int
output_commit (struct output_file *out)
{
  int rc = 0;
  if (out->f && fflush (out->f) != 0)
    rc = -1;
  else if (!out->direct && unnamed_link (&out->u, out->path) != 0)
    rc = -1;
  if (rc == 0)
    {
      have_pending = 0;   /* a fallback temp file has its final name now */
      rc = close_out (out);
    }
  if (rc != 0)
    {
      diag_error ("cannot write %s: %s", out->path, strerror (errno));
      output_abort (out);
      return -1;
    }
  return 0;
}

void
output_abort (struct output_file *out)
{
  int e = errno;
  close_out (out);
  if (out->u.tmp)
    {
      unlink (out->u.tmp);
      track (NULL);
      free (out->u.tmp);
      out->u.tmp = NULL;
    }
  errno = e;
}
