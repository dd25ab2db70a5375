/* SPDX-License-Identifier: MIT */
/*
 * codegen-library.c — subroutines of DTrace's process model that D
 * cannot write for itself (no loops, no read that cannot fault):
 * progenyof(pid), the argument string the built-in library's psinfo_t
 * translator gives pr_psargs (checker-prelude.c calls it
 * `__psargs (mm->arg_start, mm->arg_end)`), and the user word its pr_argc
 * is (`__uword (mm->start_stack)`: 0 when unreadable, where copyin()
 * would fault the clause).
 *
 * Both are straight-line code: the walk up the process tree is unrolled
 * to PROGENY_DEPTH ancestors, the NUL-to-space pass to the bytes
 * pr_psargs can hold, so every kernel's verifier takes them without
 * loops.  Kernel memory is read with bpf_probe_read_kernel (a failed read
 * gives 0 and ends the walk), the arguments with bpf_probe_read_user (a
 * failure gives the empty string).
 */
#include "consumer/compile/codegen-int.h"

/* How far progenyof() looks up the tree (deeper ancestors are not found). */
#define PROGENY_DEPTH 64
/* pr_psargs holds 80 bytes (Solaris's PRARGSZ): 79 characters and a NUL. */
#define PSARGS_MAX 79

/* progenyof(pid): 1 when the current process is PID or descends from it
 * (its real_parent chain, up to PROGENY_DEPTH), else 0. */
void
cg_progenyof (struct gen *g, struct d_node *n)
{
  const struct dtarget *t = &g->p->target;
  if (!t->task_tgid_off || !t->task_real_parent_off)
    {
      cg_error (g, n, "progenyof( ) is not available: the kernel's BTF does not describe "
                "task_struct's real_parent and tgid");
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  cg_expr (g, n->args[0]);
  cg_emit (g, MOV32_REG (R0, R0));      /* a pid_t: its 32 bits */
  int pid_slot = cg_push (g);
  cg_emit (g, CALL (BPF_FUNC_get_current_task));
  int task_slot = cg_push (g);
  int yes = asm_label (&g->a), no = asm_label (&g->a), end = asm_label (&g->a);
  for (int i = 0; i < PROGENY_DEPTH; i++)
    {
      cg_emit (g, LDX (BPF_DW, R3, R10, (int16_t) task_slot));
      cg_kread (g, R3, t->task_tgid_off, 4);
      cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) pid_slot));
      asm_jmp_reg (&g->a, BPF_JEQ, R0, R1, yes);
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, no);   /* the idle task: the top */
      cg_emit (g, LDX (BPF_DW, R3, R10, (int16_t) task_slot));
      cg_kread (g, R3, t->task_real_parent_off, 8);
      cg_emit (g, STX (BPF_DW, R10, R0, (int16_t) task_slot));
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, no);
    }
  asm_bind (&g->a, no);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_ja (&g->a, end);
  asm_bind (&g->a, yes);
  cg_emit (g, MOV64_IMM (R0, 1));
  asm_bind (&g->a, end);
  cg_pop (g, R1);
  cg_pop (g, R1);
}

/* __psargs(start, end): the user bytes [start, end), at most PSARGS_MAX
 * (and strsize - 1), into a string temporary, each NUL but the last a
 * space: "argv[0] argv[1] ...".  r0 = the temporary. */
void
cg_psargs (struct gen *g, struct d_node *n)
{
  unsigned max = g->p->strsize - 1 < PSARGS_MAX ? g->p->strsize - 1 : PSARGS_MAX;
  cg_expr (g, n->args[0]);
  cg_push (g);
  cg_expr (g, n->args[1]);
  cg_push (g);
  cg_str_temp (g);                       /* zeroed: the empty string */
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_pop (g, R2);                        /* end */
  cg_pop (g, R3);                        /* start */
  int done = asm_label (&g->a), clamp = asm_label (&g->a);
  cg_emit (g, A64_REG (BPF_SUB, R2, R3));
  asm_jmp_imm (&g->a, BPF_JSLE, R2, 0, done);
  asm_jmp_imm (&g->a, BPF_JLE, R2, (int32_t) max, clamp);
  cg_emit (g, MOV64_IMM (R2, (int32_t) max));
  asm_bind (&g->a, clamp);
  cg_emit (g, STX (BPF_DW, R10, R2, SLOT_TMP));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, CALL (BPF_FUNC_probe_read_user));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, done);  /* unreadable: the bytes are zeroed */
  cg_emit (g, LDX (BPF_DW, R2, R10, SLOT_TMP));
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
  for (unsigned i = 0; i + 1 < max; i++)
    {
      int next = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JLE, R2, (int32_t) (i + 1), done);   /* byte i is the last */
      cg_emit (g, LDX (BPF_B, R1, R3, (int16_t) i));
      asm_jmp_imm (&g->a, BPF_JNE, R1, 0, next);
      cg_emit (g, ST_IMM (BPF_B, R3, (int16_t) i, ' '));
      asm_bind (&g->a, next);
    }
  asm_bind (&g->a, done);
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
}

/* r0 = the 8 bytes of user memory at r3, 0 when unreadable. */
void
cg_uread8 (struct gen *g)
{
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, MOV64_IMM (R2, 8));
  cg_emit (g, CALL (BPF_FUNC_probe_read_user));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
}

/* __uword(addr): the 8 bytes of user memory at ADDR, 0 when unreadable. */
void
cg_uword (struct gen *g, struct d_node *n)
{
  cg_expr (g, n->args[0]);
  cg_emit (g, MOV64_REG (R3, R0));
  cg_uread8 (g);
}
