/* SPDX-License-Identifier: MIT */
/*
 * dformat-agg.c — aggregation snapshots in user space: entries keyed by key
 * tuples, the aggregating functions, clear/trunc/normalize, the sort order,
 * printing at exit and by printa (with or without a format, one or several
 * aggregations joined on their keys) — doc/output-formats.md §5-§7.
 */
#include "consumer/output/dformat-int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

struct entry {
  struct dfmt_value *keys;
  struct dfmt_aggval val;
  uint64_t hash;
  size_t index;                /* position in agg->e */
  struct entry *next;          /* hash chain */
};

struct dfmt_agg {
  struct dfmt_aggdesc desc;    /* name and keys point at our copies */
  unsigned nbuckets;
  struct entry **e;
  size_t n, cap;
  struct entry **heads;
  size_t nheads;               /* power of two */
  uint64_t normal;
  bool printed;
};

/* ------------------------------------------------------------------ */
/* 128-bit helpers                                                       */

uint64_t
dfmt_isqrt128 (dfmt_u128 v)
{
  dfmt_u128 res = 0, bit = (dfmt_u128) 1 << 126;
  while (bit > v)
    bit >>= 2;
  while (bit)
    {
      if (v >= res + bit)
        {
          v -= res + bit;
          res = (res >> 1) + bit;
        }
      else
        res >>= 1;
      bit >>= 2;
    }
  return (uint64_t) res;
}

static int64_t
wrap_add (int64_t a, int64_t b)
{
  uint64_t s = (uint64_t) a + (uint64_t) b;
  return s <= INT64_MAX ? (int64_t) s : -(int64_t) (~s) - 1;
}

static dfmt_u128
sumsq_get (const struct dfmt_aggval *e)
{
  return ((dfmt_u128) e->sumsq_hi << 64) | e->sumsq_lo;
}

static void
sumsq_set (struct dfmt_aggval *e, dfmt_u128 v)
{
  e->sumsq_lo = (uint64_t) v;
  e->sumsq_hi = (uint64_t) (v >> 64);
}

static uint64_t
umag (int64_t v)
{
  return v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;
}

/* x / normal with the normalisation factor as a signed divisor. */
static int64_t
ndiv (int64_t x, uint64_t normal)
{
  if (normal <= 1)
    return x;
  if (normal > INT64_MAX)
    return 0;
  return x / (int64_t) normal;
}

static int64_t
sdiv (int64_t a, int64_t b)
{
  if (b == 0)
    return 0;
  if (b == -1)
    return wrap_add (0, (int64_t) ((uint64_t) 0 - (uint64_t) a));
  return a / b;
}

/* stddev = isqrt(sumsq/normal²/count − (sum/normal/count)²), unsigned
 * 128-bit, 0 without values. */
static uint64_t
stddev_of (const struct dfmt_aggval *e, uint64_t normal)
{
  if (e->count <= 0)
    return 0;
  dfmt_u128 nrm = normal ? normal : 1;
  dfmt_u128 meansq = sumsq_get (e) / nrm / nrm / (dfmt_u128) (uint64_t) e->count;
  int64_t mean = sdiv (ndiv (e->sum, normal), e->count);
  dfmt_u128 m = umag (mean);
  m *= m;
  return meansq < m ? 0 : dfmt_isqrt128 (meansq - m);
}

/* ------------------------------------------------------------------ */
/* Storage                                                               */

static bool
is_quant (enum dfmt_aggfn fn)
{
  return fn == DFMT_AGG_QUANTIZE || fn == DFMT_AGG_LQUANTIZE || fn == DFMT_AGG_LLQUANTIZE;
}

struct dfmt_agg *
dfmt_agg_new (const struct dfmt_aggdesc *desc)
{
  struct dfmt_agg *a = xcalloc (1, sizeof *a);
  a->desc = *desc;
  a->desc.name = xstrdup (desc->name ? desc->name : "");
  struct dfmt_type *keys = xcalloc (desc->nkeys ? desc->nkeys : 1, sizeof *keys);
  for (size_t i = 0; i < desc->nkeys; i++)
    {
      keys[i] = desc->keys[i];
      keys[i].name = desc->keys[i].name ? xstrdup (desc->keys[i].name) : NULL;
    }
  a->desc.keys = keys;
  a->nbuckets = dfmt_desc_nbuckets (desc);
  a->nheads = 16;
  a->heads = xcalloc (a->nheads, sizeof *a->heads);
  a->normal = 1;
  return a;
}

static void
entry_free (const struct dfmt_agg *a, struct entry *e)
{
  for (size_t k = 0; k < a->desc.nkeys; k++)
    dfmt_value_fini (&e->keys[k]);
  FREE_ALL (e->keys, e->val.buckets, e);
}

void
dfmt_agg_free (struct dfmt_agg *a)
{
  if (!a)
    return;
  for (size_t i = 0; i < a->n; i++)
    entry_free (a, a->e[i]);
  free (a->e);
  free (a->heads);
  for (size_t i = 0; i < a->desc.nkeys; i++)
    free ((char *) a->desc.keys[i].name);
  free ((struct dfmt_type *) a->desc.keys);
  free ((char *) a->desc.name);
  free (a);
}

const struct dfmt_aggdesc *
dfmt_agg_desc (const struct dfmt_agg *a)
{
  return &a->desc;
}

unsigned
dfmt_agg_nbuckets (const struct dfmt_agg *a)
{
  return a->nbuckets;
}

static uint64_t
keys_hash (const struct dfmt_agg *a, const struct dfmt_value *keys)
{
  uint64_t h = UINT64_C (0xcbf29ce484222325);
  for (size_t k = 0; k < a->desc.nkeys; k++)
    h = dfmt_value_hash (&keys[k], h);
  return h;
}

static bool
keys_eq (const struct dfmt_agg *a, const struct dfmt_value *x, const struct dfmt_value *y)
{
  for (size_t k = 0; k < a->desc.nkeys; k++)
    if (!dfmt_value_eq (&x[k], &y[k]))
      return false;
  return true;
}

static struct entry *
lookup (const struct dfmt_agg *a, const struct dfmt_value *keys, uint64_t h)
{
  for (struct entry *e = a->heads[h & (a->nheads - 1)]; e; e = e->next)
    if (e->hash == h && keys_eq (a, e->keys, keys))
      return e;
  return NULL;
}

static void
rehash (struct dfmt_agg *a, size_t nheads)
{
  free (a->heads);
  a->nheads = nheads;
  a->heads = xcalloc (nheads, sizeof *a->heads);
  for (size_t i = 0; i < a->n; i++)
    {
      struct entry *e = a->e[i];
      size_t b = e->hash & (nheads - 1);
      e->next = a->heads[b];
      a->heads[b] = e;
    }
}

static void
val_reset (const struct dfmt_agg *a, struct dfmt_aggval *v)
{
  int64_t *b = v->buckets;
  memset (v, 0, sizeof *v);
  v->buckets = b;
  if (b)
    memset (b, 0, a->nbuckets * sizeof *b);
}

struct dfmt_aggval *
dfmt_agg_find (const struct dfmt_agg *a, const struct dfmt_value *keys)
{
  struct entry *e = lookup (a, keys, keys_hash (a, keys));
  return e ? &e->val : NULL;
}

struct dfmt_aggval *
dfmt_agg_entry (struct dfmt_agg *a, const struct dfmt_value *keys)
{
  uint64_t h = keys_hash (a, keys);
  struct entry *e = lookup (a, keys, h);
  if (e)
    return &e->val;
  e = xcalloc (1, sizeof *e);
  e->keys = xcalloc (a->desc.nkeys ? a->desc.nkeys : 1, sizeof *e->keys);
  for (size_t k = 0; k < a->desc.nkeys; k++)
    dfmt_value_copy (&e->keys[k], &keys[k]);
  e->hash = h;
  if (a->nbuckets)
    e->val.buckets = xcalloc (a->nbuckets, sizeof *e->val.buckets);
  if (a->desc.fn == DFMT_AGG_MIN)
    e->val.value = INT64_MAX;
  else if (a->desc.fn == DFMT_AGG_MAX)
    e->val.value = INT64_MIN;
  if (a->n == a->cap)
    {
      a->cap = a->cap ? 2 * a->cap : 16;
      a->e = xrealloc (a->e, a->cap * sizeof *a->e);
    }
  e->index = a->n;
  a->e[a->n++] = e;
  size_t b = h & (a->nheads - 1);
  e->next = a->heads[b];
  a->heads[b] = e;
  if (a->n > a->nheads)
    rehash (a, a->nheads * 2);
  return &e->val;
}

bool
dfmt_agg_remove (struct dfmt_agg *a, const struct dfmt_value *keys)
{
  uint64_t h = keys_hash (a, keys);
  struct entry **pp = &a->heads[h & (a->nheads - 1)];
  for (; *pp; pp = &(*pp)->next)
    if ((*pp)->hash == h && keys_eq (a, (*pp)->keys, keys))
      {
        struct entry *e = *pp;
        *pp = e->next;
        struct entry *last = a->e[--a->n];
        a->e[e->index] = last;
        last->index = e->index;
        entry_free (a, e);
        return true;
      }
  return false;
}

size_t
dfmt_agg_count (const struct dfmt_agg *a)
{
  return a->n;
}

const struct dfmt_value *
dfmt_agg_keys_at (const struct dfmt_agg *a, size_t i)
{
  return i < a->n ? a->e[i]->keys : NULL;
}

struct dfmt_aggval *
dfmt_agg_val_at (const struct dfmt_agg *a, size_t i)
{
  return i < a->n ? &a->e[i]->val : NULL;
}

/* ------------------------------------------------------------------ */
/* Aggregating functions                                                 */

void
dfmt_agg_add (const struct dfmt_agg *a, struct dfmt_aggval *e, int64_t v, int64_t incr)
{
  switch (a->desc.fn)
    {
    case DFMT_AGG_COUNT:
      e->value = wrap_add (e->value, 1);
      break;
    case DFMT_AGG_SUM:
      e->value = wrap_add (e->value, v);
      break;
    case DFMT_AGG_MIN:
      if (v < e->value)
        e->value = v;
      break;
    case DFMT_AGG_MAX:
      if (v > e->value)
        e->value = v;
      break;
    case DFMT_AGG_STDDEV:
      {
        dfmt_u128 m = umag (v);
        sumsq_set (e, sumsq_get (e) + m * m);
      }
      /* fall through */
    case DFMT_AGG_AVG:
      e->count = wrap_add (e->count, 1);
      e->sum = wrap_add (e->sum, v);
      break;
    case DFMT_AGG_QUANTIZE:
    case DFMT_AGG_LQUANTIZE:
    case DFMT_AGG_LLQUANTIZE:
      {
        unsigned b = dfmt_desc_bucket (&a->desc, v);
        if (e->buckets && b < a->nbuckets)
          e->buckets[b] = wrap_add (e->buckets[b], incr);
        e->sum = wrap_add (e->sum, (int64_t) ((uint64_t) v * (uint64_t) incr));
        break;
      }
    }
}

void
dfmt_agg_merge (const struct dfmt_agg *a, struct dfmt_aggval *dst, const struct dfmt_aggval *src)
{
  switch (a->desc.fn)
    {
    case DFMT_AGG_COUNT:
    case DFMT_AGG_SUM:
      dst->value = wrap_add (dst->value, src->value);
      break;
    case DFMT_AGG_MIN:
      if (src->value < dst->value)
        dst->value = src->value;
      break;
    case DFMT_AGG_MAX:
      if (src->value > dst->value)
        dst->value = src->value;
      break;
    case DFMT_AGG_STDDEV:
      sumsq_set (dst, sumsq_get (dst) + sumsq_get (src));
      /* fall through */
    case DFMT_AGG_AVG:
      dst->count = wrap_add (dst->count, src->count);
      dst->sum = wrap_add (dst->sum, src->sum);
      break;
    case DFMT_AGG_QUANTIZE:
    case DFMT_AGG_LQUANTIZE:
    case DFMT_AGG_LLQUANTIZE:
      dst->sum = wrap_add (dst->sum, src->sum);
      if (dst->buckets && src->buckets)
        for (unsigned i = 0; i < a->nbuckets; i++)
          dst->buckets[i] = wrap_add (dst->buckets[i], src->buckets[i]);
      break;
    }
}

int64_t
dfmt_agg_display (const struct dfmt_agg *a, const struct dfmt_aggval *e)
{
  switch (a->desc.fn)
    {
    case DFMT_AGG_COUNT:
    case DFMT_AGG_SUM:
    case DFMT_AGG_MIN:
    case DFMT_AGG_MAX:
      return ndiv (e->value, a->normal);
    case DFMT_AGG_AVG:
      return e->count ? sdiv (ndiv (e->sum, a->normal), e->count) : 0;
    case DFMT_AGG_STDDEV:
      {
        uint64_t s = stddev_of (e, a->normal);
        return s <= INT64_MAX ? (int64_t) s : -(int64_t) (~s) - 1;
      }
    default:
      return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Sorting                                                               */

/* The sort key of an entry's value, the way illumos sorts them (raw data,
 * not normalised): count/sum/min/max by value, avg by the integer average,
 * stddev by the stddev, the quantize family by the weighted sum of its
 * buckets and then the count of the bucket holding 0.  NULL is a missing
 * value: all zero. */
struct sortkey {
  long double k1;
  int64_t k2;
};

static struct sortkey
sort_key (const struct dfmt_agg *a, const struct dfmt_aggval *v)
{
  struct sortkey k = { 0, 0 };
  if (!v)
    return k;
  switch (a->desc.fn)
    {
    case DFMT_AGG_COUNT:
    case DFMT_AGG_SUM:
    case DFMT_AGG_MIN:
    case DFMT_AGG_MAX:
      k.k1 = (long double) v->value;
      break;
    case DFMT_AGG_AVG:
      k.k1 = (long double) (v->count ? sdiv (v->sum, v->count) : 0);
      break;
    case DFMT_AGG_STDDEV:
      k.k1 = (long double) stddev_of (v, 1);
      break;
    default:
      if (v->buckets)
        {
          k.k1 = dfmt_quant_weighted (&a->desc, v->buckets, a->nbuckets);
          k.k2 = dfmt_quant_zero (&a->desc, v->buckets, a->nbuckets);
        }
      break;
    }
  return k;
}

static int
sortkey_cmp (const struct sortkey *x, const struct sortkey *y)
{
  if (x->k1 != y->k1)
    return x->k1 < y->k1 ? -1 : 1;
  return x->k2 < y->k2 ? -1 : x->k2 > y->k2;
}

/* A row of a (joined) listing: the keys and each aggregation's value. */
struct row {
  const struct dfmt_value *keys;
  const struct dfmt_aggval **vals;
  struct entry *entry;         /* where the keys come from */
  struct sortkey sk;           /* of the value that drives the sort */
};

struct sorter {
  struct dfmt_agg *const *aggs;
  size_t naggs, nkeys;
  size_t valpos, keypos;
  bool bykey, rev;
};

static int
key_cmp (const struct sorter *s, const struct row *x, const struct row *y)
{
  for (size_t i = 0; i < s->nkeys; i++)
    {
      size_t k = (s->keypos + i) % s->nkeys;
      int c = dfmt_value_cmp (&x->keys[k], &y->keys[k]);
      if (c)
        return c;
    }
  return 0;
}

static int
row_cmp (const struct sorter *s, const struct row *x, const struct row *y)
{
  int c;
  if (s->bykey)
    {
      c = key_cmp (s, x, y);
      if (!c)
        c = sortkey_cmp (&x->sk, &y->sk);
    }
  else
    {
      c = sortkey_cmp (&x->sk, &y->sk);
      if (!c)
        c = key_cmp (s, x, y);
    }
  return s->rev ? -c : c;
}

/* Stable merge sort of row pointers. */
static void
sort_rows (const struct sorter *s, struct row **r, size_t n, struct row **tmp)
{
  if (n < 2)
    return;
  size_t h = n / 2;
  sort_rows (s, r, h, tmp);
  sort_rows (s, r + h, n - h, tmp);
  size_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = row_cmp (s, r[j], r[i]) < 0 ? r[j++] : r[i++];
  while (i < h)
    tmp[k++] = r[i++];
  while (j < n)
    tmp[k++] = r[j++];
  memcpy (r, tmp, n * sizeof *r);
}

struct listing {
  size_t nrows;
  struct row *rows;
  struct row **order;
  const struct dfmt_aggval **vals;
  size_t nkeys;
};

/* Join AGGS on identical key tuples (in the order keys first appear) and
 * sort the rows. */
static void
listing_build (struct listing *l, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
               size_t naggs, bool plain)
{
  memset (l, 0, sizeof *l);
  size_t total = 0, nkeys = aggs[0]->desc.nkeys;
  for (size_t j = 0; j < naggs; j++)
    {
      total += aggs[j]->n;
      if (aggs[j]->desc.nkeys < nkeys)
        nkeys = aggs[j]->desc.nkeys;
    }
  l->nkeys = nkeys;
  l->rows = xcalloc (total ? total : 1, sizeof *l->rows);
  l->vals = xcalloc ((total ? total : 1) * naggs, sizeof *l->vals);
  for (size_t j = 0; j < naggs; j++)
    for (size_t i = 0; i < aggs[j]->n; i++)
      {
        const struct entry *e = aggs[j]->e[i];
        bool seen = false;
        for (size_t p = 0; p < j && !seen; p++)
          seen = aggs[p]->desc.nkeys == aggs[j]->desc.nkeys && dfmt_agg_find (aggs[p], e->keys);
        if (seen)
          continue;
        struct row *r = &l->rows[l->nrows];
        r->keys = e->keys;
        r->entry = aggs[j]->e[i];
        r->vals = &l->vals[l->nrows * naggs];
        for (size_t q = 0; q < naggs; q++)
          r->vals[q] = q == j ? &e->val
                       : aggs[q]->desc.nkeys == aggs[j]->desc.nkeys ? dfmt_agg_find (aggs[q], e->keys)
                       : NULL;
        l->nrows++;
      }
  struct sorter s = { aggs, naggs, nkeys, 0, 0, false, false };
  if (!plain)
    {
      s.valpos = ctx->aggsortpos < naggs ? ctx->aggsortpos : 0;
      s.keypos = nkeys && ctx->aggsortkeypos < nkeys ? ctx->aggsortkeypos : 0;
      s.bykey = ctx->aggsortkey;
      s.rev = ctx->aggsortrev;
    }
  l->order = xcalloc (l->nrows ? l->nrows : 1, sizeof *l->order);
  for (size_t i = 0; i < l->nrows; i++)
    {
      l->rows[i].sk = sort_key (aggs[s.valpos], l->rows[i].vals[s.valpos]);
      l->order[i] = &l->rows[i];
    }
  struct row **tmp = xcalloc (l->nrows ? l->nrows : 1, sizeof *tmp);
  sort_rows (&s, l->order, l->nrows, tmp);
  free (tmp);
}

static void
listing_free (struct listing *l)
{
  FREE_ALL (l->rows, l->order, l->vals);
}

static void
mark_printed (struct listing *l, struct dfmt_agg *const *aggs, size_t naggs)
{
  for (size_t i = 0; i < l->nrows; i++)
    for (size_t j = 0; j < naggs; j++)
      if (l->rows[i].vals[j])
        aggs[j]->printed = true;
}

/* ------------------------------------------------------------------ */
/* Operations                                                            */

void
dfmt_agg_clear (struct dfmt_agg *a)
{
  for (size_t i = 0; i < a->n; i++)
    val_reset (a, &a->e[i]->val);
}

/* The K entries at one end of A's value order (the smallest when LOW,
 * else the largest), into OUT in that order; returns K.  trunc(@, 10) of a
 * large aggregation: each entry is compared with the worst of those picked
 * so far (about n comparisons) instead of sorting all n (n log n, each
 * comparison of equal values going on to compare the keys). */
static size_t
select_end (const struct dfmt_agg *a, size_t k, bool low, struct entry **out)
{
  struct sorter s = { NULL, 1, a->desc.nkeys, 0, 0, false, false };
  struct row *rows = xcalloc (k + 1, sizeof *rows);
  size_t n = 0;                 /* rows[0 .. n): the picked, best first */
  for (size_t i = 0; i < a->n; i++)
    {
      struct entry *e = a->e[i];
      struct row r = { e->keys, NULL, e, sort_key (a, &e->val) };
      /* better: earlier in the wanted end's order */
      size_t at = n;
      while (at > 0 && (low ? row_cmp (&s, &r, &rows[at - 1]) < 0 : row_cmp (&s, &r, &rows[at - 1]) > 0))
        at--;
      if (at >= k)
        continue;
      memmove (&rows[at + 1], &rows[at], (n - at) * sizeof *rows);
      rows[at] = r;
      if (n < k)
        n++;
    }
  /* value order, as the listing has it: ascending */
  for (size_t i = 0; i < n; i++)
    out[i] = rows[low ? i : n - 1 - i].entry;
  free (rows);
  return n;
}

void
dfmt_agg_trunc (struct dfmt_agg *a, int64_t n, bool all)
{
  size_t keep_from = a->n, keep_to = a->n;     /* [from, to) in value order */
  if (!all && n > 0)
    keep_from = umag (n) >= a->n ? 0 : a->n - (size_t) umag (n);
  else if (!all && n < 0)
    keep_from = 0, keep_to = umag (n) >= a->n ? a->n : (size_t) umag (n);
  if (keep_from == 0 && keep_to == a->n)
    return;
  if (keep_from == keep_to)
    {
      for (size_t i = 0; i < a->n; i++)
        entry_free (a, a->e[i]);
      a->n = 0;
      memset (a->heads, 0, a->nheads * sizeof *a->heads);
      return;
    }

  size_t nkeep = keep_to - keep_from;
  struct entry **kept = xcalloc (a->cap ? a->cap : 1, sizeof *kept);
  size_t nk = 0;
  if (nkeep * 8 < a->n)
    nk = select_end (a, nkeep, keep_from == 0, kept);
  else
    {
      struct dfmt_agg *self = a;
      struct listing l;
      struct dfmt_ctx ctx;
      dfmt_ctx_init (&ctx);
      listing_build (&l, &ctx, &self, 1, true);
      for (size_t i = keep_from; i < keep_to; i++)
        kept[nk++] = l.order[i]->entry;
      listing_free (&l);
    }
  /* the kept entries, marked by their old index; the others freed */
  bool *keep = xcalloc (a->n, sizeof *keep);
  for (size_t i = 0; i < nk; i++)
    keep[kept[i]->index] = true;
  for (size_t i = 0; i < a->n; i++)
    if (!keep[i])
      entry_free (a, a->e[i]);
  for (size_t i = 0; i < nk; i++)
    kept[i]->index = i;
  free (keep);
  free (a->e);
  a->e = kept;
  a->n = nk;
  rehash (a, a->nheads);
}

void
dfmt_agg_normalize (struct dfmt_agg *a, uint64_t n)
{
  a->normal = n ? n : 1;
}

void
dfmt_agg_denormalize (struct dfmt_agg *a)
{
  a->normal = 1;
}

uint64_t
dfmt_agg_normal (const struct dfmt_agg *a)
{
  return a->normal;
}

bool
dfmt_agg_printed (const struct dfmt_agg *a)
{
  return a->printed;
}

void
dfmt_agg_set_printed (struct dfmt_agg *a, bool printed)
{
  a->printed = printed;
}

/* ------------------------------------------------------------------ */
/* Printing without a format                                             */

static void
print_key (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *k)
{
  switch (k->kind)
    {
    case DFMT_V_INT:
      dfmt_print_int_column (o, k, false);
      return;
    case DFMT_V_STRING:
      dfmt_puts (o, "  ");
      dfmt_put_field (o, k->u.str.s, dfmt_str_len (k), 50, true);
      return;
    case DFMT_V_SYM:
      dfmt_print_sym_field (o, ctx, k);
      return;
    case DFMT_V_STACK:
      dfmt_stack_print (o, ctx, k);
      return;
    case DFMT_V_BYTES:
      {
        size_t n;
        if (dfmt_bytes_stringlike (k->u.bytes.p, k->u.bytes.len, &n))
          {
            dfmt_puts (o, "  ");
            dfmt_put_field (o, (const char *) k->u.bytes.p, n, 50, true);
          }
        else
          dfmt_hexdump (o, k->u.bytes.p, k->u.bytes.len);
        return;
      }
    }
}

static void
print_quant (struct dfmt_out *o, const struct dfmt_agg *a, const struct dfmt_aggval *v)
{
  if (v && v->buckets)
    dfmt_quant_print (o, &a->desc, v->buckets, a->nbuckets, a->normal);
  else
    {
      int64_t *zero = xcalloc (a->nbuckets ? a->nbuckets : 1, sizeof *zero);
      dfmt_quant_print (o, &a->desc, zero, a->nbuckets, a->normal);
      free (zero);
    }
}

/* One aggregation's value in a row (V is NULL where the row's key is not
 * in this aggregation): a quantization's distribution, else the number in
 * printa's conversion SPEC/CONV or, without SPEC, in the " %16lld" column
 * of the default layout. */
static void
print_value (struct dfmt_out *o, const struct dfmt_agg *a, const struct dfmt_aggval *v,
             const struct dfmt_ispec *spec, char conv)
{
  static const struct dfmt_aggval zero;
  if (is_quant (a->desc.fn))
    {
      print_quant (o, a, v);
      return;
    }
  if (!v)
    v = &zero;
  bool sd = a->desc.fn == DFMT_AGG_STDDEV;
  uint64_t s = sd ? stddev_of (v, a->normal) : 0;
  int64_t n = sd ? 0 : dfmt_agg_display (a, v);
  if (!spec && sd)
    dfmt_outf (o, " %16llu", (unsigned long long) s);
  else if (!spec)
    dfmt_outf (o, " %16lld", (long long) n);
  else if (sd)
    dfmt_put_aggint (o, spec, conv, s <= INT64_MAX ? (int64_t) s : -(int64_t) (~s) - 1, false);
  else
    dfmt_put_aggint (o, spec, conv, n, true);
}

static void
print_rows (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct listing *l,
            struct dfmt_agg *const *aggs, size_t naggs)
{
  for (size_t i = 0; i < l->nrows; i++)
    {
      const struct row *r = l->order[i];
      for (size_t k = 0; k < l->nkeys; k++)
        print_key (o, ctx, &r->keys[k]);
      for (size_t j = 0; j < naggs; j++)
        print_value (o, aggs[j], r->vals[j], NULL, 0);
      dfmt_putc (o, '\n');
    }
}

size_t
dfmt_agg_print (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_agg *a)
{
  struct dfmt_agg *self = (struct dfmt_agg *) a;
  struct listing l;
  listing_build (&l, ctx, &self, 1, false);
  print_rows (o, ctx, &l, &self, 1);
  size_t n = l.nrows;
  listing_free (&l);
  return n;
}

size_t
dfmt_agg_print_order (const struct dfmt_ctx *ctx, const struct dfmt_agg *a, size_t *order)
{
  struct dfmt_agg *self = (struct dfmt_agg *) a;
  struct listing l;
  listing_build (&l, ctx, &self, 1, false);
  /* one aggregation: row i is entry i */
  for (size_t i = 0; i < l.nrows; i++)
    order[i] = (size_t) (l.order[i] - l.rows);
  size_t n = l.nrows;
  listing_free (&l);
  return n;
}

void
dfmt_printa_default (struct dfmt_out *o, const struct dfmt_ctx *ctx,
                     struct dfmt_agg *const *aggs, size_t naggs)
{
  dfmt_putc (o, '\n');
  if (naggs == 0)
    return;
  struct listing l;
  listing_build (&l, ctx, aggs, naggs, false);
  print_rows (o, ctx, &l, aggs, naggs);
  mark_printed (&l, aggs, naggs);
  listing_free (&l);
}

void
dfmt_print_exit (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                 size_t naggs)
{
  dfmt_exit_newline (o);
  /* DTrace walks every aggregation in one sort whose first key is the
     aggregation's id, so -x aggsortrev lists the aggregations last first */
  for (size_t n = 0; n < naggs; n++)
    {
      size_t j = ctx->aggsortrev ? naggs - 1 - n : n;
      if (!aggs[j]->printed)
        dfmt_agg_print (o, ctx, aggs[j]);
    }
}

/* ------------------------------------------------------------------ */
/* printa with a format                                                  */

struct printa_state {
  struct dfmt_agg *const *aggs;
  size_t naggs;
  const struct row *row;
};

static void
printa_aggconv (void *arg, struct dfmt_out *o, size_t index, const struct dfmt_ispec *spec,
                char conv)
{
  const struct printa_state *st = arg;
  size_t j = index < st->naggs ? index : st->naggs - 1;
  print_value (o, st->aggs[j], st->row->vals[j], spec, conv);
}

int
dfmt_printa (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
             struct dfmt_agg *const *aggs, size_t naggs)
{
  if (naggs == 0)
    return 0;
  struct listing l;
  listing_build (&l, ctx, aggs, naggs, false);
  if (l.nrows && dfmt_fmt_nargs (f) > l.nkeys)
    {
      listing_free (&l);
      return -1;
    }
  struct printa_state st = { aggs, naggs, NULL };
  for (size_t i = 0; i < l.nrows; i++)
    {
      st.row = l.order[i];
      dfmt_fmt_run (o, ctx, f, st.row->keys, l.nkeys, printa_aggconv, &st);
    }
  mark_printed (&l, aggs, naggs);
  listing_free (&l);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Key signatures                                                        */

static int
key_family (const struct dfmt_type *t)
{
  switch (t->cls)
    {
    case DFMT_T_INT:
    case DFMT_T_POINTER:
      return 1;
    case DFMT_T_STRING:
    case DFMT_T_CHARARRAY:
      return 2;
    default:
      return 10 + (int) t->cls;
    }
}

int
dfmt_printa_check_keys (const struct dfmt_aggdesc *const *aggs, size_t naggs,
                        struct dfmt_diag *err)
{
  if (naggs == 0)
    return 0;
  const struct dfmt_aggdesc *a0 = aggs[0];
  const char *n0 = a0->name ? a0->name : "";
  for (size_t j = 1; j < naggs; j++)
    {
      const struct dfmt_aggdesc *aj = aggs[j];
      const char *nj = aj->name ? aj->name : "";
      if (aj->nkeys != a0->nkeys)
        {
          if (err)
            {
              free (err->msg);
              err->tag = "D_PRINTA_AGGKEY";
              err->msg = xasprintf ("printa( ): @%s and @%s do not have matching key "
                                    "signatures: @%s has %zu key%s, @%s has %zu key%s",
                                    n0, nj, n0, a0->nkeys, a0->nkeys == 1 ? "" : "s",
                                    nj, aj->nkeys, aj->nkeys == 1 ? "" : "s");
            }
          return -1;
        }
      for (size_t k = 0; k < a0->nkeys; k++)
        {
          const struct dfmt_type *t0 = &a0->keys[k], *tj = &aj->keys[k];
          bool ok = key_family (t0) == key_family (tj);
          if (ok && t0->cls == DFMT_T_OTHER && t0->name && tj->name)
            ok = strcmp (t0->name, tj->name) == 0;
          if (ok)
            continue;
          if (err)
            {
              char b0[64], bj[64];
              free (err->msg);
              err->tag = "D_PRINTA_AGGPROTO";
              err->msg = xasprintf ("printa( ): @%s[ ] key #%zu is incompatible with @%s:\n"
                                    "      %s key #%zu: %s\n      %s key #%zu: %s",
                                    nj, k + 1, n0, n0, k + 1, dfmt_type_name (t0, b0, sizeof b0),
                                    nj, k + 1, dfmt_type_name (tj, bj, sizeof bj));
            }
          return -1;
        }
    }
  return 0;
}

const char *
dfmt_aggfn_name (enum dfmt_aggfn fn)
{
  static const char *const names[] = {
    [DFMT_AGG_COUNT] = "count", [DFMT_AGG_SUM] = "sum", [DFMT_AGG_AVG] = "avg",
    [DFMT_AGG_MIN] = "min", [DFMT_AGG_MAX] = "max", [DFMT_AGG_STDDEV] = "stddev",
    [DFMT_AGG_QUANTIZE] = "quantize", [DFMT_AGG_LQUANTIZE] = "lquantize",
    [DFMT_AGG_LLQUANTIZE] = "llquantize",
  };
  return (size_t) fn < sizeof names / sizeof names[0] && names[fn] ? names[fn] : "unknown";
}

char *
dfmt_key_text (const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  switch (v->kind)
    {
    case DFMT_V_INT:
      return v->u.i.is_signed ? xasprintf ("%" PRId64, v->u.i.v) : xasprintf ("%" PRIu64, dfmt_int_bits (v));
    case DFMT_V_STRING:
      return v->u.str.s ? xstrndup (v->u.str.s, strnlen (v->u.str.s, v->u.str.len)) : xstrdup ("");
    case DFMT_V_SYM:
      return dfmt_sym_text (ctx, v->u.sym.user, v->u.sym.pid, v->u.sym.pc, v->u.sym.form);
    case DFMT_V_BYTES:
      return xstrndup ((const char *) v->u.bytes.p, strnlen ((const char *) v->u.bytes.p, v->u.bytes.len));
    case DFMT_V_STACK:
      break;
    }
  size_t depth = 0;
  while (depth < v->u.stack.n && v->u.stack.pcs[depth])
    depth++;
  struct dfmt_out b;
  dfmt_out_buffer (&b);
  for (size_t f = depth; f-- > 0;)
    {
      char *t = dfmt_sym_text (ctx, v->u.stack.user, v->u.stack.pid, v->u.stack.pcs[f], DFMT_SYM_FUNC);
      dfmt_puts (&b, t);
      if (f)
        dfmt_putc (&b, ';');
      free (t);
    }
  char *s = xstrdup (dfmt_out_text (&b));
  dfmt_out_release (&b);
  return s;
}
