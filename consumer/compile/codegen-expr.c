/* SPDX-License-Identifier: MIT */
/*
 * codegen-expr.c — D expressions to BPF (codegen-int.h): constants,
 * built-in variables, operators, stacks and symbols, uregs[], copyinstr(),
 * reads of variables.  The value ends in r0; binary operators keep the left
 * operand on the expression stack while the right one is computed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"

/* ustack(n) / stack(n) / usym(pc)...: fill a temporary with the pid, then
 * the capture's hash (ustack: codegen-ustack.c), the pcs (bpf_get_stack
 * zeroes what it does not fill; a kernel stack from the probed code on,
 * codegen-kstack.c) or the pc.  r0 = its address. */
/* Store SRC (or the constant 0 when SRC < 0) at scratch offset OFF.  The
 * stack temporaries follow the string temporaries, beyond the reach of an
 * instruction's 16-bit offset when strsize is large: their address is then
 * computed in r1. */
static void
store_scratch (struct gen *g, int src, unsigned off)
{
  int base = R7;
  if (off > INT16_MAX - 8)
    {
      cg_emit (g, MOV64_REG (R1, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
      base = R1;
      off = 0;
    }
  if (src >= 0)
    cg_emit (g, STX (BPF_DW, base, src, (int16_t) off));
  else
    cg_emit (g, ST_IMM (BPF_DW, base, (int16_t) off, 0));
}

static void
gen_stack_subr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  if (g->nstk >= g->cg->scratch.nstk)
    {
      cg_error (g, n, "statement uses too many stacks (at most %u stack( ), ustack( ) or usym( ) "
                "in one statement): split it into several statements", g->cg->scratch.nstk);
      return;
    }
  unsigned off = g->cg->scratch.stk_off + g->nstk++ * g->cg->scratch.stk_size;
  if (ni->subr == SUBR_USYM)
    {
      cg_expr (g, n->args[0]);
      store_scratch (g, R0, off + 8);
    }
  if (ni->type.kind != DT_KSTACK && !(ni->type.kind == DT_USYM && dsf_is_kernel (ni->type.size)))
    {
      /* user addresses belong to the process; kernel ones to no pid (one
       * aggregation key per pc, not per pc and process) */
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      store_scratch (g, R0, off);
    }
  else
    store_scratch (g, -1, off);
  if (ni->type.kind == DT_USTACK)
    cg_ustack_capture (g, off);
  else if (ni->subr != SUBR_USYM)
    {
      /* a kernel stack from the probed code on (codegen-kstack.c) */
      if (ni->type.kind == DT_KSTACK)
        cg_stack_flags (g, false);
      else
        cg_emit (g, MOV64_IMM (R4, 0));
      cg_stack_ctx (g, R1);
      cg_emit (g, MOV64_REG (R2, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R2, (int32_t) (off + 8)));
      cg_emit (g, MOV64_IMM (R3, 8 * (int32_t) ni->type.size));
      cg_emit (g, CALL (BPF_FUNC_get_stack));
    }
  cg_emit (g, MOV64_REG (R0, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) off));
}

/* r4 = the SIZE (BPF_B, BPF_DW) at r1 + r3, r5 = the one at r2 + r3 */
static void
load_both_at_r3 (struct gen *g, int size)
{
  cg_emit (g, MOV64_REG (R4, R1));
  cg_emit (g, A64_REG (BPF_ADD, R4, R3));
  cg_emit (g, LDX (size, R4, R4, 0));
  cg_emit (g, MOV64_REG (R5, R2));
  cg_emit (g, A64_REG (BPF_ADD, R5, R3));
  cg_emit (g, LDX (size, R5, R5, 0));
}

/* r0 = strcmp-like order of the strings at r1 and r2 (-1, 0, 1), bytes
 * unsigned.  Eight bytes at a time while they are equal and hold no NUL
 * (v - 0x01..01 & ~v & 0x80..80 is nonzero when a byte of v is 0), then
 * byte by byte within the word that differs or ends, and within the bytes
 * past the last whole word.  Each comparison thus leaves the verifier one
 * pending branch per word, not two per byte (a program comparing strings
 * a few dozen times ran into its limit of 8192 pending jumps). */
static void
string_compare (struct gen *g)
{
  int words = (int) (g->p->strsize / 8);
  int wloop = asm_label (&g->a), bytes = asm_label (&g->a), loop = asm_label (&g->a),
      diff = asm_label (&g->a), equal = asm_label (&g->a), done = asm_label (&g->a);
  cg_emit (g, MOV64_IMM (R3, 0));
  if (words > 0)
    {
      asm_bind (&g->a, wloop);
      load_both_at_r3 (g, BPF_DW);
      cg_emit (g, A64_REG (BPF_XOR, R5, R4));            /* r5: the bits that differ */
      asm_ld_imm64 (&g->a, R0, 0x0101010101010101ull);
      cg_emit (g, NEG64 (R0));
      cg_emit (g, A64_REG (BPF_ADD, R0, R4));            /* r0 = v - 0x01..01 */
      cg_emit (g, A64_IMM (BPF_XOR, R4, -1));
      cg_emit (g, A64_REG (BPF_AND, R0, R4));
      asm_ld_imm64 (&g->a, R4, 0x8080808080808080ull);
      cg_emit (g, A64_REG (BPF_AND, R0, R4));            /* nonzero: a NUL in the word */
      cg_emit (g, A64_REG (BPF_OR, R0, R5));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, bytes);
      cg_emit (g, A64_IMM (BPF_ADD, R3, 8));
      asm_jmp_imm (&g->a, BPF_JLT, R3, 8 * words, wloop);
    }
  /* byte by byte from r3, at most 8 bytes and never past strsize */
  asm_bind (&g->a, bytes);
  cg_emit (g, MOV64_REG (R0, R3));
  cg_emit (g, A64_IMM (BPF_ADD, R0, 8));
  {
    int capped = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JLE, R0, (int32_t) g->p->strsize, capped);
    cg_emit (g, MOV64_IMM (R0, (int32_t) g->p->strsize));
    asm_bind (&g->a, capped);
  }
  asm_jmp_reg (&g->a, BPF_JGE, R3, R0, equal);
  asm_bind (&g->a, loop);
  load_both_at_r3 (g, BPF_B);
  asm_jmp_reg (&g->a, BPF_JNE, R4, R5, diff);
  asm_jmp_imm (&g->a, BPF_JEQ, R4, 0, equal);
  cg_emit (g, A64_IMM (BPF_ADD, R3, 1));
  asm_jmp_reg (&g->a, BPF_JLT, R3, R0, loop);
  asm_bind (&g->a, equal);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_ja (&g->a, done);
  asm_bind (&g->a, diff);
  cg_emit (g, MOV64_IMM (R0, 1));
  asm_jmp_reg (&g->a, BPF_JGT, R4, R5, done);
  cg_emit (g, MOV64_IMM (R0, -1));
  asm_bind (&g->a, done);
}

/* execname: the comm of the thread-group leader (the process's name, what
 * /proc/PID/comm shows for the process), read through the current task's
 * group_leader pointer at the offsets the runtime found in the kernel's
 * BTF.  A failed read leaves the string empty. */
static void
gen_leader_comm (struct gen *g)
{
  const struct dtarget *t = &g->p->target;
  cg_str_temp (g);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, CALL (BPF_FUNC_get_current_task));
  cg_emit (g, MOV64_REG (R3, R0));
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) t->task_group_leader_off));
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, MOV64_IMM (R2, 8));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_TMP));
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) t->task_comm_off));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, MOV64_IMM (R2, 16));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
}

/* r0 = the SIZE (4 or 8) bytes at OFF in the current task_struct, or, when
 * DEREF, at OFF2 in the structure the pointer at OFF points to (ppid:
 * task->real_parent->tgid).  The kernel zeroes what a failed read reads,
 * so a failure gives 0.  OFF 0 (the kernel's BTF did not describe the
 * field): the error UNAVAILABLE at N, and r0 = 0. */
static void
gen_task_read (struct gen *g, const struct d_node *n, const char *unavailable,
               uint32_t off, bool deref, uint32_t off2, int size)
{
  if (!off)
    {
      cg_error (g, n, "%s", unavailable);
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, CALL (BPF_FUNC_get_current_task));
  cg_emit (g, MOV64_REG (R3, R0));
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) off));
  if (deref)
    {
      cg_emit (g, MOV64_REG (R1, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
      cg_emit (g, MOV64_IMM (R2, 8));
      cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_TMP));
      cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) off2));
    }
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, MOV64_IMM (R2, size));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  cg_emit (g, LDX (size == 4 ? BPF_W : BPF_DW, R0, R10, SLOT_TMP));
}

/* r0 = the upper (HIGH) or lower 32 bits of what helper FUNC returns
 * (pid_tgid: pid above, tid below; uid_gid: gid above, uid below). */
static void
call_half (struct gen *g, int func, bool high)
{
  cg_emit (g, CALL (func));
  if (high)
    cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
  else
    cg_emit (g, MOV32_REG (R0, R0));
}

static void
gen_builtin (struct gen *g, struct d_node *n, enum builtin b)
{
  unsigned ss = g->p->strsize;
  if (g->kind == PK_KERNEL && cg_kernel_builtin (g, n, b))
    return;
  if (b >= BI_ARG0 && b < BI_ARG0 + 12)
    {
      if (cg_kind_has_args (g->kind))
        {
          cg_load_arg (g, (unsigned) (b - BI_ARG0));
          /* args[N] typed narrower than a register (a C int parameter) */
          struct dtype t = ninfo (n)->type;
          if (t.kind == DT_INTEGER && t.size < 8)
            cg_normalize (g, R0, t);
        }
      else if ((g->kind == PK_ERROR && b - BI_ARG0 < 6) || (g->kind == PK_TICK && b - BI_ARG0 < 2))
        cg_emit (g, LDX (BPF_DW, R0, R6, (int16_t) (8 * (b - BI_ARG0))));   /* fault.c's, run_tick's */
      else
        cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  switch (b)
    {
    case BI_PID: call_half (g, BPF_FUNC_get_current_pid_tgid, true); return;
    case BI_TID: call_half (g, BPF_FUNC_get_current_pid_tgid, false); return;
    case BI_UID: call_half (g, BPF_FUNC_get_current_uid_gid, false); return;
    case BI_GID: call_half (g, BPF_FUNC_get_current_uid_gid, true); return;
    case BI_CPU:
      cg_emit (g, CALL (BPF_FUNC_get_smp_processor_id));
      return;
    case BI_CURTHREAD:
      cg_emit (g, CALL (BPF_FUNC_get_current_task));
      return;
    case BI_CALLER: case BI_STACKDEPTH: case BI_UCALLER: case BI_USTACKDEPTH:
      cg_stack_builtin (g, b);
      return;
    case BI_CHIP: case BI_LGRP: case BI_PSET: case BI_CURCPU:
      cg_cpu_builtin (g, b);
      return;
    case BI_TIMESTAMP:
      cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
      return;
    case BI_PPID:
      gen_task_read (g, n, "ppid is not available: the kernel's BTF does not describe task_struct's real_parent and tgid",
                     g->p->target.task_real_parent_off, true, g->p->target.task_tgid_off, 4);
      return;
    case BI_VTIMESTAMP:
      /* the thread's time on a CPU as the scheduler last accounted it
       * (se.sum_exec_runtime; doc/dtrace.1 says how precise that is) */
      gen_task_read (g, n, "vtimestamp is not available: the kernel's BTF does not describe task_struct's se.sum_exec_runtime",
                     g->p->target.task_exec_runtime_off, false, 0, 8);
      return;
    case BI_WALLTIMESTAMP:
      /* the wall clock: the monotonic clock plus the offset the runtime
       * measured (dprog.h struct dtarget) */
      cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
      asm_ld_imm64 (&g->a, R1, (uint64_t) g->p->target.walltime_offset_ns);
      cg_emit (g, A64_REG (BPF_ADD, R0, R1));
      return;
    case BI_EXECNAME:
      if (g->p->target.task_comm_off && g->p->target.task_group_leader_off)
        {
          gen_leader_comm (g);
          return;
        }
      __attribute__ ((fallthrough));   /* no task layout known: the thread's name */
    case BI_THREADNAME:
      cg_str_temp (g);
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
      cg_emit (g, MOV64_IMM (R2, 16));
      cg_emit (g, CALL (BPF_FUNC_get_current_comm));
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
      return;
    case BI_PROBEPROV: case BI_PROBEMOD: case BI_PROBEFUNC: case BI_PROBENAME:
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_PROBESTR));
      cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) ((b - BI_PROBEPROV) * ss)));
      return;
    case BI_ID:
    case BI_EPID:
      cg_emit (g, MOV64_REG (R0, R9));
      return;
    case BI_ERRNO:
      {
        /* syscall return: rax in [-4095, -1] is -errno; elsewhere 0 */
        cg_emit (g, MOV64_IMM (R0, 0));
        if (g->kind != PK_SYSCALL_RETURN)
          return;
        int zero = asm_label (&g->a), done = asm_label (&g->a);
        cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
        cg_emit (g, MOV64_REG (R1, R10));
        cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
        cg_emit (g, MOV64_IMM (R2, 8));
        cg_emit (g, MOV64_REG (R3, R6));
        cg_emit (g, A64_IMM (BPF_ADD, R3, 80));
        cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
        cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
        asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, zero);
        asm_jmp_imm (&g->a, BPF_JSLT, R0, -4095, zero);
        cg_emit (g, NEG64 (R0));
        asm_ja (&g->a, done);
        asm_bind (&g->a, zero);
        cg_emit (g, MOV64_IMM (R0, 0));
        asm_bind (&g->a, done);
        return;
      }
    default:
      cg_error (g, n, "the built-in variable '%s' is not supported yet", n->sval ? n->sval : "?");
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
}

/* Signed/unsigned division and remainder of r0 by r1 (r1 != 0 checked). */
void
cg_divide (struct gen *g, enum d_op op, bool is_signed)
{
  cg_fault_if (g, BPF_JEQ, R1, 0, FLT_DIVZERO, -1);
  int code = op == DOP_DIV ? BPF_DIV : BPF_MOD;
  if (!is_signed)
    {
      cg_emit (g, A64_REG (code, R0, R1));
      return;
    }
  /* sign of the result in r3; divide absolute values */
  int a_pos = asm_label (&g->a), b_pos = asm_label (&g->a), fix = asm_label (&g->a),
      done = asm_label (&g->a);
  cg_emit (g, MOV64_IMM (R3, 0));
  asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, a_pos);
  cg_emit (g, NEG64 (R0));
  cg_emit (g, A64_IMM (BPF_XOR, R3, 1));
  asm_bind (&g->a, a_pos);
  asm_jmp_imm (&g->a, BPF_JSGE, R1, 0, b_pos);
  cg_emit (g, NEG64 (R1));
  if (op == DOP_DIV)
    cg_emit (g, A64_IMM (BPF_XOR, R3, 1));
  asm_bind (&g->a, b_pos);
  cg_emit (g, A64_REG (code, R0, R1));
  asm_jmp_imm (&g->a, BPF_JNE, R3, 0, fix);
  asm_ja (&g->a, done);
  asm_bind (&g->a, fix);
  cg_emit (g, NEG64 (R0));
  asm_bind (&g->a, done);
}

bool
cg_arith (struct gen *g, enum d_op op, bool is_signed)
{
  switch (op)
    {
    case DOP_ADD: cg_emit (g, A64_REG (BPF_ADD, R0, R1)); break;
    case DOP_SUB: cg_emit (g, A64_REG (BPF_SUB, R0, R1)); break;
    case DOP_MUL: cg_emit (g, A64_REG (BPF_MUL, R0, R1)); break;
    case DOP_DIV: case DOP_MOD: cg_divide (g, op, is_signed); break;
    case DOP_SHL: cg_emit (g, A64_IMM (BPF_AND, R1, 63)); cg_emit (g, A64_REG (BPF_LSH, R0, R1)); break;
    case DOP_SHR:
      cg_emit (g, A64_IMM (BPF_AND, R1, 63));
      cg_emit (g, A64_REG (is_signed ? BPF_ARSH : BPF_RSH, R0, R1));
      break;
    case DOP_BITAND: cg_emit (g, A64_REG (BPF_AND, R0, R1)); break;
    case DOP_BITOR: cg_emit (g, A64_REG (BPF_OR, R0, R1)); break;
    case DOP_BITXOR: cg_emit (g, A64_REG (BPF_XOR, R0, R1)); break;
    default: return false;
    }
  return true;
}

/* The jump that is taken when comparison N (DOP_EQ..DOP_GE) is true of
 * r0 and r1 (strings: of their order and 0); signed when both operands
 * are (or both are narrower than 64 bits and neither an unsigned int). */
static int
compare_jump_op (struct d_node *n)
{
  struct ninfo *ai = ninfo (n->a);
  struct dtype ct = ai->type.kind == DT_STRING ? (struct dtype) { DT_INTEGER, 8, true, false, NULL }
                    : ninfo (n->b)->type;
  bool sgn = ai->type.kind == DT_STRING
             || (ai->type.is_signed && ct.is_signed)
             || (ai->type.size < 8 && ct.size < 8 && !(ai->type.size == 4 && !ai->type.is_signed)
                 && !(ct.size == 4 && !ct.is_signed));
  switch (n->op)
    {
    case DOP_EQ: return BPF_JEQ;
    case DOP_NE: return BPF_JNE;
    case DOP_LT: return sgn ? BPF_JSLT : BPF_JLT;
    case DOP_LE: return sgn ? BPF_JSLE : BPF_JLE;
    case DOP_GT: return sgn ? BPF_JSGT : BPF_JGT;
    default: return sgn ? BPF_JSGE : BPF_JGE;
    }
}

/* The jump taken when OP (a compare_jump_op) is false. */
static int
negated_jump_op (int op)
{
  switch (op)
    {
    case BPF_JEQ: return BPF_JNE;
    case BPF_JNE: return BPF_JEQ;
    case BPF_JLT: return BPF_JGE;
    case BPF_JGE: return BPF_JLT;
    case BPF_JLE: return BPF_JGT;
    case BPF_JGT: return BPF_JLE;
    case BPF_JSLT: return BPF_JSGE;
    case BPF_JSGE: return BPF_JSLT;
    case BPF_JSLE: return BPF_JSGT;
    default: return BPF_JSLE;   /* BPF_JSGT */
    }
}

/* Jump to LABEL when condition N is false (a predicate, if, ?:, &&): an
 * integer comparison with a constant that fits an instruction's
 * immediate is one compare-and-jump, a && b two such; anything else is
 * evaluated into r0 and tested. */
void
cg_branch_false (struct gen *g, struct d_node *n, int label)
{
  struct ninfo *ni = ninfo (n);
  if (!ni->is_const && n->kind == DN_BINARY && n->op == DOP_LAND)
    {
      cg_branch_false (g, n->a, label);
      cg_branch_false (g, n->b, label);
      return;
    }
  if (!ni->is_const && n->kind == DN_BINARY && n->op >= DOP_EQ && n->op <= DOP_GE
      && ninfo (n->a)->type.kind != DT_STRING && ninfo (n->b)->type.kind != DT_STRING
      && ninfo (n->b)->is_const && ninfo (n->b)->value >= INT32_MIN && ninfo (n->b)->value <= INT32_MAX)
    {
      cg_expr (g, n->a);
      asm_jmp_imm (&g->a, negated_jump_op (compare_jump_op (n)), R0, (int32_t) ninfo (n->b)->value, label);
      return;
    }
  cg_expr (g, n);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, label);
}

static void
gen_binary (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n), *ai = ninfo (n->a);
  if (n->op == DOP_LAND || n->op == DOP_LOR)
    {
      int done = asm_label (&g->a), shortcut = asm_label (&g->a);
      cg_expr (g, n->a);
      asm_jmp_imm (&g->a, n->op == DOP_LAND ? BPF_JEQ : BPF_JNE, R0, 0, shortcut);
      cg_expr (g, n->b);
      int t = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, t);
      cg_emit (g, MOV64_IMM (R0, 0));
      asm_ja (&g->a, done);
      asm_bind (&g->a, t);
      cg_emit (g, MOV64_IMM (R0, 1));
      asm_ja (&g->a, done);
      asm_bind (&g->a, shortcut);
      cg_emit (g, MOV64_IMM (R0, n->op == DOP_LAND ? 0 : 1));
      asm_bind (&g->a, done);
      return;
    }
  unsigned nstr = g->nstr;
  cg_expr (g, n->a);
  cg_push (g);
  cg_expr (g, n->b);
  cg_emit (g, MOV64_REG (R1, R0));
  cg_pop (g, R0);

  bool cmp = n->op >= DOP_EQ && n->op <= DOP_GE;
  if (ai->type.kind == DT_STRING)
    {
      cg_emit (g, MOV64_REG (R2, R1));
      cg_emit (g, MOV64_REG (R1, R0));
      string_compare (g);
      cg_emit (g, MOV64_IMM (R1, 0));
      /* the result is an integer: the operands' string temporaries are
       * free again (a chain of comparisons of strjoin()s fits) */
      g->nstr = nstr;
    }
  if (cmp)
    {
      int op = compare_jump_op (n);
      int t = asm_label (&g->a), done = asm_label (&g->a);
      asm_jmp_reg (&g->a, op, R0, R1, t);
      cg_emit (g, MOV64_IMM (R0, 0));
      asm_ja (&g->a, done);
      asm_bind (&g->a, t);
      cg_emit (g, MOV64_IMM (R0, 1));
      asm_bind (&g->a, done);
      return;
    }
  if (n->op == DOP_LXOR)
    {
      /* !a != !b */
      int a0 = asm_label (&g->a), b0 = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, a0);
      cg_emit (g, MOV64_IMM (R0, 1));
      asm_bind (&g->a, a0);
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, b0);
      cg_emit (g, MOV64_IMM (R1, 1));
      asm_bind (&g->a, b0);
      cg_emit (g, A64_REG (BPF_XOR, R0, R1));
    }
  else if (!cg_arith (g, n->op, ni->type.is_signed))
    cg_error (g, n, "operator not supported");
  /* no narrowing: as in DTrace, integer arithmetic runs on 64-bit
   * registers, and a value is cut to its type where it is cast, stored
   * in a declared variable or memory, recorded or made a key */
}

/* The struct pt_regs offset of uregs[] index I (checker.h
 * checker_register_constant's numbering), or -1: not kept there. */
static int
uregs_offset (const struct gen *g, int64_t i)
{
  if (g->p->target.machine == DT_AARCH64)
    return i >= 0 && i <= 33 ? (int) i * 8 : -1;   /* struct user_pt_regs */
  static const struct { int index; int16_t offset; } alias[] = {
    { 25, 40 }, { 26, 88 }, { 27, 96 }, { 28, 104 }, { 29, 112 }, { 30, 32 }, { 31, 80 },
    { 37, 128 }, { 39, 144 }, { 40, 152 },
  };
  if (i >= 0 && i <= 20)
    return (int) i * 8;
  for (size_t k = 0; k < sizeof alias / sizeof alias[0]; k++)
    if (alias[k].index == i)
      return alias[k].offset;
  return -1;
}

/* uregs[i]: the firing thread's user register i, from the struct pt_regs
 * the probe has: a uprobe's context and a profile sample's (loaded at
 * constant context offsets, which the kernel translates), a syscall's saved
 * registers (a kernel pointer: read).  A profile sample taken in the
 * kernel, BEGIN, tick and registers pt_regs does not keep give 0. */
static void
gen_uregs (struct gen *g, struct d_node *n)
{
  bool direct = cg_kind_uprobe (g->kind) || g->kind == PK_PROFILE;
  bool syscall = g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN;
  struct ninfo *k = ninfo (n->args[0]);
  cg_expr (g, n->args[0]);
  if (!direct && !syscall)
    {
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  if (k->is_const && uregs_offset (g, k->value) < 0)
    {
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  if (k->is_const && g->kind != PK_PROFILE)
    {
      /* the common case: one register, one load */
      int off = uregs_offset (g, k->value);
      if (direct)
        cg_emit (g, LDX (BPF_DW, R0, R6, (int16_t) off));
      else
        {
          cg_emit (g, MOV64_IMM (R3, off));
          cg_read_reg_at_r3 (g);
        }
      return;
    }
  int zero = asm_label (&g->a), done = asm_label (&g->a);
  if (g->kind == PK_PROFILE)
    {
      /* the sample's registers are the user's only when it hit user mode
       * (x86-64: cs & 3 set; aarch64: pstate's level and stack bits clear) */
      bool a64 = g->p->target.machine == DT_AARCH64;
      cg_emit (g, LDX (BPF_DW, R1, R6, a64 ? 264 : 136));
      cg_emit (g, A64_IMM (BPF_AND, R1, a64 ? 0xf : 3));
      asm_jmp_imm (&g->a, a64 ? BPF_JNE : BPF_JEQ, R1, 0, zero);
    }
  for (int64_t i = 0; i <= 40; i++)
    {
      int off = uregs_offset (g, i);
      if (off < 0 || (k->is_const && k->value != i))
        continue;
      int next = asm_label (&g->a);
      if (!k->is_const)
        asm_jmp_imm (&g->a, BPF_JNE, R0, (int32_t) i, next);
      if (direct)
        cg_emit (g, LDX (BPF_DW, R0, R6, (int16_t) off));
      else
        {
          cg_emit (g, MOV64_IMM (R3, off));
          cg_read_reg_at_r3 (g);
        }
      asm_ja (&g->a, done);
      asm_bind (&g->a, next);
    }
  asm_bind (&g->a, zero);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, done);
}

/* copyinstr(addr [, maxlen]): the user string into a string temporary
 * (sleepable programs fault its pages in); an unreadable address faults.
 * r0 = the temporary. */
static void
gen_copyinstr (struct gen *g, struct d_node *n)
{
  cg_expr (g, n->args[0]);
  cg_push (g);
  if (n->nargs == 2)
    {
      cg_expr (g, n->args[1]);
      cg_push (g);
    }
  unsigned off = cg_str_temp (g);
  (void) off;
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  if (n->nargs == 2)
    {
      cg_pop (g, R2);
      int lim = asm_label (&g->a), ok = asm_label (&g->a);
      cg_emit (g, A64_IMM (BPF_ADD, R2, 1));
      asm_jmp_imm (&g->a, BPF_JLE, R2, (int32_t) g->p->strsize, ok);
      asm_bind (&g->a, lim);
      cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
      asm_bind (&g->a, ok);
      int nz = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R2, 0, nz);
      cg_emit (g, MOV64_IMM (R2, 1));
      asm_bind (&g->a, nz);
    }
  else
    cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  cg_pop (g, R3);
  if (cg_sleepable (g))
    {
      /* keep size and address for the retries */
      cg_emit (g, STX (BPF_DW, R10, R2, SLOT_TMP));
      cg_emit (g, MOV64_REG (R0, R3));
      int addr_slot = cg_push (g);
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      cg_emit (g, CALL (BPF_FUNC_probe_read_user_str));
      int done = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, done);
      /* the string's page(s) are not present: fault them in, retry */
      for (int page = 0; page < 2; page++)
        {
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
          cg_emit (g, MOV64_IMM (R2, 1));
          cg_emit (g, LDX (BPF_DW, R3, R10, (int16_t) addr_slot));
          if (page)
            {
              cg_emit (g, A64_IMM (BPF_OR, R3, 4095));
              cg_emit (g, A64_IMM (BPF_ADD, R3, 1));
            }
          cg_emit (g, CALL (BPF_FUNC_copy_from_user));
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
          cg_emit (g, LDX (BPF_DW, R2, R10, SLOT_TMP));
          asm_jmp_imm (&g->a, BPF_JGT, R2, (int32_t) g->p->strsize, done);
          asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, done);
          cg_emit (g, LDX (BPF_DW, R3, R10, (int16_t) addr_slot));
          cg_emit (g, CALL (BPF_FUNC_probe_read_user_str));
          asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, done);
        }
      asm_bind (&g->a, done);
      g->depth--;
    }
  else
    {
      cg_emit (g, MOV64_REG (R0, R3));
      cg_push (g);
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      cg_emit (g, CALL (BPF_FUNC_probe_read_user_str));
      g->depth--;
    }
  /* still unreadable: an invalid address (the address is in the
   * slot just above the expression stack) */
  cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) (SLOT_FIRST - 8 * g->depth)));
  cg_fault_if (g, BPF_JSLT, R0, 0, FLT_BADADDR, R1);
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
}

/* A subroutine call: r0 = its value. */
static void
gen_call (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  if (cgstr_is_string_subr (ni->subr))
    {
      cgstr_gen (g, n);
      return;
    }
  if (ni->subr == SUBR_USTACK || ni->subr == SUBR_STACK || ni->subr == SUBR_USYM)
    {
      gen_stack_subr (g, n);
      return;
    }
  if (ni->subr == SUBR_RAND)
    {
      cg_emit (g, CALL (BPF_FUNC_get_prandom_u32));
      cg_normalize (g, R0, ni->type);
      return;
    }
  if (ni->subr == SUBR_BSWAP16 || ni->subr == SUBR_BSWAP32 || ni->subr == SUBR_BSWAP64)
    {
      cg_expr (g, n->args[0]);
      int bits = ni->subr == SUBR_BSWAP16 ? 16 : ni->subr == SUBR_BSWAP32 ? 32 : 64;
      cg_emit (g, BPF_INSN (BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, bits));
      return;
    }
  if (ni->subr == SUBR_COPYINSTR)
    {
      gen_copyinstr (g, n);
      return;
    }
  if (ni->subr == SUBR_PROGENYOF)
    {
      cg_progenyof (g, n);
      return;
    }
  if (ni->subr == SUBR_PSARGS)
    {
      cg_psargs (g, n);
      return;
    }
  if (ni->subr == SUBR_DPATH)
    {
      cg_d_path (g, n);
      return;
    }
  if (ni->subr == SUBR_UWORD)
    {
      cg_uword (g, n);
      return;
    }
  if (ni->subr == SUBR_SPECULATION)
    {
      cg_speculation (g);
      return;
    }
  cg_error (g, n, "function not supported");
}

/* stringof (ADDR) of an integer or a user pointer: the string at that
 * address, as Oracle's DTrace reads it: from the kernel's half of the
 * address space (the top bit set, on x86-64 and arm64 alike) with
 * bpf_probe_read_kernel_str, from the process's with
 * bpf_probe_read_user_str; an unreadable address gives "" (both helpers
 * fault safely and clear the buffer). */
static void
gen_stringof_address (struct gen *g, struct d_node *addr)
{
  int kernel = asm_label (&g->a), done = asm_label (&g->a);
  cg_expr (g, addr);
  cg_push (g);
  cg_str_temp (g);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, MOV64_REG (R1, R0));
  cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  cg_pop (g, R3);
  asm_jmp_imm (&g->a, BPF_JSLT, R3, 0, kernel);
  cg_emit (g, CALL (BPF_FUNC_probe_read_user_str));
  asm_ja (&g->a, done);
  asm_bind (&g->a, kernel);
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
  asm_bind (&g->a, done);
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
}

static void
gen_expr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  if (ni->is_const)
    {
      cg_mov_imm (g, R0, ni->value);
      return;
    }
  if (ni->strconst && ni->type.kind == DT_STRING)
    {
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_STRCONST));
      cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) codegen_strconst_offset (g->cg, ni->strconst)));
      return;
    }
  if (ni->mem && (n->kind == DN_MEMBER || (n->kind == DN_INDEX && !n->sval)
                  || (n->kind == DN_UNARY && n->op == DOP_DEREF)))
    {
      cg_mem_expr (g, n);           /* members, elements, pointees */
      return;
    }
  if (ni->scaled)
    {
      cg_pointer_arith (g, n);
      return;
    }
  if (ni->addr_of)
    {
      cg_addr_of (g, n);
      return;
    }
  switch (n->kind)
    {
    case DN_IDENT:
      if (ni->builtin)
        {
          gen_builtin (g, n, ni->builtin);
          return;
        }
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_GLOBALS));
      if (ni->var->type.kind == DT_STRING || ni->var->type.kind == DT_OBJECT)
        cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) ni->var->offset));
      else
        cg_emit (g, LDX (BPF_DW, R0, R0, (int16_t) ni->var->offset));
      return;
    case DN_THIS:
      if (ni->var->type.kind == DT_STRING || ni->var->type.kind == DT_OBJECT)
        {
          cg_emit (g, MOV64_REG (R0, R7));
          cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) (g->cg->scratch.this_off + ni->var->offset)));
        }
      else
        cg_emit (g, LDX (BPF_DW, R0, R7, (int16_t) (g->cg->scratch.this_off + ni->var->offset)));
      return;
    case DN_INDEX:
      if (ni->builtin == BI_UREGS)
        {
          gen_uregs (g, n);
          return;
        }
      if (ni->builtin)
        {
          gen_builtin (g, n, ni->builtin);     /* args[N] */
          return;
        }
      if (!n->sval && !ni->var)
        {
          /* ((T *) bytes)[k]: the checker made k a constant within strsize */
          cg_expr (g, n->a);
          int64_t k = ninfo (n->args[0])->value;
          cg_emit (g, LDX ((uint8_t) asm_size_code (ni->type.size), R0, R0, (int16_t) (k * (int64_t) ni->elem_size)));
          cg_normalize (g, R0, ni->type);
          return;
        }
      cg_load_map_var (g, n, ni->var);
      return;
    case DN_SELF:
      cg_load_map_var (g, n, ni->var);
      return;
    case DN_CALL:
      gen_call (g, n);
      return;
    case DN_STRINGOF:
      if (ninfo (n->a)->type.kind == DT_STRING)
        {
          cg_expr (g, n->a);
          return;
        }
      {
        /* a kernel pointer (the kernel's BTF types, curthread, fbt args[]):
         * the string there, read with bpf_probe_read_kernel_str */
        const struct ctype *pt = ninfo (n->a)->type.ctype ? ctype_resolve (ninfo (n->a)->type.ctype) : NULL;
        if (pt && pt->kind == CT_POINTER && !pt->userland)
          {
            cg_expr (g, n->a);
            cg_push (g);
            cg_str_temp (g);
            cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
            cg_emit (g, MOV64_REG (R1, R0));
            cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
            cg_pop (g, R3);
            cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
            cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
            return;
          }
      }
      gen_stringof_address (g, n->a);
      return;
    case DN_UNARY:
      cg_expr (g, n->a);
      switch (n->op)
        {
        case DOP_NEG: cg_emit (g, NEG64 (R0)); break;
        case DOP_BITNOT: cg_emit (g, A64_IMM (BPF_XOR, R0, -1)); break;
        case DOP_DEREF:
          /* *(T *) bytes: the first T of copied-in or alloca() memory */
          cg_emit (g, LDX ((uint8_t) asm_size_code (ni->type.size), R0, R0, 0));
          break;
        case DOP_NOT:
          {
            int z = asm_label (&g->a), done = asm_label (&g->a);
            asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, z);
            cg_emit (g, MOV64_IMM (R0, 0));
            asm_ja (&g->a, done);
            asm_bind (&g->a, z);
            cg_emit (g, MOV64_IMM (R0, 1));
            asm_bind (&g->a, done);
            break;
          }
        default: break;
        }
      cg_normalize (g, R0, ni->type);
      return;
    case DN_BINARY:
      gen_binary (g, n);
      return;
    case DN_TERNARY:
      {
        int els = asm_label (&g->a), done = asm_label (&g->a);
        cg_expr (g, n->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, els);
        cg_expr (g, n->b);
        if (ni->type.kind == DT_INTEGER)
          cg_normalize (g, R0, ni->type);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        cg_expr (g, n->c);
        if (ni->type.kind == DT_INTEGER)
          cg_normalize (g, R0, ni->type);
        asm_bind (&g->a, done);
        return;
      }
    case DN_CAST:
      cg_expr (g, n->a);
      if (ni->type.kind == DT_INTEGER)
        cg_normalize (g, R0, ni->type);    /* (T *) bytes: the address itself */
      return;
    case DN_ASSIGN:
      cg_assign (g, n, true);
      return;
    case DN_INCDEC:
      cg_incdec (g, n, true);
      return;
    default:
      cg_error (g, n, "expression not supported");
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
}

void
cg_expr (struct gen *g, struct d_node *n)
{
  const struct d_node *outer = g->where;
  if (n->loc.line > 0)
    g->where = n;               /* errors with no node of their own are here */
  gen_expr (g, n);
  g->where = outer;
}
