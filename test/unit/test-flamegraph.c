/* SPDX-License-Identifier: MIT */
/*
 * test-flamegraph.c — -x oformat=folded and oformat=svg (consumer/output/
 * flamegraph.c) on aggregations built by hand: folded lines outermost
 * first, other keys first, function names without offsets, equal paths
 * summed, stackless and quantize aggregations left out; the SVG has one
 * <rect> per distinct path prefix plus the root, escapes < > & in names,
 * and its widths add up.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat.h"
#include "consumer/output/flamegraph.h"
#include "test/unit/unit.h"

#define N_(a) (sizeof (a) / sizeof (a)[0])

static const struct { uint64_t lo, hi; const char *name; } syms[] = {
  { 0x1000, 0x1100, "main" }, { 0x2000, 0x2100, "work" }, { 0x3000, 0x3100, "ns::Box<int>::area(int) const" },
  { 0x4000, 0x4100, "a&b" },
};

static bool
tsym (void *arg, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *out)
{
  (void) arg; (void) user; (void) pid;
  for (size_t i = 0; i < N_ (syms); i++)
    if (pc >= syms[i].lo && pc < syms[i].hi)
      {
        out->module = "app";
        out->name = syms[i].name;
        out->offset = pc - syms[i].lo;
        return true;
      }
  return false;
}

static void
add (struct dfmt_agg *a, const char *comm, const uint64_t *pcs, size_t n, int64_t v)
{
  struct dfmt_value k[2] = { dfmt_str (comm, 16), dfmt_stack (pcs, n, true, 7) };
  struct dfmt_aggval *e = dfmt_agg_entry (a, k);
  e->value += v;
}

static size_t
count_of (const char *s, const char *what)
{
  size_t n = 0;
  for (const char *p = s; (p = strstr (p, what)); p += strlen (what))
    n++;
  return n;
}

int
main (void)
{
  struct dfmt_ctx ctx;
  dfmt_ctx_init (&ctx);
  ctx.symbolize = tsym;
  struct dfmt_type kt[2] = { { DFMT_T_STRING, 0, false, NULL }, { DFMT_T_STACK, 16, false, NULL } };
  struct dfmt_aggdesc d = { .name = "", .fn = DFMT_AGG_COUNT, .nkeys = 2, .keys = kt };
  struct dfmt_agg *a = dfmt_agg_new (&d);
  /* innermost first, as ustack() records them; 0x3010 and 0x3020 are one
   * function: their paths are equal once offsets are dropped */
  uint64_t s1[] = { 0x3010, 0x2008, 0x1004, 0 }, s2[] = { 0x3020, 0x2008, 0x1004 }, s3[] = { 0x2040, 0x1004 },
           s4[] = { 0x4000, 0x1004 }, s5[] = { 0x9999, 0x1004 };
  add (a, "app", s1, 4, 5);
  add (a, "app", s2, 3, 2);
  add (a, "app", s3, 2, 3);
  add (a, "app", s4, 2, 1);
  add (a, "other", s5, 2, 4);
  struct dfmt_type it = { DFMT_T_INT, 8, true, NULL };
  struct dfmt_aggdesc d2 = { .name = "n", .fn = DFMT_AGG_COUNT, .nkeys = 1, .keys = &it };
  struct dfmt_agg *b = dfmt_agg_new (&d2);
  struct dfmt_value ik = dfmt_int (3, 8, true);
  dfmt_agg_entry (b, &ik)->value = 9;
  struct dfmt_agg *aggs[] = { a, b };
  UNIT_CHECK (flame_agg_has_stack (a) && !flame_agg_has_stack (b), "stack-keyed aggregations are recognised");

  struct dfmt_out o;
  dfmt_out_buffer (&o);
  flame_print_folded (&o, &ctx, aggs, 2);
  UNIT_STREQ (dfmt_out_text (&o),
              "app;app`main;app`a&b 1\n"
              "app;app`main;app`work 3\n"
              "app;app`main;app`work;app`ns::Box<int>::area(int) const 7\n"
              "other;app`main;0x9999 4\n",
              "folded: sorted, outermost first, offsets dropped, equal paths summed, other keys first");

  dfmt_out_reset (&o);
  flame_print_svg (&o, &ctx, aggs, 2);
  const char *svg = dfmt_out_text (&o);
  /* prefixes: app, app;main, app;main;a&b, app;main;work, app;main;work;area,
   * other, other;main, other;main;0x9999 (8), and the root */
  UNIT_INTEQ ((long long) count_of (svg, "<rect "), 9, "svg: one rect per distinct path prefix plus the root");
  UNIT_INTEQ ((long long) count_of (svg, "<title>"), 9, "svg: a title per rect");
  UNIT_CHECK (strstr (svg, "<title>app`ns::Box&lt;int&gt;::area(int) const (7 samples, 46.67%)</title>") != NULL,
              "svg: names escaped, value and percentage in the title");
  UNIT_CHECK (strstr (svg, "app`a&amp;b") != NULL && !strstr (svg, "a&b"), "svg: & escaped");
  UNIT_CHECK (strstr (svg, "<title>all (15 samples, 100.00%)</title>") != NULL, "svg: the root holds the total");
  UNIT_CHECK (!strstr (svg, "<script"), "svg: no script");
  UNIT_CHECK (strncmp (svg, "<?xml", 5) == 0 && strstr (svg, "</svg>\n") != NULL, "svg: a whole document");
  dfmt_out_release (&o);
  dfmt_agg_free (a);
  dfmt_agg_free (b);
  return unit_exit ();
}
