/* SPDX-License-Identifier: MIT */
/*
 * argspec-risc.c — argument operands of the machines other than x86, read
 * with their entry of the architecture table (sdt/arch.h):
 *
 *   bracket syntax (aarch64, arm)      parenthesis syntax (ppc, s390x, riscv)
 *     reg        x0  w3  r7  fp          reg        3  %r2  a0  s0
 *     imm        5   #-2                 imm        i5  -2  (ppc: prefix i)
 *     [base]     [sp]  [r3]              disp(base) 0(9)  160(%r15)  -8(s0)
 *     [base, d]  [sp, 16]  [fp, #-8]     disp(index,base)  8(%r1,%r2)  (s390x)
 *
 * A register is tried before an immediate (a bare number is a register on
 * ppc, a constant elsewhere).  Registers are kept as DWARF numbers with the
 * width their name gives (w0: 4 bytes, x0: 8); the size before '@'
 * governs, as everywhere.  Anything else is SDT_ARG_UNDECODABLE with a
 * reason naming the machine; formatting gives back GCC's spelling.
 */
#include "sdt/argspec-int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/xalloc.h"

/* REG's name, ARCH's register NAME (LEN bytes): fill REF. */
static bool
reg_ref (const struct sdt_arch *arch, const char *name, size_t len, struct sdt_reg_ref *ref)
{
  int number, width;
  if (!sdt_arch_reg_lookup (arch, name, len, &number, &width))
    return false;
  ref->reg = (enum sdt_reg) number;
  ref->width = width;
  ref->high8 = false;
  return true;
}

/* A displacement: optional '#' (arm), then a signed number, ending at END. */
static bool
displacement (const char *s, const char *end, int64_t *v)
{
  if (s < end && *s == '#')
    s++;
  char buf[32];
  size_t n = (size_t) (end - s);
  if (n == 0 || n >= sizeof buf)
    return false;
  memcpy (buf, s, n);
  buf[n] = '\0';
  const char *p = buf;
  return sdt_scan_signed (&p, v) && *p == '\0';
}

/* "[base]" or "[base, disp]". */
static void
parse_bracket (const struct sdt_arch *arch, const char *s, struct sdt_arg *out)
{
  size_t len = strlen (s);
  if (len < 3 || s[len - 1] != ']')
    {
      sdt_arg_set_error (out, "malformed memory operand '%s' (%s)", s, arch->name);
      return;
    }
  const char *inner = s + 1, *end = s + len - 1;
  const char *comma = memchr (inner, ',', (size_t) (end - inner));
  const char *rend = comma ? comma : end;
  struct sdt_reg_ref base;
  if (!reg_ref (arch, inner, (size_t) (rend - inner), &base))
    {
      sdt_arg_set_error (out, "unknown base register in operand '%s' (%s)", s, arch->name);
      return;
    }
  int64_t disp = 0;
  if (comma)
    {
      const char *d = comma + 1;
      while (d < end && *d == ' ')
        d++;
      if (!displacement (d, end, &disp))
        {
          sdt_arg_set_error (out, "bad displacement in operand '%s' (%s)", s, arch->name);
          return;
        }
    }
  out->kind = SDT_ARG_MEM;
  out->base = base;
  out->scale = 1;
  out->disp = disp;
}

/* "disp(base)", "(base)" or "disp(index,base)". */
static void
parse_paren (const struct sdt_arch *arch, const char *s, struct sdt_arg *out)
{
  const char *open = strchr (s, '('), *close = strchr (s, ')');
  if (!close || close < open || close[1] != '\0')
    {
      sdt_arg_set_error (out, "malformed memory operand '%s' (%s)", s, arch->name);
      return;
    }
  int64_t disp = 0;
  if (open > s && !displacement (s, open, &disp))
    {
      sdt_arg_set_error (out, "bad displacement in operand '%s' (%s)", s, arch->name);
      return;
    }
  const char *r = open + 1;
  const char *comma = memchr (r, ',', (size_t) (close - r));
  struct sdt_reg_ref first, second = { SDT_REG_NONE, 0, false };
  if (!reg_ref (arch, r, (size_t) ((comma ? comma : close) - r), &first)
      || (comma && !reg_ref (arch, comma + 1, (size_t) (close - comma - 1), &second)))
    {
      sdt_arg_set_error (out, "unknown register in operand '%s' (%s)", s, arch->name);
      return;
    }
  out->kind = SDT_ARG_MEM;
  out->scale = 1;
  out->disp = disp;
  if (comma)
    {
      out->index = first;   /* D(X,B) */
      out->base = second;
    }
  else
    out->base = first;
}

void
sdt_operand_parse_risc (const struct sdt_arch *arch, const char *s, struct sdt_arg *out)
{
  if (arch->syntax == SDT_SYNTAX_BRACKET && *s == '[')
    {
      parse_bracket (arch, s, out);
      return;
    }
  if (arch->syntax == SDT_SYNTAX_PAREN && strchr (s, '('))
    {
      parse_paren (arch, s, out);
      return;
    }
  if (reg_ref (arch, s, strlen (s), &out->base))
    {
      out->kind = SDT_ARG_REG;
      return;
    }
  size_t pl = strlen (arch->imm_prefix);
  const char *v = s + pl;
  if (strncmp (s, arch->imm_prefix, pl) == 0 && sdt_scan_signed (&v, &out->disp) && *v == '\0')
    {
      out->kind = SDT_ARG_IMM;
      return;
    }
  out->disp = 0;
  sdt_arg_set_error (out, "operand '%s' is not a register, immediate or memory operand of %s", s,
                     arch->name);
}

static void
put_reg (struct strbuf *b, const struct sdt_arch *arch, const struct sdt_reg_ref *r)
{
  char buf[16];
  const char *name = sdt_arch_reg_name (arch, (int) r->reg, r->width, buf);
  if (name)
    strbuf_printf (b, "%s", name);
  else
    strbuf_printf (b, "?reg%d", (int) r->reg);
}

void
sdt_operand_format_risc (struct strbuf *b, const struct sdt_arg *arg)
{
  const struct sdt_arch *arch = arg->arch;
  switch (arg->kind)
    {
    case SDT_ARG_REG:
      put_reg (b, arch, &arg->base);
      break;
    case SDT_ARG_IMM:
      strbuf_printf (b, "%s%" PRId64, arch->imm_prefix, arg->disp);
      break;
    case SDT_ARG_MEM:
      if (arch->syntax == SDT_SYNTAX_BRACKET)
        {
          strbuf_printf (b, "[");
          put_reg (b, arch, &arg->base);
          if (arg->disp)
            strbuf_printf (b, ", %s%" PRId64, arch->imm_prefix, arg->disp);
          strbuf_printf (b, "]");
          break;
        }
      strbuf_printf (b, "%" PRId64 "(", arg->disp);
      if (arg->index.reg != SDT_REG_NONE)
        {
          put_reg (b, arch, &arg->index);
          strbuf_printf (b, ",");
        }
      put_reg (b, arch, &arg->base);
      strbuf_printf (b, ")");
      break;
    default:
      break;
    }
}
