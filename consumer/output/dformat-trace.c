/* SPDX-License-Identifier: MIT */
/*
 * dformat-trace.c — what a trace record looks like: the non-quiet header
 * and probe prefix, trace() of each kind of datum, symbols, stacks, the
 * tracemem hex dump, and the exit newline (doc/output-formats.md §1-§3, §8-§9).
 */
#include "consumer/output/dformat-int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

/* ------------------------------------------------------------------ */
/* Symbols                                                               */

static bool
lookup (const struct dfmt_ctx *ctx, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *s)
{
  memset (s, 0, sizeof *s);
  if (!ctx || !ctx->symbolize)
    return false;
  if (user && pid == 0)
    pid = ctx->pid;
  if (!ctx->symbolize (ctx->symbolize_arg, user, pid, pc, s))
    {
      memset (s, 0, sizeof *s);
      return false;
    }
  return true;
}

char *
dfmt_sym_text (const struct dfmt_ctx *ctx, bool user, int32_t pid, uint64_t pc,
               enum dfmt_symform form)
{
  struct dfmt_symbol s;
  lookup (ctx, user, pid, pc, &s);
  if (form == DFMT_SYM_MOD)
    return s.module ? xstrdup (s.module) : xasprintf ("0x%" PRIx64, pc);
  if (s.name)
    {
      const char *m = s.module ? s.module : "";
      const char *tick = s.module ? "`" : "";
      if (form == DFMT_SYM_ADDR && s.offset != 0)
        return xasprintf ("%s%s%s+0x%" PRIx64, m, tick, s.name, s.offset);
      return xasprintf ("%s%s%s", m, tick, s.name);
    }
  if (s.module)
    return xasprintf ("%s`0x%" PRIx64, s.module, pc);
  return xasprintf ("0x%" PRIx64, pc);
}

struct dfmt_value
dfmt_sym_normalize (const struct dfmt_ctx *ctx, struct dfmt_value v)
{
  if (v.kind != DFMT_V_SYM || v.u.sym.form == DFMT_SYM_ADDR)
    return v;
  struct dfmt_symbol s;
  if (!lookup (ctx, v.u.sym.user, v.u.sym.pid, v.u.sym.pc, &s))
    return v;
  if (v.u.sym.form == DFMT_SYM_FUNC && s.name && s.offset <= v.u.sym.pc)
    v.u.sym.pc -= s.offset;
  else if (v.u.sym.form == DFMT_SYM_MOD && s.module && s.base)
    v.u.sym.pc = s.base;
  return v;
}

void
dfmt_print_sym_field (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  char *t = dfmt_sym_text (ctx, v->u.sym.user, v->u.sym.pid, v->u.sym.pc, v->u.sym.form);
  dfmt_puts (o, "  ");
  dfmt_put_field (o, t, strlen (t), 50, true);
  free (t);
}

void
dfmt_stack_print (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  dfmt_putc (o, '\n');
  if (v->kind != DFMT_V_STACK)
    return;
  size_t depth = dfmt_stack_depth (v);
  unsigned indent = ctx ? ctx->stackindent : 14;
  for (size_t i = 0; i < depth; i++)
    {
      char *t = dfmt_sym_text (ctx, v->u.stack.user, v->u.stack.pid, v->u.stack.pcs[i],
                               DFMT_SYM_ADDR);
      dfmt_pad (o, ' ', indent);
      dfmt_puts (o, t);
      dfmt_putc (o, '\n');
      free (t);
    }
}

/* ------------------------------------------------------------------ */
/* Framing                                                               */

void
dfmt_header (struct dfmt_out *o, const struct dfmt_ctx *ctx)
{
  if (ctx->flowindent)
    dfmt_outf (o, "%3s %-41s\n", "CPU", "FUNCTION");
  else if (!ctx->quiet)
    dfmt_outf (o, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
}

/* NAME is WORD or ends in "-WORD". */
static bool
names_flow (const char *name, const char *word)
{
  size_t n = strlen (name), k = strlen (word);
  return n >= k && strcmp (name + n - k, word) == 0 && (n == k || name[n - k - 1] == '-');
}

enum dfmt_flow
dfmt_flow_of (const char *probe_name)
{
  if (!probe_name)
    return DFMT_FLOW_NONE;
  if (names_flow (probe_name, "entry"))
    return DFMT_FLOW_ENTRY;
  if (names_flow (probe_name, "return"))
    return DFMT_FLOW_RETURN;
  return DFMT_FLOW_NONE;
}

void
dfmt_record_begin (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_probe *p,
                   enum dfmt_flow flow, unsigned indent)
{
  const char *func = p->function ? p->function : "";
  const char *name = p->name ? p->name : "";
  if (!ctx->flowindent)
    {
      if (ctx->quiet)
        return;
      char *fn = xasprintf ("%s:%s", func, name);
      dfmt_outf (o, "%3d %6" PRIu32 " %32s ", p->cpu, p->id, fn);
      free (fn);
      return;
    }
  bool syscall = p->provider && strcmp (p->provider, "syscall") == 0;
  char *text;
  if (flow == DFMT_FLOW_NONE)
    text = xasprintf ("%*s| %s:%s", (int) indent, "", func, name);
  else
    text = xasprintf ("%*s%s%s", (int) indent, "",
                      flow == DFMT_FLOW_ENTRY ? (syscall ? " => " : " -> ") : (syscall ? " <= " : " <- "),
                      func);
  dfmt_outf (o, "%3d %-41s ", p->cpu, text);
  free (text);
}

void
dfmt_record_end (struct dfmt_out *o, const struct dfmt_ctx *ctx)
{
  if (!ctx->quiet)
    dfmt_putc (o, '\n');
}

void
dfmt_exit_newline (struct dfmt_out *o)
{
  dfmt_putc (o, '\n');
}

/* ------------------------------------------------------------------ */
/* trace() and tracemem()                                                */

void
dfmt_hexdump (struct dfmt_out *o, const uint8_t *p, size_t n)
{
  dfmt_putc (o, '\n');
  dfmt_pad (o, ' ', 11);
  for (unsigned i = 0; i < 16; i++)
    dfmt_outf (o, "  %x", i);
  dfmt_puts (o, "  0123456789abcdef\n");
  for (size_t off = 0; off < n; off += 16)
    {
      size_t k = n - off < 16 ? n - off : 16;
      dfmt_outf (o, "     %5zx:", off);
      for (size_t j = 0; j < k; j++)
        dfmt_outf (o, " %02x", p[off + j]);
      dfmt_pad (o, ' ', 3 * (16 - k));
      dfmt_puts (o, "  ");
      for (size_t j = 0; j < k; j++)
        {
          uint8_t c = p[off + j];
          dfmt_putc (o, c < ' ' || c > '~' ? '.' : (char) c);
        }
      dfmt_putc (o, '\n');
    }
}

void
dfmt_tracemem (struct dfmt_out *o, const void *p, size_t len)
{
  dfmt_hexdump (o, p, len);
}

static void
trace_text (struct dfmt_out *o, const struct dfmt_ctx *ctx, const char *s, size_t n)
{
  if (ctx->quiet)
    dfmt_put (o, s, n);
  else
    {
      dfmt_puts (o, "  ");
      dfmt_put_field (o, s, n, 33, true);
    }
}

void
dfmt_print_int_column (struct dfmt_out *o, const struct dfmt_value *v, bool quiet)
{
  /* illumos reads 1- and 2-byte data unsigned, 4- and 8-byte signed,
   * whatever the D type. */
  uint64_t bits = dfmt_int_bits (v);
  switch (v->u.i.size)
    {
    case 1:
    case 2:
      if (quiet)
        dfmt_outf (o, "%u", (unsigned) bits);
      else if (v->u.i.size == 1)
        dfmt_outf (o, " %3u", (unsigned) bits);
      else
        dfmt_outf (o, " %5u", (unsigned) bits);
      break;
    case 4:
      dfmt_outf (o, quiet ? "%d" : " %8d", (int) (int32_t) v->u.i.v);
      break;
    default:
      dfmt_outf (o, quiet ? "%lld" : " %16lld", (long long) v->u.i.v);
      break;
    }
}

/* trace() of an integer, as Oracle's Linux DTrace prints it: signed or
 * unsigned by its D type, each size in a column wide enough for its whole
 * range (1 byte in 3, 2 in 5, 4 in 10, 8 in 19 signed and 20 unsigned).
 * illumos printed 4 and 8 bytes signed in 8 and 16 columns and 1 and 2
 * bytes unsigned (doc/output-formats.md §3). */
static void
trace_int (struct dfmt_out *o, const struct dfmt_value *v, bool quiet)
{
  unsigned size = v->u.i.size;
  bool sign = v->u.i.is_signed;
  int w = quiet ? 0 : size == 1 ? 3 : size == 2 ? 5 : size == 4 ? 10 : sign ? 19 : 20;
  if (!quiet)
    dfmt_puts (o, " ");
  if (sign)
    dfmt_outf (o, "%*lld", w, (long long) v->u.i.v);
  else
    dfmt_outf (o, "%*llu", w, (unsigned long long) dfmt_int_bits (v));
}

void
dfmt_trace (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  switch (v->kind)
    {
    case DFMT_V_INT:
      trace_int (o, v, ctx->quiet);
      break;
    case DFMT_V_STRING:
      if (ctx->rawbytes)
        dfmt_hexdump (o, (const uint8_t *) v->u.str.s, dfmt_str_len (v));
      else
        trace_text (o, ctx, v->u.str.s, dfmt_str_len (v));
      break;
    case DFMT_V_SYM:
      dfmt_print_sym_field (o, ctx, v);
      break;
    case DFMT_V_STACK:
      dfmt_stack_print (o, ctx, v);
      break;
    case DFMT_V_BYTES:
      {
        size_t n;
        if (!ctx->rawbytes && dfmt_bytes_stringlike (v->u.bytes.p, v->u.bytes.len, &n))
          trace_text (o, ctx, (const char *) v->u.bytes.p, n);
        else
          dfmt_hexdump (o, v->u.bytes.p, v->u.bytes.len);
        break;
      }
    }
}
