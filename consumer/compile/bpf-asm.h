/* SPDX-License-Identifier: MIT */
/*
 * bpf-asm.h — an assembler for eBPF instructions, used by the code generator.
 *
 * We emit BPF directly (no LLVM at run time): instructions are appended to a
 * growable buffer; forward jumps name labels that are resolved at the end.
 * Register conventions follow the BPF ABI: r0 return value, r1-r5 helper
 * arguments (clobbered by calls), r6-r9 callee-saved, r10 the frame pointer.
 */
#ifndef SDTKIT_CONSUMER_BPF_ASM_H
#define SDTKIT_CONSUMER_BPF_ASM_H

#include <linux/bpf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer/compile/bpf-image.h"

enum { R0 = 0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 };

#define BPF_INSN(c, d, s, o, i) \
  ((struct bpf_insn) { .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

/* ALU */
#define A64_REG(op, d, s)  BPF_INSN (BPF_ALU64 | BPF_OP (op) | BPF_X, d, s, 0, 0)
#define A64_IMM(op, d, i)  BPF_INSN (BPF_ALU64 | BPF_OP (op) | BPF_K, d, 0, 0, i)
#define A32_REG(op, d, s)  BPF_INSN (BPF_ALU | BPF_OP (op) | BPF_X, d, s, 0, 0)
#define A32_IMM(op, d, i)  BPF_INSN (BPF_ALU | BPF_OP (op) | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)    BPF_INSN (BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV64_IMM(d, i)    BPF_INSN (BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_IMM(d, i)    BPF_INSN (BPF_ALU | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_REG(d, s)    BPF_INSN (BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
#define NEG64(d)           BPF_INSN (BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
/* Memory: size is BPF_B / BPF_H / BPF_W / BPF_DW */
#define LDX(sz, d, s, o)   BPF_INSN (BPF_LDX | (sz) | BPF_MEM, d, s, o, 0)
#define STX(sz, d, s, o)   BPF_INSN (BPF_STX | (sz) | BPF_MEM, d, s, o, 0)
#define ST_IMM(sz, d, o, i) BPF_INSN (BPF_ST | (sz) | BPF_MEM, d, 0, o, i)
#define ATOMIC_ADD64(d, s, o) BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_ADD)
#define CALL(fn)           BPF_INSN (BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define EXIT_INSN()        BPF_INSN (BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/* Size code for a byte count 1/2/4/8. */
int asm_size_code (unsigned bytes);

struct bpf_asm {
  struct bpf_insn *insns;
  size_t n, cap;
  size_t *labels;              /* label -> instruction index, SIZE_MAX until bound */
  size_t nlabels, labels_cap;
  struct bpf_fixup { size_t insn; int label; } *fixups;
  size_t nfixups, fixups_cap;
  struct bpf_reloc *relocs;    /* map loads (bpf-image.h) */
  size_t nrelocs, relocs_cap;
  bool long_jumps;             /* conditional jumps through a goto (bpf-asm.c) */
};

void asm_init (struct bpf_asm *a);
void asm_free (struct bpf_asm *a);
void asm_emit (struct bpf_asm *a, struct bpf_insn insn);
/* A new, unbound label. */
int asm_label (struct bpf_asm *a);
void asm_bind (struct bpf_asm *a, int label);
/* Has any jump been emitted to LABEL? (code only reachable through it can
 * be left out: the verifier rejects unreachable instructions) */
bool asm_label_used (const struct bpf_asm *a, int label);
/* Conditional jumps (op: BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JSGT, ...) and BPF_JA. */
void asm_jmp_imm (struct bpf_asm *a, int op, int dst, int32_t imm, int label);
void asm_jmp_reg (struct bpf_asm *a, int op, int dst, int src, int label);
void asm_ja (struct bpf_asm *a, int label);
/* may_goto LABEL (Linux 6.9): falls through while the kernel's hidden
 * loop budget lasts, else jumps.  A loop headed by one is verified until
 * its states converge, not once per iteration. */
#ifndef BPF_JCOND
#define BPF_JCOND 0xe0
#endif
void asm_may_goto (struct bpf_asm *a, int label);
/* Two-instruction 64-bit constant load; the load of map MAP (an abi.h map
 * reference): a BPF_PSEUDO_MAP_FD load with a relocation, whose fd the
 * loader fills in. */
void asm_ld_imm64 (struct bpf_asm *a, int dst, uint64_t value);
void asm_ld_map (struct bpf_asm *a, int dst, uint32_t map);
/* Resolve jumps.  Returns 0, -1 if a label was never bound (reported
 * through diag), or -2 (not reported) when a conditional jump does not fit
 * in 16 bits, with room for the instructions the kernel puts in place of
 * each may_goto it crosses (assemble again with long_jumps). */
int asm_finish (struct bpf_asm *a);

/* Move the finished instructions and relocations into IMG (A is left
 * empty). */
void asm_to_image (struct bpf_asm *a, struct bpf_image *img);

#endif
