/*
 * program.c — the entry points of the D front end and the d_program model.
 *
 * d_parse_file reads the file (or runs cpp on it for -C) and hands the text
 * to the parser; d_parse_string does the same for text in memory.  Both
 * parse into a fresh d_program and, on error, free it again so that the
 * caller's *out is left empty.
 *
 * The program owns everything it points to, including one pool of file
 * names that every d_loc.file points into (the main file first, then every
 * file a cpp line marker named, cpp's "<built-in>" pseudo-files included).
 * Providers are merged by name: several `provider x { }` blocks in one file
 * build one provider; a probe declared twice is kept once (different arity
 * is an error naming both lines).
 */
#include "dlang/d-internal.h"
#include "common/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Building blocks.                                                     */

const char *
d_program_intern_file (struct d_program *prog, const char *name, size_t len)
{
  size_t i;

  for (i = prog->nfiles; i-- > 0;)
    if (strlen (prog->files[i]) == len && memcmp (prog->files[i], name, len) == 0)
      return prog->files[i];
  prog->files = xrealloc (prog->files, (prog->nfiles + 1) * sizeof *prog->files);
  prog->files[prog->nfiles] = xstrndup (name, len);
  return prog->files[prog->nfiles++];
}

struct d_provider *
d_program_provider (struct d_program *prog, const char *name,
                    const struct d_loc *loc, int *created)
{
  struct d_provider *prov;
  size_t i;

  for (i = 0; i < prog->nproviders; i++)
    if (strcmp (prog->providers[i].name, name) == 0)
      {
        *created = 0;
        return &prog->providers[i];
      }
  prog->providers = xrealloc (prog->providers,
                              (prog->nproviders + 1) * sizeof *prog->providers);
  prov = &prog->providers[prog->nproviders++];
  memset (prov, 0, sizeof *prov);
  prov->name = xstrdup (name);
  prov->loc = *loc;
  *created = 1;
  return prov;
}

void
d_params_free (struct d_param *params, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    {
      free (params[i].text);
      free (params[i].type);
      free (params[i].name);
    }
  free (params);
}

void
d_probe_decl_fini (struct d_probe_decl *probe)
{
  free (probe->name);
  d_params_free (probe->args, probe->nargs);
  d_params_free (probe->xargs, probe->nxargs);
  memset (probe, 0, sizeof *probe);
}

static int
same_types (const struct d_param *a, size_t na, const struct d_param *b, size_t nb)
{
  size_t i;

  if (na != nb)
    return 0;
  for (i = 0; i < na; i++)
    if (strcmp (a[i].type, b[i].type) != 0)
      return 0;
  return 1;
}

/* "line 12" or "other.d:12" for the first declaration, as seen from AT. */
static char *
where (const struct d_loc *first, const struct d_loc *at)
{
  if (first->file == at->file || strcmp (first->file, at->file) == 0)
    return xasprintf ("line %d", first->line);
  return xasprintf ("%s:%d", first->file, first->line);
}

int
d_provider_add_probe (struct d_provider *prov, struct d_probe_decl *probe)
{
  size_t i;

  for (i = 0; i < prov->nprobes; i++)
    {
      struct d_probe_decl *old = &prov->probes[i];
      char *w;

      if (strcmp (old->name, probe->name) != 0)
        continue;
      w = where (&old->loc, &probe->loc);
      if (old->nargs != probe->nargs)
        {
          diag_error_at (probe->loc.file, probe->loc.line,
                         "probe %s:%s redeclared with %zu argument%s; %s declared it with %zu",
                         prov->name, probe->name, probe->nargs,
                         probe->nargs == 1 ? "" : "s", w, old->nargs);
          free (w);
          d_probe_decl_fini (probe);
          return -1;
        }
      if (!same_types (old->args, old->nargs, probe->args, probe->nargs))
        diag_warn_at (probe->loc.file, probe->loc.line,
                      "probe %s:%s redeclared with other argument types; the declaration at %s is kept",
                      prov->name, probe->name, w);
      free (w);
      d_probe_decl_fini (probe);
      return 0;
    }
  prov->probes = xrealloc (prov->probes, (prov->nprobes + 1) * sizeof *prov->probes);
  prov->probes[prov->nprobes++] = *probe;
  memset (probe, 0, sizeof *probe);
  return 0;
}

void
d_program_add_pragma (struct d_program *prog, char *text, const struct d_loc *loc)
{
  prog->pragmas = xrealloc (prog->pragmas, (prog->npragmas + 1) * sizeof *prog->pragmas);
  prog->pragmas[prog->npragmas].text = text;
  prog->pragmas[prog->npragmas].loc = *loc;
  prog->npragmas++;
}

void
d_program_free (struct d_program *prog)
{
  size_t i, j;

  if (!prog)
    return;
  for (i = 0; i < prog->nproviders; i++)
    {
      struct d_provider *prov = &prog->providers[i];
      for (j = 0; j < prov->nprobes; j++)
        d_probe_decl_fini (&prov->probes[j]);
      free (prov->probes);
      free (prov->name);
    }
  free (prog->providers);
  for (i = 0; i < prog->npragmas; i++)
    free (prog->pragmas[i].text);
  free (prog->pragmas);
  for (i = 0; i < prog->nfiles; i++)
    free (prog->files[i]);
  free (prog->files);
  memset (prog, 0, sizeof *prog);
}

/* ------------------------------------------------------------------ */
/* Entry points.                                                        */

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

char *
d_read_file (const char *path, size_t *len)
{
  struct stat st;
  char *buf = NULL;
  size_t n = 0, cap = 0;
  int fd = open (path, O_RDONLY | O_CLOEXEC);

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
  for (;;)
    {
      ssize_t r;

      if (n + 1 >= cap)
        {
          cap = cap ? cap * 2 : 8192;
          buf = xrealloc (buf, cap);
        }
      r = read (fd, buf + n, cap - n - 1);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          diag_error ("failed to read %s: %s", path, strerror (errno));
          free (buf);
          close (fd);
          return NULL;
        }
      if (r == 0)
        break;
      n += (size_t) r;
    }
  close (fd);
  buf[n] = '\0';
  *len = n;
  return buf;
}

int
d_parse_file (const char *path, const struct d_cpp_options *cpp,
              enum d_parse_mode mode, struct d_program *out)
{
  char *text;
  size_t len = 0;
  int r;

  memset (out, 0, sizeof *out);
  if (cpp && cpp->enabled)
    {
      /* A clean message for a missing file rather than cpp's. */
      int fd = open (path, O_RDONLY | O_CLOEXEC);
      struct stat st;

      if (fd < 0 || (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode)))
        {
          diag_error ("failed to open %s: %s", path, strerror (fd < 0 ? errno : EISDIR));
          if (fd >= 0)
            close (fd);
          return -1;
        }
      close (fd);
      text = d_preprocess (path, cpp, &len);
    }
  else
    text = d_read_file (path, &len);
  if (!text)
    return -1;
  r = parse_buffer (path, text, len, mode, out);
  free (text);
  return r;
}
