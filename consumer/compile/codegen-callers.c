/* SPDX-License-Identifier: MIT */
/*
 * codegen-callers.c — the built-in variables read off a stack (checker.h
 * BI_CALLER..BI_USTACKDEPTH): caller and ucaller, the second pc of the
 * kernel's or the user's stack, and stackdepth and ustackdepth, how many
 * frames it has.
 *
 * Both come from the same bpf_get_stack() walk that stack() records
 * (codegen-expr.c gen_stack_subr), from the same context and with the
 * same leading frames of the tracing machinery skipped (codegen-kstack.c),
 * so that they agree with what stack() prints: caller is the frame
 * stack(2) prints second (the first is the probed code's own pc),
 * stackdepth the number of frames stack() prints at its deepest (at most
 * STACK_MAX_FRAMES less the frames skipped).  Where
 * the walk finds no such frame (a USDT or pid probe has no kernel stack;
 * a helper error) the value is 0.  The user's stack is the kernel's
 * frame-pointer walk: in programs built without frame pointers ucaller
 * and ustackdepth are what that walk finds, which ustack() (unwound
 * through DWARF CFI by the consumer) does not share.
 *
 * The walk is written to a buffer of its own in the scratch area
 * (codegen.h scratch_layout.depth_off), only in programs that use them.
 */
#include "consumer/compile/codegen-int.h"

void
cg_stack_builtin (struct gen *g, enum builtin b)
{
  bool user = b == BI_UCALLER || b == BI_USTACKDEPTH;
  bool depth = b == BI_STACKDEPTH || b == BI_USTACKDEPTH;
  int none = asm_label (&g->a), done = asm_label (&g->a);
  /* the kernel's from the probed code on, as stack() (codegen-kstack.c) */
  cg_stack_flags (g, user);
  cg_stack_ctx (g, R1);
  cg_depth_addr (g, R2, 0);
  /* caller needs two frames only: the walk stops there */
  cg_emit (g, MOV64_IMM (R3, depth ? (int32_t) g->cg->scratch.depth_size : 16));
  cg_emit (g, CALL (BPF_FUNC_get_stack));   /* bytes written, or -errno */
  if (depth)
    {
      asm_jmp_imm (&g->a, BPF_JSLT, R0, 0, none);
      cg_emit (g, A64_IMM (BPF_RSH, R0, 3));
      asm_ja (&g->a, done);
    }
  else
    {
      asm_jmp_imm (&g->a, BPF_JSLT, R0, 16, none);
      cg_depth_addr (g, R1, 0);
      cg_emit (g, LDX (BPF_DW, R0, R1, 8));
      asm_ja (&g->a, done);
    }
  asm_bind (&g->a, none);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, done);
}
