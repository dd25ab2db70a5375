/* SPDX-License-Identifier: MIT */
/*
 * parse.c — the entry points of the D front end (dlang/dlang.h): get the
 * text (read it, or run cpp over it for -C), run the parser over it, and
 * leave the caller's results empty again when anything fails.
 *
 * Providers (d_parse_file, d_parse_string) parse into a fresh d_program; D
 * programs (d_parse_script_file, d_parse_script_string) into a fresh
 * d_script and the caller's empty d_program (providers and pragmas of the
 * script).  On error both are freed here, the file names and pragmas the
 * failed parse interned included, so that a caller that drops its results
 * after an error leaks nothing.
 *
 * Every file goes through d_read_source (dlang/source.c), also with -C:
 * cpp would read `/dev/zero` or an ELF file as happily as we would, so the
 * input is checked before cpp runs, and cpp's output is bounded too.
 */
#include "dlang/parser.h"
#include "dlang/source.h"
#include "common/diag.h"
#include "common/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Provider definitions.                                                */

static int
parse_buffer (const char *name, const char *text, size_t len,
              enum d_parse_mode mode, struct d_program *out)
{
  memset (out, 0, sizeof *out);
  if (!name)
    name = "<input>";
  d_program_intern_file (out, name, strlen (name));
  if (d_parse_text (out, name, text, len, mode, NULL) < 0)
    {
      d_program_free (out);
      return -1;
    }
  return 0;
}

int
d_parse_string (const char *name, const char *text, size_t len,
                enum d_parse_mode mode, struct d_program *out)
{
  return parse_buffer (name, text, len, mode, out);
}

int
d_parse_file (const char *path, const struct d_cpp_options *cpp,
              enum d_parse_mode mode, struct d_program *out)
{
  char *text;
  size_t len = 0;
  int r;

  memset (out, 0, sizeof *out);
  text = d_read_source (path, &len);
  if (text && cpp && cpp->enabled)
    {
      free (text);
      text = d_preprocess (path, cpp, &len);
    }
  if (!text)
    return -1;
  r = parse_buffer (path, text, len, mode, out);
  free (text);
  return r;
}

/* ------------------------------------------------------------------ */
/* D programs.                                                          */

/* Parse; on failure leave PROG (and OUT, which the parser frees) empty. */
static int
parse_script (const char *name, const char *text, size_t len, const char *errprefix,
              bool string_input, struct d_program *prog, struct d_script *out)
{
  if (d_script_parse_text (name, text, len, errprefix, string_input, prog, out) == 0)
    return 0;
  d_program_free (prog);
  return -1;
}

int
d_parse_script_string (const char *name, const char *text, const char *errprefix,
                       struct d_program *prog, struct d_script *out)
{
  char *prefix = NULL;
  int r;

  memset (out, 0, sizeof *out);
  if (!text)
    text = "";
  if (!name)
    name = "<string>";
  if (!errprefix)
    errprefix = prefix = xasprintf ("invalid probe specifier %s", text);
  r = parse_script (name, text, strlen (text), errprefix, true, prog, out);
  free (prefix);
  return r;
}

/* -C on a script whose first line is "#!...": cpp would reject the line, so
 * it runs on a temporary copy that starts with `#line 1 "PATH"` and has the
 * "#!" line blanked (line numbers are kept); -I<dir of PATH> keeps
 * #include "x.h" finding the script's neighbours. */
static char *
preprocess_interpreter_script (const char *path, const char *text, size_t len,
                               const struct d_cpp_options *cpp, size_t *outlen)
{
  const char *t = getenv ("TMPDIR"), *nl = memchr (text, '\n', len), *slash;
  char *tmp = xasprintf ("%s/sdtkit-script.XXXXXX", t && *t ? t : "/tmp");
  struct d_cpp_options opts = *cpp;
  char *incdir, *out = NULL;
  FILE *f;
  int fd, ok;
  size_t i;

  fd = mkstemp (tmp);
  if (fd < 0)
    {
      diag_error ("failed to preprocess %s: cannot create a temporary file in %s: %s",
                  path, t && *t ? t : "/tmp", strerror (errno));
      free (tmp);
      return NULL;
    }
  f = fdopen (fd, "w");
  if (!f)
    {
      close (fd);
      unlink (tmp);
      free (tmp);
      diag_error ("failed to preprocess %s: %s", path, strerror (errno));
      return NULL;
    }
  fputs ("#line 1 \"", f);
  for (i = 0; path[i]; i++)
    {
      if (path[i] == '"' || path[i] == '\\')
        fputc ('\\', f);
      fputc (path[i], f);
    }
  fputs ("\"\n\n", f);
  if (nl)
    fwrite (nl + 1, 1, len - (size_t) (nl + 1 - text), f);
  ok = !ferror (f);
  ok = fclose (f) == 0 && ok;
  if (!ok)
    {
      diag_error ("failed to preprocess %s: writing %s: %s", path, tmp, strerror (errno));
      unlink (tmp);
      free (tmp);
      return NULL;
    }
  slash = strrchr (path, '/');
  incdir = slash ? xasprintf ("-I%.*s", (int) (slash == path ? 1 : slash - path), path)
                 : xstrdup ("-I.");
  opts.args = xcalloc (cpp->nargs + 1, sizeof *opts.args);
  for (i = 0; i < cpp->nargs; i++)
    opts.args[i] = cpp->args[i];
  opts.args[cpp->nargs] = incdir;
  opts.nargs = cpp->nargs + 1;
  opts.display = path;
  out = d_preprocess (tmp, &opts, outlen);
  unlink (tmp);
  FREE_ALL (tmp, opts.args, incdir);
  return out;
}

int
d_parse_script_file (const char *path, const struct d_cpp_options *cpp, const char *errprefix,
                     struct d_program *prog, struct d_script *out)
{
  char *text, *prefix = NULL;
  size_t len = 0;
  int r;

  memset (out, 0, sizeof *out);
  text = d_read_source (path, &len);
  if (!text)
    return -1;
  if (cpp && cpp->enabled)
    {
      char *pp;
      size_t pplen = 0;

      if (len >= 2 && text[0] == '#' && text[1] == '!')
        pp = preprocess_interpreter_script (path, text, len, cpp, &pplen);
      else
        pp = d_preprocess (path, cpp, &pplen);
      free (text);
      if (!pp)
        return -1;
      text = pp;
      len = pplen;
    }
  if (!errprefix)
    errprefix = prefix = xasprintf ("failed to compile script %s", path);
  r = parse_script (path, text, len, errprefix, false, prog, out);
  free (prefix);
  free (text);
  return r;
}
