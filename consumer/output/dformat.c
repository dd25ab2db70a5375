/* SPDX-License-Identifier: MIT */
/*
 * dformat.c — the output sink, the formatting context, the hand-written
 * printf-style field writers, and tagged D values (construction, deep copy,
 * key comparison and hashing).
 *
 * No runtime text is ever used as a printf format: fixed DTrace formats go
 * through dfmt_outf() with literal formats (checked by the compiler), and
 * user formats are interpreted by dformat-printf.c with the writers here.
 */
#include "consumer/output/dformat-int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"

/* ------------------------------------------------------------------ */
/* Sink                                                                  */

void
dfmt_out_file (struct dfmt_out *o, FILE *fp)
{
  memset (o, 0, sizeof *o);
  o->fp = fp;
}

void
dfmt_out_buffer (struct dfmt_out *o)
{
  memset (o, 0, sizeof *o);
  o->cap = 256;
  o->buf = xmalloc (o->cap);
  o->buf[0] = '\0';
}

void
dfmt_out_release (struct dfmt_out *o)
{
  VEC_CLEAR (o->buf, o->len, o->cap);
}

const char *
dfmt_out_text (const struct dfmt_out *o)
{
  return o->buf ? o->buf : "";
}

void
dfmt_out_reset (struct dfmt_out *o)
{
  o->len = 0;
  if (o->buf)
    o->buf[0] = '\0';
}

void
dfmt_put (struct dfmt_out *o, const char *s, size_t n)
{
  if (n == 0)
    return;
  if (o->fp)
    {
      /* one thread writes the output: no per-call stream locking */
      if (fwrite_unlocked (s, 1, n, o->fp) != n)
        o->failed = true;
      return;
    }
  VEC_RESERVE (o->buf, o->len, o->cap, n + 1);   /* and the NUL */
  memcpy (o->buf + o->len, s, n);
  o->len += n;
  o->buf[o->len] = '\0';
}

void
dfmt_puts (struct dfmt_out *o, const char *s)
{
  dfmt_put (o, s, strlen (s));
}

void
dfmt_putc (struct dfmt_out *o, char c)
{
  dfmt_put (o, &c, 1);
}

void
dfmt_pad (struct dfmt_out *o, char c, size_t n)
{
  char chunk[64];
  memset (chunk, c, sizeof chunk);
  while (n > 0)
    {
      size_t k = n < sizeof chunk ? n : sizeof chunk;
      dfmt_put (o, chunk, k);
      n -= k;
    }
}

void
dfmt_outf (struct dfmt_out *o, const char *fmt, ...)
{
  char small[256];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (small, sizeof small, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  if ((size_t) n < sizeof small)
    {
      dfmt_put (o, small, (size_t) n);
      return;
    }
  char *big = xmalloc ((size_t) n + 1);
  va_start (ap, fmt);
  vsnprintf (big, (size_t) n + 1, fmt, ap);
  va_end (ap);
  dfmt_put (o, big, (size_t) n);
  free (big);
}

void
dfmt_put_field (struct dfmt_out *o, const char *s, size_t n, size_t width, bool left)
{
  size_t pad = width > n ? width - n : 0;
  if (!left)
    dfmt_pad (o, ' ', pad);
  dfmt_put (o, s, n);
  if (left)
    dfmt_pad (o, ' ', pad);
}

/* C's integer conversions: precision is the minimum number of digits (0
 * with a zero value prints no digits), '#' gives octal a leading 0 and
 * non-zero hex a 0x, '0' pads with zeros after the sign unless '-' or a
 * precision is given, '+' and ' ' apply to signed conversions only. */
void
dfmt_put_integer (struct dfmt_out *o, const struct dfmt_ispec *spec, uint64_t mag, bool neg)
{
  unsigned base = 10;
  const char *digs = "0123456789abcdef";
  if (spec->conv == 'o')
    base = 8;
  else if (spec->conv == 'x')
    base = 16;
  else if (spec->conv == 'X')
    base = 16, digs = "0123456789ABCDEF";

  char rev[72];
  size_t nd = 0;
  uint64_t m = mag;
  if (!(spec->prec == 0 && mag == 0))
    do
      {
        rev[nd++] = digs[m % base];
        m /= base;
      }
    while (m);

  size_t zeros = spec->prec > 0 && (size_t) spec->prec > nd ? (size_t) spec->prec - nd : 0;
  if (base == 8 && (spec->flags & DFMT_F_HASH) && zeros == 0 && (nd == 0 || rev[nd - 1] != '0'))
    zeros = 1;

  char prefix[3];
  size_t np = 0;
  if (spec->conv == 'd')
    {
      if (neg)
        prefix[np++] = '-';
      else if (spec->flags & DFMT_F_PLUS)
        prefix[np++] = '+';
      else if (spec->flags & DFMT_F_SPACE)
        prefix[np++] = ' ';
    }
  else if (base == 16 && (spec->flags & DFMT_F_HASH) && mag != 0)
    {
      prefix[np++] = '0';
      prefix[np++] = spec->conv;
    }

  size_t total = np + zeros + nd;
  size_t width = spec->width > 0 ? (size_t) spec->width : 0;
  size_t pad = width > total ? width - total : 0;
  bool left = spec->flags & DFMT_F_MINUS;
  bool zpad = !left && (spec->flags & DFMT_F_ZERO) && spec->prec < 0;

  if (!left && !zpad)
    dfmt_pad (o, ' ', pad);
  dfmt_put (o, prefix, np);
  if (zpad)
    dfmt_pad (o, '0', pad);
  dfmt_pad (o, '0', zeros);
  char fwd[72];
  for (size_t i = 0; i < nd; i++)
    fwd[i] = rev[nd - 1 - i];
  dfmt_put (o, fwd, nd);
  if (left)
    dfmt_pad (o, ' ', pad);
}

/* ------------------------------------------------------------------ */
/* Context                                                               */

void
dfmt_ctx_init (struct dfmt_ctx *ctx)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->stackindent = 14;
}

/* ------------------------------------------------------------------ */
/* Values                                                                */

/* A zeroed value of KIND, for a constructor to fill in. */
static struct dfmt_value
value_of (enum dfmt_vkind kind)
{
  struct dfmt_value r;
  memset (&r, 0, sizeof r);
  r.kind = kind;
  return r;
}

struct dfmt_value
dfmt_int (int64_t v, unsigned size, bool is_signed)
{
  struct dfmt_value r = value_of (DFMT_V_INT);
  if (size != 1 && size != 2 && size != 4)
    size = 8;
  r.u.i.size = (uint8_t) size;
  r.u.i.is_signed = is_signed;
  uint64_t bits = (uint64_t) v;
  if (size < 8)
    {
      unsigned sh = 64 - 8 * size;
      bits = bits << sh >> sh;
      if (is_signed && (bits >> (8 * size - 1)) & 1)
        bits |= ~UINT64_C (0) << (8 * size);
    }
  /* bits -> int64 without implementation-defined conversion */
  r.u.i.v = bits <= INT64_MAX ? (int64_t) bits : -(int64_t) (~bits) - 1;
  return r;
}

uint64_t
dfmt_int_bits (const struct dfmt_value *v)
{
  if (v->kind == DFMT_V_SYM)
    return v->u.sym.pc;
  if (v->kind != DFMT_V_INT)
    return 0;
  uint64_t bits = (uint64_t) v->u.i.v;
  if (v->u.i.size < 8)
    bits &= (UINT64_C (1) << (8 * v->u.i.size)) - 1;
  return bits;
}

struct dfmt_value
dfmt_str (const char *s, size_t maxlen)
{
  struct dfmt_value r = value_of (DFMT_V_STRING);
  r.u.str.s = s;
  r.u.str.len = s ? strnlen (s, maxlen) : 0;
  return r;
}

struct dfmt_value
dfmt_sym (uint64_t pc, bool user, int32_t pid, enum dfmt_symform form)
{
  struct dfmt_value r = value_of (DFMT_V_SYM);
  r.u.sym.pc = pc;
  r.u.sym.user = user;
  r.u.sym.pid = pid;
  r.u.sym.form = form;
  return r;
}

struct dfmt_value
dfmt_stack (const uint64_t *pcs, size_t n, bool user, int32_t pid)
{
  struct dfmt_value r = value_of (DFMT_V_STACK);
  r.u.stack.pcs = pcs;
  r.u.stack.n = pcs ? n : 0;
  r.u.stack.user = user;
  r.u.stack.pid = pid;
  return r;
}

struct dfmt_value
dfmt_bytes (const void *p, size_t len)
{
  struct dfmt_value r = value_of (DFMT_V_BYTES);
  r.u.bytes.p = p;
  r.u.bytes.len = p ? len : 0;
  return r;
}

size_t
dfmt_str_len (const struct dfmt_value *v)
{
  return v->u.str.s ? strnlen (v->u.str.s, v->u.str.len) : 0;
}

size_t
dfmt_stack_depth (const struct dfmt_value *v)
{
  size_t n = 0;
  while (n < v->u.stack.n && v->u.stack.pcs[n] != 0)
    n++;
  return n;
}

bool
dfmt_bytes_stringlike (const uint8_t *p, size_t n, size_t *len)
{
  size_t i = 0;
  while (i < n && p[i] != '\0')
    {
      uint8_t c = p[i];
      if (!((c >= ' ' && c <= '~') || (c >= '\t' && c <= '\r')))
        return false;
      i++;
    }
  if (i == 0 || i == n)
    return false;
  *len = i;
  for (; i < n; i++)
    if (p[i] != '\0')
      return false;
  return true;
}

static int
cmp_u64 (uint64_t a, uint64_t b)
{
  return a < b ? -1 : a > b;
}

/* Key order (illumos): integers by size, then as unsigned numbers; strings
 * and bytes bytewise; symbols by (pid, pc); stacks frame by frame. */
int
dfmt_value_cmp (const struct dfmt_value *a, const struct dfmt_value *b)
{
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  switch (a->kind)
    {
    case DFMT_V_INT:
      if (a->u.i.size != b->u.i.size)
        return a->u.i.size < b->u.i.size ? -1 : 1;
      return cmp_u64 (dfmt_int_bits (a), dfmt_int_bits (b));
    case DFMT_V_STRING:
      {
        size_t la = dfmt_str_len (a), lb = dfmt_str_len (b);
        int c = la && lb ? memcmp (a->u.str.s, b->u.str.s, la < lb ? la : lb) : 0;
        if (c)
          return c < 0 ? -1 : 1;
        return cmp_u64 (la, lb);
      }
    case DFMT_V_SYM:
      if (a->u.sym.user != b->u.sym.user)
        return a->u.sym.user ? 1 : -1;
      if (a->u.sym.pid != b->u.sym.pid)
        return a->u.sym.pid < b->u.sym.pid ? -1 : 1;
      return cmp_u64 (a->u.sym.pc, b->u.sym.pc);
    case DFMT_V_STACK:
      {
        size_t da = dfmt_stack_depth (a), db = dfmt_stack_depth (b);
        if (a->u.stack.user != b->u.stack.user)
          return a->u.stack.user ? 1 : -1;
        if (a->u.stack.pid != b->u.stack.pid)
          return a->u.stack.pid < b->u.stack.pid ? -1 : 1;
        for (size_t i = 0; i < da && i < db; i++)
          if (a->u.stack.pcs[i] != b->u.stack.pcs[i])
            return cmp_u64 (a->u.stack.pcs[i], b->u.stack.pcs[i]);
        return cmp_u64 (da, db);
      }
    case DFMT_V_BYTES:
      {
        size_t la = a->u.bytes.len, lb = b->u.bytes.len;
        int c = la && lb ? memcmp (a->u.bytes.p, b->u.bytes.p, la < lb ? la : lb) : 0;
        if (c)
          return c < 0 ? -1 : 1;
        return cmp_u64 (la, lb);
      }
    }
  return 0;
}

bool
dfmt_value_eq (const struct dfmt_value *a, const struct dfmt_value *b)
{
  return dfmt_value_cmp (a, b) == 0;
}

static uint64_t
hash_bytes (uint64_t h, const void *p, size_t n)
{
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++)
    {
      h ^= b[i];
      h *= UINT64_C (0x100000001b3);
    }
  return h;
}

static uint64_t
hash_u64 (uint64_t h, uint64_t v)
{
  uint8_t b[8];
  for (int i = 0; i < 8; i++)
    b[i] = (uint8_t) (v >> (8 * i));
  return hash_bytes (h, b, 8);
}

uint64_t
dfmt_value_hash (const struct dfmt_value *v, uint64_t h)
{
  h = hash_u64 (h, (uint64_t) v->kind);
  switch (v->kind)
    {
    case DFMT_V_INT:
      return hash_u64 (hash_u64 (h, v->u.i.size), dfmt_int_bits (v));
    case DFMT_V_STRING:
      return hash_bytes (h, v->u.str.s, dfmt_str_len (v));
    case DFMT_V_SYM:
      return hash_u64 (hash_u64 (hash_u64 (h, v->u.sym.user), (uint64_t) v->u.sym.pid),
                       v->u.sym.pc);
    case DFMT_V_STACK:
      {
        size_t d = dfmt_stack_depth (v);
        h = hash_u64 (hash_u64 (h, v->u.stack.user), (uint64_t) v->u.stack.pid);
        for (size_t i = 0; i < d; i++)
          h = hash_u64 (h, v->u.stack.pcs[i]);
        return h;
      }
    case DFMT_V_BYTES:
      return hash_bytes (h, v->u.bytes.p, v->u.bytes.len);
    }
  return h;
}

void
dfmt_value_copy (struct dfmt_value *dst, const struct dfmt_value *src)
{
  *dst = *src;
  switch (src->kind)
    {
    case DFMT_V_STRING:
      {
        size_t n = dfmt_str_len (src);
        char *s = xmalloc (n + 1);
        if (n)
          memcpy (s, src->u.str.s, n);
        s[n] = '\0';
        dst->u.str.s = s;
        dst->u.str.len = n;
        break;
      }
    case DFMT_V_STACK:
      {
        size_t n = dfmt_stack_depth (src);
        uint64_t *pcs = xcalloc (n + 1, sizeof *pcs);
        if (n)
          memcpy (pcs, src->u.stack.pcs, n * sizeof *pcs);
        dst->u.stack.pcs = pcs;
        dst->u.stack.n = n;
        break;
      }
    case DFMT_V_BYTES:
      {
        uint8_t *p = xmalloc (src->u.bytes.len);
        if (src->u.bytes.len)
          memcpy (p, src->u.bytes.p, src->u.bytes.len);
        dst->u.bytes.p = p;
        break;
      }
    case DFMT_V_INT:
    case DFMT_V_SYM:
      break;
    }
}

void
dfmt_value_fini (struct dfmt_value *v)
{
  switch (v->kind)
    {
    case DFMT_V_STRING:
      free ((char *) v->u.str.s);
      break;
    case DFMT_V_STACK:
      free ((uint64_t *) v->u.stack.pcs);
      break;
    case DFMT_V_BYTES:
      free ((uint8_t *) v->u.bytes.p);
      break;
    case DFMT_V_INT:
    case DFMT_V_SYM:
      break;
    }
}

void
dfmt_diag_clear (struct dfmt_diag *d)
{
  free (d->msg);
  d->msg = NULL;
  d->tag = NULL;
}
