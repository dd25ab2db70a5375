/*
 * program.c — building the provider model (struct d_program).
 *
 * The program owns everything it points to, including one pool of file
 * names that every d_loc.file points into (dlang/source.c fills it: the main
 * file first, then every file a cpp line marker named, cpp's "<built-in>"
 * pseudo-files included).  Providers are merged by name: several
 * `provider x { }` blocks in one file build one provider; a probe declared
 * twice is kept once (different arity is an error naming both lines).
 */
#include "dlang/build.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Providers and probes.                                                */

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
  *created = 1;
  prov = &VEC_PUSH (prog->providers, prog->nproviders, prog->providers_cap);
  memset (prov, 0, sizeof *prov);
  prov->name = xstrdup (name);
  prov->loc = *loc;
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

/* PROBE redeclares OLD: report what differs; -1 for a different arity. */
static int
redeclared (const struct d_provider *prov, const struct d_probe_decl *old,
            const struct d_probe_decl *probe)
{
  char *w = where (&old->loc, &probe->loc);
  int r = 0;

  if (old->nargs != probe->nargs)
    {
      diag_error_at (probe->loc.file, probe->loc.line,
                     "probe %s:%s redeclared with %zu argument%s; %s declared it with %zu",
                     prov->name, probe->name, probe->nargs,
                     probe->nargs == 1 ? "" : "s", w, old->nargs);
      r = -1;
    }
  else if (!same_types (old->args, old->nargs, probe->args, probe->nargs))
    diag_warn_at (probe->loc.file, probe->loc.line,
                  "probe %s:%s redeclared with other argument types; the declaration at %s is kept",
                  prov->name, probe->name, w);
  free (w);
  return r;
}

int
d_provider_add_probe (struct d_provider *prov, struct d_probe_decl *probe)
{
  for (size_t i = 0; i < prov->nprobes; i++)
    if (strcmp (prov->probes[i].name, probe->name) == 0)
      {
        int r = redeclared (prov, &prov->probes[i], probe);
        d_probe_decl_fini (probe);
        return r;
      }
  VEC_PUSH (prov->probes, prov->nprobes, prov->probes_cap) = *probe;
  memset (probe, 0, sizeof *probe);
  return 0;
}

void
d_program_add_pragma (struct d_program *prog, char *text, const struct d_loc *loc)
{
  struct d_pragma *pr = &VEC_PUSH (prog->pragmas, prog->npragmas, prog->pragmas_cap);

  pr->text = text;
  pr->loc = *loc;
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
