/*
 * output-file.c — atomic output files (see output-file.h).
 *
 * The one temp file in flight is remembered so that SIGINT/SIGTERM/SIGHUP
 * remove it before the process dies.
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
  out->fd = -1;

  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      out->fd = open (path, O_WRONLY | O_CLOEXEC);
      if (out->fd < 0)
        {
          diag_error ("cannot open output file %s: %s", path, strerror (errno));
          return -1;
        }
      return 0;
    }

  const char *slash = strrchr (path, '/');
  char *dir = slash ? xstrndup (path, (size_t) (slash - path) + 1) : xstrdup ("");
  out->tmp = xasprintf ("%s.%s.tmpXXXXXX", dir, slash ? slash + 1 : path);
  free (dir);
  out->fd = mkstemp (out->tmp);
  if (out->fd < 0)
    {
      diag_error ("cannot create output file %s: %s", path, strerror (errno));
      free (out->tmp);
      out->tmp = NULL;
      return -1;
    }
  track (out->tmp);
  /* mkstemp makes 0600; an output file gets the usual 0666 & ~umask. */
  mode_t mask = umask (0);
  umask (mask);
  if (fchmod (out->fd, 0666 & ~mask) != 0)
    { /* not fatal: the file stays private */ }
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

static int
close_out (struct output_file *out)
{
  int rc = 0;
  if (out->f)
    {
      if (fclose (out->f) != 0)
        rc = -1;
      out->f = NULL;
      out->fd = -1;
    }
  else if (out->fd >= 0)
    {
      if (close (out->fd) != 0)
        rc = -1;
      out->fd = -1;
    }
  return rc;
}

int
output_commit (struct output_file *out)
{
  if (close_out (out) != 0)
    {
      diag_error ("cannot write %s: %s", out->path, strerror (errno));
      output_abort (out);
      return -1;
    }
  if (out->tmp)
    {
      if (rename (out->tmp, out->path) != 0)
        {
          diag_error ("cannot write %s: %s", out->path, strerror (errno));
          output_abort (out);
          return -1;
        }
      track (NULL);
      free (out->tmp);
      out->tmp = NULL;
    }
  return 0;
}

void
output_abort (struct output_file *out)
{
  close_out (out);
  if (out->tmp)
    {
      unlink (out->tmp);
      track (NULL);
      free (out->tmp);
      out->tmp = NULL;
    }
}
