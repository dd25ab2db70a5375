/* SPDX-License-Identifier: MIT */
/*
 * dformat-int.h — what the files of the output-formatting module share.
 * Not an interface: everything outside consumer/dformat*.c uses dformat.h.
 */
#ifndef SDTKIT_CONSUMER_DFORMAT_INT_H
#define SDTKIT_CONSUMER_DFORMAT_INT_H

#include "consumer/output/dformat.h"

#define DFMT_PRINTF(a, b) __attribute__ ((format (printf, a, b)))

/* Output primitives (dformat.c). */
void dfmt_put (struct dfmt_out *o, const char *s, size_t n);
void dfmt_puts (struct dfmt_out *o, const char *s);
void dfmt_putc (struct dfmt_out *o, char c);
void dfmt_pad (struct dfmt_out *o, char c, size_t n);
/* Fixed DTrace formats only: FMT is always a literal. */
void dfmt_outf (struct dfmt_out *o, const char *fmt, ...) DFMT_PRINTF (2, 3);
/* S (N bytes) in a field of WIDTH columns, left-justified when LEFT. */
void dfmt_put_field (struct dfmt_out *o, const char *s, size_t n, size_t width, bool left);

/* printf-style integer conversion written by hand (no runtime formats). */
enum {
  DFMT_F_MINUS = 1, DFMT_F_PLUS = 2, DFMT_F_SPACE = 4, DFMT_F_HASH = 8,
  DFMT_F_ZERO = 16, DFMT_F_QUOTE = 32
};
struct dfmt_ispec {
  unsigned flags;
  int width;           /* < 0: none */
  int prec;            /* < 0: none */
  char conv;           /* 'd' (signed decimal), 'u', 'o', 'x', 'X' */
};
/* The number is MAG, negative when NEG (only for 'd'). */
void dfmt_put_integer (struct dfmt_out *o, const struct dfmt_ispec *spec, uint64_t mag, bool neg);

/* Value helpers (dformat.c). */
size_t dfmt_str_len (const struct dfmt_value *v);            /* DFMT_V_STRING: up to NUL */
size_t dfmt_stack_depth (const struct dfmt_value *v);        /* frames before the first 0 */
int dfmt_value_cmp (const struct dfmt_value *a, const struct dfmt_value *b);
bool dfmt_value_eq (const struct dfmt_value *a, const struct dfmt_value *b);
uint64_t dfmt_value_hash (const struct dfmt_value *v, uint64_t h);
void dfmt_value_copy (struct dfmt_value *dst, const struct dfmt_value *src);  /* deep */
void dfmt_value_fini (struct dfmt_value *v);                 /* of a deep copy */
/* Bytes that look like a string: printable text, a NUL, then only NULs.
 * Sets *LEN to the text's length. */
bool dfmt_bytes_stringlike (const uint8_t *p, size_t n, size_t *len);

/* Records (dformat-trace.c). */
void dfmt_hexdump (struct dfmt_out *o, const uint8_t *p, size_t n);
void dfmt_print_sym_field (struct dfmt_out *o, const struct dfmt_ctx *ctx,
                           const struct dfmt_value *v);           /* "  %-50s" */
/* An integer as trace() prints it, and printa() a key without a format:
 * " %3u", " %5u", " %8d" or " %16lld" by its size; QUIET: no padding. */
void dfmt_print_int_column (struct dfmt_out *o, const struct dfmt_value *v, bool quiet);

/* printf engine (dformat-printf.c): run F over ARGS; each %@ calls AGGCONV
 * with its index among the %@ conversions. */
typedef void (*dfmt_aggconv_fn) (void *arg, struct dfmt_out *o, size_t index,
                                 const struct dfmt_ispec *spec, char conv);
int dfmt_fmt_run (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                  const struct dfmt_value *args, size_t nargs,
                  dfmt_aggconv_fn aggconv, void *aggarg);
bool dfmt_fmt_is_printa (const struct dfmt_fmt *f);
/* A type's name for messages: t->name, or one made from class and size. */
const char *dfmt_type_name (const struct dfmt_type *t, char *buf, size_t size);
/* Format an integer VALUE with a %@ conversion (d i u o x X c). */
void dfmt_put_aggint (struct dfmt_out *o, const struct dfmt_ispec *spec, char conv,
                      int64_t v, bool is_signed);

/* Distributions (dformat-quant.c). */
void dfmt_quant_print (struct dfmt_out *o, const struct dfmt_aggdesc *d, const int64_t *buckets,
                       unsigned nbuckets, uint64_t normal);
/* Sort keys of a distribution: the weighted sum, then the zero bucket's count. */
long double dfmt_quant_weighted (const struct dfmt_aggdesc *d, const int64_t *buckets,
                                 unsigned nbuckets);
int64_t dfmt_quant_zero (const struct dfmt_aggdesc *d, const int64_t *buckets, unsigned nbuckets);
unsigned dfmt_desc_nbuckets (const struct dfmt_aggdesc *d);
unsigned dfmt_desc_bucket (const struct dfmt_aggdesc *d, int64_t v);

/* Unsigned 128-bit arithmetic for stddev (dformat-agg.c). */
typedef unsigned __int128 dfmt_u128;
uint64_t dfmt_isqrt128 (dfmt_u128 v);

#endif
