/* SPDX-License-Identifier: MIT */
/*
 * argspec.c — parse and format USDT argument specs: the `SIZE@` prefix of
 * every machine, x86 AT&T operands (x86-64, i386), and the entry points
 * (the operands of the other machines are argspec-risc.c's, chosen by the
 * sdt/arch.c entry passed to sdt_argspec_parse_arch; none means x86-64).
 *
 * An argument is `[-]SIZE[f]@OPERAND` (doc/probe-sites.md §5).  The parser is a
 * small hand-written recursive-descent scanner over one blank-free word:
 *   prefix   sign, decimal size, optional 'f', '@'
 *   operand  %reg | $imm | [disp](...) | sym[+-off](%rip) | bare absolute disp
 * It never fails as a whole: anything it does not understand (another
 * architecture's syntax, a size other than 1/2/4/8, a symbolic displacement
 * on a non-%rip base, trailing junk) turns only that argument into
 * SDT_ARG_UNDECODABLE, keeping the text and a human-readable reason.  The
 * prefix fields (size, sign, float) are still filled in when they parsed.
 *
 * Formatting is the inverse and produces the canonical spelling the
 * compilers emit: decimal numbers, no zero displacement before '(' , no
 * ",1" scale, "sym+off"/"sym-off" for %rip symbols.  Parsing then formatting
 * a gcc/clang spec gives the same bytes back.
 */
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "sdt/arch.h"
#include "sdt/argspec-int.h"
#include "sdt/sdt.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Register names.                                                     */

/* Names of the 16 general-purpose registers, per operand width: 8, 4, 2
 * and 1 bytes (gpr_widths). */
static const int gpr_widths[4] = { 8, 4, 2, 1 };
static const char *const gpr_names[16][4] = {
  { "rax", "eax", "ax", "al" },      { "rbx", "ebx", "bx", "bl" },
  { "rcx", "ecx", "cx", "cl" },      { "rdx", "edx", "dx", "dl" },
  { "rsi", "esi", "si", "sil" },     { "rdi", "edi", "di", "dil" },
  { "rbp", "ebp", "bp", "bpl" },     { "rsp", "esp", "sp", "spl" },
  { "r8", "r8d", "r8w", "r8b" },     { "r9", "r9d", "r9w", "r9b" },
  { "r10", "r10d", "r10w", "r10b" }, { "r11", "r11d", "r11w", "r11b" },
  { "r12", "r12d", "r12w", "r12b" }, { "r13", "r13d", "r13w", "r13b" },
  { "r14", "r14d", "r14w", "r14b" }, { "r15", "r15d", "r15w", "r15b" },
};
static const char *const gpr8high[4] = { "ah", "bh", "ch", "dh" };
static const char *const xmmnames[16] = {
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
  "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",
};

const char *
sdt_reg_name (enum sdt_reg reg, int width, bool high8)
{
  if (reg >= SDT_REG_RAX && reg <= SDT_REG_R15)
    {
      int i = reg - SDT_REG_RAX;
      if (high8)
        return (width == 1 && reg <= SDT_REG_RDX) ? gpr8high[i] : NULL;
      for (size_t w = 0; w < 4; w++)
        if (gpr_widths[w] == width)
          return gpr_names[i][w];
      return NULL;
    }
  if (reg == SDT_REG_RIP && !high8)
    {
      if (width == 8)
        return "rip";
      if (width == 4)
        return "eip";
      return NULL;
    }
  if (reg >= SDT_REG_XMM0 && reg < SDT_REG_COUNT && !high8)
    return xmmnames[reg - SDT_REG_XMM0];
  return NULL;
}

/* Look NAME (LEN bytes, without '%') up; fill REF and return true if known. */
static bool
reg_lookup (const char *name, size_t len, struct sdt_reg_ref *ref)
{
  for (size_t i = 0; i < 16; i++)
    for (size_t w = 0; w < 4; w++)
      if (strlen (gpr_names[i][w]) == len && memcmp (gpr_names[i][w], name, len) == 0)
        {
          ref->reg = (enum sdt_reg) (SDT_REG_RAX + (int) i);
          ref->width = gpr_widths[w];
          ref->high8 = false;
          return true;
        }
  for (size_t i = 0; i < 4; i++)
    if (len == 2 && memcmp (gpr8high[i], name, 2) == 0)
      {
        ref->reg = (enum sdt_reg) (SDT_REG_RAX + (int) i);
        ref->width = 1;
        ref->high8 = true;
        return true;
      }
  for (size_t i = 0; i < 16; i++)
    if (strlen (xmmnames[i]) == len && memcmp (xmmnames[i], name, len) == 0)
      {
        ref->reg = (enum sdt_reg) (SDT_REG_XMM0 + (int) i);
        ref->width = 16;
        ref->high8 = false;
        return true;
      }
  if (len == 3 && memcmp (name, "rip", 3) == 0)
    {
      ref->reg = SDT_REG_RIP;
      ref->width = 8;
      ref->high8 = false;
      return true;
    }
  if (len == 3 && memcmp (name, "eip", 3) == 0)
    {
      ref->reg = SDT_REG_RIP;
      ref->width = 4;
      ref->high8 = false;
      return true;
    }
  return false;
}

/* ------------------------------------------------------------------ */
/* Scanner helpers.                                                    */

static bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static bool
is_sym_start (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
}

static bool
is_sym_char (char c)
{
  return is_sym_start (c) || is_digit (c) || c == '$';
}

/* Parse an unsigned decimal or 0x-hex number at *P into *V (mod 2^64 is an
 * error: the value must fit in 64 bits).  Advances *P.  Returns false if no
 * number is there or it overflows. */
static bool
scan_unsigned (const char **p, uint64_t *v)
{
  const char *s = *p;
  uint64_t acc = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hex_value (s[2]) >= 0)
    {
      s += 2;
      while (hex_value (*s) >= 0)
        {
          if (acc > (UINT64_MAX >> 4))
            return false;
          acc = (acc << 4) | (uint64_t) hex_value (*s);
          s++;
        }
    }
  else if (is_digit (*s))
    {
      while (is_digit (*s))
        {
          uint64_t d = (uint64_t) (*s - '0');
          if (acc > (UINT64_MAX - d) / 10)
            return false;
          acc = acc * 10 + d;
          s++;
        }
    }
  else
    return false;
  *p = s;
  *v = acc;
  return true;
}

/* Parse an optionally negative number into *V.  Accepts -2^63 .. 2^64-1;
 * values above INT64_MAX wrap (the operand is a 64-bit bit pattern). */
bool
sdt_scan_signed (const char **p, int64_t *v)
{
  const char *s = *p;
  bool neg = false;
  uint64_t u;
  if (*s == '-')
    {
      neg = true;
      s++;
    }
  if (!scan_unsigned (&s, &u))
    return false;
  if (neg)
    {
      if (u > (uint64_t) INT64_MAX + 1)
        return false;
      *v = (int64_t) (0 - u);
    }
  else
    *v = (int64_t) u;
  *p = s;
  return true;
}

/* "%reg" at *P: fill REF and advance. */
static bool
scan_reg (const char **p, struct sdt_reg_ref *ref)
{
  const char *s = *p;
  if (*s != '%')
    return false;
  s++;
  const char *start = s;
  while ((*s >= 'a' && *s <= 'z') || is_digit (*s))
    s++;
  if (!reg_lookup (start, (size_t) (s - start), ref))
    return false;
  *p = s;
  return true;
}

/* Record an undecodable argument; the reason is printf-formatted. */
void
sdt_arg_set_error (struct sdt_arg *out, const char *fmt, ...)
{
  free (out->error);
  va_list ap;
  va_start (ap, fmt);
  out->error = xvasprintf (fmt, ap);
  va_end (ap);
  out->kind = SDT_ARG_UNDECODABLE;
  free (out->symbol);
  out->symbol = NULL;
  out->base.reg = out->index.reg = SDT_REG_NONE;
  out->base.width = out->index.width = 0;
  out->base.high8 = out->index.high8 = false;
  out->scale = 0;
  out->disp = 0;
}

static bool
is_addr_reg (const struct sdt_reg_ref *r)
{
  return r->reg >= SDT_REG_RAX && r->reg <= SDT_REG_R15 && !r->high8
         && (r->width == 8 || r->width == 4);
}

/* ------------------------------------------------------------------ */
/* Parsing.                                                            */

/* The part before '(' of a memory operand: a symbol with an optional
 * +/- offset, or a number.  Advances *SP; false after set_error. */
static bool
parse_mem_disp (const char **sp, const char *loc, char **sym, int64_t *disp,
                struct sdt_arg *out)
{
  const char *s = *sp;
  if (is_sym_start (*s))
    {
      const char *start = s;
      while (is_sym_char (*s))
        s++;
      *sym = xstrndup (start, (size_t) (s - start));
      if (*s == '+' || *s == '-')
        {
          bool neg = *s == '-';
          uint64_t off;
          s++;
          if (!scan_unsigned (&s, &off)
              || off > (neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX))
            {
              sdt_arg_set_error (out, "bad offset after symbol in operand '%s'", loc);
              return false;
            }
          *disp = neg ? (int64_t) (0 - off) : (int64_t) off;
        }
    }
  else if (*s == '-' || is_digit (*s))
    {
      if (!sdt_scan_signed (&s, disp))
        {
          sdt_arg_set_error (out, "bad displacement in operand '%s'", loc);
          return false;
        }
    }
  else if (*s != '(')
    {
      sdt_arg_set_error (out, "operand '%s' is not an x86-64 register, immediate or memory reference", loc);
      return false;
    }
  *sp = s;
  return true;
}

/* The registers of a memory operand.  */
struct mem_regs {
  struct sdt_reg_ref base, index;
  int scale;
};

/* "[%base] [',' %index [',' scale]] ')'" from S (just past the '('), up to the
 * end of the operand.  False after set_error. */
static bool
parse_mem_regs (const char *s, const char *loc, struct mem_regs *m, struct sdt_arg *out)
{
  m->base = m->index = (struct sdt_reg_ref) { SDT_REG_NONE, 0, false };
  m->scale = 1;
  if (*s == '%')
    {
      if (!scan_reg (&s, &m->base))
        {
          sdt_arg_set_error (out, "unknown base register in operand '%s'", loc);
          return false;
        }
      if (m->base.reg != SDT_REG_RIP && !is_addr_reg (&m->base))
        {
          sdt_arg_set_error (out, "%%%s cannot be a base register ('%s')",
                     sdt_reg_name (m->base.reg, m->base.width, m->base.high8), loc);
          return false;
        }
    }
  if (*s == ',')
    {
      s++;
      if (!scan_reg (&s, &m->index))
        {
          sdt_arg_set_error (out, "missing or unknown index register in operand '%s'", loc);
          return false;
        }
      if (!is_addr_reg (&m->index) || m->index.reg == SDT_REG_RSP)
        {
          sdt_arg_set_error (out, "%%%s cannot be an index register ('%s')",
                     sdt_reg_name (m->index.reg, m->index.width, m->index.high8), loc);
          return false;
        }
      if (m->base.reg == SDT_REG_RIP)
        {
          sdt_arg_set_error (out, "%%rip cannot be combined with an index register ('%s')", loc);
          return false;
        }
      if (*s == ',')
        {
          s++;
          if (!is_digit (*s) || is_digit (s[1]))
            {
              sdt_arg_set_error (out, "bad scale in operand '%s'", loc);
              return false;
            }
          m->scale = *s - '0';
          s++;
          if (m->scale != 1 && m->scale != 2 && m->scale != 4 && m->scale != 8)
            {
              sdt_arg_set_error (out, "scale %d is not 1, 2, 4 or 8 ('%s')", m->scale, loc);
              return false;
            }
        }
    }
  if (*s != ')')
    {
      sdt_arg_set_error (out, "malformed memory operand '%s'", loc);
      return false;
    }
  s++;
  if (*s != '\0')
    {
      sdt_arg_set_error (out, "trailing '%s' after memory operand '%s'", s, loc);
      return false;
    }
  if (m->base.reg == SDT_REG_NONE && m->index.reg == SDT_REG_NONE)
    {
      sdt_arg_set_error (out, "memory operand '%s' names no register", loc);
      return false;
    }
  return true;
}

/* The memory-operand forms: [disp|sym[+-off]] [ '(' [%base] [',' %index [',' scale]] ')' ]. */
static void
parse_memory (const char *loc, struct sdt_arg *out)
{
  const char *s = loc;
  int64_t disp = 0;
  char *sym = NULL;

  if (!parse_mem_disp (&s, loc, &sym, &disp, out))
    {
      free (sym);
      return;
    }
  if (*s == '\0')
    {
      if (sym)
        {
          free (sym);
          sdt_arg_set_error (out, "operand '%s' is a bare symbol without a %%rip base: not an x86-64 operand this tool decodes", loc);
          return;
        }
      /* Absolute address: gcc prints *(int *)0x1000 as "4096". */
      out->kind = SDT_ARG_MEM;
      out->disp = disp;
      out->scale = 1;
      return;
    }
  if (*s != '(')
    {
      free (sym);
      sdt_arg_set_error (out, "unexpected '%s' in operand '%s'", s, loc);
      return;
    }
  struct mem_regs m;
  if (!parse_mem_regs (s + 1, loc, &m, out))
    {
      free (sym);
      return;
    }
  if (sym)
    {
      if (m.base.reg != SDT_REG_RIP)
        {
          free (sym);
          sdt_arg_set_error (out, "symbolic displacement with a non-%%rip base is not supported ('%s')", loc);
          return;
        }
      out->kind = SDT_ARG_RIP_SYM;
      out->symbol = sym;
      out->base = m.base;
      out->disp = disp;
      return;
    }
  out->kind = SDT_ARG_MEM;
  out->base = m.base;
  out->index = m.index;
  out->scale = m.scale;
  out->disp = disp;
}

void
sdt_arg_parse (const char *word, struct sdt_arg *out)
{
  sdt_arg_parse_arch (NULL, word, out);
}

void
sdt_arg_parse_arch (const struct sdt_arch *arch, const char *word, struct sdt_arg *out)
{
  memset (out, 0, sizeof *out);
  out->arch = arch;
  out->base.reg = out->index.reg = SDT_REG_NONE;
  out->text = xstrdup (word ? word : "");

  const char *s = out->text;
  if (*s == '-')
    {
      out->is_signed = true;
      s++;
    }
  if (!is_digit (*s))
    {
      sdt_arg_set_error (out, "missing SIZE@ prefix");
      return;
    }
  long size = 0;
  while (is_digit (*s))
    {
      if (size < 100000)
        size = size * 10 + (*s - '0');
      s++;
    }
  out->size = (int) size;
  if (*s == 'f')
    {
      out->is_float = true;
      s++;
    }
  if (*s != '@')
    {
      sdt_arg_set_error (out, "expected '@' after the size");
      return;
    }
  s++;
  if (size != 1 && size != 2 && size != 4 && size != 8)
    {
      sdt_arg_set_error (out, "size %ld is not 1, 2, 4 or 8", size);
      return;
    }
  if (*s == '\0')
    {
      sdt_arg_set_error (out, "missing operand after '@'");
      return;
    }
  if (arch && arch->syntax != SDT_SYNTAX_ATT)
    {
      sdt_operand_parse_risc (arch, s, out);
      return;
    }

  if (*s == '%')
    {
      const char *r = s;
      if (!scan_reg (&r, &out->base) || *r != '\0')
        {
          out->base.reg = SDT_REG_NONE;
          sdt_arg_set_error (out, "unknown register '%s'", s);
          return;
        }
      out->kind = SDT_ARG_REG;
      return;
    }
  if (*s == '$')
    {
      const char *v = s + 1;
      if (!sdt_scan_signed (&v, &out->disp) || *v != '\0')
        {
          out->disp = 0;
          sdt_arg_set_error (out, "immediate '%s' is not an integer constant", s);
          return;
        }
      out->kind = SDT_ARG_IMM;
      return;
    }
  parse_memory (s, out);
}

void
sdt_arg_free (struct sdt_arg *arg)
{
  if (!arg)
    return;
  FREE_ALL (arg->symbol, arg->text, arg->error);
  arg->symbol = arg->text = arg->error = NULL;
}

static bool
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

void
sdt_argspec_parse (const char *text, struct sdt_argspec *out)
{
  sdt_argspec_parse_arch (NULL, text, out);
}

void
sdt_argspec_parse_arch (const struct sdt_arch *arch, const char *text, struct sdt_argspec *out)
{
  out->nargs = sdt_args_count (text);
  out->args = out->nargs ? xcalloc (out->nargs, sizeof *out->args) : NULL;
  if (!out->nargs)
    return;
  size_t i = 0;
  const char *p = text;
  while (*p && i < out->nargs)
    {
      while (is_blank (*p))
        p++;
      if (!*p)
        break;
      const char *start = p;
      p = sdt_arg_word_end (p);
      char *word = xstrndup (start, (size_t) (p - start));
      sdt_arg_parse_arch (arch, word, &out->args[i++]);
      free (word);
    }
}

void
sdt_argspec_free (struct sdt_argspec *spec)
{
  if (!spec)
    return;
  for (size_t i = 0; i < spec->nargs; i++)
    sdt_arg_free (&spec->args[i]);
  free (spec->args);
  spec->args = NULL;
  spec->nargs = 0;
}

/* ------------------------------------------------------------------ */
/* Formatting.                                                         */

/* "%name" of REF, or a visible placeholder for an impossible combination. */
static void
sb_reg (struct strbuf *b, const struct sdt_reg_ref *ref)
{
  const char *name = sdt_reg_name (ref->reg, ref->width, ref->high8);
  if (name)
    strbuf_printf (b, "%%%s", name);
  else
    strbuf_printf (b, "%%?reg%d/%d", (int) ref->reg, ref->width);
}

char *
sdt_arg_format (const struct sdt_arg *arg)
{
  if (arg->kind == SDT_ARG_UNDECODABLE)
    return xstrdup (arg->text ? arg->text : "");

  struct strbuf b = STRBUF_INIT;
  strbuf_printf (&b, "%s%d%s@", arg->is_signed ? "-" : "", arg->size, arg->is_float ? "f" : "");
  if (arg->arch && arg->arch->syntax != SDT_SYNTAX_ATT)
    {
      sdt_operand_format_risc (&b, arg);
      return b.s;
    }
  switch (arg->kind)
    {
    case SDT_ARG_REG:
      sb_reg (&b, &arg->base);
      break;
    case SDT_ARG_IMM:
      strbuf_printf (&b, "$%" PRId64, arg->disp);
      break;
    case SDT_ARG_MEM:
      if (arg->base.reg == SDT_REG_NONE && arg->index.reg == SDT_REG_NONE)
        {
          strbuf_printf (&b, "%" PRId64, arg->disp);
          break;
        }
      if (arg->disp != 0)
        strbuf_printf (&b, "%" PRId64, arg->disp);
      strbuf_printf (&b, "(");
      if (arg->base.reg != SDT_REG_NONE)
        sb_reg (&b, &arg->base);
      if (arg->index.reg != SDT_REG_NONE)
        {
          strbuf_printf (&b, ",");
          sb_reg (&b, &arg->index);
          if (arg->scale > 1)
            strbuf_printf (&b, ",%d", arg->scale);
        }
      strbuf_printf (&b, ")");
      break;
    case SDT_ARG_RIP_SYM:
      strbuf_printf (&b, "%s", arg->symbol ? arg->symbol : "?");
      if (arg->disp > 0)
        strbuf_printf (&b, "+%" PRId64, arg->disp);
      else if (arg->disp < 0)
        strbuf_printf (&b, "-%" PRIu64, (uint64_t) 0 - (uint64_t) arg->disp);
      strbuf_printf (&b, "(%%rip)");
      break;
    case SDT_ARG_UNDECODABLE:
      break;
    }
  return b.s;
}

char *
sdt_argspec_format (const struct sdt_argspec *spec)
{
  struct strbuf b = STRBUF_INIT;
  strbuf_printf (&b, "%s", "");
  for (size_t i = 0; i < spec->nargs; i++)
    {
      char *a = sdt_arg_format (&spec->args[i]);
      strbuf_printf (&b, "%s%s", i ? " " : "", a);
      free (a);
    }
  return b.s;
}
