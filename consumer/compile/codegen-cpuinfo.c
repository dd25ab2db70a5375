/* SPDX-License-Identifier: MIT */
/*
 * codegen-cpuinfo.c — the built-in variables that describe the CPU the
 * probe fires on (checker.h BI_CHIP..BI_CURCPU): chip, its physical
 * package; lgrp, its NUMA node; pset, its processor set (Linux has none:
 * 0, as Oracle's DTrace for Linux gives); and curcpu's cpuinfo_t.
 *
 * Packages and nodes are the runtime's reading of sysfs (dprog.h dtarget
 * cpu_chip, cpu_node), compiled in: the CPU number is compared with the
 * runs of consecutive CPUs that share a nonzero value (one run on most
 * machines, none on a single-package, single-node one).
 *
 * curcpu is a real pointer, as Oracle's is: the program fills a cpuinfo_t
 * (cpu_id, cpu_pset, cpu_chip, cpu_lgrp) in a part of the scratch area of
 * its own (scratch_layout.cpuinfo_off) and its value is that address, a
 * kernel address that `->` reads as any other.  The scratch area is the
 * CPU's own and the bytes depend on the CPU alone, so a pointer kept in a
 * variable keeps describing the CPU that took it, whatever runs between.
 */
#include "consumer/compile/codegen-int.h"

/* DST = TABLE[the CPU in CPU_REG], 0 beyond it or without it. */
static void
cpu_lookup (struct gen *g, int dst, int cpu_reg, const int32_t *table)
{
  unsigned n = table ? g->p->target.ncpus : 0;
  cg_emit (g, MOV64_IMM (dst, 0));
  for (unsigned first = 0; first < n;)
    {
      unsigned last = first;
      while (last + 1 < n && table[last + 1] == table[first])
        last++;
      if (table[first] != 0)
        {
          int skip = asm_label (&g->a);
          asm_jmp_imm (&g->a, BPF_JLT, cpu_reg, (int32_t) first, skip);
          asm_jmp_imm (&g->a, BPF_JGT, cpu_reg, (int32_t) last, skip);
          cg_emit (g, MOV64_IMM (dst, table[first]));
          asm_bind (&g->a, skip);
        }
      first = last + 1;
    }
}

void
cg_cpu_builtin (struct gen *g, enum builtin b)
{
  const struct dtarget *t = &g->p->target;
  if (b == BI_PSET)
    {
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  cg_emit (g, CALL (BPF_FUNC_get_smp_processor_id));
  if (b == BI_CHIP || b == BI_LGRP)
    {
      cg_emit (g, MOV64_REG (R1, R0));
      cpu_lookup (g, R0, R1, b == BI_CHIP ? t->cpu_chip : t->cpu_node);
      return;
    }
  /* curcpu: the cpuinfo_t, then its address */
  cg_emit (g, MOV64_REG (R1, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) g->cg->scratch.cpuinfo_off));
  cg_emit (g, STX (BPF_W, R1, R0, 0));             /* cpu_id */
  cg_emit (g, ST_IMM (BPF_W, R1, 4, 0));            /* cpu_pset */
  cpu_lookup (g, R2, R0, t->cpu_chip);
  cg_emit (g, STX (BPF_W, R1, R2, 8));             /* cpu_chip */
  cpu_lookup (g, R2, R0, t->cpu_node);
  cg_emit (g, STX (BPF_W, R1, R2, 12));            /* cpu_lgrp */
  cg_emit (g, MOV64_REG (R0, R1));
}
