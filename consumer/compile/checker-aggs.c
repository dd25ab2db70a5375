/* SPDX-License-Identifier: MIT */
/*
 * checker-aggs.c — aggregating functions checked (checker-int.h): the
 * function and its parameters (lquantize's and llquantize's constants),
 * the key signature, the value layout of a new aggregation; the
 * aggregation arguments of printa/clear/trunc/normalize.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "consumer/output/dformat.h"
#include "common/xalloc.h"

static const struct { const char *name; enum agg_func f; unsigned nparams; } agg_funcs[] = {
  { "count", AGG_COUNT, 0 }, { "sum", AGG_SUM, 1 }, { "avg", AGG_AVG, 1 },
  { "min", AGG_MIN, 1 }, { "max", AGG_MAX, 1 }, { "stddev", AGG_STDDEV, 1 },
  { "quantize", AGG_QUANTIZE, 1 }, { "lquantize", AGG_LQUANTIZE, 4 },
  { "llquantize", AGG_LLQUANTIZE, 5 },
};

static int
agg_func_of (const char *name, enum agg_func *f)
{
  for (size_t i = 0; i < sizeof agg_funcs / sizeof agg_funcs[0]; i++)
    if (strcmp (name, agg_funcs[i].name) == 0)
      {
        *f = agg_funcs[i].f;
        return (int) i;
      }
  return -1;
}

/* The constant parameters of lquantize and llquantize into PARAM
 * (lquantize: low, high, step; llquantize: factor, low, high, steps),
 * checked. */
static int
agg_params (struct ck *c, enum agg_func f, struct d_node *call, int64_t param[4])
{
  if (f == AGG_LQUANTIZE)
    {
      for (int i = 1; i < (call->nargs >= 4 ? 4 : 3); i++)
        if (!ck_info (c, call->args[i])->is_const)
          {
            ck_err (c, &call->args[i]->loc, "lquantize( ) argument #%d must be a constant", i + 1);
            return -1;
          }
      param[0] = ck_info (c, call->args[1])->value;
      param[1] = ck_info (c, call->args[2])->value;
      param[2] = call->nargs >= 4 ? ck_info (c, call->args[3])->value : 1;
      if (param[0] < INT32_MIN || param[0] > INT32_MAX || param[1] < INT32_MIN || param[1] > INT32_MAX)
        {
          ck_err (c, &call->loc, "lquantize( ) argument #%d must be a 32-bit quantity",
               param[0] < INT32_MIN || param[0] > INT32_MAX ? 2 : 3);
          return -1;
        }
      if (param[2] <= 0 || param[2] > UINT16_MAX)
        {
          ck_err (c, &call->loc, "lquantize( ) step must be a non-zero positive integer");
          return -1;
        }
      if (param[1] <= param[0] || (param[1] - param[0]) / param[2] < 1
          || (param[1] - param[0]) / param[2] > UINT16_MAX)
        {
          ck_err (c, &call->loc, "lquantize( ) high value must be greater than low value, "
               "and must have at least one quantization level");
          return -1;
        }
    }
  else if (f == AGG_LLQUANTIZE)
    {
      for (int i = 1; i < 5; i++)
        if (!ck_info (c, call->args[i])->is_const)
          {
            ck_err (c, &call->args[i]->loc, "llquantize( ) argument #%d must be a constant", i + 1);
            return -1;
          }
      for (int i = 0; i < 4; i++)
        param[i] = ck_info (c, call->args[i + 1])->value;
      if (param[0] < 2 || param[2] <= param[1] || param[1] < 0 || param[3] < 1
          || param[0] > UINT16_MAX || param[2] > UINT16_MAX || param[3] > UINT16_MAX
          || !dfmt_llquantize_valid ((uint16_t) param[0], (uint16_t) param[1], (uint16_t) param[2],
                                     (uint16_t) param[3]))
        {
          ck_err (c, &call->loc, "llquantize( ) parameters are invalid (factor %" PRId64 ", low %" PRId64
               ", high %" PRId64 ", steps %" PRId64 ")", param[0], param[1], param[2], param[3]);
          return -1;
        }
    }
  return 0;
}

/* D gives stack(), ustack() and jstack() one type, so one aggregation may
 * be keyed by any of them, of any depth, at key I.  Kernel stacks of
 * several depths share a key of the deepest (their pcs end at a 0); any
 * other mix is DT_ANYSTACK (dprog.h), which keeps each user stack's depth.
 * Codegen lays each use out in the final key (codegen-vars.c). */
static void
widen_stack_key (struct ck *c, struct dagg *a, size_t i, struct dtype t)
{
  struct dtype *k = &a->keys[i];
  if (k->kind == t.kind && k->size == t.size)
    return;
  unsigned before = dtype_bytes (*k, c->prog->strsize);
  uint8_t most = k->size > t.size ? k->size : t.size;
  if (k->kind == DT_KSTACK && t.kind == DT_KSTACK)
    k->size = most;
  else
    *k = (struct dtype) { DT_ANYSTACK, most > 2 ? most : 2, false, false, NULL };
  a->key_size += dtype_bytes (*k, c->prog->strsize) - before;
}

/* A new aggregation A: function, parameters, keys and value layout. */
static void
agg_define (struct ck *c, struct dagg *a, enum agg_func f, const int64_t param[4], size_t nkeys,
            const struct dtype *keys)
{
  a->func = f;
  memcpy (a->param, param, sizeof a->param);
  a->nkeys = nkeys;
  a->keys = nkeys ? xcalloc (nkeys, sizeof *a->keys) : NULL;
  unsigned ks = 0;
  for (size_t i = 0; i < nkeys; i++)
    {
      a->keys[i] = keys[i];
      ks += dtype_bytes (keys[i], c->prog->strsize);
    }
  a->key_size = ks ? ks : 8;
  switch (f)
    {
    case AGG_COUNT: case AGG_SUM: a->value_size = 8; break;
    case AGG_AVG: case AGG_MIN: case AGG_MAX: a->value_size = 16; break;
    case AGG_STDDEV: a->value_size = 32; break;
    case AGG_QUANTIZE: a->nbuckets = 127; a->value_size = 8 * 127; break;
    case AGG_LQUANTIZE:
      a->nbuckets = (unsigned) ((param[1] - param[0]) / param[2]) + 2;
      a->value_size = 8 * a->nbuckets;
      break;
    case AGG_LLQUANTIZE:
      {
        /* bucket 0 (< factor^low), each magnitude's steps, overflow:
         * dformat's layout, which codegen-aggs.c fills */
        a->nbuckets = dfmt_llquantize_nbuckets ((uint16_t) param[0], (uint16_t) param[1],
                                                (uint16_t) param[2], (uint16_t) param[3]);
        a->value_size = 8 * a->nbuckets;
        break;
      }
    }
  if (a->nbuckets && c->prog->quantize_sums)
    a->value_size += 8;         /* the sum of the values (dprog.h) */
  a->func_known = true;
}

int
ck_aggregation (struct ck *c, struct d_node *stmt, struct d_node *lhs, struct d_node *call)
{
  enum agg_func f;
  if (c->spec_flags & SPF_COMMIT)
    ck_err (c, &stmt->loc, "aggregating actions may not follow commit( )");
  if (c->spec_flags & SPF_SPECULATE)
    ck_err (c, &stmt->loc, "aggregating actions may not follow speculate( )");
  c->spec_flags |= SPF_DATAREC;
  int fi = call->kind == DN_CALL ? agg_func_of (call->sval, &f) : -1;
  if (fi < 0)
    {
      ck_err (c, &stmt->loc, "@%s: aggregations must be assigned the result of an aggregating function",
           lhs->sval);
      return -1;
    }
  unsigned want = agg_funcs[fi].nparams;
  bool ok = call->nargs == want || (f == AGG_QUANTIZE && call->nargs == 2)
            || (f == AGG_LQUANTIZE && (call->nargs == 3 || call->nargs == 5))
            || (f == AGG_LLQUANTIZE && call->nargs == 6);
  if (!ok)
    {
      ck_err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, %u expected", call->sval,
           call->nargs, want);
      return -1;
    }
  for (size_t i = 0; i < call->nargs; i++)
    if (ck_int (c, call->args[i], "aggregating function argument") != 0)
      return -1;
  int64_t param[4] = { 0 };
  if (agg_params (c, f, call, param) != 0)
    return -1;

  struct dtype keys[CK_MAX_KEYS];
  if (ck_keys (c, lhs, false, keys) != 0)
    return -1;
  struct dagg *a = ck_find_agg (c->prog, lhs->sval);
  if (!a)
    {
      a = ck_new_agg (c, lhs->sval, &lhs->loc);
      if (!a)
        return -1;
      agg_define (c, a, f, param, lhs->nargs, keys);
      a->first_clause = c->clause ? c->clause->index : 0;
      a->line = lhs->loc.line;
    }
  else
    {
      if (a->func != f || memcmp (a->param, param, sizeof param) != 0)
        {
          ck_err (c, &stmt->loc, "@%s: aggregation redefined", lhs->sval);
          return -1;
        }
      if (a->nkeys != lhs->nargs)
        {
          ck_err (c, &stmt->loc, "@%s: aggregation key signature mismatch: %zu keys, previously %zu",
               lhs->sval, lhs->nargs, a->nkeys);
          return -1;
        }
      for (size_t i = 0; i < a->nkeys; i++)
        if (dtype_is_stack (a->keys[i]) && dtype_is_stack (keys[i]))
          widen_stack_key (c, a, i, keys[i]);
        else if ((a->keys[i].kind == DT_STRING) != (keys[i].kind == DT_STRING)
            || dtype_bytes (a->keys[i], 8) != dtype_bytes (keys[i], 8)
            || (dtype_is_record (keys[i]) && (a->keys[i].kind != keys[i].kind || a->keys[i].size != keys[i].size)))
          {
            ck_err (c, &stmt->loc, "@%s: aggregation key #%zu type mismatch", lhs->sval, i + 1);
            return -1;
          }
    }
  ck_info (c, stmt)->agg = a;
  ck_info (c, lhs)->agg = a;
  return 0;
}

struct dagg *
ck_agg_arg (struct ck *c, struct d_node *n, const char *fn)
{
  if (n->kind != DN_AGG || n->nargs)
    {
      ck_err (c, &n->loc, "%s( ) argument #1 is incompatible with prototype: an aggregation is required", fn);
      return NULL;
    }
  struct dagg *a = ck_find_agg (c->prog, n->sval);
  if (!a)
    ck_err (c, &n->loc, "failed to resolve @%s: Unknown aggregation", n->sval);
  return a;
}

/* printa with several aggregations joins them on their keys: the key
 * signatures must be the same. */
int
ck_printa_keys_match (struct ck *c, struct d_node *call, const struct dagg *x, const struct dagg *y)
{
  if (x->nkeys != y->nkeys)
    {
      ck_err (c, &call->loc, "printa( ): @%s and @%s do not have matching key signatures: "
           "@%s has %zu key%s, @%s has %zu key%s", x->name, y->name, x->name, x->nkeys,
           x->nkeys == 1 ? "" : "s", y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
      return -1;
    }
  for (size_t k = 0; k < x->nkeys; k++)
    if ((x->keys[k].kind == DT_STRING) != (y->keys[k].kind == DT_STRING))
      {
        ck_err (c, &call->loc, "printa( ): @%s and @%s do not have matching key signatures: "
             "@%s key #%zu is %s, @%s key #%zu is %s", x->name, y->name, x->name, k + 1,
             x->keys[k].kind == DT_STRING ? "string" : "an integer", y->name, k + 1,
             y->keys[k].kind == DT_STRING ? "string" : "an integer");
        return -1;
      }
  return 0;
}
