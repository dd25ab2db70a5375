/*
 * runtime.c — consumer_run(): compile, load, attach, consume, stop.
 *
 * Order of events, as DTrace users expect:
 *   parse every source (command-line order) -> check -> match descriptions
 *   (BEGIN/END/ERROR, USDT in the scope: -p/-c processes, module paths,
 *   else every process) -> "matched N probes" -> create maps -> generate
 *   and load one program per probe group -> attach -> release a -c child
 *   -> run BEGIN -> consume records every switchrate until exit(),
 *   SIGINT/SIGTERM or the end of the -c/-p processes -> detach -> run END
 *   -> final consume -> "\n" and the aggregations -> exit status.
 * Everything the kernel holds is a file descriptor of this process, so a
 * kill -9 leaves no uprobe and no raised semaphore behind.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "consumer/consumer.h"
#include "consumer/output/output.h"
#include "consumer/output/symbolize.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/runtime/process.h"
#include "consumer/probes/providers.h"
#include "consumer/probes/profile-probes.h"
#include "consumer/output/dformat.h"
#include "consumer/runtime/uprobe-attach.h"
#include "consumer/probes/usdt-probes.h"
#include "consumer/runtime/destructive.h"
#include "consumer/runtime/fault.h"
#include "consumer/runtime/speculation.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

enum { PROBE_ID_BEGIN = 1, PROBE_ID_END = 2, PROBE_ID_ERROR = 3, PROBE_ID_USDT = 4 };

struct source_state {
  const struct consumer_source *src;
  char *text;                     /* program text for -n/-P/-m/-f */
  char *errprefix;
  char *notice;                   /* "description 'X '" or "script 'x.d'" */
  struct d_program dp;
  struct d_script script;
  bool parsed;
  size_t first_clause, nclauses;
};

struct runtime {
  const struct consumer_options *opt;
  struct dprog prog;
  struct strconsts consts;
  struct codegen_ctx cg;
  size_t nsrc;
  struct source_state *src;
  struct usdt_probe_list usdt;
  bool have_usdt;
  struct uprobe_attachment *att;
  int *prog_fds;
  size_t nprog_fds;
  int begin_fd, end_fd;
  int error_fd;                 /* dtrace:::ERROR's clauses (fault.h), or -1 */
  struct spec_store *spec;      /* speculative records (speculation.h) */
  uint64_t nerrors;             /* faults reported */
  struct ring_buffer *rb;
  struct ring_buffer *errrb;    /* the ERROR clauses' records (fault.h) */
  struct output *out;
  FILE *outf;
  struct usdt_proc *procs;
  size_t nprocs;
  struct dt_proc *dtp;          /* -p and -c processes, same order as procs */
  bool exit_seen;
  int exit_status;
  int switch_ms;                /* ring buffer poll interval */
  uint64_t *drops_seen;         /* [counter][cpu] already reported */
  size_t *matched;              /* per source: (clause, probe) pairs enabled */
  struct tick { int fd; uint64_t interval, next; } *ticks;
  size_t nticks;
  struct providers *prov;       /* pid, syscall, profile-N (providers.h) */
};

static volatile sig_atomic_t interrupted;

static void
on_signal (int sig)
{
  (void) sig;
  interrupted++;
  if (interrupted > 1)
    _exit (1);
}

/* ------------------------------------------------------------------ */
/* Options.                                                            */

static int
parse_size (const char *v, uint64_t *out)
{
  char *end;
  unsigned long long n = strtoull (v, &end, 10);
  switch (*end)
    {
    case 'k': case 'K': n <<= 10; end++; break;
    case 'm': case 'M': n <<= 20; end++; break;
    case 'g': case 'G': n <<= 30; end++; break;
    default: break;
    }
  if (end == v || *end)
    return -1;
  *out = n;
  return 0;
}

static int
apply_option (struct runtime *rt, const char *name, const char *value)
{
  struct dprog *p = &rt->prog;
  uint64_t n;
  if (strcmp (name, "quiet") == 0)
    p->quiet = true;
  else if (strcmp (name, "flowindent") == 0)
    p->flowindent = true;
  else if (strcmp (name, "stackindent") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n > 1024)
        goto bad;
      p->stackindent = (unsigned) n + 1;      /* stored + 1: 0 means unset */
    }
  else if (strcmp (name, "zdefs") == 0)
    p->zdefs = true;
  else if (strcmp (name, "aggsortkey") == 0 || strcmp (name, "aggsortrev") == 0)
    {
      bool on = !value || (strcmp (value, "0") != 0 && strcmp (value, "false") != 0);
      *(name[7] == 'k' ? &p->aggsortkey : &p->aggsortrev) = on;
    }
  else if (strcmp (name, "aggsortkeypos") == 0 || strcmp (name, "aggsortpos") == 0)
    {
      char *end;
      unsigned long v = value ? strtoul (value, &end, 0) : 0;
      if (!value || !*value || *end || v > 64)
        goto bad;
      *(name[7] == 'k' ? &p->aggsortkeypos : &p->aggsortpos) = (unsigned) v;
    }
  else if (strcmp (name, "strsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 8 || n > 4096)
        goto bad;
      p->strsize = (unsigned) n;   /* exact: strings hold at most strsize-1 characters */
    }
  else if (strcmp (name, "bufsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 4096)
        goto bad;
      uint64_t pow = 4096;
      while (pow < n && pow < (1ull << 30))
        pow <<= 1;
      p->bufsize = pow;
    }
  else if (strcmp (name, "stackframes") == 0 || strcmp (name, "ustackframes") == 0)
    {
      /* the depth of stack() / ustack() without an argument */
      if (!value || parse_size (value, &n) != 0 || n < 1 || n > STACK_MAX_FRAMES)
        goto bad;
      *(name[0] == 'u' ? &p->ustackframes : &p->stackframes) = (unsigned) n;
    }
  else if (strcmp (name, "switchrate") == 0)
    {
      /* a bare number is nanoseconds; hz is a frequency */
      char *end;
      double v = value ? strtod (value, &end) : -1;
      if (!value || v <= 0)
        goto bad;
      double ns = v;
      if (strcmp (end, "hz") == 0) ns = 1e9 / v;
      else if (strcmp (end, "ms") == 0 || strcmp (end, "msec") == 0) ns = v * 1e6;
      else if (strcmp (end, "us") == 0 || strcmp (end, "usec") == 0) ns = v * 1e3;
      else if (strcmp (end, "s") == 0 || strcmp (end, "sec") == 0) ns = v * 1e9;
      else if (strcmp (end, "ns") == 0 || strcmp (end, "nsec") == 0 || *end == '\0') ns = v;
      else
        goto bad;
      rt->switch_ms = ns / 1e6 < 1 ? 1 : ns / 1e6 > 1000 ? 1000 : (int) (ns / 1e6);
    }
  else if (strcmp (name, "destructive") == 0)
    p->destructive = true;
  else if (strcmp (name, "nspec") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1 || n > 256)
        goto bad;
      p->nspec = (unsigned) n;
    }
  else if (strcmp (name, "defaultargs") == 0)
    p->defaultargs = true;
  else if (strcmp (name, "specsize") == 0 || strcmp (name, "dynvarsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
      *(name[0] == 's' ? &p->specsize : &p->dynvarsize) = n;
    }
  else if (strcmp (name, "aggrate") == 0
           || strcmp (name, "statusrate") == 0
           || strcmp (name, "aggsize") == 0
           || strcmp (name, "cleanrate") == 0 || strcmp (name, "bufpolicy") == 0
           || strcmp (name, "bufresize") == 0 || strcmp (name, "nolibs") == 0)
    ;   /* accepted; the defaults serve */
  else
    {
      diag_error ("failed to set option -x %s: Invalid option name", name);
      return -1;
    }
  return 0;
 bad:
  diag_error ("failed to set option -x %s to \"%s\": Invalid value", name, value ? value : "");
  return -1;
}

static int
apply_xopt (struct runtime *rt, const char *opt)
{
  char *copy = xstrdup (opt);
  char *eq = strchr (copy, '=');
  if (eq)
    *eq++ = '\0';
  int r = apply_option (rt, copy, eq);
  free (copy);
  return r;
}

/* ------------------------------------------------------------------ */
/* Sources.                                                            */

/* A -n/-P/-m/-f string is either a whole program or one description. */
static char *
source_text (const struct consumer_source *s)
{
  bool program = strpbrk (s->text, "{/;") != NULL;
  if (s->kind == SRC_NAME)
    return program ? xstrdup (s->text) : xasprintf ("%s {}", s->text);
  if (program)
    return xstrdup (s->text);
  switch (s->kind)
    {
    case SRC_PROVIDER: return xasprintf ("%s::: {}", s->text);
    case SRC_MODULE: return xasprintf (":%s:: {}", s->text);
    case SRC_FUNCTION: return xasprintf ("::%s: {}", s->text);
    default: return xasprintf ("%s {}", s->text);
    }
}

/* The notice text is cropped at the first '{', '/' or ';'. */
static char *
crop_description (const char *text)
{
  size_t n = strcspn (text, "{/;");
  return xstrndup (text, n);
}

static int
parse_sources (struct runtime *rt)
{
  const struct consumer_options *o = rt->opt;
  rt->nsrc = o->nsources;
  rt->src = xcalloc (o->nsources ? o->nsources : 1, sizeof *rt->src);
  for (size_t i = 0; i < o->nsources; i++)
    {
      struct source_state *s = &rt->src[i];
      s->src = &o->sources[i];
      int r;
      if (s->src->kind == SRC_SCRIPT)
        {
          s->errprefix = xasprintf ("failed to compile script %s", s->src->text);
          s->notice = xasprintf ("script '%s'", s->src->text);
          r = d_parse_script_file (s->src->text, &o->cpp, s->errprefix, &s->dp, &s->script);
        }
      else
        {
          s->text = source_text (s->src);
          char *crop = crop_description (s->src->text);
          s->errprefix = xasprintf ("invalid probe specifier %s", s->src->text);
          s->notice = xasprintf ("description '%s'", crop);
          free (crop);
          r = d_parse_script_string (s->src->text, s->text, s->errprefix, &s->dp, &s->script);
        }
      if (r != 0)
        return -1;
      s->parsed = true;
      for (size_t d = 0; d < s->script.ndecls; d++)
        if (s->script.decls[d].kind == DD_OPTION
            && apply_option (rt, s->script.decls[d].name, s->script.decls[d].value) != 0)
          return -1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Probes.                                                             */

static const char *
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

static int
resolve_probes (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  struct probe_macros macros = { macro_lookup, rt };
  size_t nd = 0;
  struct probe_desc *descs = NULL;
  size_t *desc_clause = NULL;

  /* All descriptions, then one USDT search for all of them. */
  for (size_t c = 0; c < p->nclauses; c++)
    {
      const struct d_clause_ast *ast = p->clauses[c].ast;
      for (size_t d = 0; d < ast->ndescs; d++)
        {
          char *e = NULL;
          descs = xrealloc (descs, (nd + 1) * sizeof *descs);
          desc_clause = xrealloc (desc_clause, (nd + 1) * sizeof *desc_clause);
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
          desc_clause[nd++] = c;
        }
    }

  /* dtrace:::BEGIN / END / ERROR are probes 1..3, always present. */
  p->nprobes = 3;
  p->probes = xcalloc (3, sizeof *p->probes);
  static const char *const names[] = { "BEGIN", "END", "ERROR" };
  for (unsigned i = 0; i < 3; i++)
    {
      p->probes[i].id = i + 1;
      p->probes[i].kind = i == 0 ? PK_BEGIN : i == 1 ? PK_END : PK_ERROR;
      p->probes[i].prov = xstrdup ("dtrace");
      p->probes[i].mod = xstrdup ("");
      p->probes[i].func = xstrdup ("");
      p->probes[i].name = xstrdup (names[i]);
    }

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

  int rc = 0;
  if (nusdt)
    {
      struct usdt_scope scope = { rt->procs, rt->nprocs, NULL, 0, rt->nprocs == 0 };
      if (usdt_probes_find (udescs, nusdt, &scope, NULL, &rt->usdt) != 0)
        rc = -1;
      else
        rt->have_usdt = true;
    }
  free (udescs);

  if (rc == 0 && rt->have_usdt)
    {
      p->probes = xrealloc (p->probes, (3 + rt->usdt.nprobes) * sizeof *p->probes);
      for (size_t i = 0; i < rt->usdt.nprobes; i++)
        {
          const struct usdt_probe *u = &rt->usdt.probes[i];
          struct dprobe *dp = &p->probes[3 + i];
          memset (dp, 0, sizeof *dp);
          dp->id = PROBE_ID_USDT + (unsigned) i;
          dp->kind = PK_USDT;
          dp->prov = xstrdup (u->provider);
          dp->mod = xstrdup (u->module);
          dp->func = xstrdup (u->function);
          dp->name = xstrdup (u->name);
          dp->sites = (void *) u;
        }
      p->nprobes = 3 + rt->usdt.nprobes;
    }

  /* profile:::tick-N probes, one per distinct name */
  for (size_t i = 0; rc == 0 && i < nd; i++)
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

  /* pid, syscall and profile-N probes */
  if (rc == 0)
    {
      rt->prov = providers_new ();
      if (providers_resolve (rt->prov, p, descs, nd, rt->procs, rt->nprocs) != 0)
        rc = -1;
    }

  /* Enable clauses on matching probes; count matches per source. */
  size_t *matched = xcalloc (rt->nsrc ? rt->nsrc : 1, sizeof *matched);
  for (size_t i = 0; rc == 0 && i < nd; i++)
    {
      size_t c = desc_clause[i], n = 0;
      for (unsigned k = 0; k < 3; k++)
        if (is_dtrace_probe (&descs[i], names[k]))
          {
            add_clause_to_probe (&p->probes[k], (unsigned) c);
            n++;
          }
      if (is_tick_desc (&descs[i]))
        for (size_t j = 3; j < p->nprobes; j++)
          if (p->probes[j].kind == PK_TICK && strcmp (p->probes[j].name, descs[i].name) == 0)
            {
              add_clause_to_probe (&p->probes[j], (unsigned) c);
              n++;
            }
      for (size_t j = 3; j < p->nprobes; j++)
        if (p->probes[j].kind >= PK_PID && providers_probe_match (&p->probes[j], &descs[i]))
          {
            add_clause_to_probe (&p->probes[j], (unsigned) c);
            n++;
          }
      if (usdt_desc[i])
        for (size_t j = 3; j < p->nprobes; j++)
          {
            if (p->probes[j].kind != PK_USDT)
              continue;
            const struct usdt_probe *u = p->probes[j].sites;
            const char *mod = descs[i].module;
            if (strchr (mod, '/'))
              mod = strrchr (mod, '/') + 1;   /* a path: the file's basename */
            if (probe_field_match (descs[i].provider, u->provider)
                && probe_field_match (mod, u->module)
                && probe_field_match (descs[i].function, u->function)
                && probe_name_match (descs[i].name, u->note_name))
              {
                add_clause_to_probe (&p->probes[j], (unsigned) c);
                n++;
              }
          }
      for (size_t s = 0; s < rt->nsrc; s++)
        if (c >= rt->src[s].first_clause && c < rt->src[s].first_clause + rt->src[s].nclauses)
          matched[s] += n;
      if (n == 0 && !p->zdefs)
        {
          const struct d_clause_ast *ast = p->clauses[c].ast;
          const char *prefix = "invalid probe specifier";
          for (size_t s = 0; s < rt->nsrc; s++)
            if (c >= rt->src[s].first_clause && c < rt->src[s].first_clause + rt->src[s].nclauses)
              prefix = rt->src[s].errprefix;
          const struct d_probe_desc *pd = NULL;
          for (size_t d = 0, k = 0; d < ast->ndescs; d++)
            for (size_t q = 0; q <= i; q++)
              if (desc_clause[q] == c && q == i && k++ == 0)
                pd = &ast->descs[d];
          char *f = probe_desc_format (&descs[i]);
          if (pd && pd->loc.line > 0)
            diag_error ("%s: line %d: probe description %s does not match any probes", prefix,
                        pd->loc.line, f);
          else
            diag_error ("%s: probe description %s does not match any probes", prefix, f);
          free (f);
          rc = -1;
        }
    }
  rt->matched = matched;   /* the notice comes once the probes are enabled */
  for (size_t i = 0; i < nd; i++)
    probe_desc_free (&descs[i]);
  free (descs);
  free (desc_clause);
  free (usdt_desc);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Maps.                                                               */

static int mark_shared_sites (struct runtime *rt);

static int
make_map (enum bpf_map_type type, const char *name, unsigned key, unsigned value, unsigned entries,
          uint32_t flags)
{
  LIBBPF_OPTS (bpf_map_create_opts, o, .map_flags = flags);
  int fd = bpf_map_create (type, name, key, value, entries, &o);
  if (fd < 0)
    diag_error ("could not enable tracing: cannot create BPF map %s: %s", name, strerror (errno));
  return fd;
}

/* x86-64 struct pt_regs offsets of sdt registers. */
static int
ptregs_offset (enum sdt_reg r)
{
  static const int off[] = {
    [SDT_REG_RAX] = 80, [SDT_REG_RBX] = 40, [SDT_REG_RCX] = 88, [SDT_REG_RDX] = 96,
    [SDT_REG_RSI] = 104, [SDT_REG_RDI] = 112, [SDT_REG_RBP] = 32, [SDT_REG_RSP] = 152,
    [SDT_REG_R8] = 72, [SDT_REG_R9] = 64, [SDT_REG_R10] = 56, [SDT_REG_R11] = 48,
    [SDT_REG_R12] = 24, [SDT_REG_R13] = 16, [SDT_REG_R14] = 8, [SDT_REG_R15] = 0,
    [SDT_REG_RIP] = 128,
  };
  if (r < 0 || r > SDT_REG_RIP)
    return -1;
  return off[r];
}

/* The site's argument locations, as the program reads them. */
static void
site_spec_of (const struct usdt_site *site, unsigned probe_id, struct site_spec *out)
{
  memset (out, 0, sizeof *out);
  out->probe_id = probe_id;
  struct sdt_argspec spec;
  sdt_argspec_parse (site->args, &spec);
  out->nargs = (uint32_t) (spec.nargs > 12 ? 12 : spec.nargs);
  for (size_t i = 0; i < out->nargs; i++)
    {
      const struct sdt_arg *a = &spec.args[i];
      struct site_arg *s = &out->args[i];
      s->size = (uint8_t) a->size;
      s->is_signed = a->is_signed;
      switch (a->kind)
        {
        case SDT_ARG_IMM:
          s->kind = ARGK_IMM;
          s->val = a->disp;
          break;
        case SDT_ARG_REG:
          if (a->base.high8 || ptregs_offset (a->base.reg) < 0)
            {
              diag_warn ("%s: probe %s:%s argument %zu (%s) cannot be read yet; it reads as 0",
                         site->file->path, site->file->elf.notes[site->note].provider,
                         site->file->elf.notes[site->note].name, i, a->text);
              break;
            }
          s->kind = ARGK_REG;
          s->base_off = (uint16_t) ptregs_offset (a->base.reg);
          break;
        case SDT_ARG_MEM:
          s->kind = ARGK_MEM;
          s->val = a->disp;
          if (a->base.reg != SDT_REG_NONE)
            {
              s->flags |= ARGF_BASE;
              s->base_off = (uint16_t) ptregs_offset (a->base.reg);
              if (a->base.reg == SDT_REG_RIP)
                s->val += 1;   /* relative to the next instruction: sites are 1-byte nops */
            }
          if (a->index.reg != SDT_REG_NONE)
            {
              s->flags |= ARGF_INDEX;
              s->index_off = (uint16_t) ptregs_offset (a->index.reg);
              s->scale_shift = (uint8_t) (a->scale == 8 ? 3 : a->scale == 4 ? 2 : a->scale == 2 ? 1 : 0);
            }
          break;
        case SDT_ARG_RIP_SYM:
          {
            const struct sdt_symbol *sym = site->file->have_syms
              ? sdt_symtab_find (&site->file->syms, a->symbol) : NULL;
            if (!sym)
              {
                diag_warn ("%s: symbol %s of argument %zu (%s) not found; it reads as 0",
                           site->file->path, a->symbol, i, a->text);
                break;
              }
            s->kind = ARGK_MEM;
            s->flags = ARGF_BASE;
            s->base_off = 128;
            s->val = (int64_t) (sym->value + (uint64_t) a->disp - site->pc);
            break;
          }
        default:
          diag_warn ("%s: probe %s:%s argument %zu (%s) is undecodable (%s); it reads as 0",
                     site->file->path, site->file->elf.notes[site->note].provider,
                     site->file->elf.notes[site->note].name, i, a->text,
                     a->error ? a->error : "unknown form");
          break;
        }
    }
  sdt_argspec_free (&spec);
}

static int
create_maps (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  unsigned ss = p->strsize;
  rt->cg.prog = p;
  rt->cg.consts = &rt->consts;
  rt->cg.verbose = rt->opt->verbose;
  rt->cg.pids_fd = -1;
  codegen_plan (&rt->cg);

  p->globals_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_globals", 4, p->globals_size ? p->globals_size : 8, 1, 0);
  p->scratch_fd = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_scratch", 4, rt->cg.scratch.total, 1, 0);
  p->ringbuf_fd = make_map (BPF_MAP_TYPE_RINGBUF, "dt_records", 0, 0, (unsigned) p->bufsize, 0);
  p->drops_fd = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_drops", 4, 8, DROP_NCOUNTERS, 0);
  p->spec_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_spec", 4, 16, p->nspec + 1, 0);
  p->dynvar_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_dynvar", 4, 8, 1, 0);
  p->errbuf_fd = make_map (BPF_MAP_TYPE_RINGBUF, "dt_errrecs", 0, 0, 256u << 10, 0);
  if (p->spec_fd < 0 || p->dynvar_fd < 0 || p->errbuf_fd < 0)
    return -1;
  unsigned zero = ss;
  for (size_t i = 0; i < p->naggs; i++)
    if (p->aggs[i].value_size > zero)
      zero = p->aggs[i].value_size;
  p->zero_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_zero", 4, zero, 1, 0);
  size_t nusites = rt->have_usdt ? rt->usdt.nusites : 0;
  size_t nsites = nusites + (rt->prov ? providers_nsites (rt->prov) : 0);
  if (nsites == 0)
    nsites = 1;
  p->sites_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_sites", 4, sizeof (struct site_spec), (unsigned) nsites, 0);
  p->probestr_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_probestr", 4, 4 * ss, (unsigned) p->nprobes + 1, 0);
  size_t nc = rt->consts.n ? rt->consts.n : 1;
  rt->cg.strconst_fd = make_map (BPF_MAP_TYPE_ARRAY, "dt_strconst", 4, (unsigned) (nc * ss), 1, BPF_F_RDONLY_PROG);
  if (p->globals_fd < 0 || p->scratch_fd < 0 || p->ringbuf_fd < 0 || p->drops_fd < 0 || p->zero_fd < 0
      || p->sites_fd < 0 || p->probestr_fd < 0 || rt->cg.strconst_fd < 0)
    return -1;

  /* string constants, frozen */
  char *buf = xcalloc (nc, ss);
  for (size_t i = 0; i < rt->consts.n; i++)
    strncpy (buf + i * ss, rt->consts.s[i], ss - 1);
  uint32_t k0 = 0;
  if (bpf_map_update_elem (rt->cg.strconst_fd, &k0, buf, BPF_ANY) != 0 || bpf_map_freeze (rt->cg.strconst_fd) != 0)
    {
      diag_error ("could not enable tracing: cannot fill the string constants: %s", strerror (errno));
      free (buf);
      return -1;
    }
  free (buf);

  /* probe names for probeprov/probemod/probefunc/probename */
  char *ps = xcalloc (4, ss);
  for (size_t i = 0; i < p->nprobes; i++)
    {
      const struct dprobe *d = &p->probes[i];
      memset (ps, 0, 4 * ss);
      strncpy (ps, d->prov, ss - 1);
      strncpy (ps + ss, d->mod, ss - 1);
      strncpy (ps + 2 * ss, d->func, ss - 1);
      strncpy (ps + 3 * ss, d->name, ss - 1);
      uint32_t key = d->id;
      bpf_map_update_elem (p->probestr_fd, &key, ps, BPF_ANY);
    }
  free (ps);

  /* sites: the probe and argument locations each attach cookie stands for */
  if (rt->have_usdt)
    for (size_t i = 3; i < p->nprobes; i++)
      {
        if (p->probes[i].kind != PK_USDT)
          continue;
        const struct usdt_probe *u = p->probes[i].sites;
        for (size_t s = 0; s < u->nsites; s++)
          {
            struct site_spec spec;
            site_spec_of (&u->sites[s], p->probes[i].id, &spec);
            uint32_t key = (uint32_t) u->sites[s].usite;
            bpf_map_update_elem (p->sites_fd, &key, &spec, BPF_ANY);
          }
      }

  if (rt->have_usdt && mark_shared_sites (rt) != 0)
    return -1;

  if (rt->prov)
    providers_fill_sites (rt->prov, p, p->sites_fd, (unsigned) nusites);

  /* -p/-c: only those processes fire */
  if (rt->nprocs)
    {
      rt->cg.pids_fd = make_map (BPF_MAP_TYPE_HASH, "dt_pids", 4, 1, (unsigned) rt->nprocs + 1, 0);
      if (rt->cg.pids_fd < 0)
        return -1;
      for (size_t i = 0; i < rt->nprocs; i++)
        {
          uint32_t pid = (uint32_t) rt->procs[i].pid;
          uint8_t one = 1;
          bpf_map_update_elem (rt->cg.pids_fd, &pid, &one, BPF_ANY);
        }
    }

  for (size_t i = 0; i < p->nvars; i++)
    {
      struct dvar *v = &p->vars[i];
      if (v->scope != VS_ASSOC && v->scope != VS_SELF)
        continue;
      /* room for dynvarsize worth of elements (codegen.c keeps the shared
       * count: a full dynamic variable space drops the store) */
      uint64_t want = p->dynvarsize / (v->key_size + v->value_size + 64) + 1;
      unsigned entries = want > (1u << 20) ? 1u << 20 : want < 16 ? 16 : (unsigned) want;
      v->map_fd = make_map (BPF_MAP_TYPE_HASH, "dt_var", v->key_size, v->value_size, entries, 0);
      if (v->map_fd < 0)
        return -1;
    }
  for (size_t i = 0; i < p->naggs; i++)
    {
      struct dagg *a = &p->aggs[i];
      if (dagg_is_array (a))
        a->map_fd = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_agg", 4, dagg_flag_off (a) + 8, 1, 0);
      else
        a->map_fd = make_map (BPF_MAP_TYPE_PERCPU_HASH, "dt_agg", a->key_size, a->value_size, 16384, 0);
      if (a->map_fd < 0)
        return -1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Programs.                                                           */

static void
run_once (int fd)
{
  if (fd < 0)
    return;
  uint64_t args[8] = { 0 };
  LIBBPF_OPTS (bpf_test_run_opts, o, .ctx_in = args, .ctx_size_in = sizeof args);
  if (bpf_prog_test_run_opts (fd, &o) != 0)
    diag_error ("failed to run a BEGIN/END program: %s", strerror (errno));
}

/* Sites that probes of several processes share (tgt123:::tick and
 * tgt456:::tick are the one site of the file they both run): the sites
 * map entry keeps one probe id, flagged SITE_PROBE_BY_PID, and
 * dt_siteprobes gives each of those processes its own probe. */
static int
mark_shared_sites (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  size_t nu = rt->usdt.nusites;
  if (nu == 0)
    return 0;
  /* every (process, site, probe) of the process-scoped USDT probes */
  struct owner { uint32_t pid, usite, id; } *own = NULL;
  size_t nown = 0, cap = 0;
  for (size_t i = 3; i < p->nprobes; i++)
    {
      const struct usdt_probe *u = p->probes[i].sites;
      if (p->probes[i].kind != PK_USDT || u->pid <= 0)
        continue;
      for (size_t s = 0; s < u->nsites; s++)
        if (u->sites[s].usite < nu)
          {
            if (nown == cap)
              own = xrealloc (own, (cap = cap ? 2 * cap : 64) * sizeof *own);
            own[nown++] = (struct owner) { (uint32_t) u->pid, (uint32_t) u->sites[s].usite, p->probes[i].id };
          }
    }
  uint32_t *first = xcalloc (nu, sizeof *first);
  bool *shared = xcalloc (nu, sizeof *shared);
  for (size_t k = 0; k < nown; k++)
    {
      if (!first[own[k].usite])
        first[own[k].usite] = own[k].id;
      else if (first[own[k].usite] != own[k].id)
        shared[own[k].usite] = true;
    }
  size_t npairs = 0;
  for (size_t k = 0; k < nown; k++)
    npairs += shared[own[k].usite];
  int rc = 0;
  if (npairs)
    {
      rt->cg.siteprobes_fd = make_map (BPF_MAP_TYPE_HASH, "dt_siteprobes", 8, 4, (unsigned) npairs, 0);
      if (rt->cg.siteprobes_fd < 0)
        rc = -1;
      for (size_t k = 0; k < nown && rc == 0; k++)
        if (shared[own[k].usite])
          {
            uint64_t key = (uint64_t) own[k].pid << 32 | own[k].usite;
            bpf_map_update_elem (rt->cg.siteprobes_fd, &key, &own[k].id, BPF_ANY);
          }
      for (size_t us = 0; us < nu && rc == 0; us++)
        {
          struct site_spec spec;
          uint32_t key = (uint32_t) us;
          if (shared[us] && bpf_map_lookup_elem (p->sites_fd, &key, &spec) == 0)
            {
              spec.probe_id |= SITE_PROBE_BY_PID;
              bpf_map_update_elem (p->sites_fd, &key, &spec, BPF_ANY);
            }
        }
    }
  free (own);
  free (first);
  free (shared);
  return rc;
}

/* Which arguments every one of SITES keeps in the same register (read from
 * the sites map, which is filled by now): cg.fixed_args and cg.fixed. */
static void
group_fixed_args (struct runtime *rt, const struct uprobe_site *sites, size_t nsites)
{
  rt->cg.fixed_args = 0;
  rt->cg.fixed_probe_id = 0;
  if (rt->prog.sites_fd < 0 || nsites == 0)
    return;
  unsigned id = 0;
  unsigned mask = (1u << 12) - 1;
  struct site_spec spec;
  for (size_t s = 0; s < nsites; s++)
    {
      uint32_t key = (uint32_t) sites[s].cookie;
      if (bpf_map_lookup_elem (rt->prog.sites_fd, &key, &spec) != 0)
        return;
      if (s == 0)                       /* (a shared site has no one probe: 0) */
        id = spec.probe_id & SITE_PROBE_BY_PID ? 0 : spec.probe_id;
      else if (spec.probe_id != id)
        id = 0;
      for (unsigned k = 0; k < 12; k++)
        {
          const struct site_arg *a = &spec.args[k], *f = &rt->cg.fixed[k];
          if (k >= spec.nargs || a->kind != ARGK_REG)
            mask &= ~(1u << k);
          else if (s == 0)
            rt->cg.fixed[k] = *a;
          else if (a->base_off != f->base_off || a->size != f->size || a->is_signed != f->is_signed)
            mask &= ~(1u << k);
        }
    }
  rt->cg.fixed_args = mask;
  rt->cg.fixed_probe_id = id;
}

/* Split a group's sites by probe and by where they keep their register
 * arguments, so that each class's program knows its probe id and reads the
 * arguments from constant context offsets (at most MAX_ARG_CLASSES programs
 * per group; beyond that, one generic program).  CLS[s] = the class of site
 * s; returns the number of classes. */
#define MAX_ARG_CLASSES 8
struct site_shape {
  uint32_t probe_id;
  struct site_arg args[12];
};

static size_t
site_arg_classes (struct runtime *rt, const struct uprobe_site *sites, size_t nsites, size_t *cls)
{
  struct site_shape rep[MAX_ARG_CLASSES];
  size_t n = 0;
  for (size_t s = 0; s < nsites; s++)
    {
      struct site_spec spec;
      struct site_shape shape;
      uint32_t key = (uint32_t) sites[s].cookie;
      memset (&shape, 0, sizeof shape);
      if (bpf_map_lookup_elem (rt->prog.sites_fd, &key, &spec) == 0)
        {
          shape.probe_id = spec.probe_id;
          for (unsigned k = 0; k < 12 && k < spec.nargs; k++)
            if (spec.args[k].kind == ARGK_REG)
              {
                shape.args[k].kind = ARGK_REG;
                shape.args[k].size = spec.args[k].size;
                shape.args[k].is_signed = spec.args[k].is_signed;
                shape.args[k].base_off = spec.args[k].base_off;
              }
        }
      size_t c = 0;
      while (c < n && memcmp (&rep[c], &shape, sizeof shape) != 0)
        c++;
      if (c == n)
        {
          if (n == MAX_ARG_CLASSES)
            {
              memset (cls, 0, nsites * sizeof *cls);
              return 1;
            }
          rep[n++] = shape;
        }
      cls[s] = c;
    }
  return n ? n : 1;
}

static bool
same_group (const struct dprobe *a, const struct dprobe *b)
{
  return a->nclauses == b->nclauses
         && memcmp (a->clauses, b->clauses, a->nclauses * sizeof *a->clauses) == 0;
}

/* Attach the USDT group of probe FIRST one link set per process its probes
 * belong to (provPID, or -p/-c targets): the unique sites of that process's
 * probes, filtered by the kernel to its pid (a -c child is held before its
 * exec: its pid is already known).  Other processes running the same file
 * do not trap at all. */
static int
attach_group_per_pid (struct runtime *rt, size_t first, int fd, enum uprobe_mode mode,
                      const bool *allowed)
{
  struct dprog *p = &rt->prog;
  size_t nus = rt->usdt.nusites ? rt->usdt.nusites : 1;
  int rc = 0;
  for (size_t t = first; t < p->nprobes && rc == 0; t++)
    {
      if (p->probes[t].kind != PK_USDT || !same_group (&p->probes[t], &p->probes[first]))
        continue;
      pid_t pid = ((const struct usdt_probe *) p->probes[t].sites)->pid;
      bool dup = false;
      for (size_t u = first; u < t && !dup; u++)
        dup = p->probes[u].kind == PK_USDT && same_group (&p->probes[u], &p->probes[first])
              && ((const struct usdt_probe *) p->probes[u].sites)->pid == pid;
      /* a -p process that exited while earlier groups were attached:
       * nothing of it can fire any more (the runtime notices it is gone) */
      if (dup || (kill (pid, 0) != 0 && errno == ESRCH))
        continue;
      bool *taken = xcalloc (nus, sizeof *taken);
      struct uprobe_site *sites = NULL;
      size_t nsites = 0;
      for (size_t j = first; j < p->nprobes; j++)
        {
          if (p->probes[j].kind != PK_USDT || !same_group (&p->probes[j], &p->probes[first]))
            continue;
          const struct usdt_probe *u = p->probes[j].sites;
          if (u->pid != pid)
            continue;
          for (size_t s = 0; s < u->nsites; s++)
            {
              size_t us = u->sites[s].usite;
              if (taken[us] || !allowed[us])
                continue;
              taken[us] = true;
              sites = xrealloc (sites, (nsites + 1) * sizeof *sites);
              sites[nsites++] = rt->usdt.usites[us];
            }
        }
      struct uprobe_attach_opts ao = { mode, false, pid };
      if (nsites && uprobe_attach (rt->att, fd, sites, nsites, &ao) != 0 && errno != ESRCH)
        rc = -1;
      free (sites);
      free (taken);
    }
  return rc;
}

static int
load_and_attach (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  rt->begin_fd = rt->end_fd = -1;
  enum uprobe_mode mode = uprobe_mode_resolve (UPROBE_MODE_AUTO);
  rt->cg.usdt_attach_type = uprobe_prog_expected_attach_type (mode);
  rt->cg.sleepable = mode == UPROBE_MODE_MULTI && !getenv ("SDTKIT_NO_SLEEPABLE");
  bool kfilter = mode == UPROBE_MODE_PERF || uprobe_features ()->multi_pid_filter;
  if (p->probes[0].nclauses)
    {
      rt->begin_fd = codegen_program (&rt->cg, PK_BEGIN, PROBE_ID_BEGIN, p->probes[0].clauses,
                                      p->probes[0].nclauses, "dtrace_BEGIN");
      if (rt->begin_fd < 0)
        return -1;
    }
  if (p->probes[1].nclauses)
    {
      rt->end_fd = codegen_program (&rt->cg, PK_END, PROBE_ID_END, p->probes[1].clauses,
                                    p->probes[1].nclauses, "dtrace_END");
      if (rt->end_fd < 0)
        return -1;
    }
  for (size_t i = 3; i < p->nprobes; i++)
    if (p->probes[i].kind == PK_TICK && p->probes[i].nclauses)
      {
        int fd = codegen_program (&rt->cg, PK_TICK, p->probes[i].id, p->probes[i].clauses,
                                  p->probes[i].nclauses, "dtrace_tick");
        if (fd < 0)
          return -1;
        rt->ticks = xrealloc (rt->ticks, (rt->nticks + 1) * sizeof *rt->ticks);
        rt->ticks[rt->nticks].fd = fd;
        rt->ticks[rt->nticks].interval = p->probes[i].tick_ns;
        rt->ticks[rt->nticks].next = 0;
        rt->nticks++;
      }
  /* BEGIN fires before any other probe can (DTrace enables every probe but
   * lets none fire until BEGIN has run): run it before attaching */
  run_once (rt->begin_fd);
  if (rt->prov && providers_attach (rt->prov, p, &rt->cg, mode, &rt->prog_fds, &rt->nprog_fds) != 0)
    return -1;
  if (p->probes[2].nclauses)
    {
      rt->error_fd = codegen_program (&rt->cg, PK_ERROR, PROBE_ID_ERROR, p->probes[2].clauses,
                                      p->probes[2].nclauses, "dtrace_ERROR");
      if (rt->error_fd < 0)
        return -1;
    }
  if (!rt->have_usdt)
    return 0;

  /* Group probes by their clause lists: one program per group, attached to
   * the group's unique sites. */
  bool *done = xcalloc (p->nprobes, sizeof *done);
  rt->att = uprobe_attachment_new ();
  int rc = 0;
  for (size_t i = 3; i < p->nprobes && rc == 0; i++)
    {
      if (done[i] || p->probes[i].nclauses == 0 || p->probes[i].kind != PK_USDT)
        continue;
      struct uprobe_site *sites = NULL;
      size_t nsites = 0;
      bool *taken = xcalloc (rt->usdt.nusites ? rt->usdt.nusites : 1, sizeof *taken);
      for (size_t j = i; j < p->nprobes; j++)
        {
          if (done[j] || p->probes[j].kind != PK_USDT || p->probes[j].nclauses != p->probes[i].nclauses
              || memcmp (p->probes[j].clauses, p->probes[i].clauses,
                         p->probes[i].nclauses * sizeof *p->probes[i].clauses) != 0)
            continue;
          done[j] = true;
          const struct usdt_probe *u = p->probes[j].sites;
          for (size_t s = 0; s < u->nsites; s++)
            {
              size_t us = u->sites[s].usite;
              if (taken[us])
                continue;
              taken[us] = true;
              sites = xrealloc (sites, (nsites + 1) * sizeof *sites);
              sites[nsites++] = rt->usdt.usites[us];
            }
        }
      free (taken);
      char name[32];
      snprintf (name, sizeof name, "dt_p%u", (unsigned) (i % 100000));
      /* every probe of the group is some process's (provPID, -p/-c): when
       * the kernel filters links by pid, attach per process and leave the
       * tgid check out */
      bool scoped = kfilter;
      for (size_t j = i; j < p->nprobes && scoped; j++)
        if (done[j] && p->probes[j].kind == PK_USDT && same_group (&p->probes[j], &p->probes[i]))
          scoped = ((const struct usdt_probe *) p->probes[j].sites)->pid > 0;
      rt->cg.pid_scoped = scoped;
      /* one program per class of sites with the same argument registers */
      size_t *cls = xcalloc (nsites ? nsites : 1, sizeof *cls);
      size_t ncls = site_arg_classes (rt, sites, nsites, cls);
      struct uprobe_site *sub = xcalloc (nsites ? nsites : 1, sizeof *sub);
      bool *allowed = xcalloc (rt->usdt.nusites ? rt->usdt.nusites : 1, sizeof *allowed);
      for (size_t c = 0; c < ncls && rc == 0; c++)
        {
          size_t nsub = 0;
          memset (allowed, 0, (rt->usdt.nusites ? rt->usdt.nusites : 1) * sizeof *allowed);
          for (size_t s = 0; s < nsites; s++)
            if (cls[s] == c)
              {
                sub[nsub++] = sites[s];
                allowed[sites[s].cookie] = true;
              }
          group_fixed_args (rt, sub, nsub);
          int fd = codegen_program (&rt->cg, PK_USDT, 0, p->probes[i].clauses, p->probes[i].nclauses, name);
          rt->cg.fixed_args = 0;
          rt->cg.fixed_probe_id = 0;
          if (fd < 0)
            rc = -1;
          else
            {
              rt->prog_fds = xrealloc (rt->prog_fds, (rt->nprog_fds + 1) * sizeof *rt->prog_fds);
              rt->prog_fds[rt->nprog_fds++] = fd;
              struct uprobe_attach_opts ao = { mode, false, 0 };
              if (scoped)
                rc = attach_group_per_pid (rt, i, fd, mode, allowed);
              else if (uprobe_attach (rt->att, fd, sub, nsub, &ao) != 0)
                rc = -1;
            }
        }
      rt->cg.pid_scoped = false;
      free (allowed);
      free (sub);
      free (cls);
      free (sites);
    }
  free (done);
  return rc;
}

static void
print_record (void *ctx, const void *data, size_t size)
{
  struct runtime *rt = ctx;
  bool seen = false;
  int status = 0;
  output_record (rt->out, data, size, &seen, &status);
  if (seen && !rt->exit_seen)
    {
      rt->exit_seen = true;
      rt->exit_status = status;
    }
}

static int
on_record (void *ctx, void *data, size_t size)
{
  struct runtime *rt = ctx;
  if (fault_record (&rt->prog, data, size, rt->error_fd))
    {
      rt->nerrors++;
      if (rt->errrb)
        ring_buffer__consume (rt->errrb);
      return 0;
    }
  if (spec_keep (rt->spec, data, size))
    return 0;
  print_record (rt, data, size);
  spec_settle (rt->spec, data, size, print_record, rt);
  return 0;
}

/* Report drops and faults counted since the last report.  The kernel's
 * counters only grow; what was already reported is remembered here (zeroing
 * them would race with the programs' increments). */
static void
report_drops (struct runtime *rt)
{
  int ncpu = libbpf_num_possible_cpus ();
  if (ncpu <= 0)
    return;
  if (!rt->drops_seen)
    rt->drops_seen = xcalloc (DROP_NCOUNTERS * (size_t) ncpu, sizeof *rt->drops_seen);
  uint64_t *v = xcalloc ((size_t) ncpu, sizeof *v);
  for (uint32_t k = 0; k < DROP_NCOUNTERS; k++)
    {
      if (bpf_map_lookup_elem (rt->prog.drops_fd, &k, v) != 0)
        continue;
      uint64_t total = 0;
      for (int c = 0; c < ncpu; c++)
        {
          uint64_t *seen = &rt->drops_seen[k * (size_t) ncpu + (size_t) c];
          uint64_t d = v[c] - *seen;
          *seen = v[c];
          if (k == 0 && d)
            diag_error ("%" PRIu64 " drop%s on CPU %d", d, d == 1 ? "" : "s", c);
          total += d;
        }
      if (k == 1 && total)
        diag_error ("%" PRIu64 " dynamic variable drop%s", total, total == 1 ? "" : "s");
      if (k == 2 && total)
        diag_error ("%" PRIu64 " aggregation drop%s", total, total == 1 ? "" : "s");
      if (k == DROP_ERROR_LOST && total)
        diag_error ("%" PRIu64 " error%s in probe actions (faulting clauses skipped)", total,
                    total == 1 ? "" : "s");
      if (k == DROP_SPEC && total)
        diag_error ("%" PRIu64 " speculative drop%s", total, total == 1 ? "" : "s");
      if (k == DROP_SPEC_NOBUF && total)
        diag_error ("%" PRIu64 " failed speculation%s (no speculative buffer available)", total,
                    total == 1 ? "" : "s");
      if (k == DROP_ERROR_IN_ERROR && total)
        diag_error ("%" PRIu64 " error%s in ERROR probe enabling", total, total == 1 ? "" : "s");
    }
  free (v);
}

static bool
targets_gone (struct runtime *rt)
{
  if (rt->nprocs == 0)
    return false;
  dt_proc_wait (rt->dtp, rt->nprocs, 0);
  return dt_proc_all_exited (rt->dtp, rt->nprocs);
}

static void
free_runtime (struct runtime *rt)
{
  if (rt->att)
    uprobe_detach (rt->att);
  providers_free (rt->prov);
  for (size_t i = 0; i < rt->nprog_fds; i++)
    close (rt->prog_fds[i]);
  free (rt->prog_fds);
  for (size_t i = 0; i < rt->nticks; i++)
    close (rt->ticks[i].fd);
  free (rt->ticks);
  if (rt->begin_fd >= 0)
    close (rt->begin_fd);
  if (rt->end_fd >= 0)
    close (rt->end_fd);
  if (rt->error_fd >= 0)
    close (rt->error_fd);
  spec_store_free (rt->spec);
  if (rt->rb)
    ring_buffer__free (rt->rb);
  if (rt->errrb)
    ring_buffer__free (rt->errrb);
  if (rt->out)
    output_free (rt->out);
  struct dprog *p = &rt->prog;
  for (size_t i = 0; i < p->nvars; i++)
    if (p->vars[i].map_fd >= 0)
      close (p->vars[i].map_fd);
  for (size_t i = 0; i < p->naggs; i++)
    if (p->aggs[i].map_fd >= 0)
      close (p->aggs[i].map_fd);
  int fds[] = { p->globals_fd, p->scratch_fd, p->ringbuf_fd, p->drops_fd, p->zero_fd, p->sites_fd,
                p->probestr_fd, rt->cg.strconst_fd, rt->cg.pids_fd, p->spec_fd, p->dynvar_fd, p->errbuf_fd,
                rt->cg.siteprobes_fd };
  for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
    if (fds[i] > 0)
      close (fds[i]);
  for (size_t i = 0; i < p->nprobes; i++)
    {
      free (p->probes[i].prov);
      free (p->probes[i].mod);
      free (p->probes[i].func);
      free (p->probes[i].name);
      free (p->probes[i].clauses);
    }
  free (p->probes);
  if (rt->have_usdt)
    usdt_probe_list_free (&rt->usdt);
  d_check_free (p);
  free (rt->consts.s);
  for (size_t i = 0; i < rt->nsrc; i++)
    {
      struct source_state *s = &rt->src[i];
      if (s->parsed)
        {
          d_script_free (&s->script);
          d_program_free (&s->dp);
        }
      free (s->text);
      free (s->errprefix);
      free (s->notice);
    }
  free (rt->src);
  free (rt->procs);
  free (rt->drops_seen);
  free (rt->matched);
  for (size_t i = 0; i < rt->nprocs; i++)
    dt_proc_free (&rt->dtp[i]);
  free (rt->dtp);
  if (rt->outf && rt->outf != stdout)
    fclose (rt->outf);
  free (p->macro_args);
}

int
consumer_run (const struct consumer_options *opt)
{
  struct runtime rt;
  memset (&rt, 0, sizeof rt);
  rt.opt = opt;
  rt.begin_fd = rt.end_fd = rt.error_fd = -1;
  rt.cg.strconst_fd = rt.cg.pids_fd = rt.cg.siteprobes_fd = -1;
  struct dprog *p = &rt.prog;
  p->strsize = 256;
  p->bufsize = 4u << 20;
  p->quiet = opt->quiet;
  p->flowindent = opt->flowindent;
  p->zdefs = opt->zdefs;
  p->destructive = opt->destructive;
  p->nspec = 1;
  p->specsize = 32u << 10;
  p->dynvarsize = 1u << 20;
  p->spec_fd = p->dynvar_fd = p->errbuf_fd = -1;
  p->globals_fd = p->scratch_fd = p->ringbuf_fd = p->drops_fd = p->zero_fd = p->sites_fd = p->probestr_fd = -1;
  int status = 1;

  /* From the start: a Ctrl-C during setup stops tracing as soon as it
   * begins (background jobs of scripts start with SIGINT ignored). */
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGTERM, &sa, NULL);

  struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
  setrlimit (RLIMIT_MEMLOCK, &rl);

  for (size_t i = 0; i < opt->nxopts; i++)
    if (apply_xopt (&rt, opt->xopts[i]) != 0)
      goto out;

  /* processes first: $target is needed while compiling */
  size_t nwant = opt->npids + (opt->command ? 1 : 0);
  rt.dtp = xcalloc (nwant ? nwant : 1, sizeof *rt.dtp);
  rt.procs = xcalloc (nwant ? nwant : 1, sizeof *rt.procs);
  for (size_t i = 0; i < opt->npids; i++)
    {
      if (dt_proc_grab (&rt.dtp[rt.nprocs], opt->pids[i]) != 0)
        goto out;
      rt.procs[rt.nprocs] = (struct usdt_proc) { rt.dtp[rt.nprocs].pid, NULL };
      rt.nprocs++;
    }
  if (opt->command)
    {
      if (dt_proc_create (&rt.dtp[rt.nprocs], opt->command) != 0)
        goto out;
      rt.procs[rt.nprocs] = (struct usdt_proc) { rt.dtp[rt.nprocs].pid, rt.dtp[rt.nprocs].exec_path };
      rt.cg.held_pid = rt.dtp[rt.nprocs].pid;
      rt.nprocs++;
    }
  if (rt.nprocs)
    p->target_pid = rt.procs[0].pid;

  p->nmacro_args = opt->nargs + 1;
  p->macro_args = xcalloc (p->nmacro_args, sizeof *p->macro_args);
  p->macro_args[0] = opt->nsources && opt->sources[0].kind == SRC_SCRIPT ? opt->sources[0].text : "dtrace";
  for (size_t i = 0; i < opt->nargs; i++)
    p->macro_args[i + 1] = opt->args[i];

  if (parse_sources (&rt) != 0)
    goto out;
  for (size_t i = 0; i < rt.nsrc; i++)
    {
      rt.src[i].first_clause = p->nclauses;
      if (d_check_script (p, &rt.src[i].script, rt.src[i].errprefix) != 0)
        goto out;
      rt.src[i].nclauses = p->nclauses - rt.src[i].first_clause;
    }
  if (p->nclauses == 0)
    {
      diag_error ("no probes specified");
      goto out;
    }
  rt.outf = stdout;
  if (opt->output)
    {
      rt.outf = fopen (opt->output, "a");
      if (!rt.outf)
        {
          diag_error ("failed to open output file '%s': %s", opt->output, strerror (errno));
          rt.outf = NULL;
          goto out;
        }
    }
  rt.out = output_new (p, rt.outf);
  for (size_t i = 0; i < rt.nsrc; i++)
    if (output_check_formats (rt.out, rt.src[i].first_clause, rt.src[i].nclauses, rt.src[i].errprefix) != 0)
      goto out;
  if (resolve_probes (&rt) != 0)
    goto out;
  if (destructive_permit (p) != 0)
    goto out;
  rt.spec = spec_store_new (p);
  p->user_copyout = destructive_used (p) && !destructive_kernel_can_write ();
  if (create_maps (&rt) != 0 || load_and_attach (&rt) != 0)
    goto out;

  if (!p->quiet)
    for (size_t s = 0; s < rt.nsrc; s++)
      diag_notice ("%s matched %zu probe%s", rt.src[s].notice, rt.matched[s], rt.matched[s] == 1 ? "" : "s");

  rt.rb = ring_buffer__new (p->ringbuf_fd, on_record, &rt, NULL);
  if (rt.rb && rt.error_fd >= 0)
    rt.errrb = ring_buffer__new (p->errbuf_fd, on_record, &rt, NULL);
  if (!rt.rb)
    {
      diag_error ("could not enable tracing: cannot open the ring buffer: %s", strerror (errno));
      goto out;
    }


  for (size_t i = 0; i < rt.nprocs; i++)
    if (rt.dtp[i].created && dt_proc_release (&rt.dtp[i]) != 0)
      goto out;
  struct timespec last_drops;
  clock_gettime (CLOCK_MONOTONIC, &last_drops);
  uint64_t start_ns = (uint64_t) last_drops.tv_sec * 1000000000ull + (uint64_t) last_drops.tv_nsec;
  for (size_t i = 0; i < rt.nticks; i++)
    rt.ticks[i].next = start_ns + rt.ticks[i].interval;
  while (!rt.exit_seen && !interrupted)
    {
      int wait_ms = rt.switch_ms ? rt.switch_ms : 100;
      struct timespec t0;
      clock_gettime (CLOCK_MONOTONIC, &t0);
      uint64_t now_ns = (uint64_t) t0.tv_sec * 1000000000ull + (uint64_t) t0.tv_nsec;
      for (size_t i = 0; i < rt.nticks; i++)
        {
          if (rt.ticks[i].next <= now_ns)
            {
              run_once (rt.ticks[i].fd);
              while (rt.ticks[i].next <= now_ns)
                rt.ticks[i].next += rt.ticks[i].interval;
            }
          uint64_t left = (rt.ticks[i].next - now_ns) / 1000000;
          if ((int) left < wait_ms)
            wait_ms = (int) left;
        }
      /* ustack()/usym(): keep the targets' mappings while they live, so
       * that their addresses still resolve after they exit */
      for (size_t i = 0; i < rt.nprocs; i++)
        if (!rt.dtp[i].exited)
          symbolizer_prime (output_symbolizer (rt.out), (int32_t) rt.procs[i].pid);
      /* records wake us only when the buffer fills up or on exit()
       * (codegen.c, ringbuf_wakeup_flags): read what came before and since */
      ring_buffer__consume (rt.rb);
      if (rt.exit_seen)
        break;
      int n = ring_buffer__poll (rt.rb, wait_ms);
      if (n < 0 && n != -EINTR)
        break;
      ring_buffer__consume (rt.rb);
      fflush (rt.outf);
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      if (now.tv_sec != last_drops.tv_sec)
        {
          report_drops (&rt);
          last_drops = now;
        }
      if (targets_gone (&rt))
        break;
    }
  if (interrupted)
    fputc ('\n', rt.outf);
  /* stop: detach, END, drain */
  if (rt.att)
    {
      uprobe_detach (rt.att);
      rt.att = NULL;
    }
  providers_detach (rt.prov);
  ring_buffer__consume (rt.rb);
  bool exit_before_end = rt.exit_seen;
  run_once (rt.end_fd);
  ring_buffer__consume (rt.rb);
  report_drops (&rt);
  output_finish (rt.out);
  fflush (rt.outf);
  status = exit_before_end || rt.exit_seen ? rt.exit_status : 0;
  for (size_t i = 0; i < rt.nprocs; i++)
    if (rt.dtp[i].exited && !p->quiet)
      {
        char *m = dt_proc_exit_message (&rt.dtp[i]);
        diag_notice ("%s", m);
        free (m);
      }

 out:
  free_runtime (&rt);
  return status;
}

/* ------------------------------------------------------------------ */
/* -l                                                                  */

int
consumer_list (const struct consumer_options *opt, size_t nmodules, const char *const *modules)
{
  struct runtime rt;
  memset (&rt, 0, sizeof rt);
  rt.opt = opt;
  struct probe_macros macros = { macro_lookup, &rt };
  size_t nd = 0;
  struct probe_desc *descs = xcalloc (opt->nsources + nmodules + 1, sizeof *descs);
  int rc = 0;

  size_t nwant = opt->npids + (opt->command ? 1 : 0);
  rt.dtp = xcalloc (nwant ? nwant : 1, sizeof *rt.dtp);
  rt.procs = xcalloc (nwant ? nwant : 1, sizeof *rt.procs);
  for (size_t i = 0; i < opt->npids && rc == 0; i++)
    {
      if (dt_proc_grab (&rt.dtp[rt.nprocs], opt->pids[i]) != 0)
        rc = 1;
      else
        {
          rt.procs[rt.nprocs] = (struct usdt_proc) { rt.dtp[rt.nprocs].pid, NULL };
          rt.nprocs++;
        }
    }
  if (opt->command && rc == 0)
    {
      /* -c: the command is created held, listed, and killed (as DTrace) */
      if (dt_proc_create (&rt.dtp[rt.nprocs], opt->command) != 0)
        rc = 1;
      else
        {
          rt.procs[rt.nprocs] = (struct usdt_proc) { rt.dtp[rt.nprocs].pid, rt.dtp[rt.nprocs].exec_path };
          rt.nprocs++;
        }
    }
  if (rt.nprocs)
    rt.prog.target_pid = rt.procs[0].pid;

  static const enum probe_field fields[] = {
    [SRC_SCRIPT] = PROBE_FIELD_NAME, [SRC_NAME] = PROBE_FIELD_NAME, [SRC_PROVIDER] = PROBE_FIELD_PROVIDER,
    [SRC_MODULE] = PROBE_FIELD_MODULE, [SRC_FUNCTION] = PROBE_FIELD_FUNCTION,
  };
  for (size_t i = 0; i < opt->nsources && rc == 0; i++)
    {
      char *e = NULL;
      if (opt->sources[i].kind == SRC_SCRIPT)
        continue;
      if (probe_desc_parse (opt->sources[i].text, fields[opt->sources[i].kind], &macros, &descs[nd], &e) != 0)
        {
          diag_error ("invalid probe description \"%s\": %s", opt->sources[i].text, e ? e : "syntax error");
          rc = 1;
        }
      else
        nd++;
      free (e);
    }
  for (size_t i = 0; i < nmodules && rc == 0; i++)
    {
      char *e = NULL;
      if (probe_desc_parse (modules[i], PROBE_FIELD_MODULE, &macros, &descs[nd], &e) == 0)
        nd++;
      free (e);
    }
  if (rc == 0)
    {
      printf ("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
      unsigned id = 0;
      static const char *const names[] = { "BEGIN", "END", "ERROR" };
      for (unsigned k = 0; k < 3; k++)
        {
          bool match = nd == 0;
          for (size_t i = 0; i < nd; i++)
            if (probe_field_match (descs[i].provider, "dtrace") && probe_field_match (descs[i].module, "")
                && probe_field_match (descs[i].function, "") && probe_field_match (descs[i].name, names[k]))
              match = true;
          ++id;
          if (match)
            printf ("%5u %10s %17s %33s %s\n", id, "dtrace", "", "", names[k]);
        }
      if (providers_list (stdout, descs, nd, rt.procs, rt.nprocs, &id) != 0)
        rc = 1;
      size_t nu = 0;
      struct probe_desc *udescs = xcalloc (nd + 1, sizeof *udescs);
      for (size_t i = 0; i < nd; i++)
        if (!providers_desc_exclusive (&descs[i]))
          udescs[nu++] = descs[i];
      struct usdt_probe_list l;
      memset (&l, 0, sizeof l);
      struct probe_desc all = { (char *) "", (char *) "", (char *) "", (char *) "" };
      struct usdt_scope scope = { rt.procs, rt.nprocs, NULL, 0, rt.nprocs == 0 };
      if (rc != 0 || (nd && !nu))
        ;   /* nothing for the USDT search */
      else if (usdt_probes_find (nd ? udescs : &all, nd ? nu : 1, &scope, NULL, &l) != 0)
        rc = 1;
      else
        {
          usdt_list_print (stdout, &l, &id, opt->verbose);
          usdt_probe_list_free (&l);
        }
      free (udescs);
    }
  for (size_t i = 0; i < nd; i++)
    probe_desc_free (&descs[i]);
  free (descs);
  for (size_t i = 0; i < rt.nprocs; i++)
    dt_proc_free (&rt.dtp[i]);
  free (rt.dtp);
  free (rt.procs);
  return rc;
}
