/* SPDX-License-Identifier: MIT */
/*
 * codegen-args.c — the probe's arguments in BPF (codegen-int.h): at a
 * program's start each argN the clauses use is fetched once into the
 * scratch args cache, from where the site spec (abi.h struct site_spec)
 * says: an immediate, a register of struct pt_regs, or memory at
 * base + (index << scale) + displacement.  An argument every site of the
 * program keeps in the same register is instead loaded from the context
 * where it is used: no scratch area, no spec, no copy.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"

/* r0 = the pt_regs slot (r6 + r3, r3 masked to a slot offset: below 512,
 * which holds x86-64's pt_regs (168 bytes) and aarch64's registers up to
 * pstate (272)). */
void
cg_read_reg_at_r3 (struct gen *g)
{
  cg_emit (g, A64_IMM (BPF_AND, R3, 0x1f8));
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, MOV64_IMM (R2, 8));
  cg_emit (g, A64_REG (BPF_ADD, R3, R6));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
}

/* Read the pt_regs slot at the u16 offset found at r8+SPEC_OFF into r0. */
static void
read_reg (struct gen *g, int spec_off)
{
  cg_emit (g, LDX (BPF_H, R3, R8, (int16_t) spec_off));
  cg_read_reg_at_r3 (g);
}

/* Is argument K in the same register at every site (codegen.h
 * fixed_args)?  Then it is read where it is used, not cached. */
bool
cg_arg_is_fixed (const struct gen *g, unsigned k)
{
  return cg_kind_uprobe (g->kind) && (g->cg->fixed_args & (1u << k));
}

/* r0 = argument K: a fixed one is a context load at a constant offset,
 * truncated and extended as the spec says (the context is not written, so
 * every use reads the same value); the others come from the scratch args
 * cache the program's start filled. */
void
cg_load_arg (struct gen *g, unsigned k)
{
  if (!cg_arg_is_fixed (g, k))
    {
      cg_emit (g, LDX (BPF_DW, R0, R7, (int16_t) (g->cg->scratch.args_off + 8 * k)));
      return;
    }
  const struct site_arg *a = &g->cg->fixed[k];
  cg_emit (g, LDX (BPF_DW, R0, R6, (int16_t) (a->base_off & 0x1f8)));
  int shift = 64 - 8 * (a->size & 0xf);
  if (shift > 0 && shift < 64)
    {
      cg_emit (g, A64_IMM (BPF_LSH, R0, shift));
      cg_emit (g, A64_IMM (a->is_signed ? BPF_ARSH : BPF_RSH, R0, shift));
    }
}

/* Fetch argument K of the current site into the scratch args cache (not
 * a fixed one: cg_load_arg reads those where they are used). */
void
cg_fetch_arg (struct gen *g, unsigned k)
{
  if (cg_arg_is_fixed (g, k))
    return;
  int spec = (int) (offsetof (struct site_spec, args) + k * sizeof (struct site_arg));
  int o_kind = spec + (int) offsetof (struct site_arg, kind);
  int o_size = spec + (int) offsetof (struct site_arg, size);
  int o_sign = spec + (int) offsetof (struct site_arg, is_signed);
  int o_flags = spec + (int) offsetof (struct site_arg, flags);
  int o_base = spec + (int) offsetof (struct site_arg, base_off);
  int o_index = spec + (int) offsetof (struct site_arg, index_off);
  int o_scale = spec + (int) offsetof (struct site_arg, scale_shift);
  int o_val = spec + (int) offsetof (struct site_arg, val);
  int store = asm_label (&g->a), zero = asm_label (&g->a), mem = asm_label (&g->a),
      extend = asm_label (&g->a), nobase = asm_label (&g->a), noindex = asm_label (&g->a);

  cg_emit (g, LDX (BPF_B, R1, R8, (int16_t) o_kind));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_NONE, zero);
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_MEM, mem);
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_REG, nobase);   /* reused label: register */
  /* immediate */
  cg_emit (g, LDX (BPF_DW, R0, R8, (int16_t) o_val));
  asm_ja (&g->a, extend);
  asm_bind (&g->a, nobase);
  read_reg (g, o_base);
  asm_ja (&g->a, extend);
  /* memory: base + (index << scale) + disp, then read size bytes */
  asm_bind (&g->a, mem);
  cg_emit (g, MOV64_IMM (R0, 0));
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, LDX (BPF_B, R1, R8, (int16_t) o_flags));
  cg_emit (g, A64_IMM (BPF_AND, R1, ARGF_BASE));
  {
    int skipb = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skipb);
    read_reg (g, o_base);
    cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
    asm_bind (&g->a, skipb);
  }
  cg_emit (g, LDX (BPF_B, R1, R8, (int16_t) o_flags));
  cg_emit (g, A64_IMM (BPF_AND, R1, ARGF_INDEX));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, noindex);
  read_reg (g, o_index);
  cg_emit (g, LDX (BPF_B, R1, R8, (int16_t) o_scale));
  cg_emit (g, A64_IMM (BPF_AND, R1, 3));
  cg_emit (g, A64_REG (BPF_LSH, R0, R1));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, A64_REG (BPF_ADD, R1, R0));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_VALUE));
  asm_bind (&g->a, noindex);
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
  cg_emit (g, LDX (BPF_DW, R1, R8, (int16_t) o_val));
  cg_emit (g, A64_REG (BPF_ADD, R3, R1));
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
  asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, zero);
  asm_jmp_imm (&g->a, BPF_JGT, R2, 8, zero);
  if (cg_sleepable (g))
    cg_emit (g, STX (BPF_DW, R10, R3, SLOT_MASK));   /* the address, for a retry (mask is set later) */
  cg_emit (g, CALL (BPF_FUNC_probe_read_user));
  if (cg_sleepable (g))
    {
      /* not present: copy_from_user may fault the page in */
      int ok = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, ok);
      cg_emit (g, MOV64_REG (R1, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
      cg_emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
      asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, zero);
      asm_jmp_imm (&g->a, BPF_JGT, R2, 8, zero);
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_MASK));
      cg_emit (g, CALL (BPF_FUNC_copy_from_user));
      asm_bind (&g->a, ok);
    }
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
  /* truncate to size, extend by sign */
  asm_bind (&g->a, extend);
  {
    int sgn = asm_label (&g->a);
    cg_emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
    cg_emit (g, A64_IMM (BPF_AND, R2, 0xf));
    cg_emit (g, A64_IMM (BPF_LSH, R2, 3));
    cg_emit (g, MOV64_IMM (R3, 64));
    cg_emit (g, A64_REG (BPF_SUB, R3, R2));
    cg_emit (g, A64_IMM (BPF_AND, R3, 63));
    cg_emit (g, A64_REG (BPF_LSH, R0, R3));
    cg_emit (g, LDX (BPF_B, R1, R8, (int16_t) o_sign));
    asm_jmp_imm (&g->a, BPF_JNE, R1, 0, sgn);
    cg_emit (g, A64_REG (BPF_RSH, R0, R3));
    asm_ja (&g->a, store);
    asm_bind (&g->a, sgn);
    cg_emit (g, A64_REG (BPF_ARSH, R0, R3));
    asm_ja (&g->a, store);
  }
  asm_bind (&g->a, zero);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, store);
  cg_emit (g, STX (BPF_DW, R7, R0, (int16_t) (g->cg->scratch.args_off + 8 * k)));
}

/* Which argN the clauses use. */
void
cg_args_used (const struct d_node *n, unsigned *mask)
{
  if (!n)
    return;
  const struct ninfo *ni = ninfo (n);
  if (ni && ni->builtin >= BI_ARG0 && ni->builtin < BI_ARG0 + 12)
    *mask |= 1u << (ni->builtin - BI_ARG0);
  cg_args_used (n->a, mask);
  cg_args_used (n->b, mask);
  cg_args_used (n->c, mask);
  for (size_t i = 0; i < n->nargs; i++)
    cg_args_used (n->args[i], mask);
}
