/* SPDX-License-Identifier: MIT */
/*
 * codegen-kstack.c — where a kernel stack begins: the number of leading
 * frames bpf_get_stack() finds that belong to the tracing machinery, not
 * to the code that fired the probe.  DTrace's stack() starts at the probed
 * code (for sched:::off-cpu the scheduler, for a system call its path);
 * bpf_get_stack() starts wherever the walk's registers were taken.
 *
 * stack(), caller and stackdepth (codegen-expr.c, codegen-callers.c) pass
 * that number as bpf_get_stack()'s skip count, so all three leave out the
 * same frames, and stack(n) still records n frames of the probed code.
 * It is found by a first, short walk (KSKIP_WALK frames) into the depth
 * buffer (scratch_layout.depth_off):
 *
 *  - Linux 5.10's walk from a helper's or a tracepoint's registers
 *    records its first pc twice (later kernels once): when the second
 *    frame equals the first, the first is left out;
 *  - the program's own frames come first where the walk starts inside the
 *    helper (raw tracepoints, fentry/fexit: the helper takes the caller's
 *    registers): the program, and for fentry/fexit the trampoline that
 *    calls it — both JIT code, whose addresses are not known when the
 *    program is compiled, so they are counted, not looked up;
 *  - then every frame inside the machinery's functions (abi.h MAP_KSKIP,
 *    filled from kallsyms by probes/kernel-machinery.c) is skipped, up to
 *    the first that is not: how many there are differs by tracepoint,
 *    kernel, compiler and what else is attached to the tracepoint.
 *
 * kprobe and perf-event programs (fbt through kprobes, the proc, sched
 * and lockstat probes on kprobes: codegen-kernel.c cg_kernel_kprobe;
 * profile, the sched tick) walk from the registers of the probed or
 * interrupted code: they
 * have no such frames, and uprobe programs no kernel stack; none of them
 * gets this code.
 *
 * The lookup is a binary search over the sorted ranges without branches:
 * KSKIP_RANGES is a power of two, each step adds its stride when the range
 * there starts at or below the pc.  Kernel addresses and the unused pairs'
 * UINT64_MAX both have the top bit set, so pc - start as a signed number
 * has the sign of the comparison; a frame without that bit (0, a user
 * address) ends the skip.
 */
#include "consumer/compile/codegen-int.h"

#define KSKIP_WALK 8    /* more than any kernel's machinery frames */

/* The frames of the program itself (and its trampoline) at the start of
 * the walk; -1: the walk starts at the probed code. */
static int
program_frames (const struct gen *g)
{
  if (cg_kind_uprobe (g->kind) || g->kind == PK_PROFILE)
    return -1;
  if (g->kind != PK_KERNEL)
    return 1;   /* raw tracepoints: syscall, tick, BEGIN/END/ERROR */
  switch (g->cg->kern)
    {
    case KP_FBT_ENTRY:
    case KP_FBT_RETURN:
      return g->p->target.fbt_kprobe ? -1 : 2;
    case KP_SCHED_TICK:
      return -1;
    default:
      if (cg_kernel_kprobe (g->cg->kern))
        return -1;   /* enqueue, dequeue, signal-clear...: kprobes */
      /* tracepoint programs (sdt, io) start in the probe's caller */
      return g->cg->sdt ? 0 : 1;
    }
}

bool
cg_kstack_skip_needed (const struct gen *g)
{
  return program_frames (g) >= 0;
}

void
cg_depth_addr (struct gen *g, int reg, unsigned add)
{
  cg_emit (g, MOV64_REG (reg, R7));
  cg_emit (g, A64_IMM (BPF_ADD, reg, (int32_t) (g->cg->scratch.depth_off + add)));
}

/* With r1 = the ranges, r4 = a kernel pc: r5 = the index of the last range
 * that starts at or below it (0 when none does). */
static void
search_ranges (struct gen *g)
{
  cg_emit (g, MOV64_IMM (R5, 0));
  for (int32_t step = (int32_t) KSKIP_RANGES / 2; step >= 1; step /= 2)
    {
      cg_emit (g, MOV64_REG (R0, R5));
      cg_emit (g, A64_IMM (BPF_ADD, R0, step));
      cg_emit (g, A64_IMM (BPF_AND, R0, (int32_t) KSKIP_RANGES - 1));
      cg_emit (g, A64_IMM (BPF_LSH, R0, 4));
      cg_emit (g, A64_REG (BPF_ADD, R0, R1));
      cg_emit (g, LDX (BPF_DW, R0, R0, 0));       /* its start */
      cg_emit (g, NEG64 (R0));
      cg_emit (g, A64_REG (BPF_ADD, R0, R4));     /* pc - start */
      cg_emit (g, A64_IMM (BPF_ARSH, R0, 63));    /* -1: pc below it */
      cg_emit (g, A64_IMM (BPF_XOR, R0, -1));
      cg_emit (g, A64_IMM (BPF_AND, R0, step));
      cg_emit (g, A64_REG (BPF_ADD, R5, R0));
    }
}

void
cg_kstack_skip (struct gen *g)
{
  int first = program_frames (g);
  int counted = asm_label (&g->a), loop = asm_label (&g->a), done = asm_label (&g->a);
  unsigned n_off = 8 * KSKIP_WALK, key_off = n_off + 8;
  /* the short walk; its number of frames after it */
  cg_stack_ctx (g, R1);
  cg_depth_addr (g, R2, 0);
  cg_emit (g, MOV64_IMM (R3, 8 * KSKIP_WALK));
  cg_emit (g, MOV64_IMM (R4, 0));
  cg_emit (g, CALL (BPF_FUNC_get_stack));
  asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, counted);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, counted);
  cg_emit (g, A64_IMM (BPF_RSH, R0, 3));
  cg_depth_addr (g, R1, 0);
  cg_emit (g, STX (BPF_DW, R1, R0, (int16_t) n_off));
  cg_emit (g, ST_IMM (BPF_DW, R1, (int16_t) key_off, 0));
  /* the ranges */
  asm_ld_map (&g->a, R1, MAP_KSKIP);
  cg_depth_addr (g, R2, key_off);
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  cg_emit (g, MOV64_IMM (R2, first));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  cg_emit (g, MOV64_REG (R1, R0));
  /* r2: the frame; r3: the walk's frames */
  cg_depth_addr (g, R3, 0);
  cg_emit (g, LDX (BPF_DW, R3, R3, (int16_t) n_off));
  /* Linux 5.10 records the first pc twice: once less of it */
  asm_jmp_imm (&g->a, BPF_JLT, R3, 2, loop);
  cg_depth_addr (g, R0, 0);
  cg_emit (g, LDX (BPF_DW, R4, R0, 0));
  cg_emit (g, LDX (BPF_DW, R5, R0, 8));
  asm_jmp_reg (&g->a, BPF_JNE, R4, R5, loop);
  cg_emit (g, A64_IMM (BPF_ADD, R2, 1));
  asm_bind (&g->a, loop);
  asm_jmp_imm (&g->a, BPF_JGE, R2, KSKIP_WALK, done);
  asm_jmp_reg (&g->a, BPF_JGE, R2, R3, done);
  cg_depth_addr (g, R0, 0);
  cg_emit (g, MOV64_REG (R4, R2));
  cg_emit (g, A64_IMM (BPF_LSH, R4, 3));
  cg_emit (g, A64_REG (BPF_ADD, R0, R4));
  cg_emit (g, LDX (BPF_DW, R4, R0, 0));           /* the pc */
  asm_jmp_imm (&g->a, BPF_JSGE, R4, 0, done);     /* not a kernel address */
  search_ranges (g);
  cg_emit (g, A64_IMM (BPF_AND, R5, (int32_t) KSKIP_RANGES - 1));
  cg_emit (g, A64_IMM (BPF_LSH, R5, 4));
  cg_emit (g, A64_REG (BPF_ADD, R5, R1));
  cg_emit (g, LDX (BPF_DW, R0, R5, 0));
  asm_jmp_reg (&g->a, BPF_JLT, R4, R0, done);     /* below the range's start */
  cg_emit (g, LDX (BPF_DW, R0, R5, 8));
  asm_jmp_reg (&g->a, BPF_JGE, R4, R0, done);     /* past its end */
  cg_emit (g, A64_IMM (BPF_ADD, R2, 1));
  asm_ja (&g->a, loop);
  asm_bind (&g->a, done);
  cg_emit (g, MOV64_REG (R0, R2));
}

void
cg_stack_ctx (struct gen *g, int reg)
{
  if (g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN)
    cg_emit (g, LDX (BPF_DW, reg, R10, SLOT_CTX));
  else
    cg_emit (g, MOV64_REG (reg, R6));
}

void
cg_stack_flags (struct gen *g, bool user)
{
  if (!user && cg_kstack_skip_needed (g))
    {
      cg_kstack_skip (g);
      cg_emit (g, MOV64_REG (R4, R0));
    }
  else
    cg_emit (g, MOV64_IMM (R4, user ? BPF_F_USER_STACK : 0));
}
