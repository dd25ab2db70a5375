/* SPDX-License-Identifier: MIT */
/*
 * output.c — records and aggregation maps to DTrace's output.
 *
 * A record is laid out by the checker (dprog.h): a header (clause index,
 * probe id, cpu, mask of the actions that ran), then each action's items at
 * fixed offsets.  Each action is formatted by consumer/dformat, which owns
 * every format.  Aggregations are kept in the kernel as per-CPU maps; a
 * snapshot sums the CPUs into dformat's aggregation tables right before they
 * are printed, and clear()/trunc() are applied to the kernel maps too.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "consumer/compile/checker.h"
#include "consumer/runtime/destructive.h"
#include "consumer/output/agg-maps.h"
#include "consumer/output/dformat.h"
#include "consumer/output/dformat-setopt.h"
#include "consumer/output/flamegraph.h"
#include "consumer/output/json-output.h"
#include "consumer/output/openmetrics.h"
#include "consumer/output/output.h"
#include "consumer/output/symbolize.h"
#include "consumer/output/unwind.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

struct output {
  struct dprog *prog;
  const int *agg_fds;           /* the map of each aggregation (the runtime's) */
  struct dfmt_out out;
  struct dfmt_ctx ctx;
  bool header_done;
  /* -F: the indent (in columns) and the last record's clause and probe
   * (DTrace's EPID), for its flow heuristic */
  unsigned flow_indent;
  bool flow_have_last;
  uint32_t flow_last_clause, flow_last_probe;
  struct dfmt_agg **aggs;      /* one per dprog aggregation */
  struct agg_elems *elems;     /* each aggregation's map as its last snapshot read it */
  struct symbolizer *sym;      /* ustack() usym() stack() */
  bool user_syms;              /* the program records user stacks or symbols */
  /* ustack(): the captures map, the unwinder, and a ring of pc buffers
   * that live long enough for one record's or key's values */
  int ustacks_fd;
  struct unwinder *unw;
  uint8_t *capbuf;
  size_t caplen;
  uint64_t (*stkbufs)[STACK_MAX_FRAMES];
  unsigned stkbuf_next;
  bool ustack_lost;            /* a ustack() value had no capture (the map was full) */
  /* captures present at the last sweep (ustacks_sweep), sorted */
  uint8_t (*swept)[USTACK_KEY_SIZE];
  size_t nswept;
  struct timespec last_sweep;
  int ncpu;
  /* -x oformat=openmetrics, -x metrics: tables of their own (created on
   * first use), so that reading the maps for a scrape leaves printa's
   * tables (printed flags, normalize) as they are */
  struct dfmt_agg **maggs;
  struct agg_elems *melems;
  /* -x oformat=json: each record one line (json-output.h) */
  bool json;
  struct json_writer jw;
  uint64_t wall_offset;         /* CLOCK_REALTIME - CLOCK_MONOTONIC, ns */
};

static struct dfmt_type
fmt_type (struct dtype t)
{
  struct dfmt_type f = { DFMT_T_INT, t.size, t.is_signed, NULL };
  if (t.kind == DT_STRING)
    f.cls = DFMT_T_STRING;
  else if (dtype_is_stack (t))
    f.cls = DFMT_T_STACK, f.size = dtype_bytes (t, 0);
  else if (t.kind == DT_USYM)
    f.cls = DFMT_T_USYM, f.size = 8;
  else if (t.is_pointer)
    f.cls = DFMT_T_POINTER;
  else if (t.kind == DT_VOID)
    f.cls = DFMT_T_VOID;
  else if (t.kind == DT_OBJECT && ctype_resolve (t.ctype)->kind == CT_FLOAT)
    f.cls = DFMT_T_FLOAT, f.size = (unsigned) ctype_resolve (t.ctype)->size;
  else if (t.kind == DT_OBJECT)
    f.cls = DFMT_T_OTHER;
  return f;
}

static enum dfmt_aggfn
fmt_aggfn (enum agg_func f)
{
  switch (f)
    {
    case AGG_COUNT: return DFMT_AGG_COUNT;
    case AGG_SUM: return DFMT_AGG_SUM;
    case AGG_AVG: return DFMT_AGG_AVG;
    case AGG_MIN: return DFMT_AGG_MIN;
    case AGG_MAX: return DFMT_AGG_MAX;
    case AGG_STDDEV: return DFMT_AGG_STDDEV;
    case AGG_QUANTIZE: return DFMT_AGG_QUANTIZE;
    case AGG_LQUANTIZE: return DFMT_AGG_LQUANTIZE;
    default: return DFMT_AGG_LLQUANTIZE;
    }
}

static struct dfmt_agg *new_table (const struct dprog *prog, size_t i);

struct output *
output_new (struct dprog *prog, const int *agg_fds, FILE *fp)
{
  struct output *o = xcalloc (1, sizeof *o);
  o->prog = prog;
  o->agg_fds = agg_fds;
  dfmt_out_file (&o->out, fp);
  dfmt_ctx_init (&o->ctx);
  o->ctx.quiet = prog->quiet;
  o->ctx.flowindent = prog->flowindent;
  if (prog->stackindent)
    o->ctx.stackindent = prog->stackindent - 1;
  o->ctx.aggsortkey = prog->aggsortkey;
  o->ctx.aggsortrev = prog->aggsortrev;
  o->ctx.aggsortkeypos = prog->aggsortkeypos;
  o->ctx.aggsortpos = prog->aggsortpos;
  o->ctx.rawbytes = prog->rawbytes;
  o->ctx.pid = (int32_t) prog->target_pid;
  o->json = prog->oformat_json;
  jw_init (&o->jw);
  struct timespec mono, real;
  clock_gettime (CLOCK_MONOTONIC, &mono);
  clock_gettime (CLOCK_REALTIME, &real);
  o->wall_offset = ((uint64_t) real.tv_sec - (uint64_t) mono.tv_sec) * 1000000000ull
                   + (uint64_t) real.tv_nsec - (uint64_t) mono.tv_nsec;
  o->sym = symbolizer_new ();
  symbolizer_set_demangle (o->sym, !prog->nodemangle);
  o->ustacks_fd = -1;
  o->ctx.symbolize = symbolizer_lookup;
  o->ctx.symbolize_arg = o->sym;
  o->user_syms = prog->user_addrs;
  o->ncpu = libbpf_num_possible_cpus ();
  if (o->ncpu < 1)
    o->ncpu = 1;
  o->aggs = xcalloc (prog->naggs ? prog->naggs : 1, sizeof *o->aggs);
  o->elems = xcalloc (prog->naggs ? prog->naggs : 1, sizeof *o->elems);
  for (size_t i = 0; i < prog->naggs; i++)
    o->aggs[i] = new_table (prog, i);
  return o;
}

/* A dformat table for aggregation I. */
static struct dfmt_agg *
new_table (const struct dprog *prog, size_t i)
{
  struct dagg *a = &prog->aggs[i];
  struct dfmt_type *keys = xcalloc (a->nkeys ? a->nkeys : 1, sizeof *keys);
  for (size_t k = 0; k < a->nkeys; k++)
    keys[k] = fmt_type (a->keys[k]);
  struct dfmt_aggdesc d = {
    .name = a->name, .fn = fmt_aggfn (a->func),
    .lq_low = (int32_t) a->param[0], .lq_high = (int32_t) a->param[1], .lq_step = (uint16_t) a->param[2],
    .llq_factor = (uint16_t) a->param[0], .llq_low = (uint16_t) a->param[1],
    .llq_high = (uint16_t) a->param[2], .llq_nsteps = (uint16_t) a->param[3],
    .nkeys = a->nkeys, .keys = keys,
  };
  struct dfmt_agg *t = dfmt_agg_new (&d);
  free (keys);
  return t;
}

void
output_free (struct output *o)
{
  if (!o)
    return;
  for (size_t i = 0; i < o->prog->naggs; i++)
    if (o->aggs[i])
      dfmt_agg_free (o->aggs[i]);
  free (o->aggs);
  for (size_t i = 0; i < o->prog->naggs; i++)
    agg_elems_free (&o->elems[i]);
  free (o->elems);
  for (size_t i = 0; o->maggs && i < o->prog->naggs; i++)
    {
      dfmt_agg_free (o->maggs[i]);
      agg_elems_free (&o->melems[i]);
    }
  FREE_ALL (o->maggs, o->melems);
  unwinder_free (o->unw);
  FREE_ALL (o->capbuf, o->stkbufs, o->swept);
  symbolizer_free (o->sym);
  jw_free (&o->jw);
  for (size_t c = 0; c < o->prog->nclauses; c++)
    for (size_t a = 0; a < o->prog->clauses[c].nactions; a++)
      {
        struct daction *act = &o->prog->clauses[c].actions[a];
        if (act->compiled_format)
          dfmt_fmt_free (act->compiled_format);
        act->compiled_format = NULL;
      }
  free (o);
}

int
output_check_formats (struct output *o, size_t first, size_t n, const char *errprefix)
{
  int rc = 0;
  for (size_t c = first; c < first + n && c < o->prog->nclauses; c++)
    {
      struct dclause *cl = &o->prog->clauses[c];
      for (size_t i = 0; i < cl->nactions; i++)
        {
          struct daction *a = &cl->actions[i];
          if (!a->format || (a->kind != ACT_PRINTF && a->kind != ACT_PRINTA && a->kind != ACT_SYSTEM))
            continue;
          struct dfmt_diag err = { 0 };
          struct dfmt_type types[64];
          size_t nt = 0;
          if (a->kind == ACT_PRINTF || a->kind == ACT_SYSTEM)
            for (size_t k = 0; k < a->nitems && nt < 64; k++)
              types[nt++] = fmt_type (a->items[k].type);
          else if (a->naggs)
            {
              const struct dagg *g = &o->prog->aggs[a->aggs[0]];
              for (size_t k = 0; k < g->nkeys && nt < 64; k++)
                types[nt++] = fmt_type (g->keys[k]);
            }
          a->compiled_format = dfmt_fmt_compile (a->format, a->kind == ACT_PRINTF ? "printf" : a->kind == ACT_SYSTEM ? "system" : "printa",
                                                 a->kind == ACT_PRINTA, types, nt, &err);
          if (!a->compiled_format)
            {
              int line = cl->ast->loc.line;
              if (line > 0)
                diag_error ("%s: line %d: %s", errprefix, line, err.msg ? err.msg : "invalid format");
              else
                diag_error ("%s: %s", errprefix, err.msg ? err.msg : "invalid format");
              rc = -1;
            }
          dfmt_diag_clear (&err);
        }
    }
  return rc;
}

/* ------------------------------------------------------------------ */
/* Aggregation snapshots.                                              */

void
output_set_ustacks (struct output *o, int fd, size_t capture_size)
{
  o->ustacks_fd = fd;
  if (fd < 0 || o->unw)
    return;
  o->unw = unwinder_new (o->sym);
  o->caplen = capture_size;
  o->capbuf = xmalloc (capture_size);
  o->stkbufs = xcalloc (64, sizeof *o->stkbufs);
}

/* ustack(): the capture under (pid, hash), unwound (output_set_ustacks).
 * A capture the kernel could not store (the map was full) is an empty
 * stack. */
static struct dfmt_value
ustack_value (const struct output *o_const, struct dtype t, const uint8_t *p)
{
  struct output *o = (struct output *) o_const;
  uint64_t pid;
  memcpy (&pid, p, 8);
  uint64_t *pcs = o->stkbufs ? o->stkbufs[o->stkbuf_next++ % 64] : NULL;
  size_t n = 0;
  if (pcs && bpf_map_lookup_elem (o->ustacks_fd, p, o->capbuf) == 0)
    n = unwinder_unwind (o->unw, (int32_t) pid, o->capbuf, o->caplen, pcs, t.size);
  else if (pcs)
    o->ustack_lost = true;
  static const uint64_t none = 0;
  return dfmt_stack (n ? pcs : &none, n ? n : 1, true, (int32_t) pid);
}

/* A stack or symbol at P (dprog.h: the pid, then the pcs or the pc). */
static struct dfmt_value
record_value (const struct output *o, struct dtype t, const uint8_t *p)
{
  uint64_t pid;
  memcpy (&pid, p, 8);
  if (t.kind == DT_ANYSTACK && pid == ANYSTACK_KERNEL)
    t.kind = DT_KSTACK, pid = 0;
  else if (t.kind == DT_ANYSTACK)
    {
      /* a user stack: its depth follows the hash (dprog.h) */
      uint64_t depth;
      memcpy (&depth, p + 16, 8);
      t.kind = DT_USTACK;
      if (depth >= 1 && depth < t.size)
        t.size = (uint8_t) depth;
    }
  if (t.kind == DT_USTACK)
    return ustack_value (o, t, p);
  if (t.kind == DT_USYM)
    {
      uint64_t pc;
      memcpy (&pc, p + 8, 8);
      enum dfmt_symform f = t.size == DSF_MOD || t.size == DSF_KMOD ? DFMT_SYM_MOD
                            : t.size == DSF_ADDR ? DFMT_SYM_ADDR : DFMT_SYM_FUNC;
      return dfmt_sym (pc, !dsf_is_kernel (t.size), (int32_t) pid, f);
    }
  return dfmt_stack ((const uint64_t *) (const void *) (p + 8), t.size, t.kind == DT_USTACK, (int32_t) pid);
}

static void
key_values (const struct output *o, const struct dagg *a, const uint8_t *key, struct dfmt_value *vals,
            unsigned strsize)
{
  size_t off = 0;
  for (size_t k = 0; k < a->nkeys; k++)
    {
      if (dtype_is_record (a->keys[k]))
        {
          /* all pcs of one function (module) make one usym (umod) entry */
          vals[k] = dfmt_sym_normalize (&o->ctx, record_value (o, a->keys[k], key + off));
          off += dtype_bytes (a->keys[k], strsize);
        }
      else if (a->keys[k].kind == DT_STRING)
        {
          vals[k] = dfmt_str ((const char *) key + off, strsize);
          off += (strsize + 7) & ~7u;
        }
      else
        {
          int64_t v;
          memcpy (&v, key + off, 8);
          vals[k] = dfmt_int (v, a->keys[k].size ? a->keys[k].size : 8, a->keys[k].is_signed);
          off += 8;
        }
    }
}

/* An aggregation without keys (dprog.h dagg_is_array): read element 0's
 * value of every CPU into VALS (ncpu values of dagg_flag_off bytes); true
 * when some CPU's set flag is up (the aggregation exists). */
static bool
array_read (struct output *o, const struct dagg *a, uint8_t *vals)
{
  size_t vsz = dagg_flag_off (a), st = vsz + 8;
  uint8_t *buf = xcalloc ((size_t) o->ncpu, st);
  uint32_t k = 0;
  bool set = false;
  if (bpf_map_lookup_elem (o->agg_fds[a->id], &k, buf) == 0)
    for (int c = 0; c < o->ncpu; c++)
      {
        uint64_t f;
        memcpy (vals + (size_t) c * vsz, buf + (size_t) c * st, vsz);
        memcpy (&f, buf + (size_t) c * st + vsz, sizeof f);
        set |= f != 0;
      }
  free (buf);
  return set;
}

/* ... and zero it, the set flag kept up (clear) or down too (trunc). */
static void
array_zero (struct output *o, const struct dagg *a, bool set)
{
  size_t vsz = dagg_flag_off (a);
  uint8_t *buf = xcalloc ((size_t) o->ncpu, vsz + 8);
  uint64_t one = 1;
  if (set)
    memcpy (buf + vsz, &one, sizeof one);   /* CPU 0's flag */
  uint32_t k = 0;
  bpf_map_update_elem (o->agg_fds[a->id], &k, buf, BPF_ANY);
  free (buf);
}

/* Read aggregation I from its map into the dformat table FA, the keys and
 * values read kept in EL. */
static void
snapshot_to (struct output *o, size_t i, struct dfmt_agg *fa, struct agg_elems *el)
{
  struct dagg *a = &o->prog->aggs[i];
  size_t vsz = (a->value_size + 7) & ~7u;
  struct dfmt_value kv[16];
  dfmt_agg_trunc (fa, 0, true);
  /* every key and its values, or the array's one element */
  size_t vbytes = vsz * (size_t) o->ncpu;
  if (dagg_is_array (a))
    {
      el->n = 0;
      el->vals = xrealloc (el->vals, vbytes);
      memset (el->vals, 0, vbytes);
      if (array_read (o, a, el->vals))
        el->n = 1;
    }
  else
    agg_map_read (o->agg_fds[a->id], a->key_size, vbytes, el);
  for (size_t j = 0; j < el->n; j++)
    {
      const uint8_t *key = el->keys + j * a->key_size;
      const uint8_t *vals = el->vals + j * vbytes;
      key_values (o, a, key, kv, o->prog->strsize);
      struct dfmt_aggval *e = dfmt_agg_entry (fa, kv);
      for (int c = 0; c < o->ncpu; c++)
        {
          const int64_t *v = (const int64_t *) (vals + (size_t) c * vsz);
          switch (a->func)
            {
            case AGG_COUNT: case AGG_SUM:
              e->value += v[0];
              break;
            case AGG_AVG:
              e->count += v[0];
              e->sum += v[1];
              break;
            case AGG_MIN:
              if (v[1] && v[0] < e->value)
                e->value = v[0];
              break;
            case AGG_MAX:
              if (v[1] && v[0] > e->value)
                e->value = v[0];
              break;
            case AGG_STDDEV:
              {
                /* count, sum, sum of squares (128-bit: low, high) */
                uint64_t lo = e->sumsq_lo + (uint64_t) v[2];
                e->sumsq_hi += (uint64_t) v[3] + (lo < e->sumsq_lo);
                e->sumsq_lo = lo;
                e->count += v[0];
                e->sum += v[1];
                break;
              }
            case AGG_QUANTIZE: case AGG_LQUANTIZE: case AGG_LLQUANTIZE:
              {
                unsigned nb = dfmt_agg_nbuckets (fa);
                for (unsigned b = 0; b < nb && b < a->nbuckets; b++)
                  e->buckets[b] += v[b];
                if (o->prog->quantize_sums)
                  e->sum += v[a->nbuckets];       /* dprog.h */
                break;
              }
            default:
              break;
            }
        }
    }
}

/* Read aggregation I from its map into the table printing uses. */
static void
snapshot (struct output *o, size_t i)
{
  snapshot_to (o, i, o->aggs[i], &o->elems[i]);
}

/* Every key of aggregation I's map, copied out in one pass (deleting or
 * updating while iterating would restart the walk). */
static uint8_t *
kernel_keys (struct output *o, size_t i, size_t *n)
{
  struct dagg *a = &o->prog->aggs[i];
  size_t vsz = (a->value_size + 7) & ~7u;
  struct agg_elems e = { 0 };
  agg_map_read (o->agg_fds[a->id], a->key_size, vsz * (size_t) o->ncpu, &e);
  free (e.vals);
  *n = e.n;
  return e.keys;
}

/* Zero every value of aggregation I in the kernel (clear keeps keys): the
 * keys of the snapshot just taken.  A key first stored since keeps its
 * value, as in DTrace, whose clear() acts on the consumer's copy. */
static void
kernel_clear (struct output *o, size_t i)
{
  struct dagg *a = &o->prog->aggs[i];
  size_t vsz = (a->value_size + 7) & ~7u;
  if (dagg_is_array (a))
    {
      uint8_t *vals = xcalloc ((size_t) o->ncpu, vsz);
      array_zero (o, a, array_read (o, a, vals));
      free (vals);
      return;
    }
  struct agg_elems *el = &o->elems[i];
  agg_map_zero (o->agg_fds[a->id], el->keys, el->n, a->key_size, vsz * (size_t) o->ncpu);
}

/* Remove from the kernel every key of the snapshot just taken that the
 * dformat table no longer has (a key first stored since the snapshot stays,
 * as in DTrace, whose trunc() acts on the consumer's copy). */
static void
kernel_prune (struct output *o, size_t i)
{
  struct dagg *a = &o->prog->aggs[i];
  struct dfmt_value kv[16];
  if (dagg_is_array (a))
    {
      if (!dfmt_agg_find (o->aggs[i], kv))
        array_zero (o, a, false);
      return;
    }
  struct agg_elems *el = &o->elems[i];
  size_t ndead = 0;
  for (size_t k = 0; k < el->n; k++)
    {
      const uint8_t *key = el->keys + k * a->key_size;
      key_values (o, a, key, kv, o->prog->strsize);
      /* the keys to delete are gathered at the front, in place */
      if (!dfmt_agg_find (o->aggs[i], kv))
        memmove (el->keys + ndead++ * a->key_size, key, a->key_size);
    }
  agg_map_delete (o->agg_fds[a->id], el->keys, ndead, a->key_size);
  el->n = 0;                    /* the snapshot is used up */
}

/* ------------------------------------------------------------------ */
/* ustack() captures: collected after trunc() and clear().             */

static int
capture_key_cmp (const void *a, const void *b)
{
  return memcmp (a, b, USTACK_KEY_SIZE);
}

/* Append to *KEYS the (pid, hash) of every ustack() in aggregation I's
 * kernel keys. */
static void
referenced_captures (struct output *o, size_t i, uint8_t (**keys)[USTACK_KEY_SIZE], size_t *n,
                     size_t *cap)
{
  struct dagg *a = &o->prog->aggs[i];
  bool has = false;
  for (size_t k = 0; k < a->nkeys; k++)
    has |= a->keys[k].kind == DT_USTACK || a->keys[k].kind == DT_ANYSTACK;
  if (!has || dagg_is_array (a))
    return;
  size_t nk;
  uint8_t *kk = kernel_keys (o, i, &nk);
  for (size_t j = 0; j < nk; j++)
    {
      size_t off = 0;
      for (size_t k = 0; k < a->nkeys; k++)
        {
          const uint8_t *key = kk + j * a->key_size + off;
          uint64_t pid;
          memcpy (&pid, key, 8);
          if (a->keys[k].kind == DT_USTACK || (a->keys[k].kind == DT_ANYSTACK && pid != ANYSTACK_KERNEL))
            memcpy (VEC_PUSH (*keys, *n, *cap), key, USTACK_KEY_SIZE);
          off += dtype_is_record (a->keys[k]) || a->keys[k].kind == DT_STRING
                 ? dtype_bytes (a->keys[k], o->prog->strsize) : 8;
        }
    }
  free (kk);
}

/* The captures map (abi.h MAP_USTACKS) only grows in the kernel: a run
 * that prints and truncates its stack-keyed aggregations every second
 * would fill it in hours.  After trunc() or clear(), at most once a
 * second, delete every capture no aggregation key refers to any more and
 * that was already there at the previous sweep: a capture stored since is
 * kept, as a record in the ring buffer not yet consumed may name it (a
 * record a whole sweep interval behind prints an empty stack). */
static void
ustacks_sweep (struct output *o)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  if (o->ustacks_fd < 0 || now.tv_sec == o->last_sweep.tv_sec)
    return;
  o->last_sweep = now;
  uint8_t (*refs)[USTACK_KEY_SIZE] = NULL, (*present)[USTACK_KEY_SIZE] = NULL;
  size_t nrefs = 0, caprefs = 0, npresent = 0, cappresent = 0;
  for (size_t i = 0; i < o->prog->naggs; i++)
    referenced_captures (o, i, &refs, &nrefs, &caprefs);
  if (nrefs)
    qsort (refs, nrefs, USTACK_KEY_SIZE, capture_key_cmp);
  uint8_t key[USTACK_KEY_SIZE];
  const void *prev = NULL;
  while (bpf_map_get_next_key (o->ustacks_fd, prev, key) == 0)
    {
      memcpy (VEC_PUSH (present, npresent, cappresent), key, USTACK_KEY_SIZE);
      prev = present[npresent - 1];
    }
  size_t nkept = 0;
  for (size_t i = 0; i < npresent; i++)
    {
      bool old = o->nswept && bsearch (present[i], o->swept, o->nswept, USTACK_KEY_SIZE,
                                       capture_key_cmp);
      bool used = nrefs && bsearch (present[i], refs, nrefs, USTACK_KEY_SIZE, capture_key_cmp);
      if (old && !used)
        bpf_map_delete_elem (o->ustacks_fd, present[i]);
      else
        memmove (present[nkept++], present[i], USTACK_KEY_SIZE);
    }
  if (nkept)
    qsort (present, nkept, USTACK_KEY_SIZE, capture_key_cmp);
  free (o->swept);
  o->swept = present;
  o->nswept = nkept;
  free (refs);
}

/* ------------------------------------------------------------------ */
/* Records.                                                            */

/* setopt(name[, value]) arrived: the option is set for the output that
 * follows, or a warning says why not (as DTrace, tracing goes on). */
static void
output_setopt (struct output *o, const struct dfmt_value *name, const struct dfmt_value *value)
{
  char *n = xstrndup (name->u.str.s, strnlen (name->u.str.s, name->u.str.len));
  char *v = value ? xstrndup (value->u.str.s, strnlen (value->u.str.s, value->u.str.len)) : NULL;
  if (!dfmt_setopt (&o->ctx, n, v))
    diag_warn ("couldn't set option \"%s\"%s%s%s: not an output option or a bad value", n,
               v ? " to \"" : "", v ? v : "", v ? "\"" : "");
  free (n);
  free (v);
}

static struct dfmt_value
item_value (const struct output *o, const uint8_t *rec, const struct rec_item *it)
{
  if (it->type.kind == DT_STRING)
    return dfmt_str ((const char *) rec + it->offset, o->prog->strsize);
  if (dtype_is_record (it->type))
    return record_value (o, it->type, rec + it->offset);
  if (it->type.kind == DT_OBJECT)
    return dfmt_bytes (rec + it->offset, (size_t) ctype_resolve (it->type.ctype)->size);
  int64_t v;
  memcpy (&v, rec + it->offset, 8);
  return dfmt_int (v, it->type.size ? it->type.size : 8, it->type.is_signed);
}

static void record_text (struct output *o, const void *data, size_t size, bool *exit_seen, int *exit_status);

void
output_record (struct output *o, const void *data, size_t size, bool *exit_seen, int *exit_status)
{
  if (o->prog->stackfmt != STACKFMT_SVG)
    {
      record_text (o, data, size, exit_seen, exit_status);
      return;
    }
  /* -x oformat=svg: the output is the flame graph alone; records still
   * run their actions (exit, clear...) but print into a discarded buffer */
  struct dfmt_out saved = o->out;
  dfmt_out_buffer (&o->out);
  record_text (o, data, size, exit_seen, exit_status);
  dfmt_out_release (&o->out);
  o->out = saved;
}

static void
record_text (struct output *o, const void *data, size_t size, bool *exit_seen, int *exit_status)
{
  const uint8_t *rec = data;
  if (size < REC_HEADER_SIZE)
    return;
  uint32_t ci, pid, cpu;
  memcpy (&ci, rec, 4);
  memcpy (&pid, rec + 4, 4);
  memcpy (&cpu, rec + 8, 4);
  if (ci >= o->prog->nclauses)
    return;
  struct dclause *cl = &o->prog->clauses[ci];
  /* a clause that only commits or discards prints nothing of its own, in
   * text or JSON (dprog.h only_settles); speculation.c settles its record */
  if (size < cl->rec_size || cl->only_settles)
    return;
  const struct dprobe *probe = NULL;
  for (size_t i = 0; i < o->prog->nprobes; i++)
    if (o->prog->probes[i].id == pid)
      probe = &o->prog->probes[i];

  if (o->json)
    {
      uint64_t meta[2] = { 0, 0 };     /* abi.h REC_META_SIZE */
      if (size >= REC_HEADER_SIZE + REC_META_SIZE)
        memcpy (meta, rec + REC_HEADER_SIZE, sizeof meta);
      struct dfmt_probe dp = { (int) cpu, pid, probe ? probe->prov : "", probe ? probe->mod : "",
                               probe ? probe->func : "", probe ? probe->name : "" };
      json_probe_begin (&o->jw, &dp, meta[0], meta[0] + o->wall_offset, (int32_t) meta[1]);
    }
  else if (!o->ctx.quiet || o->ctx.flowindent)
    {
      if (!o->header_done)
        {
          dfmt_header (&o->out, &o->ctx);
          o->header_done = true;
        }
      struct dfmt_probe dp = { (int) cpu, pid, probe ? probe->prov : "", probe ? probe->mod : "",
                               probe ? probe->func : "", probe ? probe->name : "" };
      enum dfmt_flow flow = DFMT_FLOW_NONE;
      if (o->ctx.flowindent)
        {
          /* DTrace's heuristic: a second clause (another EPID) of the probe
           * just seen does not enter again; a return steps back first, an
           * entry indents what follows.  A second clause of a return does
           * not step back again either (illumos looks ahead and gives the
           * last clause the arrow; this gives it the first) */
          flow = dfmt_flow_of (dp.name);
          if (flow != DFMT_FLOW_NONE && o->flow_have_last && ci != o->flow_last_clause
              && pid == o->flow_last_probe)
            flow = DFMT_FLOW_NONE;
          if (flow == DFMT_FLOW_RETURN && o->flow_indent >= 2)
            o->flow_indent -= 2;
        }
      dfmt_record_begin (&o->out, &o->ctx, &dp, flow, o->flow_indent);
      if (flow == DFMT_FLOW_ENTRY)
        o->flow_indent += 2;
      o->flow_have_last = true;
      o->flow_last_clause = ci;
      o->flow_last_probe = pid;
    }
  for (size_t i = 0; i < cl->nactions; i++)
    {
      if (!dclause_action_ran (cl, rec, i))
        continue;
      struct daction *a = &cl->actions[i];
      struct dfmt_value vals[64];
      size_t nv = 0;
      for (size_t k = 0; k < a->nitems && nv < 64; k++)
        vals[nv++] = item_value (o, rec, &a->items[k]);
      switch (a->kind)
        {
        case ACT_DEFAULT:
          break;
        case ACT_TRACE:
          if (o->json)
            json_probe_trace (&o->jw, &o->ctx, &vals[0]);
          else
            dfmt_trace (&o->out, &o->ctx, &vals[0]);
          break;
        case ACT_PRINT:
          {
            const struct rec_item *it = &a->items[0];
            if (it->type.kind == DT_STRING)
              {
                dfmt_print_string (&o->out, &vals[0]);
                break;
              }
            dfmt_print_typed (&o->out, it->type.ctype, rec + it->offset,
                              it->type.kind == DT_OBJECT ? ctype_resolve (it->type.ctype)->size : 8);
            break;
          }
        case ACT_PRINTF:
          if (a->compiled_format && o->json)
            json_probe_printf (&o->jw, &o->ctx, a->compiled_format, vals, nv);
          else if (a->compiled_format)
            dfmt_printf (&o->out, &o->ctx, a->compiled_format, vals, nv);
          break;
        case ACT_EXIT:
          *exit_seen = true;
          *exit_status = (int) dfmt_int_bits (&vals[0]);
          if (o->json)
            json_probe_exit (&o->jw, *exit_status);
          break;
        case ACT_PRINTA:
          {
            struct dfmt_agg *list[16];
            size_t n = 0;
            for (size_t k = 0; k < a->naggs && n < 16; k++)
              {
                snapshot (o, a->aggs[k]);
                list[n++] = o->aggs[a->aggs[k]];
              }
            if (o->json)
              json_probe_printa (&o->jw, &o->ctx, list, n);
            else if (a->compiled_format)
              dfmt_printa (&o->out, &o->ctx, a->compiled_format, list, n);
            else
              dfmt_printa_default (&o->out, &o->ctx, list, n);
            break;
          }
        case ACT_CLEAR:
          snapshot (o, a->aggs[0]);
          dfmt_agg_clear (o->aggs[a->aggs[0]]);
          kernel_clear (o, a->aggs[0]);
          ustacks_sweep (o);
          break;
        case ACT_TRUNC:
          snapshot (o, a->aggs[0]);
          dfmt_agg_trunc (o->aggs[a->aggs[0]], a->has_arg ? (int64_t) dfmt_int_bits (&vals[0]) : 0,
                          !a->has_arg);
          kernel_prune (o, a->aggs[0]);
          ustacks_sweep (o);
          break;
        case ACT_NORMALIZE:
          dfmt_agg_normalize (o->aggs[a->aggs[0]], dfmt_int_bits (&vals[0]));
          break;
        case ACT_DENORMALIZE:
          dfmt_agg_denormalize (o->aggs[a->aggs[0]]);
          break;
        case ACT_SYSTEM:
          if (a->compiled_format)
            destructive_system (&o->out, &o->ctx, a->compiled_format, vals, nv);
          break;
        case ACT_COPYOUT: case ACT_COPYOUTSTR:   /* only when the kernel could not */
          destructive_copyout (o->prog, data, size, a);
          break;
        case ACT_SETOPT:
          output_setopt (o, &vals[0], nv > 1 ? &vals[1] : NULL);
          break;
        case ACT_SPECULATE: case ACT_COMMIT: case ACT_DISCARD:   /* speculation.c */
        case ACT_RAISE: case ACT_STOP: case ACT_CHILL:   /* in the kernel */
          break;
        }
    }
  if (o->json)
    {
      json_probe_end (&o->jw);
      if (jw_emit_line (&o->jw, o->out.fp) != 0)
        o->out.failed = true;
    }
  else if (!o->ctx.quiet)
    dfmt_record_end (&o->out, &o->ctx);
}

struct symbolizer *
output_symbolizer (struct output *o)
{
  return o->user_syms ? o->sym : NULL;
}

void
output_finish (struct output *o)
{
  for (size_t i = 0; i < o->prog->naggs; i++)
    snapshot (o, i);
  if (o->ustack_lost)
    diag_warn ("some ustack() stacks were lost and print empty: more than %u distinct stack "
               "captures", USTACK_CAPTURES_MAX);
  if (o->json)
    {
      for (size_t i = 0; i < o->prog->naggs; i++)
        if (!dfmt_agg_printed (o->aggs[i]) && dfmt_agg_count (o->aggs[i]))
          {
            json_aggregation (&o->jw, &o->ctx, o->aggs[i]);
            jw_emit_line (&o->jw, o->out.fp);
          }
      return;
    }
  if (o->prog->stackfmt == STACKFMT_SVG)
    {
      flame_print_svg (&o->out, &o->ctx, o->aggs, o->prog->naggs);
      return;
    }
  if (o->prog->stackfmt == STACKFMT_FOLDED)
    {
      /* stack-keyed aggregations folded, the others as usual */
      flame_print_folded (&o->out, &o->ctx, o->aggs, o->prog->naggs);
      for (size_t i = 0; i < o->prog->naggs; i++)
        if (flame_agg_has_stack (o->aggs[i]))
          dfmt_agg_set_printed (o->aggs[i], true);
    }
  dfmt_print_exit (&o->out, &o->ctx, o->aggs, o->prog->naggs);
}

void
output_metrics (struct output *o, struct dfmt_out *buf, const char *const *origins)
{
  size_t n = o->prog->naggs;
  if (!o->maggs)
    {
      o->maggs = xcalloc (n ? n : 1, sizeof *o->maggs);
      o->melems = xcalloc (n ? n : 1, sizeof *o->melems);
      for (size_t i = 0; i < n; i++)
        o->maggs[i] = new_table (o->prog, i);
    }
  for (size_t i = 0; i < n; i++)
    snapshot_to (o, i, o->maggs[i], &o->melems[i]);
  om_render (buf, &o->ctx, o->maggs, origins, n);
}

bool
output_is_json (const struct output *o)
{
  return o && o->json;
}

void
output_set_file (struct output *o, FILE *fp)
{
  dfmt_out_file (&o->out, fp);
}

void
output_json_error (struct output *o, const struct json_fault *f)
{
  json_error (&o->jw, f);
  jw_emit_line (&o->jw, o->out.fp);
}

void
output_json_drop (struct output *o, const char *kind, int cpu, uint64_t count, const char *message)
{
  json_drop (&o->jw, kind, cpu, count, message);
  jw_emit_line (&o->jw, o->out.fp);
}
