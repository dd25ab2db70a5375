/* SPDX-License-Identifier: MIT */
/*
 * resolve.c — probe descriptions to probes.  Every clause's descriptions
 * are parsed ($target, $1.. expanded), then matched in turn against
 * dtrace:::BEGIN/END/ERROR (probes 1..3, always present), the USDT probes
 * in scope (one search for all descriptions), profile:::tick-N, and the
 * pid/syscall/profile providers.  Each probe gets the list of clauses that
 * enable it; a description that matches nothing is an error unless -Z.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consumer/probes/probe-desc.h"
#include "consumer/probes/profile-probes.h"
#include "consumer/probes/providers.h"
#include "consumer/runtime/runtime-int.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

static const char *const names[] = { "BEGIN", "END", "ERROR" };

/* Every clause's descriptions in clause order, the clause of each, and
 * whether it is searched among the USDT probes. */
struct resolve {
  size_t nd;
  struct probe_desc *descs;
  size_t *desc_clause;
  bool *usdt_desc;
};


const char *
macro_lookup (void *arg, const char *name)
{
  struct runtime *rt = arg;
  static char buf[32];
  if (strcmp (name, "target") == 0)
    {
      if (!rt->prog.target_pid)
        return NULL;
      snprintf (buf, sizeof buf, "%" PRId64, rt->prog.target_pid);
      return buf;
    }
  if (strcmp (name, "pid") == 0)
    {
      snprintf (buf, sizeof buf, "%d", (int) getpid ());
      return buf;
    }
  char *end;
  long k = strtol (name, &end, 10);
  if (*end == '\0' && k >= 0 && (size_t) k < rt->prog.nmacro_args)
    return rt->prog.macro_args[k];
  if (*end == '\0' && k > 0 && rt->prog.defaultargs)
    return "";                /* -x defaultargs: an empty field matches every probe */
  return NULL;
}

/* "tick-1sec", "tick-100ms", "tick-10hz", "tick-1000" (hz) -> nanoseconds,
 * or 0 when NAME is not a tick probe name. */
static uint64_t
tick_interval (const char *name)
{
  return profile_interval (name, "tick");   /* the same units and the 200 us floor */
}

static bool
is_tick_desc (const struct probe_desc *d)
{
  return (d->provider[0] == '\0' || probe_field_match (d->provider, "profile"))
         && (d->module[0] == '\0') && (d->function[0] == '\0') && tick_interval (d->name) > 0;
}

static bool
is_dtrace_probe (const struct probe_desc *d, const char *name)
{
  return (d->provider[0] == '\0' || probe_field_match (d->provider, "dtrace"))
         && (d->module[0] == '\0' || probe_field_match (d->module, ""))
         && (d->function[0] == '\0' || probe_field_match (d->function, ""))
         && probe_field_match (d->name, name);
}

static void
add_clause_to_probe (struct dprobe *p, unsigned clause)
{
  for (size_t i = 0; i < p->nclauses; i++)
    if (p->clauses[i] == clause)
      return;
  p->clauses = xrealloc (p->clauses, (p->nclauses + 1) * sizeof *p->clauses);
  p->clauses[p->nclauses++] = clause;
}


/* The error prefix of clause C's source ("failed to compile script x.d",
 * "invalid probe specifier ..."). */
static const char *
clause_errprefix (const struct runtime *rt, size_t c)
{
  const char *prefix = "invalid probe specifier";
  for (size_t s = 0; s < rt->nsrc; s++)
    if (c >= rt->src[s].first_clause && c < rt->src[s].first_clause + rt->src[s].nclauses)
      prefix = rt->src[s].errprefix;
  return prefix;
}

/* A profile-N or tick-N description whose N is written as a number but is
 * no interval we take (tick-nan, tick-1e30s, profile-100us): an error, as
 * DTrace's for a description it cannot parse, not "does not match". */
static int
check_interval (const struct runtime *rt, size_t c, const struct d_probe_desc *pd,
                const struct probe_desc *d)
{
  uint64_t ns;
  char *why = NULL;
  if ((d->provider[0] && strcmp (d->provider, "profile") != 0) || d->module[0] || d->function[0]
      || probe_glob_is_pattern (d->name)
      || (profile_interval_parse (d->name, "tick", &ns, &why) >= 0
          && profile_interval_parse (d->name, "profile", &ns, &why) >= 0))
    return 0;
  char *f = probe_desc_format (d);
  if (pd->loc.line > 0)
    diag_error ("%s: line %d: probe description %s has an invalid interval: %s",
                clause_errprefix (rt, c), pd->loc.line, f, why);
  else
    diag_error ("%s: probe description %s has an invalid interval: %s", clause_errprefix (rt, c), f, why);
  free (f);
  free (why);
  return -1;
}

/* All descriptions, then one USDT search for all of them. */
static int
collect_descs (struct runtime *rt, struct resolve *r)
{
  struct dprog *p = &rt->prog;
  struct probe_macros macros = { macro_lookup, rt };
  size_t nd = 0, descs_cap = 0, clause_cap = 0;
  struct probe_desc *descs = NULL;
  size_t *desc_clause = NULL;

  for (size_t c = 0; c < p->nclauses; c++)
    {
      const struct d_clause_ast *ast = p->clauses[c].ast;
      for (size_t d = 0; d < ast->ndescs; d++)
        {
          char *e = NULL;
          VEC_GROW (descs, nd, descs_cap);
          VEC_GROW (desc_clause, nd, clause_cap);
          if (probe_desc_parse (ast->descs[d].text, PROBE_FIELD_NAME, &macros, &descs[nd], &e) != 0)
            {
              diag_error ("invalid probe description \"%s\": %s", ast->descs[d].text, e ? e : "syntax error");
              free (e);
              for (size_t i = 0; i < nd; i++)
                probe_desc_free (&descs[i]);
              free (descs);
              free (desc_clause);
              return -1;
            }
          if (check_interval (rt, c, &ast->descs[d], &descs[nd]) != 0)
            {
              for (size_t i = 0; i <= nd; i++)
                probe_desc_free (&descs[i]);
              free (descs);
              free (desc_clause);
              return -1;
            }
          desc_clause[nd++] = c;
        }
    }
  r->nd = nd;
  r->descs = descs;
  r->desc_clause = desc_clause;
  return 0;
}

/* dtrace:::BEGIN / END / ERROR are probes 1..3, always present. */
static void
add_dtrace_probes (struct dprog *p)
{
  p->nprobes = 3;
  p->probes = xcalloc (3, sizeof *p->probes);
  for (unsigned i = 0; i < 3; i++)
    {
      p->probes[i].id = i + 1;
      p->probes[i].kind = i == 0 ? PK_BEGIN : i == 1 ? PK_END : PK_ERROR;
      p->probes[i].prov = xstrdup ("dtrace");
      p->probes[i].mod = xstrdup ("");
      p->probes[i].func = xstrdup ("");
      p->probes[i].name = xstrdup (names[i]);
    }
}

/* The descriptions that can name USDT probes, searched for at once in the
 * scope (-p/-c processes, else every process): rt->usdt. */
static int
find_usdt_probes (struct runtime *rt, struct resolve *r)
{
  size_t nd = r->nd;
  struct probe_desc *descs = r->descs;
  bool *usdt_desc = xcalloc (nd ? nd : 1, sizeof *usdt_desc);
  size_t nusdt = 0;
  struct probe_desc *udescs = xcalloc (nd ? nd : 1, sizeof *udescs);
  for (size_t i = 0; i < nd; i++)
    {
      bool special = false;
      for (unsigned k = 0; k < 3; k++)
        if (is_dtrace_probe (&descs[i], names[k]))
          special = true;
      /* "BEGIN" alone names only dtrace:::BEGIN; ":::" (an empty name
       * matches BEGIN too) still names every USDT probe */
      bool literal = descs[i].provider[0] == '\0'
                     && (strcmp (descs[i].name, "BEGIN") == 0 || strcmp (descs[i].name, "END") == 0
                         || strcmp (descs[i].name, "ERROR") == 0);
      bool only_special = (special && (literal || strcmp (descs[i].provider, "dtrace") == 0))
                          || is_tick_desc (&descs[i]) || providers_desc_exclusive (&descs[i]);
      if (!only_special)
        {
          usdt_desc[i] = true;
          udescs[nusdt++] = descs[i];
        }
    }
  r->usdt_desc = usdt_desc;

  int rc = 0;
  if (nusdt && run_to_evaltime (rt) != 0)
    rc = -1;
  else if (nusdt)
    {
      lib_events_watch (rt);    /* before the maps are read: no load is missed */
      struct usdt_scope scope = { rt->procs, rt->nprocs, NULL, 0, rt->nprocs == 0 };
      if (usdt_probes_find (udescs, nusdt, &scope, rt->usdt_files, &rt->usdt) != 0)
        rc = -1;
      else
        rt->have_usdt = true;
      /* -Z: probes of processes that exec later (lib-events.c) */
      rt->watch_execs = rt->have_usdt && rt->nprocs == 0 && rt->prog.zdefs;
    }
  /* stacks and symbols: the -c/-p processes' maps read at each link-map
   * change, while they live (lib-events.c) */
  if (rc == 0 && rt->prog.user_addrs)
    lib_events_watch (rt);
  free (udescs);
  return rc;
}

void
resolve_usdt_dprobe (struct dprobe *dp, const struct usdt_probe *u, unsigned id)
{
  memset (dp, 0, sizeof *dp);
  dp->id = id;
  dp->kind = PK_USDT;
  dp->prov = xstrdup (u->provider);
  dp->mod = xstrdup (u->module);
  dp->func = xstrdup (u->function);
  dp->name = xstrdup (u->name);
  dp->sites = (void *) u;
}

void
resolve_dprobe_fini (struct dprobe *dp)
{
  FREE_ALL (dp->prov, dp->mod, dp->func, dp->name, dp->clauses);
}

/* The USDT probes found are probes 4.. */
static void
add_usdt_probes (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  p->probes = xrealloc (p->probes, (3 + rt->usdt.nprobes) * sizeof *p->probes);
  for (size_t i = 0; i < rt->usdt.nprobes; i++)
    resolve_usdt_dprobe (&p->probes[3 + i], &rt->usdt.probes[i], PROBE_ID_USDT + (unsigned) i);
  p->nprobes = 3 + rt->usdt.nprobes;
}

/* profile:::tick-N probes, one per distinct name */
static void
add_tick_probes (struct dprog *p, const struct resolve *r)
{
  const struct probe_desc *descs = r->descs;
  for (size_t i = 0; i < r->nd; i++)
    {
      if (!is_tick_desc (&descs[i]))
        continue;
      bool have = false;
      for (size_t j = 3; j < p->nprobes; j++)
        if (p->probes[j].kind == PK_TICK && strcmp (p->probes[j].name, descs[i].name) == 0)
          have = true;
      if (have)
        continue;
      p->probes = xrealloc (p->probes, (p->nprobes + 1) * sizeof *p->probes);
      struct dprobe *dp = &p->probes[p->nprobes];
      memset (dp, 0, sizeof *dp);
      dp->id = (unsigned) p->nprobes + 1;
      dp->kind = PK_TICK;
      dp->prov = xstrdup ("profile");
      dp->mod = xstrdup ("");
      dp->func = xstrdup ("");
      dp->name = xstrdup (descs[i].name);
      dp->tick_ns = tick_interval (descs[i].name);
      p->nprobes++;
    }
}

/* A provider field that names one process's probes (`tgt1234`): no glob,
 * ending in a digit.  Any other (`tgt*`, `*`) also names the probes of the
 * processes that map the same files later. */
static bool
provider_names_one_process (const char *prov)
{
  size_t n = strlen (prov);
  return n > 0 && prov[n - 1] >= '0' && prov[n - 1] <= '9' && !probe_glob_is_pattern (prov);
}

/* Enable clause C on every probe description D matches (USDT probes only
 * when USDT); returns how many.  BY_FILE: the scope is every process, so a
 * USDT probe D matches without naming its process is attached by file. */
static size_t
enable_desc (struct dprog *p, const struct probe_desc *d, bool usdt, size_t c, bool by_file)
{
  size_t n = 0;
  for (unsigned k = 0; k < 3; k++)
    if (is_dtrace_probe (d, names[k]))
      {
        add_clause_to_probe (&p->probes[k], (unsigned) c);
        n++;
      }
  if (is_tick_desc (d))
    for (size_t j = 3; j < p->nprobes; j++)
      if (p->probes[j].kind == PK_TICK && strcmp (p->probes[j].name, d->name) == 0)
        {
          add_clause_to_probe (&p->probes[j], (unsigned) c);
          n++;
        }
  for (size_t j = 3; j < p->nprobes; j++)
    if (p->probes[j].kind >= PK_PID && providers_probe_match (&p->probes[j], d))
      {
        add_clause_to_probe (&p->probes[j], (unsigned) c);
        n++;
      }
  if (usdt)
    for (size_t j = 3; j < p->nprobes; j++)
      {
        if (p->probes[j].kind != PK_USDT)
          continue;
        const struct usdt_probe *u = p->probes[j].sites;
        const char *mod = d->module;
        if (strchr (mod, '/'))
          mod = strrchr (mod, '/') + 1;   /* a path: the file's basename */
        if (probe_field_match (d->provider, u->provider)
            && probe_field_match (mod, u->module)
            && probe_field_match (d->function, u->function)
            && probe_name_match (d->name, u->note_name))
          {
            add_clause_to_probe (&p->probes[j], (unsigned) c);
            if (by_file && u->pid > 0 && !provider_names_one_process (d->provider))
              ((struct usdt_probe *) p->probes[j].sites)->by_file = true;
            n++;
          }
      }
  return n;
}

/* Description I matched no probe: the error names its source and line. */
static void
report_unmatched (const struct runtime *rt, const struct resolve *r, size_t i)
{
  const struct dprog *p = &rt->prog;
  size_t c = r->desc_clause[i];
  const struct d_clause_ast *ast = p->clauses[c].ast;
  const char *prefix = clause_errprefix (rt, c);
  const struct d_probe_desc *pd = NULL;
  for (size_t d = 0, k = 0; d < ast->ndescs; d++)
    for (size_t q = 0; q <= i; q++)
      if (r->desc_clause[q] == c && q == i && k++ == 0)
        pd = &ast->descs[d];
  char *f = probe_desc_format (&r->descs[i]);
  if (pd && pd->loc.line > 0)
    diag_error ("%s: line %d: probe description %s does not match any probes", prefix,
                pd->loc.line, f);
  else
    diag_error ("%s: probe description %s does not match any probes", prefix, f);
  free (f);
}

/* Enable clauses on matching probes; count matches per source. */
static int
enable_clauses (struct runtime *rt, const struct resolve *r, int rc)
{
  struct dprog *p = &rt->prog;
  size_t *matched = xcalloc (rt->nsrc ? rt->nsrc : 1, sizeof *matched);
  for (size_t i = 0; rc == 0 && i < r->nd; i++)
    {
      size_t c = r->desc_clause[i];
      size_t n = enable_desc (p, &r->descs[i], r->usdt_desc[i], c, rt->nprocs == 0);
      for (size_t s = 0; s < rt->nsrc; s++)
        if (c >= rt->src[s].first_clause && c < rt->src[s].first_clause + rt->src[s].nclauses)
          matched[s] += n;
      if (n == 0 && !p->zdefs)
        {
          report_unmatched (rt, r, i);
          rc = -1;
        }
    }
  rt->matched = matched;   /* the notice comes once the probes are enabled */
  return rc;
}

int
resolve_probes (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  struct resolve r;
  memset (&r, 0, sizeof r);
  if (collect_descs (rt, &r) != 0)
    return -1;
  r.usdt_desc = NULL;
  add_dtrace_probes (p);
  int rc = find_usdt_probes (rt, &r);
  if (rc == 0 && rt->have_usdt)
    add_usdt_probes (rt);
  if (rc == 0)
    add_tick_probes (p, &r);

  /* pid, syscall and profile-N probes */
  if (rc == 0)
    {
      rt->prov = providers_new ();
      if (providers_resolve (rt->prov, &p->probes, &p->nprobes, r.descs, r.nd, rt->procs, rt->nprocs) != 0)
        rc = -1;
    }

  rc = enable_clauses (rt, &r, rc);
  /* kept for the probes of libraries -c/-p processes load later */
  rt->res = xmalloc (sizeof *rt->res);
  *rt->res = r;
  return rc;
}

void
resolve_free (struct runtime *rt)
{
  struct resolve *r = rt->res;
  if (!r)
    return;
  for (size_t i = 0; i < r->nd; i++)
    probe_desc_free (&r->descs[i]);
  FREE_ALL (r->descs, r->desc_clause, r->usdt_desc, r);
  rt->res = NULL;
}

size_t
resolve_usdt_descs (const struct runtime *rt, struct probe_desc **out)
{
  const struct resolve *r = rt->res;
  size_t n = 0;
  *out = xcalloc (r && r->nd ? r->nd : 1, sizeof **out);
  for (size_t i = 0; r && i < r->nd; i++)
    if (r->usdt_desc[i])
      (*out)[n++] = r->descs[i];
  return n;
}

size_t
resolve_enable_late_probe (struct runtime *rt, size_t j)
{
  const struct resolve *r = rt->res;
  struct dprog *p = &rt->prog;
  const struct usdt_probe *u = p->probes[j].sites;
  size_t n = 0;
  for (size_t i = 0; r && i < r->nd; i++)
    {
      const struct probe_desc *d = &r->descs[i];
      const char *mod = strchr (d->module, '/') ? strrchr (d->module, '/') + 1 : d->module;
      if (r->usdt_desc[i] && probe_field_match (d->provider, u->provider) && probe_field_match (mod, u->module)
          && probe_field_match (d->function, u->function) && probe_name_match (d->name, u->note_name))
        {
          add_clause_to_probe (&p->probes[j], (unsigned) r->desc_clause[i]);
          n++;
        }
    }
  return n;
}
