/* SPDX-License-Identifier: MIT */
/*
 * x86-insn.c — x86-64 instruction length decoding (see x86-insn.h).
 *
 * Steps: prefixes (legacy, then REX), the opcode (one byte, 0F xx,
 * 0F 38 xx, 0F 3A xx, or a VEX/EVEX-encoded one whose map comes from the
 * prefix), then ModRM + SIB + displacement when the opcode has a ModRM,
 * then the immediate.
 */
#include "consumer/probes/x86-insn.h"


/* ModRM, SIB and displacement bytes starting at P; -1 when truncated. */
static int
modrm_len (const uint8_t *p, size_t n)
{
  if (n < 1)
    return -1;
  unsigned mod = p[0] >> 6, rm = p[0] & 7;
  int len = 1;
  if (mod != 3 && rm == 4)
    {
      if (n < 2)
        return -1;
      len++;
      if (mod == 0 && (p[1] & 7) == 5)
        len += 4;
    }
  else if (mod == 0 && rm == 5)
    len += 4;
  if (mod == 1)
    len += 1;
  else if (mod == 2)
    len += 4;
  return (size_t) len <= n ? len : -1;
}

/* 0F-map opcodes without a ModRM byte. */
static bool
map1_no_modrm (uint8_t op)
{
  switch (op)
    {
    case 0x05: case 0x06: case 0x07: case 0x08: case 0x09: case 0x0b: case 0x0e:
    case 0x30: case 0x31: case 0x32: case 0x33: case 0x34: case 0x35: case 0x37:
    case 0x77: case 0xa0: case 0xa1: case 0xa2: case 0xa8: case 0xa9: case 0xaa:
      return true;
    default:
      return (op >= 0x80 && op <= 0x8f) || (op >= 0xc8 && op <= 0xcf);
    }
}

/* 0F-map opcodes with an 8-bit immediate after the ModRM. */
static bool
map1_imm8 (uint8_t op)
{
  return (op >= 0x70 && op <= 0x73) || op == 0xa4 || op == 0xac || op == 0xba || op == 0xc2
         || op == 0xc4 || op == 0xc5 || op == 0xc6;
}

int
x86_insn_length (const uint8_t *code, size_t n)
{
  size_t i = 0;
  bool opsize = false, addrsize = false, rexw = false;
  for (;; i++)
    {
      if (i >= n || i > 14)
        return -1;
      uint8_t b = code[i];
      if (b == 0x66)
        opsize = true;
      else if (b == 0x67)
        addrsize = true;
      else if (b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x2e || b == 0x36 || b == 0x3e
               || b == 0x26 || b == 0x64 || b == 0x65)
        ;
      else
        break;
    }
  if (code[i] >= 0x40 && code[i] <= 0x4f)
    {
      rexw = (code[i] & 8) != 0;
      i++;
      if (i >= n)
        return -1;
    }
  uint8_t op = code[i++];
  int map = 0;
  if (op == 0xc4 || op == 0xc5 || op == 0x62)
    {
      size_t plen = op == 0xc5 ? 1 : op == 0xc4 ? 2 : 3;
      if (i + plen >= n)
        return -1;
      map = op == 0xc5 ? 1 : op == 0xc4 ? (code[i] & 0x1f) : (code[i] & 7);
      i += plen;
      op = code[i++];
      if (map < 1 || map > 3)
        return -1;
      if (map == 1 && op == 0x77)
        return (int) i;   /* vzeroupper / vzeroall */
      int m = modrm_len (code + i, n - i);
      if (m < 0)
        return -1;
      i += (size_t) m;
      if (map == 3 || (map == 1 && map1_imm8 (op)))
        i++;
      return i <= n ? (int) i : -1;
    }
  if (op == 0x0f)
    {
      if (i >= n)
        return -1;
      op = code[i++];
      map = 1;
      if (op == 0x38 || op == 0x3a)
        {
          map = op == 0x38 ? 2 : 3;
          if (i >= n)
            return -1;
          op = code[i++];
        }
    }
  bool modrm = false;
  size_t imm = 0;
  size_t z = opsize ? 2 : 4;
  if (map == 1)
    {
      if (op == 0x0f || op == 0x04 || op == 0x0a || op == 0x0c || op == 0x36 || op == 0x39
          || (op >= 0x3b && op <= 0x3f) || op == 0xff)
        return -1;
      if (op >= 0x80 && op <= 0x8f)
        imm = 4;
      else if (!map1_no_modrm (op))
        {
          modrm = true;
          if (map1_imm8 (op))
            imm = 1;
        }
    }
  else if (map == 2)
    modrm = true;
  else if (map == 3)
    {
      modrm = true;
      imm = 1;
    }
  else if (op < 0x40)
    {
      unsigned lo = op & 7;
      if (op == 0x26 || op == 0x2e || op == 0x36 || op == 0x3e || lo == 6 || lo == 7)
        return -1;
      if (lo < 4)
        modrm = true;
      else
        imm = lo == 4 ? 1 : z;
    }
  else if (op >= 0x50 && op <= 0x5f)
    ;
  else if (op >= 0x70 && op <= 0x7f)
    imm = 1;
  else if (op >= 0x84 && op <= 0x8f)
    modrm = true;
  else if (op >= 0x90 && op <= 0x9f)
    {
      if (op == 0x9a)
        return -1;
    }
  else if (op >= 0xb0 && op <= 0xb7)
    imm = 1;
  else if (op >= 0xb8 && op <= 0xbf)
    imm = rexw ? 8 : z;
  else if (op >= 0xd8 && op <= 0xdf)
    modrm = true;
  else
    switch (op)
      {
      case 0x63: case 0xd0: case 0xd1: case 0xd2: case 0xd3: case 0xfe: case 0xff:
        modrm = true; break;
      case 0x68: case 0xa9: imm = z; break;
      case 0x69: case 0x81: case 0xc7: modrm = true; imm = z; break;
      case 0x6a: case 0xa8: case 0xcd: case 0xe0: case 0xe1: case 0xe2: case 0xe3:
      case 0xe4: case 0xe5: case 0xe6: case 0xe7: case 0xeb:
        imm = 1; break;
      case 0x6b: case 0x80: case 0x83: case 0xc0: case 0xc1: case 0xc6:
        modrm = true; imm = 1; break;
      case 0x6c: case 0x6d: case 0x6e: case 0x6f:
      case 0xa4: case 0xa5: case 0xa6: case 0xa7: case 0xaa: case 0xab: case 0xac: case 0xad:
      case 0xae: case 0xaf: case 0xc3: case 0xc9: case 0xcb: case 0xcc: case 0xcf: case 0xd7:
      case 0xec: case 0xed: case 0xee: case 0xef: case 0xf1: case 0xf4: case 0xf5:
      case 0xf8: case 0xf9: case 0xfa: case 0xfb: case 0xfc: case 0xfd:
        break;
      case 0xa0: case 0xa1: case 0xa2: case 0xa3: imm = addrsize ? 4 : 8; break;
      case 0xc2: case 0xca: imm = 2; break;
      case 0xc8: imm = 3; break;
      case 0xe8: case 0xe9: imm = 4; break;
      case 0xf6: case 0xf7:
        {
          if (i >= n)
            return -1;
          unsigned reg = (code[i] >> 3) & 7;
          modrm = true;
          if (reg < 2)
            imm = op == 0xf6 ? 1 : z;
          break;
        }
      default:
        return -1;
      }
  if (modrm)
    {
      int m = modrm_len (code + i, n - i);
      if (m < 0)
        return -1;
      i += (size_t) m;
    }
  i += imm;
  return i <= n ? (int) i : -1;
}

int
x86_insn_boundary (const uint8_t *code, size_t n, size_t off)
{
  size_t pos = 0;
  while (pos < off)
    {
      int len = x86_insn_length (code + pos, n - pos);
      if (len <= 0)
        return -1;
      pos += (size_t) len;
    }
  return pos == off ? 1 : 0;
}

bool
x86_insn_uprobe_ok (const uint8_t *code, size_t n)
{
  if (x86_insn_length (code, n) <= 0)
    return false;
  size_t i = 0;
  for (; i < n; i++)
    {
      uint8_t b = code[i];
      if (b == 0xf0 || b == 0x26 || b == 0x2e || b == 0x36 || b == 0x3e)
        return false;
      if (b != 0x66 && b != 0x67 && b != 0xf2 && b != 0xf3 && b != 0x64 && b != 0x65)
        break;
    }
  if (i < n && code[i] >= 0x40 && code[i] <= 0x4f)
    i++;
  if (i >= n)
    return false;
  uint8_t op = code[i];
  return !(op == 0xcc || op == 0xcd || op == 0xce || op == 0xf1 || op == 0x8e);
}

/* Is the ModRM (with its SIB and displacement) at P a register operand
 * or a zero-displacement, unindexed memory operand whose register is
 * REG (REX-extended with the bits given)? */
static bool
operand_is_same_reg (const uint8_t *p, size_t n, unsigned rex)
{
  unsigned mod = p[0] >> 6, reg = ((p[0] >> 3) & 7) | ((rex & 4) << 1);
  unsigned rm = (p[0] & 7) | ((rex & 1) << 3);
  if (mod == 3)
    return reg == rm;
  size_t i = 1;
  if ((p[0] & 7) == 4)
    {
      if (n < 2)
        return false;
      unsigned index = ((p[1] >> 3) & 7) | ((rex & 2) << 2);
      if (index != 4)   /* an index register (other than none) */
        return false;
      rm = (p[1] & 7) | ((rex & 1) << 3);
      if (mod == 0 && (p[1] & 7) == 5)
        return false;   /* disp32 with no base */
      i = 2;
    }
  else if (mod == 0 && (p[0] & 7) == 5)
    return false;       /* %rip-relative */
  for (size_t k = 0; k < (mod == 1 ? 1u : mod == 2 ? 4u : 0u); k++)
    if (i + k >= n || p[i + k] != 0)
      return false;
  return reg == rm;
}

bool
x86_insn_optimizable_nop (const uint8_t *code, size_t n)
{
  if (x86_insn_length (code, n) != 5)
    return false;
  size_t i = 0;
  bool rep = false;
  while (i < 5 && (code[i] == 0x66 || code[i] == 0x67 || code[i] == 0xf2 || code[i] == 0xf3
                   || code[i] == 0x26 || code[i] == 0x2e || code[i] == 0x36 || code[i] == 0x3e
                   || code[i] == 0x64 || code[i] == 0x65))
    rep |= code[i++] == 0xf3;
  unsigned rex = 0;
  if (i < 5 && code[i] >= 0x40 && code[i] <= 0x4f)
    rex = code[i++] & 0xf;
  if (i >= 5)
    return false;
  uint8_t op = code[i];
  if (op == 0x90)
    return !rep;                                  /* nop (not pause) */
  if (op == 0x0f)
    return i + 1 < 5 && code[i + 1] == 0x1f;   /* nopl (and the reserved 0f 1f /1../7) */
  /* Later kernels count as nops a lea of a register into itself and a
   * move or exchange of a register with itself: refused alike. */
  if (op == 0x8d || op == 0x89 || op == 0x8b || op == 0x87)
    return i + 1 < 5 && (op == 0x8d ? (code[i + 1] >> 6) != 3 : (code[i + 1] >> 6) == 3)
           && operand_is_same_reg (code + i + 1, 5 - (i + 1), rex);
  return false;
}
