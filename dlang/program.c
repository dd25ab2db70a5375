/* SPDX-License-Identifier: MIT */
/*
 * program.c — building the provider model (struct d_program).
 *
 * The program owns everything it points to, including one pool of file
 * names that every d_loc.file points into (dlang/source.c fills it: the main
 * file first, then every file a cpp line marker named, cpp's "<built-in>"
 * pseudo-files included).  Providers are merged by name: several
 * `provider x { }` blocks in one file build one provider; a probe declared
 * twice is kept once (different arity is an error naming both lines).
 *
 * Names are found through a hash index (struct d_name_index) rather than by
 * scanning: with a scan, a definition of 40,000 probes took seconds to merge
 * (every probe compared with every earlier one); with the index each probe
 * costs one lookup, and the whole `-h` run is linear in the probe count.
 */
#include "dlang/build.h"
#include "common/diag.h"
#include "common/hash.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The name index.                                                      */

/* The slot holding NAME, or the free slot where it would go. */
static struct d_name_slot *
index_slot (const struct d_name_index *ix, const char *name)
{
  size_t mask = ix->nslots - 1, i = (size_t) fnv1a_str (FNV1A_INIT, name) & mask;

  while (ix->slots[i].name && strcmp (ix->slots[i].name, name) != 0)
    i = (i + 1) & mask;
  return &ix->slots[i];
}

/* The index of the element named NAME, or -1. */
static ptrdiff_t
index_find (const struct d_name_index *ix, const char *name)
{
  const struct d_name_slot *slot;

  if (!ix->nslots)
    return -1;
  slot = index_slot (ix, name);
  return slot->name ? (ptrdiff_t) slot->index : -1;
}

/* Record NAME (not yet there; it must outlive the index) at INDEX. */
static void
index_add (struct d_name_index *ix, const char *name, size_t index)
{
  struct d_name_slot *slot;

  if (2 * (ix->count + 1) > ix->nslots)
    {
      struct d_name_index bigger = { 0 };

      bigger.nslots = ix->nslots ? 2 * ix->nslots : 16;
      bigger.slots = xcalloc (bigger.nslots, sizeof *bigger.slots);
      for (size_t i = 0; i < ix->nslots; i++)
        if (ix->slots[i].name)
          *index_slot (&bigger, ix->slots[i].name) = ix->slots[i];
      bigger.count = ix->count;
      free (ix->slots);
      *ix = bigger;
    }
  slot = index_slot (ix, name);
  slot->name = name;
  slot->index = index;
  ix->count++;
}

static void
index_free (struct d_name_index *ix)
{
  free (ix->slots);
  memset (ix, 0, sizeof *ix);
}

/* ------------------------------------------------------------------ */
/* Providers and probes.                                                */

struct d_provider *
d_program_provider (struct d_program *prog, const char *name,
                    const struct d_loc *loc, int *created)
{
  ptrdiff_t i = index_find (&prog->provider_index, name);
  struct d_provider *prov;

  *created = i < 0;
  if (i >= 0)
    return &prog->providers[i];
  prov = &VEC_PUSH (prog->providers, prog->nproviders, prog->providers_cap);
  memset (prov, 0, sizeof *prov);
  prov->name = xstrdup (name);
  prov->loc = *loc;
  index_add (&prog->provider_index, prov->name, prog->nproviders - 1);
  return prov;
}

void
d_params_free (struct d_param *params, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    FREE_ALL (params[i].text, params[i].type, params[i].name);
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
  ptrdiff_t i = index_find (&prov->probe_index, probe->name);
  int r = 0;

  if (i >= 0)
    {
      r = redeclared (prov, &prov->probes[i], probe);
      d_probe_decl_fini (probe);
      return r;
    }
  VEC_PUSH (prov->probes, prov->nprobes, prov->probes_cap) = *probe;
  index_add (&prov->probe_index, prov->probes[prov->nprobes - 1].name, prov->nprobes - 1);
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
      index_free (&prov->probe_index);
    }
  free (prog->providers);
  index_free (&prog->provider_index);
  for (i = 0; i < prog->npragmas; i++)
    free (prog->pragmas[i].text);
  free (prog->pragmas);
  free_strings (prog->files, prog->nfiles);
  free (prog->files);
  memset (prog, 0, sizeof *prog);
}
