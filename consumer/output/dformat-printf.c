/* SPDX-License-Identifier: MIT */
/*
 * dformat-printf.c — D printf/printa formats: parsing into a compiled form,
 * compile-time checking of argument types with DTrace's error texts
 * (doc/output-formats.md §4, §6), and formatting at run time.
 *
 * The user's format is interpreted here, conversion by conversion, with the
 * hand-written field writers of dformat.c; it never reaches the C library's
 * printf.
 */
#include "consumer/output/dformat-int.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/xalloc.h"

/* ------------------------------------------------------------------ */
/* The conversion dictionary                                             */

enum conv_kind {
  K_INT,       /* d i o u x X: any integer (or pointer, or symbol address) */
  K_CHAR,      /* c C */
  K_STR,       /* s S */
  K_PTR,       /* p */
  K_SYM,       /* a A */
  K_TIME,      /* Y T */
  K_STACK,     /* k */
  K_FLOAT,     /* e E f F g G: D has no floating-point values */
};

struct conv_def {
  char c;
  enum conv_kind kind;
  const char *proto;
};

/* The printf flag characters, each with its DFMT_F_ bit. */
static const char flag_chars[] = "-+ #0'";
static const unsigned flag_bits[] = { DFMT_F_MINUS, DFMT_F_PLUS, DFMT_F_SPACE,
                                      DFMT_F_HASH, DFMT_F_ZERO, DFMT_F_QUOTE };
_Static_assert (sizeof flag_bits / sizeof flag_bits[0] == sizeof flag_chars - 1, "one bit per flag");

#define PROTO_SINT "char, short, int, long, or long long"
#define PROTO_UINT "unsigned char, unsigned short, unsigned int, unsigned long, or unsigned long long"
#define PROTO_STR "char [] or string (or use stringof)"
#define PROTO_ADDR "pointer or integer"

static const struct conv_def conv_defs[] = {
  { 'd', K_INT, PROTO_SINT }, { 'i', K_INT, PROTO_SINT },
  { 'o', K_INT, PROTO_UINT }, { 'u', K_INT, PROTO_UINT },
  { 'x', K_INT, PROTO_UINT }, { 'X', K_INT, PROTO_UINT },
  { 'c', K_CHAR, PROTO_SINT }, { 'C', K_CHAR, PROTO_SINT },
  { 's', K_STR, PROTO_STR }, { 'S', K_STR, PROTO_STR },
  { 'p', K_PTR, PROTO_ADDR },
  { 'a', K_SYM, PROTO_ADDR }, { 'A', K_SYM, PROTO_ADDR },
  { 'Y', K_TIME, "int64_t" }, { 'T', K_TIME, "int64_t" },
  { 'k', K_STACK, "stack" },
  { 'e', K_FLOAT, "double" }, { 'E', K_FLOAT, "double" }, { 'f', K_FLOAT, "double" },
  { 'F', K_FLOAT, "double" }, { 'g', K_FLOAT, "double" }, { 'G', K_FLOAT, "double" },
};

static const struct conv_def *
find_conv (char c)
{
  for (size_t i = 0; i < sizeof conv_defs / sizeof conv_defs[0]; i++)
    if (conv_defs[i].c == c)
      return &conv_defs[i];
  return NULL;
}

/* Which size modifiers a conversion takes. */
static bool
modifier_ok (const char *lm, const struct conv_def *d)
{
  if (lm[0] == '\0')
    return true;
  if (strcmp (lm, "h") == 0 || strcmp (lm, "hh") == 0 || strcmp (lm, "ll") == 0)
    return d->kind == K_INT;
  if (strcmp (lm, "l") == 0)
    return d->kind == K_INT || d->c == 'c' || d->c == 's';
  if (strcmp (lm, "w") == 0)
    return d->c == 'c' || d->c == 's';
  if (strcmp (lm, "L") == 0)
    return d->kind == K_FLOAT;
  return false;
}

/* Bytes an explicit integer size modifier stands for (0: none). */
static unsigned
modifier_size (const char *lm)
{
  if (strcmp (lm, "hh") == 0)
    return 1;
  if (strcmp (lm, "h") == 0)
    return 2;
  if (strcmp (lm, "l") == 0 || strcmp (lm, "ll") == 0)
    return 8;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Compiled form                                                         */

struct fconv {
  size_t lit_off, lit_len;     /* literal text before the conversion */
  unsigned num;                /* conversion number, from 1 */
  char c;
  char lm[3];                  /* size modifier: "", "hh", "h", "l", "ll", "L", "w" */
  char name[8];                /* for messages: modifier + conversion ("lld") */
  unsigned flags;
  int width, prec;             /* -1: none */
  bool dyn_width, dyn_prec, agg;
  const struct conv_def *def;
};

struct dfmt_fmt {
  char *func;
  bool printa;
  char *lit;                   /* all literal text, "%%" already made "%" */
  size_t lit_len;
  size_t nconv;
  struct fconv *conv;
  size_t tail_off, tail_len;
  size_t nargs, naggconv;
};

static void DFMT_PRINTF (3, 4)
set_err (struct dfmt_diag *err, const char *tag, const char *fmt, ...)
{
  if (!err)
    return;
  va_list ap;
  va_start (ap, fmt);
  char *msg = NULL;
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  va_end (ap);
  free (err->msg);
  err->tag = tag;
  err->msg = msg ? msg : xstrdup (tag);
}

void
dfmt_fmt_free (struct dfmt_fmt *f)
{
  if (!f)
    return;
  FREE_ALL (f->func, f->lit, f->conv, f);
}

size_t
dfmt_fmt_nargs (const struct dfmt_fmt *f)
{
  return f->nargs;
}

size_t
dfmt_fmt_naggconv (const struct dfmt_fmt *f)
{
  return f->naggconv;
}

bool
dfmt_fmt_is_printa (const struct dfmt_fmt *f)
{
  return f->printa;
}

static bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

/* Digits at *P as a non-negative int (saturating); advances *P. */
static int
read_num (const char **p)
{
  long v = 0;
  while (is_digit (**p))
    {
      if (v < INT_MAX)
        v = v * 10 + (**p - '0');
      (*p)++;
    }
  return v > INT_MAX ? INT_MAX : (int) v;
}

static void
lit_append (struct dfmt_fmt *f, size_t *cap, const char *s, size_t n)
{
  if (f->lit_len + n + 1 > *cap)
    {
      while (f->lit_len + n + 1 > *cap)
        *cap *= 2;
      f->lit = xrealloc (f->lit, *cap);
    }
  memcpy (f->lit + f->lit_len, s, n);
  f->lit_len += n;
  f->lit[f->lit_len] = '\0';
}

static bool
take_at (const char **p, struct fconv *cv)
{
  if (**p != '@')
    return false;
  cv->agg = true;
  (*p)++;
  return true;
}

struct dfmt_fmt *
dfmt_fmt_parse (const char *fmt, const char *func, bool printa, struct dfmt_diag *err)
{
  struct dfmt_fmt *f = xcalloc (1, sizeof *f);
  f->func = xstrdup (func ? func : "printf");
  f->printa = printa;
  size_t litcap = 64, convcap = 0;
  f->lit = xmalloc (litcap);
  f->lit[0] = '\0';
  size_t seg_start = 0;
  const char *p = fmt;

  while (*p)
    {
      const char *pct = strchr (p, '%');
      if (!pct)
        {
          lit_append (f, &litcap, p, strlen (p));
          break;
        }
      lit_append (f, &litcap, p, (size_t) (pct - p));
      p = pct + 1;
      if (*p == '%')
        {
          lit_append (f, &litcap, "%", 1);
          p++;
          continue;
        }

      struct fconv cv;
      memset (&cv, 0, sizeof cv);
      cv.num = (unsigned) f->nconv + 1;
      cv.width = cv.prec = -1;
      cv.lit_off = seg_start;
      cv.lit_len = f->lit_len - seg_start;

      /* positional %n$ */
      {
        const char *q = p;
        while (is_digit (*q))
          q++;
        if (q > p && *q == '$')
          {
            set_err (err, "D_SYNTAX", "format conversion #%u uses unsupported positional "
                     "format (%%n$)", cv.num);
            goto fail;
          }
      }
      /* flags, with %@ anywhere before the conversion name */
      for (const char *flag; *p; p++)
        if (*p == '@')
          cv.agg = true;
        else if ((flag = strchr (flag_chars, *p)))
          cv.flags |= flag_bits[flag - flag_chars];
        else
          break;
      /* width */
      if (*p == '*')
        cv.dyn_width = true, p++;
      else if (*p == '?')
        cv.width = 16, p++;
      else if (is_digit (*p))
        cv.width = read_num (&p);
      take_at (&p, &cv);
      /* precision */
      if (*p == '.')
        {
          p++;
          if (*p == '*')
            cv.dyn_prec = true, p++;
          else
            cv.prec = read_num (&p);
        }
      take_at (&p, &cv);
      if (cv.width > DFMT_MAX_WIDTH || cv.prec > DFMT_MAX_WIDTH)
        {
          set_err (err, "D_SYNTAX", "format conversion #%u %s is larger than %d, the limit",
                   cv.num, cv.width > DFMT_MAX_WIDTH ? "width" : "precision", DFMT_MAX_WIDTH);
          goto fail;
        }
      /* size modifier */
      if (p[0] == 'h' && p[1] == 'h')
        strcpy (cv.lm, "hh"), p += 2;
      else if (p[0] == 'l' && p[1] == 'l')
        strcpy (cv.lm, "ll"), p += 2;
      else if (*p == 'h' || *p == 'l' || *p == 'L' || *p == 'w')
        cv.lm[0] = *p++;
      take_at (&p, &cv);

      if (*p == '\0')
        {
          set_err (err, "D_SYNTAX", "format conversion #%u name expected before end of "
                   "format string", cv.num);
          goto fail;
        }
      cv.c = *p++;
      snprintf (cv.name, sizeof cv.name, "%s%c", cv.lm, cv.c);
      cv.def = find_conv (cv.c);
      if (!cv.def || !modifier_ok (cv.lm, cv.def)
          || (cv.agg && !strchr ("diouxXcp", cv.c)))
        {
          set_err (err, "D_SYNTAX", "format conversion #%u is undefined: %%%s%s", cv.num,
                   cv.agg ? "@" : "", cv.name);
          goto fail;
        }
      if (cv.agg && !printa)
        {
          set_err (err, "D_PRINTF_AGG_CONV", "%%@ conversion requires an aggregation and is "
                   "not for use with %s( )", f->func);
          goto fail;
        }

      if (f->nconv == convcap)
        {
          convcap = convcap ? 2 * convcap : 8;
          f->conv = xrealloc (f->conv, convcap * sizeof *f->conv);
        }
      f->conv[f->nconv++] = cv;
      seg_start = f->lit_len;
      f->nargs += (size_t) cv.dyn_width + (size_t) cv.dyn_prec + (cv.agg ? 0 : 1);
      f->naggconv += cv.agg;
    }
  f->tail_off = seg_start;
  f->tail_len = f->lit_len - seg_start;
  return f;

fail:
  dfmt_fmt_free (f);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Compile-time checks                                                   */

const char *
dfmt_type_name (const struct dfmt_type *t, char *buf, size_t size)
{
  if (t->name)
    return t->name;
  switch (t->cls)
    {
    case DFMT_T_INT:
      {
        const char *base = t->size == 1 ? "char" : t->size == 2 ? "short"
                           : t->size == 4 ? "int" : "long";
        snprintf (buf, size, "%s%s", t->is_signed ? "" : "unsigned ", base);
        return buf;
      }
    case DFMT_T_POINTER: return "void *";
    case DFMT_T_STRING: return "string";
    case DFMT_T_CHARARRAY: return "char []";
    case DFMT_T_STACK: return "stack";
    case DFMT_T_SYM: return "_symaddr";
    case DFMT_T_USYM: return "_usymaddr";
    case DFMT_T_AGG: return "aggregation";
    case DFMT_T_VOID: return "void";
    case DFMT_T_OTHER: return "struct";
    case DFMT_T_FLOAT: return t->size == 4 ? "float" : t->size == 8 ? "double" : "long double";
    }
  return "?";
}

static bool
is_integral (const struct dfmt_type *t)
{
  return t->cls == DFMT_T_INT || t->cls == DFMT_T_POINTER || t->cls == DFMT_T_SYM
         || t->cls == DFMT_T_USYM;
}

/* Does argument T satisfy conversion CV?  *PROTO gets the prototype text. */
static bool
arg_ok (const struct fconv *cv, const struct dfmt_type *t, const char **proto, char *pbuf,
        size_t psize)
{
  *proto = cv->def->proto;
  switch (cv->def->kind)
    {
    case K_INT:
      {
        unsigned want = modifier_size (cv->lm);
        if (!want)
          return is_integral (t);
        bool sconv = cv->c == 'd' || cv->c == 'i';
        const char *base = want == 1 ? "char" : want == 2 ? "short"
                           : strcmp (cv->lm, "l") == 0 ? "long" : "long long";
        snprintf (pbuf, psize, "%s%s", sconv ? "" : "unsigned ", base);
        *proto = pbuf;
        unsigned size = t->cls == DFMT_T_INT ? t->size : 8;
        return is_integral (t) && size == want;
      }
    case K_CHAR:
    case K_TIME:
      return t->cls == DFMT_T_INT;
    case K_STR:
      return t->cls == DFMT_T_STRING || t->cls == DFMT_T_CHARARRAY;
    case K_PTR:
    case K_SYM:
      return is_integral (t);
    case K_STACK:
      return t->cls == DFMT_T_STACK;
    case K_FLOAT:
      return t->cls == DFMT_T_FLOAT;
    }
  return false;
}

int
dfmt_fmt_check (const struct dfmt_fmt *f, const struct dfmt_type *args, size_t nargs,
                struct dfmt_diag *err)
{
  size_t ai = 0;
  char nbuf[64], pbuf[64];
  for (size_t i = 0; i < f->nconv; i++)
    {
      const struct fconv *cv = &f->conv[i];
      for (int dyn = 0; dyn < 2; dyn++)
        {
          bool want = dyn == 0 ? cv->dyn_width : cv->dyn_prec;
          const char *star = dyn == 0 ? "*" : ".*";
          if (!want)
            continue;
          if (ai >= nargs)
            {
              set_err (err, "D_PRINTF_DYN_PROTO", "%s( ) prototype mismatch: conversion #%u "
                       "(%%%s) is missing a corresponding \"%s\" argument", f->func, cv->num,
                       cv->name, star);
              return -1;
            }
          if (args[ai].cls != DFMT_T_INT)
            {
              set_err (err, "D_PRINTF_DYN_TYPE", "%s( ) argument #%zu is incompatible with "
                       "conversion #%u prototype:\n\tconversion: %% %s %s\n\t prototype: int\n"
                       "\t  argument: %s", f->func, ai + 2, cv->num, star, cv->name,
                       dfmt_type_name (&args[ai], nbuf, sizeof nbuf));
              return -1;
            }
          ai++;
        }
      if (cv->agg)
        continue;
      if (ai >= nargs)
        {
          set_err (err, "D_PRINTF_ARG_PROTO", "%s( ) prototype mismatch: conversion #%u (%%%s) "
                   "is missing a corresponding value argument", f->func, cv->num, cv->name);
          return -1;
        }
      const char *proto;
      if (!arg_ok (cv, &args[ai], &proto, pbuf, sizeof pbuf))
        {
          set_err (err, "D_PRINTF_ARG_TYPE", "%s( ) argument #%zu is incompatible with "
                   "conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: %s\n"
                   "\t  argument: %s", f->func, ai + 2, cv->num, cv->name, proto,
                   dfmt_type_name (&args[ai], nbuf, sizeof nbuf));
          return -1;
        }
      ai++;
    }
  if (!f->printa && ai < nargs)
    {
      set_err (err, "D_PRINTF_ARG_EXTRA", "%s( ) prototype mismatch: only %zu arguments "
               "required by this format string", f->func, ai);
      return -1;
    }
  return 0;
}

struct dfmt_fmt *
dfmt_fmt_compile (const char *fmt, const char *func, bool printa, const struct dfmt_type *args,
                  size_t nargs, struct dfmt_diag *err)
{
  struct dfmt_fmt *f = dfmt_fmt_parse (fmt, func, printa, err);
  if (f && dfmt_fmt_check (f, args, nargs, err) < 0)
    {
      dfmt_fmt_free (f);
      return NULL;
    }
  return f;
}

/* ------------------------------------------------------------------ */
/* Run time                                                              */

static int64_t
value_as_int (const struct dfmt_value *v)
{
  if (v->kind == DFMT_V_INT)
    return v->u.i.v;
  if (v->kind == DFMT_V_SYM)
    return (int64_t) v->u.sym.pc;
  return 0;
}

/* A string field: at most PREC bytes of S, in WIDTH columns. */
static void
put_str (struct dfmt_out *o, const struct dfmt_ispec *spec, const char *s, size_t n)
{
  if (spec->prec >= 0 && (size_t) spec->prec < n)
    n = (size_t) spec->prec;
  dfmt_put_field (o, s, n, spec->width > 0 ? (size_t) spec->width : 0,
                  spec->flags & DFMT_F_MINUS);
}

/* C escapes for %C and %S. */
static void
escape_char (struct dfmt_out *o, unsigned char c)
{
  static const char from[] = "\a\b\f\n\r\t\v\\\"";
  static const char to[] = "abfnrtv\\\"";
  const char *e = c ? strchr (from, c) : NULL;
  if (e)
    {
      dfmt_putc (o, '\\');
      dfmt_putc (o, to[e - from]);
    }
  else if (c >= ' ' && c <= '~')
    dfmt_putc (o, (char) c);
  else
    dfmt_outf (o, "\\%03o", c);
}

static void
put_escaped (struct dfmt_out *o, const struct dfmt_ispec *spec, const char *s, size_t n)
{
  struct dfmt_out tmp;
  dfmt_out_buffer (&tmp);
  for (size_t i = 0; i < n; i++)
    escape_char (&tmp, (unsigned char) s[i]);
  put_str (o, spec, tmp.buf, tmp.len);
  dfmt_out_release (&tmp);
}

static void
put_time (struct dfmt_out *o, const struct dfmt_ispec *spec, int64_t ns, bool rfc822)
{
  time_t t = (time_t) (ns / 1000000000);
  struct tm tm;
  char buf[128];
  size_t n = 0;
  if (localtime_r (&t, &tm))
    n = rfc822 ? strftime (buf, sizeof buf, "%a, %d %b %G %T %Z", &tm)
               : strftime (buf, sizeof buf, "%Y %b %e %T", &tm);
  put_str (o, spec, buf, n);
}

/* The text of a string-like value: strings up to their NUL, bytes up to
 * their first NUL. */
static size_t
value_text (const struct dfmt_value *v, const char **s)
{
  if (v->kind == DFMT_V_STRING)
    {
      *s = v->u.str.s ? v->u.str.s : "";
      return dfmt_str_len (v);
    }
  if (v->kind == DFMT_V_BYTES)
    {
      *s = (const char *) v->u.bytes.p;
      return *s ? strnlen (*s, v->u.bytes.len) : 0;
    }
  *s = "";
  return 0;
}

/* An integer conversion of V.  D rules: the value prints at its own size,
 * %d of an unsigned type prints unsigned (%i stays signed: DTrace turns
 * only %d into %u), an explicit size modifier first truncates to that
 * size. */
static void
put_int_conv (struct dfmt_out *o, const struct dfmt_ispec *spec0, const char *lm,
              const struct dfmt_value *v)
{
  struct dfmt_value iv = *v;
  if (v->kind == DFMT_V_SYM)
    iv = dfmt_int ((int64_t) v->u.sym.pc, 8, false);
  else if (v->kind != DFMT_V_INT)
    iv = dfmt_int (0, 8, true);
  unsigned msize = modifier_size (lm);
  if (msize && msize < iv.u.i.size)
    iv = dfmt_int (iv.u.i.v, msize, iv.u.i.is_signed);
  struct dfmt_ispec spec = *spec0;
  if (spec.conv == 'i')
    iv = dfmt_int (iv.u.i.v, iv.u.i.size, true);
  if (spec.conv == 'd' || spec.conv == 'i')
    {
      spec.conv = 'd';
      if (iv.u.i.is_signed)
        {
          int64_t x = iv.u.i.v;
          uint64_t mag = x < 0 ? (uint64_t) 0 - (uint64_t) x : (uint64_t) x;
          dfmt_put_integer (o, &spec, mag, x < 0);
          return;
        }
      spec.conv = 'u';
    }
  dfmt_put_integer (o, &spec, dfmt_int_bits (&iv), false);
}

void
dfmt_put_aggint (struct dfmt_out *o, const struct dfmt_ispec *spec, char conv, int64_t v,
                 bool is_signed)
{
  struct dfmt_value iv = dfmt_int (v, 8, is_signed);
  struct dfmt_ispec s = *spec;
  if (conv == 'c')
    {
      char ch = (char) (uint8_t) v;
      put_str (o, &s, &ch, 1);
      return;
    }
  if (conv == 'p')
    conv = 'x';
  s.conv = conv;
  put_int_conv (o, &s, "", &iv);
}

/* %e %E %f %F %g %G of a float, double or long double value: its bytes
 * as the record holds them (4, 8 or 16; D computes nothing in floating
 * point, so a value is a declared variable's or a member's).  The C
 * library formats it from a format built of the checked flags, width and
 * precision. */
static void
put_float (struct dfmt_out *o, const struct dfmt_ispec *spec, char conv, const struct dfmt_value *v)
{
  long double x = 0;
  if (v->kind == DFMT_V_BYTES && v->u.bytes.len == sizeof (float))
    {
      float f;
      memcpy (&f, v->u.bytes.p, sizeof f);
      x = f;
    }
  else if (v->kind == DFMT_V_BYTES && v->u.bytes.len == sizeof (double))
    {
      double d;
      memcpy (&d, v->u.bytes.p, sizeof d);
      x = d;
    }
  else if (v->kind == DFMT_V_BYTES && v->u.bytes.len >= 10)
    memcpy (&x, v->u.bytes.p, v->u.bytes.len < sizeof x ? v->u.bytes.len : sizeof x);
  char fmt[32], *f = fmt;
  *f++ = '%';
  static const char flag_of[] = "-+ #0";
  for (int b = 0; b < 5; b++)
    if (spec->flags & (1u << b))
      *f++ = flag_of[b];
  *f++ = '*';
  *f++ = '.';
  *f++ = '*';
  *f++ = 'L';
  *f++ = conv;
  *f = '\0';
  int width = spec->width < 0 ? 0 : spec->width, prec = spec->prec < 0 ? 6 : spec->prec;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"   /* built above: flags, "*.*L", conv */
  int n = snprintf (NULL, 0, fmt, width, prec, x);
  if (n <= 0)
    return;
  char *buf = xmalloc ((size_t) n + 1);
  snprintf (buf, (size_t) n + 1, fmt, width, prec, x);
#pragma GCC diagnostic pop
  dfmt_put (o, buf, (size_t) n);
  free (buf);
}

static void
put_conv (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct fconv *cv,
          const struct dfmt_ispec *spec0, const struct dfmt_value *v)
{
  struct dfmt_ispec spec = *spec0;
  switch (cv->def->kind)
    {
    case K_INT:
      spec.conv = cv->c;
      put_int_conv (o, &spec, cv->lm, v);
      return;
    case K_PTR:
      spec.conv = 'x';
      put_int_conv (o, &spec, "", v);
      return;
    case K_CHAR:
      {
        char ch = (char) (uint8_t) dfmt_int_bits (v);
        if (cv->c == 'c')
          put_str (o, &spec, &ch, 1);
        else
          put_escaped (o, &spec, &ch, 1);
        return;
      }
    case K_STR:
      {
        const char *s;
        size_t n = value_text (v, &s);
        if (cv->c == 's')
          put_str (o, &spec, s, n);
        else
          put_escaped (o, &spec, s, n);
        return;
      }
    case K_SYM:
      {
        char *t;
        if (v->kind == DFMT_V_SYM)
          t = dfmt_sym_text (ctx, v->u.sym.user, v->u.sym.pid, v->u.sym.pc, DFMT_SYM_ADDR);
        else
          t = dfmt_sym_text (ctx, cv->c == 'A', cv->c == 'A' ? ctx->pid : 0,
                             dfmt_int_bits (v), DFMT_SYM_ADDR);
        put_str (o, &spec, t, strlen (t));
        free (t);
        return;
      }
    case K_TIME:
      put_time (o, &spec, value_as_int (v), cv->c == 'T');
      return;
    case K_STACK:
      dfmt_stack_print (o, ctx, v);
      return;
    case K_FLOAT:
      put_float (o, &spec, cv->c, v);
      return;
    }
}

int
dfmt_fmt_run (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
              const struct dfmt_value *args, size_t nargs, dfmt_aggconv_fn aggconv,
              void *aggarg)
{
  if (nargs < f->nargs)
    return -1;
  size_t ai = 0, aggi = 0;
  for (size_t i = 0; i < f->nconv; i++)
    {
      const struct fconv *cv = &f->conv[i];
      dfmt_put (o, f->lit + cv->lit_off, cv->lit_len);
      struct dfmt_ispec spec = { cv->flags, cv->width, cv->prec, 'd' };
      if (cv->dyn_width)
        {
          int64_t w = value_as_int (&args[ai++]);
          if (w < 0)
            {
              spec.flags |= DFMT_F_MINUS;
              w = w < -DFMT_MAX_WIDTH ? DFMT_MAX_WIDTH : -w;
            }
          spec.width = w > DFMT_MAX_WIDTH ? DFMT_MAX_WIDTH : (int) w;
        }
      if (cv->dyn_prec)
        {
          int64_t p = value_as_int (&args[ai++]);
          spec.prec = p < 0 ? -1 : p > DFMT_MAX_WIDTH ? DFMT_MAX_WIDTH : (int) p;
        }
      /* DTrace rebuilds each conversion with a precision only when it is
       * above 0: `%.0s` and `%.*s` of 0 print the whole string */
      if (spec.prec == 0)
        spec.prec = -1;
      if (cv->agg)
        {
          if (aggconv)
            aggconv (aggarg, o, aggi, &spec, cv->c);
          aggi++;
          continue;
        }
      put_conv (o, ctx, cv, &spec, &args[ai++]);
    }
  dfmt_put (o, f->lit + f->tail_off, f->tail_len);
  return 0;
}

int
dfmt_printf (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
             const struct dfmt_value *args, size_t nargs)
{
  return dfmt_fmt_run (o, ctx, f, args, nargs, NULL, NULL);
}
