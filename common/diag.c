/* SPDX-License-Identifier: MIT */
/*
 * diag.c — the one place where sdtkit prints diagnostics.
 *
 * Every message is a single line on stderr, prefixed with "dtrace: ".  The
 * line is formatted into one buffer first and written with a single call so
 * that messages from concurrent writers (a child compiler, another thread)
 * do not get interleaved mid-line.  Errors are counted so that a front end can
 * decide its exit status after reporting several of them; warnings can be
 * silenced (-q style) but errors never are, except by diag_set_silent (for
 * the fuzz harnesses only: the front end never calls it).
 */
#include "common/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned diag_errors;
static bool diag_quiet;
static bool diag_silent;

/* Print "dtrace: [FILE[:LINE]: ][KIND: ]MESSAGE\n" to stderr in one write. */
static void diag_emit (const char *file, int line, const char *kind,
                       const char *fmt, va_list ap)
  __attribute__ ((format (printf, 4, 0)));

static void
diag_emit (const char *file, int line, const char *kind, const char *fmt, va_list ap)
{
  char *msg = NULL;
  va_list copy;

  if (diag_silent)
    return;

  va_copy (copy, ap);
  if (vasprintf (&msg, fmt, copy) < 0)
    msg = NULL;
  va_end (copy);

  char where[64] = "";
  if (file && line > 0)
    snprintf (where, sizeof where, ":%d", line);

  if (msg)
    {
      fprintf (stderr, "dtrace: %s%s%s%s%s%s\n",
               file ? file : "", where, file ? ": " : "",
               kind ? kind : "", kind ? ": " : "", msg);
      free (msg);
    }
  else
    {
      /* Out of memory while reporting: still say something useful. */
      fprintf (stderr, "dtrace: %s%s%s%s%s",
               file ? file : "", where, file ? ": " : "",
               kind ? kind : "", kind ? ": " : "");
      vfprintf (stderr, fmt, ap);
      fputc ('\n', stderr);
    }
  fflush (stderr);
}

void
diag_report (unsigned kind, const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  if (kind & DIAG_ERROR)
    diag_errors++;
  else if ((kind & DIAG_WARNING) && diag_quiet)
    return;
  const char *label = kind & DIAG_ERROR ? "error" : kind & DIAG_WARNING ? "warning" : NULL;
  if (kind & DIAG_LOCATED)
    file = file ? file : "<unknown>";
  else if (kind & DIAG_ERROR)
    label = NULL;               /* a plain error is "dtrace: MESSAGE" */
  va_start (ap, fmt);
  diag_emit (file, line, label, fmt, ap);
  va_end (ap);
}

void
diag_error_prefixed (const char *prefix, int line, const char *fmt, va_list ap)
{
  char *msg;
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  if (line > 0)
    diag_error ("%s: line %d: %s", prefix, line, msg ? msg : "error");
  else
    diag_error ("%s: %s", prefix, msg ? msg : "error");
  free (msg);
}

void
diag_error_line (const char *prefix, int line, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  diag_error_prefixed (prefix, line, fmt, ap);
  va_end (ap);
}

unsigned
diag_error_count (void)
{
  return diag_errors;
}

void
diag_set_quiet (bool quiet)
{
  diag_quiet = quiet;
}

void
diag_set_silent (bool silent)
{
  diag_silent = silent;
}
