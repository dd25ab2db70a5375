/* SPDX-License-Identifier: MIT */
/*
 * usdt-argtypes.c — the compiler's `usdt_args` callback (ctype.h): which
 * USDT probes a clause's descriptions name, and the argument types their
 * provider declared, read from the modules' .sdtkit.argtypes records
 * (sdt/argtypes.c; doc/d-types.md "args[N] of USDT probes").
 *
 * The compiler asks while it checks the script, before the probes are
 * resolved (the types decide the code), so this answers from the files the
 * type resolver already knows (types.c: the -p processes' mappings, the -c
 * executable and the libraries it will load, paths in the descriptions):
 * each module's notes are read once, into the cache the probes are found
 * in afterwards (rt->usdt_files, usdt_cache_notes: no module is read twice
 * in a start-up), and matched on the provider (the note's, or it followed
 * by a traced process's pid), the module and the probe name.  The function field is not matched (it would need the
 * symbol table): naming a function only narrows the probes, whose
 * declarations are per provider and probe.  Without a traced program or a
 * path there are no modules, and args[N] stay untyped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strset.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/probes/type-resolver.h"
#include "consumer/runtime/runtime-int.h"
#include "sdt/sdt.h"

static bool
provider_matches (const struct runtime *rt, const char *pattern, const char *provider)
{
  if (probe_field_match (pattern, provider))
    return true;
  for (size_t i = 0; i < rt->nprocs; i++)
    {
      char *p = xasprintf ("%s%d", provider, (int) rt->procs[i].pid);
      bool m = probe_glob_match (pattern, p);
      free (p);
      if (m)
        return true;
    }
  return false;
}

static bool
module_matches (const char *pattern, const char *path, const char *base)
{
  if (strchr (pattern, '/'))
    return strcmp (pattern, path) == 0;
  return probe_field_match (pattern, base);
}

static void
add_probe (struct ctype_probe_args **out, size_t *n, size_t *cap, const struct sdt_file *f,
           const struct sdt_note *note, const char *name, const char *base)
{
  struct ctype_probe_args *pa = &VEC_PUSH (*out, *n, *cap);
  memset (pa, 0, sizeof *pa);
  pa->module = xstrdup (name);
  char *dname = sdt_name_to_d (note->name);
  pa->probe = xasprintf ("%s:%s::%s", note->provider, base, dname);
  free (dname);
  const struct sdt_probe_types *pt = sdt_file_probe_types (f, note->provider, note->name);
  if (!pt || pt->conflict)
    return;
  pa->declared = true;
  pa->nargs = pt->nargs;
  for (size_t k = 0; k < pt->nargs && k < SDT_MAX_ARGS; k++)
    pa->types[k] = pt->types[k] ? xstrdup (pt->types[k]) : NULL;
}

static size_t
usdt_args (void *ctx, const char *const *descs, size_t ndescs, struct ctype_probe_args **out,
           bool *every_desc)
{
  struct runtime *rt = ctx;
  struct probe_macros macros = { macro_lookup, rt };
  size_t n = 0, cap = 0;
  *out = NULL;
  *every_desc = ndescs > 0;
  if (!rt->usdt_files)
    rt->usdt_files = usdt_cache_new ();
  for (size_t d = 0; d < ndescs; d++)
    {
      struct probe_desc pd;
      char *err = NULL;
      if (probe_desc_parse (descs[d], PROBE_FIELD_NAME, &macros, &pd, &err) != 0)
        {
          free (err);             /* reported when probes are resolved */
          *every_desc = false;
          continue;
        }
      bool matched = false;
      const char *path, *name, *base;
      for (size_t m = 0; type_resolver_module (rt->types, m, &path, &name, &base); m++)
        {
          if (pd.module[0] && !module_matches (pd.module, path, base))
            continue;
          const struct sdt_file *f = usdt_cache_notes (rt->usdt_files, path);
          struct strset seen = { 0 };   /* a probe's sites share one declaration */
          for (size_t i = 0; f && i < f->nnotes; i++)
            {
              const struct sdt_note *note = &f->notes[i];
              if (!provider_matches (rt, pd.provider, note->provider)
                  || !probe_name_match (pd.name, note->name)
                  || !strset_add (&seen, xasprintf ("%s:%s", note->provider, note->name)))
                continue;
              matched = true;
              add_probe (out, &n, &cap, f, note, name, base);
            }
          strset_clear (&seen);
        }
      *every_desc = *every_desc && matched;
      probe_desc_free (&pd);
    }
  return n;
}

void
usdt_argtypes_bind (struct runtime *rt, struct ctype_resolver *r)
{
  r->usdt_args = usdt_args;
  r->usdt_ctx = rt;
}
