/* SPDX-License-Identifier: MIT */
/*
 * a64-insn.c — which aarch64 instructions may hold a uprobe (a64-insn.h).
 * Encodings from the Arm Architecture Reference Manual (A64 base
 * instructions); each test names its instruction group.
 */
#include "consumer/probes/a64-insn.h"

/* HINT #imm: the hints the kernel steps out of line (nop, the BTI landing
 * pads, the PAC signing instructions); the others may trap or change
 * state when executed elsewhere. */
static bool
hint_steppable (uint32_t insn)
{
  switch (insn & 0xfe0)
    {
    case 0x000:   /* nop */
    case 0x0e0:   /* xpaclri */
    case 0x100:   /* pacia1716 */
    case 0x140:   /* pacib1716 */
    case 0x300:   /* paciaz */
    case 0x320:   /* paciasp */
    case 0x340:   /* pacibz */
    case 0x360:   /* pacibsp */
    case 0x400:   /* bti */
    case 0x440:   /* bti c */
    case 0x480:   /* bti j */
    case 0x4c0:   /* bti jc */
      return true;
    default:
      return false;
    }
}

bool
a64_insn_uprobe_ok (uint32_t insn)
{
  if ((insn & 0xff000000u) == 0xd4000000u)            /* svc, hvc, smc, brk, hlt, dcps */
    return false;
  if ((insn & 0xfffff000u) == 0xd69f0000u)            /* eret, eretaa, eretab */
    return false;
  if ((insn & 0xfff8f01fu) == 0xd500401fu)            /* msr (immediate) */
    return false;
  if ((insn & 0xfff00000u) == 0xd5100000u)            /* msr (register) */
    return false;
  if ((insn & 0xffffffe0u) == 0xd53b4220u)            /* mrs xN, daif */
    return false;
  if ((insn & 0xfffff01fu) == 0xd503201fu)            /* hint */
    return hint_steppable (insn);
  if ((insn & 0x3f800000u) == 0x08000000u)            /* ldxr, stxr, ldaxr, stlxr, ldxp, ... */
    return false;
  if ((insn & 0x3b000000u) == 0x18000000u)            /* load of a PC-relative literal */
    return (insn & 0xbf000000u) == 0x18000000u        /* ldr wN/xN, =lit: simulated */
           || (insn & 0xff000000u) == 0x98000000u;    /* ldrsw xN, =lit: simulated */
  return true;
}

bool
a64_insn_is_return (uint32_t insn)
{
  return (insn & 0xfffffc1fu) == 0xd65f0000u                  /* ret {xN} */
         || insn == 0xd65f0bffu || insn == 0xd65f0fffu;        /* retaa, retab */
}
