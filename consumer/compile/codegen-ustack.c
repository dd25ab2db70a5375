/* SPDX-License-Identifier: MIT */
/*
 * codegen-ustack.c — ustack() in the kernel: capture what the consumer's
 * unwinder needs (doc/unwinding.md), not the stack itself.
 *
 * Distributions build without frame pointers, so the kernel's frame-pointer
 * walk (bpf_get_stack) gives one real frame and then garbage.  Instead the
 * program copies the thread's user registers (the struct pt_regs the kernel
 * saved on entry, reached through bpf_task_pt_regs so that syscall and
 * profile probes taken in the kernel see the user's registers too) and up to
 * -x ustackbytes of the user stack from %rsp, a page at a time so that the
 * copy stops cleanly at the stack's top (the first unreadable page).  The
 * capture goes to MAP_USTACKS under (pid, 64-bit hash of the capture); the
 * record or aggregation key holds only that pair, and the consumer unwinds
 * it through DWARF CFI.  Identical captures share one entry; captures that
 * differ only in bytes the unwinder ignores unwind to the same pcs, and the
 * consumer merges such keys (output.c).
 *
 * The copy and the hash run over a bounded length the verifier can see:
 * every length is re-checked against ustackbytes before it is used, and the
 * scratch area keeps one page of slack after the copy so that a read of at
 * most one page at any checked offset stays inside it.
 */
#include "consumer/compile/codegen-int.h"

#define PAGE 4096

unsigned
cg_ustack_bytes (const struct dprog *p)
{
  return p->ustackbytes ? p->ustackbytes : USTACK_BYTES_DEFAULT;
}

/* r1 = r7 + the capture's scratch offset + ADD. */
static void
capture_addr (struct gen *g, int reg, unsigned add)
{
  cg_emit (g, MOV64_REG (reg, R7));
  cg_emit (g, A64_IMM (BPF_ADD, reg, (int32_t) (cg_ctx (g)->scratch.ucap_off + add)));
}

/* The user registers, into the capture's header; length 0. */
static void
capture_regs (struct gen *g)
{
  /* aarch64: the registers from x13 on (abi.h) */
  int16_t from = g->p->target.machine == DT_AARCH64 ? USTACK_A64_REGS_FROM : 0;
  if (!g->p->target.no_task_pt_regs)
    {
      cg_emit (g, CALL (BPF_FUNC_get_current_task_btf));
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, CALL (BPF_FUNC_task_pt_regs));
      cg_emit (g, MOV64_REG (R3, R0));
    }
  else if (g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN)
    cg_emit (g, LDX (BPF_DW, R3, R6, 0));   /* sys_enter/sys_exit: args[0] is the user's pt_regs */
  else if (g->kind == PK_PROFILE || from)
    {
      /* the sample's registers, field by field through the context (the
       * verifier rewrites each load): the user's when the sample
       * interrupted user code; in the kernel the unwinder finds no user
       * frame in them */
      capture_addr (g, R1, 0);
      for (int16_t off = 0; off < USTACK_REGS_SIZE; off += 8)
        {
          cg_emit (g, LDX (BPF_DW, R2, R6, (int16_t) (from + off)));
          cg_emit (g, STX (BPF_DW, R1, R2, off));
        }
      cg_emit (g, ST_IMM (BPF_DW, R1, USTACK_LEN_OFF, 0));
      return;
    }
  else if (g->kind == PK_KERNEL)
    cg_emit (g, MOV64_IMM (R3, 0));         /* a tracepoint: no user registers at hand
                                               before 5.15 (the read fails: zeroes, no frame) */
  else
    cg_emit (g, MOV64_REG (R3, R6));        /* uprobes: the context is the user's registers */
  if (from)
    cg_emit (g, A64_IMM (BPF_ADD, R3, from));
  capture_addr (g, R1, 0);
  cg_emit (g, MOV64_IMM (R2, USTACK_REGS_SIZE));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  capture_addr (g, R1, 0);
  cg_emit (g, ST_IMM (BPF_DW, R1, USTACK_LEN_OFF, 0));
}

/* The stack, one page-bounded read per step, until N bytes or a fault. */
static void
capture_stack (struct gen *g, unsigned n, int done)
{
  for (unsigned step = 0; step <= n / PAGE; step++)
    {
      capture_addr (g, R1, 0);
      cg_emit (g, LDX (BPF_DW, R2, R1, USTACK_LEN_OFF));          /* copied so far */
      asm_jmp_imm (cg_asm (g), BPF_JGE, R2, (int32_t) n, done);
      cg_emit (g, LDX (BPF_DW, R3, R1, g->p->target.machine == DT_AARCH64 ? USTACK_A64_SP
                                                                          : USTACK_PTREGS_RSP));
      cg_emit (g, A64_REG (BPF_ADD, R3, R2));                    /* source: rsp + len */
      /* this step: to the source's page end, and no further than n */
      cg_emit (g, MOV64_REG (R4, R3));
      cg_emit (g, A64_IMM (BPF_AND, R4, PAGE - 1));
      cg_emit (g, MOV64_IMM (R5, PAGE));
      cg_emit (g, A64_REG (BPF_SUB, R5, R4));
      cg_emit (g, MOV64_IMM (R4, (int32_t) n));
      cg_emit (g, A64_REG (BPF_SUB, R4, R2));
      int small = asm_label (cg_asm (g));
      asm_jmp_reg (cg_asm (g), BPF_JLE, R5, R4, small);
      cg_emit (g, MOV64_REG (R5, R4));
      asm_bind (cg_asm (g), small);
      asm_jmp_imm (cg_asm (g), BPF_JGT, R5, PAGE, done);
      asm_jmp_imm (cg_asm (g), BPF_JEQ, R5, 0, done);
      cg_emit (g, MOV64_REG (R0, R5));
      cg_push (g);
      capture_addr (g, R1, USTACK_HDR_SIZE);
      cg_emit (g, A64_REG (BPF_ADD, R1, R2));                    /* destination */
      cg_emit (g, MOV64_REG (R2, R5));
      cg_emit (g, CALL (BPF_FUNC_probe_read_user));
      cg_pop (g, R3);
      asm_jmp_imm (cg_asm (g), BPF_JNE, R0, 0, done);
      capture_addr (g, R1, 0);
      cg_emit (g, LDX (BPF_DW, R2, R1, USTACK_LEN_OFF));
      cg_emit (g, A64_REG (BPF_ADD, R2, R3));
      cg_emit (g, STX (BPF_DW, R1, R2, USTACK_LEN_OFF));
    }
}

/* r3 = a hash of the header and the copied bytes: h = (h ^ word) * prime
 * over 8-byte words, four words a step (the pointer advances by a constant,
 * so every load is at an offset the verifier knows; the step count is
 * bounded by a constant).  Each step is a bijection of h, so captures of
 * one length that differ in one word never collide.  The words after the
 * copy up to the next 32-byte step are zeroed first. */
static void
capture_hash (struct gen *g, unsigned n)
{
  int loop = asm_label (cg_asm (g)), end = asm_label (cg_asm (g)), bad = asm_label (cg_asm (g));
  capture_addr (g, R1, 0);
  cg_emit (g, LDX (BPF_DW, R2, R1, USTACK_LEN_OFF));
  asm_ld_imm64 (cg_asm (g), R3, 0xcbf29ce484222325ull);
  asm_jmp_imm (cg_asm (g), BPF_JGT, R2, (int32_t) n, bad);
  cg_emit (g, MOV64_REG (R0, R1));
  cg_emit (g, A64_REG (BPF_ADD, R0, R2));
  for (int k = 0; k < 4; k++)
    cg_emit (g, ST_IMM (BPF_DW, R0, (int16_t) (USTACK_HDR_SIZE + 8 * k), 0));
  cg_emit (g, A64_IMM (BPF_ADD, R2, USTACK_HDR_SIZE + 31));
  cg_emit (g, A64_IMM (BPF_RSH, R2, 5));                        /* 32-byte steps */
  asm_ld_imm64 (cg_asm (g), R5, 0x100000001b3ull);
  cg_emit (g, MOV64_IMM (R4, 0));
  asm_bind (cg_asm (g), loop);
  asm_jmp_reg (cg_asm (g), BPF_JGE, R4, R2, end);
  asm_jmp_imm (cg_asm (g), BPF_JGE, R4, (int32_t) ((USTACK_HDR_SIZE + n + 31) / 32), end);   /* reads into the slack */
  for (int k = 0; k < 4; k++)
    {
      cg_emit (g, LDX (BPF_DW, R0, R1, (int16_t) (8 * k)));
      cg_emit (g, A64_REG (BPF_XOR, R3, R0));
      cg_emit (g, A64_REG (BPF_MUL, R3, R5));
    }
  cg_emit (g, A64_IMM (BPF_ADD, R1, 32));
  cg_emit (g, A64_IMM (BPF_ADD, R4, 1));
  asm_ja (cg_asm (g), loop);
  asm_bind (cg_asm (g), bad);
  cg_emit (g, MOV64_IMM (R3, 0));
  asm_bind (cg_asm (g), end);
  cg_emit (g, MOV64_REG (R0, R3));
  cg_emit (g, A64_IMM (BPF_RSH, R0, 29));
  cg_emit (g, A64_REG (BPF_XOR, R3, R0));
}

void
cg_ustack_capture (struct gen *g, unsigned off)
{
  unsigned n = cg_ustack_bytes (cg_ctx (g)->prog);
  int done = asm_label (cg_asm (g));
  capture_regs (g);
  capture_stack (g, n, done);
  asm_bind (cg_asm (g), done);
  capture_hash (g, n);
  /* the value: (pid, hash); the capture is stored under it once */
  cg_emit (g, MOV64_REG (R1, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
  cg_emit (g, STX (BPF_DW, R1, R3, 8));
  asm_ld_map (cg_asm (g), R1, MAP_USTACKS);
  cg_emit (g, MOV64_REG (R2, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R2, (int32_t) off));
  capture_addr (g, R3, 0);
  cg_emit (g, MOV64_IMM (R4, BPF_NOEXIST));
  cg_emit (g, CALL (BPF_FUNC_map_update_elem));
}
