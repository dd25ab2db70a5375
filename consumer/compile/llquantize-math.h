/* SPDX-License-Identifier: MIT */
/*
 * llquantize-math.h — the bucket arithmetic of llquantize(), shared by the
 * code generator (codegen-aggs.c, which unrolls the bucket search into BPF)
 * and the formatter (dformat-quant.c, which names and sizes the buckets),
 * so the kernel's indexes and the printed rows cannot drift apart.
 *
 * Magnitude m covers factor^m <= v < factor^(m+1) in buckets of equal
 * width: factor^(m+1) / nsteps (at least 1).  Computed in 128 bits so
 * factor^(high+1) cannot overflow for any valid (factor, high).
 */
#ifndef SDTKIT_CONSUMER_LLQUANTIZE_MATH_H
#define SDTKIT_CONSUMER_LLQUANTIZE_MATH_H

typedef unsigned __int128 llq_u128;

/* f^e */
static inline llq_u128
llq_pow (unsigned f, unsigned e)
{
  llq_u128 r = 1;
  while (e--)
    r *= f;
  return r;
}

/* Magnitude M: its first value, bucket width and number of buckets.
 * Buckets are aligned to multiples of the width: with fewer steps than
 * the factor (llquantize(v, 10, 0, 5, 5): width 200 over 100 .. 999) the
 * first bucket runs from factor^m to the first multiple of the width
 * (100 .. 199), then 200 .. 399, ... 800 .. 999, as DTrace lays them out;
 * otherwise the width divides factor^m and every bucket is one width. */
static inline void
llq_magnitude (unsigned factor, unsigned nsteps, unsigned m, llq_u128 *lo, llq_u128 *width,
               llq_u128 *count)
{
  llq_u128 hi = llq_pow (factor, m + 1);
  *lo = llq_pow (factor, m);
  *width = hi <= nsteps ? 1 : hi / nsteps;
  *count = hi / *width - *lo / *width;
}

/* The bucket (0 .. count-1) of UV within the magnitude starting at LO. */
static inline llq_u128
llq_index (llq_u128 uv, llq_u128 lo, llq_u128 width)
{
  return uv / width - lo / width;
}

/* The first value of bucket K of the magnitude starting at LO. */
static inline llq_u128
llq_start (llq_u128 lo, llq_u128 width, llq_u128 k)
{
  return k == 0 ? lo : (lo / width + k) * width;
}

#endif
