/* SPDX-License-Identifier: MIT */
/*
 * test-openmetrics.c — the Prometheus text of consumer/output/openmetrics.c
 * on aggregations built by hand: families and their HELP/TYPE lines,
 * counters' _total, gauges (avg as the exact mean, a cleared min as NaN),
 * label escaping and UTF-8 repair, stack keys as one folded label, the
 * histogram rows' inclusive upper bounds for quantize (negative, zero and
 * positive rows), lquantize and llquantize (their open-ended top rows only
 * in +Inf), cumulative counts, _sum and _count, the rows shared by every
 * key, a family whose name is taken, and the closing "# EOF".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat.h"
#include "consumer/output/openmetrics.h"
#include "test/unit/unit.h"

static bool
tsym (void *arg, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *out)
{
  (void) arg; (void) user; (void) pid;
  out->module = "app";
  out->name = pc < 0x2000 ? "main" : "work";
  out->offset = pc & 0xff;
  return true;
}

static char *
render (const struct dfmt_ctx *ctx, struct dfmt_agg **aggs, const char *const *origins, size_t n)
{
  struct dfmt_out o;
  dfmt_out_buffer (&o);
  om_render (&o, ctx, aggs, origins, n);
  char *s = strdup (dfmt_out_text (&o));
  dfmt_out_release (&o);
  return s;
}

static void
test_scalars (const struct dfmt_ctx *ctx)
{
  struct dfmt_type kt[2] = { { DFMT_T_STRING, 0, false, NULL }, { DFMT_T_INT, 8, true, NULL } };
  struct dfmt_aggdesc dc = { .name = "reqs", .fn = DFMT_AGG_COUNT, .nkeys = 2, .keys = kt };
  struct dfmt_aggdesc da = { .name = "mean", .fn = DFMT_AGG_AVG, .nkeys = 0 };
  struct dfmt_aggdesc dm = { .name = "low", .fn = DFMT_AGG_MIN, .nkeys = 1, .keys = kt };
  struct dfmt_aggdesc dt = { .name = "reqs_total", .fn = DFMT_AGG_MAX, .nkeys = 0 };
  struct dfmt_agg *c = dfmt_agg_new (&dc), *a = dfmt_agg_new (&da), *m = dfmt_agg_new (&dm), *t = dfmt_agg_new (&dt);
  struct dfmt_value k1[2] = { dfmt_str ("say \"hi\"\\\nnow", 64), dfmt_int (-3, 8, true) };
  struct dfmt_value k2[2] = { dfmt_str ("caf\xc3\xa9 \xff\xc3", 64), dfmt_int (4, 8, true) };
  dfmt_agg_entry (c, k1)->value = 2;
  dfmt_agg_entry (c, k2)->value = 5;
  struct dfmt_aggval *e = dfmt_agg_entry (a, NULL);
  e->count = 4, e->sum = 10;
  dfmt_agg_entry (m, k1)->value = -7;
  dfmt_agg_entry (m, k2);                       /* fresh: INT64_MAX, as cleared */
  dfmt_agg_entry (t, NULL)->value = 1;
  struct dfmt_agg *aggs[] = { c, a, m, t };
  const char *origins[] = { "script x.d line 3", NULL, "the -n program line 1", NULL };
  char *s = render (ctx, aggs, origins, 4);
  UNIT_STREQ (s,
              "# HELP dtrace_reqs_total count() of @reqs, script x.d line 3\n"
              "# TYPE dtrace_reqs_total counter\n"
              "dtrace_reqs_total{key0=\"say \\\"hi\\\"\\\\\\nnow\",key1=\"-3\"} 2\n"
              "dtrace_reqs_total{key0=\"caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd\",key1=\"4\"} 5\n"
              "# HELP dtrace_mean avg() of @mean\n"
              "# TYPE dtrace_mean gauge\n"
              "dtrace_mean 2.5\n"
              "# HELP dtrace_low min() of @low, the -n program line 1\n"
              "# TYPE dtrace_low gauge\n"
              "dtrace_low{key0=\"say \\\"hi\\\"\\\\\\nnow\"} -7\n"
              "dtrace_low{key0=\"caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd\"} NaN\n"
              "# @reqs_total left out: dtrace_reqs_total is another aggregation's name\n"
              "# EOF\n",
              "counter _total, escaped and repaired labels, the exact mean, a cleared min NaN, a taken name left out");
  free (s);
  dfmt_agg_free (c);
  dfmt_agg_free (a);
  dfmt_agg_free (m);
  dfmt_agg_free (t);
}

static void
test_quantize (const struct dfmt_ctx *ctx)
{
  struct dfmt_type kt = { DFMT_T_STRING, 0, false, NULL };
  struct dfmt_aggdesc d = { .name = "", .fn = DFMT_AGG_QUANTIZE, .nkeys = 1, .keys = &kt };
  struct dfmt_agg *q = dfmt_agg_new (&d);
  struct dfmt_value ka = dfmt_str ("a", 8), kb = dfmt_str ("b", 8);
  struct dfmt_aggval *e = dfmt_agg_entry (q, &ka);
  int64_t vals[] = { -5, 0, 0, 4, 7 };
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
    dfmt_agg_add (q, e, vals[i], 1);
  e = dfmt_agg_entry (q, &kb);
  dfmt_agg_add (q, e, 1, 3);                    /* the sum: value x increment */
  struct dfmt_agg *aggs[] = { q };
  char *s = render (ctx, aggs, NULL, 1);
  /* rows -8 (one below the lowest used, -5's row -7..-4 whose bound is -4) .. 7 */
  UNIT_STREQ (s,
              "# HELP dtrace_agg quantize() of @\n"
              "# TYPE dtrace_agg histogram\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"-8\"} 0\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"-4\"} 0\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"-2\"} 0\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"-1\"} 0\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"0\"} 0\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"1\"} 3\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"3\"} 3\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"7\"} 3\n"
              "dtrace_agg_bucket{key0=\"b\",le=\"+Inf\"} 3\n"
              "dtrace_agg_sum{key0=\"b\"} 3\n"
              "dtrace_agg_count{key0=\"b\"} 3\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"-8\"} 0\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"-4\"} 1\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"-2\"} 1\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"-1\"} 1\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"0\"} 3\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"1\"} 3\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"3\"} 3\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"7\"} 5\n"
              "dtrace_agg_bucket{key0=\"a\",le=\"+Inf\"} 5\n"
              "dtrace_agg_sum{key0=\"a\"} 6\n"
              "dtrace_agg_count{key0=\"a\"} 5\n"
              "# EOF\n",
              "quantize: @ is dtrace_agg, inclusive upper bounds, cumulative, the same rows for every key");
  free (s);
  dfmt_agg_free (q);
}

static void
test_bounds (void)
{
  struct dfmt_aggdesc q = { .fn = DFMT_AGG_QUANTIZE };
  struct dfmt_aggdesc l = { .fn = DFMT_AGG_LQUANTIZE, .lq_low = 2, .lq_high = 12, .lq_step = 2 };
  struct dfmt_aggdesc ll = { .fn = DFMT_AGG_LLQUANTIZE, .llq_factor = 10, .llq_low = 0, .llq_high = 1,
                             .llq_nsteps = 10 };
  int64_t u = 0;
  bool ok = dfmt_quant_upper (&q, DFMT_QUANTIZE_ZERO, &u) && u == 0
            && dfmt_quant_upper (&q, dfmt_quantize_bucket (4), &u) && u == 7
            && dfmt_quant_upper (&q, dfmt_quantize_bucket (-5), &u) && u == -4
            && dfmt_quant_upper (&q, DFMT_QUANTIZE_NBUCKETS - 1, &u) && u == INT64_MAX
            && dfmt_quant_upper (&q, 0, &u) && u == -(INT64_C (1) << 62);
  UNIT_CHECK (ok, "quantize rows: 0, 4..7 -> 7, -7..-4 -> -4, the last INT64_MAX, the first -2^62");
  unsigned nl = dfmt_lquantize_nbuckets (2, 12, 2);
  ok = dfmt_quant_upper (&l, 0, &u) && u == 1 && dfmt_quant_upper (&l, 1, &u) && u == 3
       && dfmt_quant_upper (&l, nl - 2, &u) && u == 11 && !dfmt_quant_upper (&l, nl - 1, &u);
  UNIT_CHECK (ok, "lquantize(v, 2, 12, 2) rows: < 2 -> 1, 2..3 -> 3, 10..11 -> 11, >= 12 none (+Inf)");
  unsigned nll = dfmt_llquantize_nbuckets (10, 0, 1, 10);
  ok = dfmt_quant_upper (&ll, 0, &u) && u == 0 && dfmt_quant_upper (&ll, 1, &u) && u == 1
       && dfmt_quant_upper (&ll, dfmt_llquantize_bucket (25, 10, 0, 1, 10), &u) && u == 29
       && dfmt_quant_upper (&ll, nll - 2, &u) && u == 99 && !dfmt_quant_upper (&ll, nll - 1, &u);
  UNIT_CHECK (ok, "llquantize(v, 10, 0, 1, 10) rows: < 1 -> 0, 1 -> 1, 20..29 -> 29, 90..99 -> 99, >= 100 none");
  /* every value's row bounds it, and the row below does not */
  bool all = true;
  for (int64_t v = -300; v <= 300; v++)
    {
      unsigned b = dfmt_quantize_bucket (v);
      int64_t below;
      all &= dfmt_quant_upper (&q, b, &u) && v <= u && (b == 0 || (dfmt_quant_upper (&q, b - 1, &below) && v > below));
      b = dfmt_lquantize_bucket (v, 2, 12, 2);
      if (b + 1 < nl)
        all &= dfmt_quant_upper (&l, b, &u) && v <= u && (b == 0 || (dfmt_quant_upper (&l, b - 1, &below) && v > below));
      b = dfmt_llquantize_bucket (v, 10, 0, 1, 10);
      if (b + 1 < nll)
        all &= dfmt_quant_upper (&ll, b, &u) && v <= u && (b == 0 || (dfmt_quant_upper (&ll, b - 1, &below) && v > below));
    }
  UNIT_CHECK (all, "-300..300: each value is within its row's bound and above the row below's");
}

static void
test_stack (const struct dfmt_ctx *ctx)
{
  struct dfmt_type kt = { DFMT_T_STACK, 4, false, NULL };
  struct dfmt_aggdesc d = { .name = "st", .fn = DFMT_AGG_SUM, .nkeys = 1, .keys = &kt };
  struct dfmt_agg *a = dfmt_agg_new (&d);
  uint64_t pcs[] = { 0x2010, 0x1004, 0, 0 };
  struct dfmt_value k = dfmt_stack (pcs, 4, true, 7);
  dfmt_agg_entry (a, &k)->value = -9;
  struct dfmt_agg *aggs[] = { a };
  char *s = render (ctx, aggs, NULL, 1);
  UNIT_STREQ (s,
              "# HELP dtrace_st_total sum() of @st\n"
              "# TYPE dtrace_st_total counter\n"
              "dtrace_st_total{key0=\"app`main;app`work\"} -9\n"
              "# EOF\n",
              "a stack key is one folded label, root first; a negative sum stays a counter");
  free (s);
  dfmt_agg_free (a);
}

int
main (void)
{
  struct dfmt_ctx ctx;
  dfmt_ctx_init (&ctx);
  ctx.symbolize = tsym;
  test_scalars (&ctx);
  test_quantize (&ctx);
  test_bounds ();
  test_stack (&ctx);
  return unit_exit ();
}
