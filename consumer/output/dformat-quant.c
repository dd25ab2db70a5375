/* SPDX-License-Identifier: MIT */
/*
 * dformat-quant.c — quantize, lquantize and llquantize: bucket layouts (the
 * kernel-side code generator computes the same indexes), row labels, the
 * distribution block of doc/output-formats.md §7, and the sort keys of §5.
 */
#include "consumer/output/dformat-int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/llquantize-math.h"
#include "common/xalloc.h"

/* ------------------------------------------------------------------ */
/* quantize                                                              */

static unsigned
log2_floor (uint64_t v)
{
  unsigned k = 0;
  while (v >>= 1)
    k++;
  return k;
}

unsigned
dfmt_quantize_bucket (int64_t v)
{
  if (v == 0)
    return DFMT_QUANTIZE_ZERO;
  if (v > 0)
    return DFMT_QUANTIZE_ZERO + 1 + log2_floor ((uint64_t) v);
  unsigned k = log2_floor ((uint64_t) 0 - (uint64_t) v);
  return k >= DFMT_QUANTIZE_ZERO ? 0 : DFMT_QUANTIZE_ZERO - 1 - k;
}

int64_t
dfmt_quantize_bucket_value (unsigned b)
{
  if (b >= DFMT_QUANTIZE_NBUCKETS)
    b = DFMT_QUANTIZE_NBUCKETS - 1;
  if (b < DFMT_QUANTIZE_ZERO)
    return -(INT64_C (1) << (DFMT_QUANTIZE_ZERO - 1 - b));
  if (b == DFMT_QUANTIZE_ZERO)
    return 0;
  return INT64_C (1) << (b - DFMT_QUANTIZE_ZERO - 1);
}

/* ------------------------------------------------------------------ */
/* lquantize                                                             */

static int64_t
lq_levels (int32_t low, int32_t high, uint16_t step)
{
  if (step == 0 || high <= low)
    return 1;
  return ((int64_t) high - low) / step;
}

unsigned
dfmt_lquantize_nbuckets (int32_t low, int32_t high, uint16_t step)
{
  return (unsigned) lq_levels (low, high, step) + 2;
}

unsigned
dfmt_lquantize_bucket (int64_t v, int32_t low, int32_t high, uint16_t step)
{
  int64_t levels = lq_levels (low, high, step);
  /* the value is truncated to 32 bits first */
  uint32_t u = (uint32_t) (uint64_t) v;
  int64_t t = u <= INT32_MAX ? (int64_t) u : (int64_t) u - (INT64_C (1) << 32);
  if (t < low)
    return 0;
  int64_t lev = (t - low) / (step ? step : 1);
  if (lev >= levels)
    return (unsigned) levels + 1;
  return (unsigned) lev + 1;
}

/* ------------------------------------------------------------------ */
/* llquantize                                                            */

bool
dfmt_llquantize_valid (uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps)
{
  if (factor < 2 || high <= low || nsteps == 0)
    return false;
  if (llq_pow (factor, high) > (llq_u128) UINT64_MAX)
    return false;
  /* fewer steps than the factor: they must divide it */
  if (nsteps < factor)
    return factor % nsteps == 0;
  if (nsteps % factor != 0)
    return false;
  /* nsteps must divide a power of factor */
  llq_u128 p = factor;
  for (int i = 0; i < 64 && p <= (llq_u128) UINT64_MAX * 65536; i++, p *= factor)
    if (p % nsteps == 0)
      return true;
  return false;
}

unsigned
dfmt_llquantize_nbuckets (uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps)
{
  if (factor < 2 || nsteps == 0 || high < low)
    return 2;
  llq_u128 n = 2;
  for (unsigned m = low; m <= high; m++)
    {
      llq_u128 lo, width, count;
      llq_magnitude (factor, nsteps, m, &lo, &width, &count);
      n += count;
    }
  return n > UINT32_MAX ? UINT32_MAX : (unsigned) n;
}

unsigned
dfmt_llquantize_bucket (int64_t v, uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps)
{
  if (factor < 2 || nsteps == 0 || high < low)
    return 0;
  if (v < 0 || (llq_u128) v < llq_pow (factor, low))
    return 0;
  llq_u128 idx = 1, uv = (llq_u128) v;
  for (unsigned m = low; m <= high; m++)
    {
      llq_u128 lo, width, count;
      llq_magnitude (factor, nsteps, m, &lo, &width, &count);
      if (uv < llq_start (lo, width, count))
        return (unsigned) (idx + llq_index (uv, lo, width));
      idx += count;
    }
  return (unsigned) idx;
}

/* The lower bound of bucket B (1 .. n-2). */
static llq_u128
llq_bucket_start (const struct dfmt_aggdesc *d, unsigned b)
{
  llq_u128 idx = 1;
  for (unsigned m = d->llq_low; m <= d->llq_high; m++)
    {
      llq_u128 lo, width, count;
      llq_magnitude (d->llq_factor, d->llq_nsteps, m, &lo, &width, &count);
      if (b < idx + count)
        return llq_start (lo, width, b - idx);
      idx += count;
    }
  return llq_pow (d->llq_factor, d->llq_high + 1u);
}

/* ------------------------------------------------------------------ */
/* Per-description dispatch                                              */

static int64_t
u128_clamp (llq_u128 v)
{
  return v > INT64_MAX ? INT64_MAX : (int64_t) v;
}

bool
dfmt_quant_upper (const struct dfmt_aggdesc *d, unsigned b, int64_t *upper)
{
  unsigned n = dfmt_desc_nbuckets (d);
  switch (d->fn)
    {
    case DFMT_AGG_QUANTIZE:
      if (b < DFMT_QUANTIZE_ZERO)
        *upper = dfmt_quantize_bucket_value (b);     /* -2^(k+1) < v <= -2^k */
      else if (b == DFMT_QUANTIZE_ZERO)
        *upper = 0;
      else if (b == DFMT_QUANTIZE_NBUCKETS - 1)
        *upper = INT64_MAX;
      else
        *upper = 2 * dfmt_quantize_bucket_value (b) - 1;
      return true;
    case DFMT_AGG_LQUANTIZE:
      if (b + 1 >= n)
        return false;
      *upper = (int64_t) d->lq_low + (int64_t) b * d->lq_step - 1;
      return true;
    case DFMT_AGG_LLQUANTIZE:
      if (b + 1 >= n)
        return false;
      if (b == 0)
        *upper = u128_clamp (llq_pow (d->llq_factor, d->llq_low)) - 1;
      else
        *upper = u128_clamp (llq_bucket_start (d, b + 1)) - 1;
      return true;
    default:
      return false;
    }
}

unsigned
dfmt_desc_nbuckets (const struct dfmt_aggdesc *d)
{
  switch (d->fn)
    {
    case DFMT_AGG_QUANTIZE:
      return DFMT_QUANTIZE_NBUCKETS;
    case DFMT_AGG_LQUANTIZE:
      return dfmt_lquantize_nbuckets (d->lq_low, d->lq_high, d->lq_step);
    case DFMT_AGG_LLQUANTIZE:
      return dfmt_llquantize_nbuckets (d->llq_factor, d->llq_low, d->llq_high, d->llq_nsteps);
    default:
      return 0;
    }
}

unsigned
dfmt_desc_bucket (const struct dfmt_aggdesc *d, int64_t v)
{
  switch (d->fn)
    {
    case DFMT_AGG_QUANTIZE:
      return dfmt_quantize_bucket (v);
    case DFMT_AGG_LQUANTIZE:
      return dfmt_lquantize_bucket (v, d->lq_low, d->lq_high, d->lq_step);
    case DFMT_AGG_LLQUANTIZE:
      return dfmt_llquantize_bucket (v, d->llq_factor, d->llq_low, d->llq_high, d->llq_nsteps);
    default:
      return 0;
    }
}

static void
u128_text (llq_u128 v, char *buf, size_t size)
{
  char rev[48];
  size_t n = 0;
  do
    {
      rev[n++] = (char) ('0' + (unsigned) (v % 10));
      v /= 10;
    }
  while (v && n < sizeof rev);
  size_t i = 0;
  for (; i < n && i + 1 < size; i++)
    buf[i] = rev[n - 1 - i];
  buf[i] = '\0';
}

/* Row label of bucket B ("< 0", "40", ">= 100"), and its sort weight. */
static void
bucket_label (const struct dfmt_aggdesc *d, unsigned b, unsigned n, char *buf, size_t size,
              long double *weight)
{
  char num[48];
  switch (d->fn)
    {
    case DFMT_AGG_LQUANTIZE:
      {
        int64_t levels = lq_levels (d->lq_low, d->lq_high, d->lq_step);
        int64_t top = d->lq_low + levels * (int64_t) d->lq_step;
        if (b == 0)
          {
            snprintf (buf, size, "< %" PRId32, d->lq_low);
            *weight = (long double) d->lq_low - 1;
          }
        else if (b + 1 >= n)
          {
            snprintf (buf, size, ">= %" PRId64, top);
            *weight = (long double) top + 1;
          }
        else
          {
            int64_t v = d->lq_low + (int64_t) (b - 1) * d->lq_step;
            snprintf (buf, size, "%" PRId64, v);
            *weight = (long double) v;
          }
        return;
      }
    case DFMT_AGG_LLQUANTIZE:
      {
        if (b == 0)
          {
            llq_u128 lo = llq_pow (d->llq_factor, d->llq_low);
            u128_text (lo, num, sizeof num);
            snprintf (buf, size, "< %s", num);
            *weight = (long double) lo - 1;
          }
        else if (b + 1 >= n)
          {
            llq_u128 top = llq_pow (d->llq_factor, d->llq_high + 1u);
            u128_text (top, num, sizeof num);
            snprintf (buf, size, ">= %s", num);
            *weight = (long double) top + 1;
          }
        else
          {
            llq_u128 v = llq_bucket_start (d, b);
            u128_text (v, buf, size);
            *weight = (long double) v;
          }
        return;
      }
    default:
      {
        int64_t v = dfmt_quantize_bucket_value (b);
        snprintf (buf, size, "%" PRId64, v);
        *weight = (long double) v;
        return;
      }
    }
}

void
dfmt_quant_label (const struct dfmt_aggdesc *d, unsigned b, char *buf, size_t size)
{
  long double weight;
  bucket_label (d, b, dfmt_desc_nbuckets (d), buf, size, &weight);
}

long double
dfmt_quant_weighted (const struct dfmt_aggdesc *d, const int64_t *buckets, unsigned n)
{
  long double sum = 0;
  char label[64];
  for (unsigned b = 0; b < n; b++)
    if (buckets[b])
      {
        long double w;
        bucket_label (d, b, n, label, sizeof label, &w);
        sum += w * (long double) buckets[b];
      }
  return sum;
}

int64_t
dfmt_quant_zero (const struct dfmt_aggdesc *d, const int64_t *buckets, unsigned n)
{
  unsigned b = dfmt_desc_bucket (d, 0);
  return b < n ? buckets[b] : 0;
}

/* ------------------------------------------------------------------ */
/* The distribution block                                                */

static long double
absld (int64_t v)
{
  return v < 0 ? -(long double) v : (long double) v;
}

static unsigned
bar_len (int64_t count, long double total, unsigned width)
{
  if (total <= 0 || count == 0)
    return 0;
  long double x = absld (count) * width / total + 0.5L;
  unsigned len = (unsigned) x;
  return len > width ? width : len;
}

void
dfmt_quant_print (struct dfmt_out *o, const struct dfmt_aggdesc *d, const int64_t *buckets,
                  unsigned n, uint64_t normal)
{
  if (n == 0)
    return;
  int64_t *c = xcalloc (n, sizeof *c);
  for (unsigned i = 0; i < n; i++)
    c[i] = normal <= 1 ? buckets[i] : normal > INT64_MAX ? 0 : buckets[i] / (int64_t) normal;

  unsigned first = n, last = 0;
  for (unsigned i = 0; i < n; i++)
    if (c[i])
      {
        if (first == n)
          first = i;
        last = i;
      }
  if (first == n)
    {
      /* nothing: quantize shows -1, 0, 1; lquantize its first three
       * buckets; llquantize (illumos) its first two */
      if (d->fn == DFMT_AGG_QUANTIZE)
        first = DFMT_QUANTIZE_ZERO - 1, last = DFMT_QUANTIZE_ZERO + 1;
      else
        first = 0, last = d->fn == DFMT_AGG_LQUANTIZE ? 2 : 1;
      if (last >= n)
        last = n - 1;
    }
  else
    {
      if (first > 0)
        first--;
      if (last + 1 < n)
        last++;
    }

  long double total = 0;
  bool pos = false, neg = false;
  for (unsigned i = first; i <= last; i++)
    {
      total += absld (c[i]);
      pos |= c[i] > 0;
      neg |= c[i] < 0;
    }

  dfmt_outf (o, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
             "count");
  char label[64];
  for (unsigned i = first; i <= last; i++)
    {
      long double w;
      bucket_label (d, i, n, label, sizeof label, &w);
      dfmt_outf (o, "%16s ", label);
      if (!neg)
        {
          unsigned len = bar_len (c[i], total, 40);
          dfmt_putc (o, '|');
          dfmt_pad (o, '@', len);
          dfmt_pad (o, ' ', 40 - len);
        }
      else if (!pos)
        {
          unsigned len = bar_len (c[i], total, 40);
          dfmt_pad (o, ' ', 40 - len);
          dfmt_pad (o, '@', len);
          dfmt_putc (o, '|');
        }
      else
        {
          unsigned len = bar_len (c[i], total, 20);
          unsigned nl = c[i] < 0 ? len : 0, pl = c[i] > 0 ? len : 0;
          dfmt_pad (o, ' ', 20 - nl);
          dfmt_pad (o, '@', nl);
          dfmt_putc (o, '|');
          dfmt_pad (o, '@', pl);
          dfmt_pad (o, ' ', 20 - pl);
        }
      dfmt_outf (o, " %-9" PRId64 "\n", c[i]);
    }
  free (c);
}
