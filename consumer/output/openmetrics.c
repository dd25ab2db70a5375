/* SPDX-License-Identifier: MIT */
/*
 * openmetrics.c — aggregation tables as Prometheus text exposition
 * (the mapping is described in openmetrics.h).
 *
 * One pass per family: the HELP and TYPE lines, then each entry's samples.
 * Label values are escaped (backslash, double quote, newline) and made
 * valid UTF-8 (a byte that starts no valid sequence becomes U+FFFD), as a
 * scraper rejects the whole text otherwise.  Histogram rows are the same
 * for every key of a family (the range any key uses), so that a quantile
 * over several keys compares like with like.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat-int.h"
#include "consumer/output/openmetrics.h"
#include "common/strset.h"
#include "common/xalloc.h"


/* dtrace_<name>: [a-zA-Z0-9_:] kept, anything else '_'. */
static char *
family_name (const struct dfmt_aggdesc *d)
{
  const char *n = d->name && *d->name ? d->name : "agg";
  char *s = xasprintf ("dtrace_%s", n);
  for (char *p = s; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
          || *p == '_' || *p == ':'))
      *p = '_';
  return s;
}

/* The length of the valid UTF-8 sequence at S (N bytes left), 0 if none. */
static size_t
utf8_len (const unsigned char *s, size_t n)
{
  unsigned c = s[0];
  size_t len;
  unsigned min;
  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    len = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    len = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    len = 4, min = 0x10000;
  else
    return 0;
  if (n < len)
    return 0;
  unsigned cp = c & (0x7fu >> len);
  for (size_t i = 1; i < len; i++)
    {
      if ((s[i] & 0xc0) != 0x80)
        return 0;
      cp = cp << 6 | (s[i] & 0x3fu);
    }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return len;
}

/* Text in a label value or HELP line: \ and newline escaped (and " in a
 * label value), valid UTF-8. */
static void
put_escaped (struct dfmt_out *o, const char *s, size_t n, bool quote)
{
  const unsigned char *u = (const unsigned char *) s;
  size_t i = 0;
  while (i < n)
    {
      size_t len = utf8_len (u + i, n - i);
      if (len == 0)
        {
          dfmt_puts (o, "\xef\xbf\xbd");
          i++;
        }
      else if (u[i] == '\\')
        dfmt_puts (o, "\\\\"), i++;
      else if (u[i] == '\n')
        dfmt_puts (o, "\\n"), i++;
      else if (u[i] == '"' && quote)
        dfmt_puts (o, "\\\""), i++;
      else
        {
          dfmt_put (o, s + i, len);
          i += len;
        }
    }
}


/* The labels of one sample: {key0="..",...,le=".."}, nothing when none.
 * TEXTS: the entry's key texts. */
static void
put_labels (struct dfmt_out *o, char *const *texts, size_t nkeys, const char *le)
{
  if (nkeys == 0 && !le)
    return;
  dfmt_putc (o, '{');
  for (size_t k = 0; k < nkeys; k++)
    {
      dfmt_outf (o, "%skey%zu=\"", k ? "," : "", k);
      put_escaped (o, texts[k], strlen (texts[k]), true);
      dfmt_putc (o, '"');
    }
  if (le)
    dfmt_outf (o, "%sle=\"%s\"", nkeys ? "," : "", le);
  dfmt_putc (o, '}');
}

/* The first and last bucket any entry of A uses; false when none. */
static bool
bucket_range (const struct dfmt_agg *a, unsigned *lo, unsigned *hi)
{
  unsigned nb = dfmt_agg_nbuckets (a);
  bool any = false;
  for (size_t i = 0; i < dfmt_agg_count (a); i++)
    {
      const int64_t *b = dfmt_agg_val_at (a, i)->buckets;
      for (unsigned j = 0; b && j < nb; j++)
        if (b[j])
          {
            if (!any || j < *lo)
              *lo = j;
            if (!any || j > *hi)
              *hi = j;
            any = true;
          }
    }
  return any;
}

static void
histogram_entry (struct dfmt_out *o, const char *name, const struct dfmt_agg *a, char *const *texts,
                 const struct dfmt_aggval *e, bool rows, unsigned lo, unsigned hi)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  unsigned nb = dfmt_agg_nbuckets (a);
  int64_t total = 0, cum = 0;
  for (unsigned j = 0; j < nb; j++)
    total += e->buckets ? e->buckets[j] : 0;
  unsigned first = lo ? lo - 1 : 0;
  for (unsigned k = 0; rows && k < first; k++)
    cum += e->buckets ? e->buckets[k] : 0;
  for (unsigned j = first; rows && j <= hi; j++)
    {
      cum += e->buckets ? e->buckets[j] : 0;
      int64_t upper;
      if (!dfmt_quant_upper (d, j, &upper))
        continue;                      /* the open-ended top row: +Inf only */
      char le[32];
      snprintf (le, sizeof le, "%" PRId64, upper);
      dfmt_outf (o, "%s_bucket", name);
      put_labels (o, texts, d->nkeys, le);
      dfmt_outf (o, " %" PRId64 "\n", cum);
    }
  dfmt_outf (o, "%s_bucket", name);
  put_labels (o, texts, d->nkeys, "+Inf");
  dfmt_outf (o, " %" PRId64 "\n%s_sum", total, name);
  put_labels (o, texts, d->nkeys, NULL);
  dfmt_outf (o, " %" PRId64 "\n%s_count", e->sum, name);
  put_labels (o, texts, d->nkeys, NULL);
  dfmt_outf (o, " %" PRId64 "\n", total);
}

static void
scalar_entry (struct dfmt_out *o, const char *sample, const struct dfmt_agg *a, char *const *texts,
              const struct dfmt_aggval *e)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  dfmt_puts (o, sample);
  put_labels (o, texts, d->nkeys, NULL);
  switch (d->fn)
    {
    case DFMT_AGG_AVG:
      if (e->count)
        dfmt_outf (o, " %.17g\n", (double) e->sum / (double) e->count);
      else
        dfmt_puts (o, " 0\n");
      break;
    case DFMT_AGG_STDDEV:
      /* as printed (the metrics' tables are never normalized) */
      dfmt_outf (o, " %" PRIu64 "\n", (uint64_t) dfmt_agg_display (a, e));
      break;
    case DFMT_AGG_MIN: case DFMT_AGG_MAX:
      /* cleared (or all of its CPUs' values unset): no value, not DTrace's
       * INT64_MAX / INT64_MIN placeholder */
      if (e->value == (d->fn == DFMT_AGG_MIN ? INT64_MAX : INT64_MIN))
        dfmt_puts (o, " NaN\n");
      else
        dfmt_outf (o, " %" PRId64 "\n", e->value);
      break;
    default:
      dfmt_outf (o, " %" PRId64 "\n", e->value);
      break;
    }
}

/* The sample names family A's samples carry, for the clash check. */
static size_t
sample_names (const char *name, bool histogram, bool counter, char *out[4])
{
  if (histogram)
    {
      out[0] = xstrdup (name);
      out[1] = xasprintf ("%s_bucket", name);
      out[2] = xasprintf ("%s_sum", name);
      out[3] = xasprintf ("%s_count", name);
      return 4;
    }
  out[0] = counter ? xasprintf ("%s_total", name) : xstrdup (name);
  return 1;
}

static void
family (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_agg *a, const char *origin,
        struct strset *taken)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  bool histogram = dfmt_agg_nbuckets (a) > 0;
  bool counter = d->fn == DFMT_AGG_COUNT || d->fn == DFMT_AGG_SUM;
  char *name = family_name (d);
  char *names[4];
  size_t nn = sample_names (name, histogram, counter, names);
  bool clash = false;
  for (size_t i = 0; i < nn; i++)
    clash |= strset_has (taken, names[i]);
  if (clash)
    dfmt_outf (o, "# @%s left out: %s is another aggregation's name\n", d->name, names[0]);
  for (size_t i = 0; i < nn; i++)
    if (clash)
      free (names[i]);
    else
      strset_add (taken, names[i]);
  if (clash)
    {
      free (name);
      return;
    }
  const char *sample = histogram ? name : counter ? names[0] : name;
  dfmt_outf (o, "# HELP %s ", sample);
  char *help = xasprintf ("%s() of @%s%s%s", dfmt_aggfn_name (d->fn), d->name, origin ? ", " : "",
                          origin ? origin : "");
  put_escaped (o, help, strlen (help), false);
  free (help);
  dfmt_outf (o, "\n# TYPE %s %s\n", sample, histogram ? "histogram" : counter ? "counter" : "gauge");
  unsigned lo = 0, hi = 0;
  bool rows = histogram && bucket_range (a, &lo, &hi);
  char **texts = xcalloc (d->nkeys ? d->nkeys : 1, sizeof *texts);
  size_t n = dfmt_agg_count (a);
  size_t *order = xcalloc (n ? n : 1, sizeof *order);
  n = dfmt_agg_print_order (ctx, a, order);      /* as printa prints them: stable */
  for (size_t j = 0; j < n; j++)
    {
      size_t i = order[j];
      const struct dfmt_value *keys = dfmt_agg_keys_at (a, i);
      for (size_t k = 0; k < d->nkeys; k++)
        texts[k] = dfmt_key_text (ctx, &keys[k]);
      if (histogram)
        histogram_entry (o, name, a, texts, dfmt_agg_val_at (a, i), rows, lo, hi);
      else
        scalar_entry (o, sample, a, texts, dfmt_agg_val_at (a, i));
      for (size_t k = 0; k < d->nkeys; k++)
        free (texts[k]);
    }
  free (order);
  free (texts);
  free (name);
}

void
om_render (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
           const char *const *origins, size_t naggs)
{
  struct strset taken = { 0 };
  for (size_t i = 0; i < naggs; i++)
    family (o, ctx, aggs[i], origins ? origins[i] : NULL, &taken);
  strset_clear (&taken);
  dfmt_puts (o, "# EOF\n");
}
