/* SPDX-License-Identifier: MIT */
/*
 * bpf-asm.c — the BPF instruction buffer, labels and map relocations.
 *
 * Jumps are emitted with a placeholder offset and a fixup naming their label;
 * asm_finish() patches offsets once every label is bound.  An unconditional
 * jump too far for a 16-bit offset becomes a long goto; a program whose
 * conditional jumps are too far is assembled again with long_jumps, each
 * conditional jump then going through an unconditional one.  A map load is
 * emitted with imm 0 and a relocation naming the map; the result is a
 * relocatable image (bpf-image.h) that runtime/loader.c loads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/bpf-asm.h"
#include "common/vec.h"
#include "common/xalloc.h"

int
asm_size_code (unsigned bytes)
{
  switch (bytes)
    {
    case 1: return BPF_B;
    case 2: return BPF_H;
    case 4: return BPF_W;
    default: return BPF_DW;
    }
}

void
asm_init (struct bpf_asm *a)
{
  memset (a, 0, sizeof *a);
}

void
asm_free (struct bpf_asm *a)
{
  FREE_ALL (a->insns, a->labels, a->fixups, a->relocs);
  memset (a, 0, sizeof *a);
}

void
asm_emit (struct bpf_asm *a, struct bpf_insn insn)
{
  VEC_PUSH (a->insns, a->n, a->cap) = insn;
}

int
asm_label (struct bpf_asm *a)
{
  VEC_PUSH (a->labels, a->nlabels, a->labels_cap) = SIZE_MAX;
  return (int) a->nlabels - 1;
}

void
asm_bind (struct bpf_asm *a, int label)
{
  a->labels[label] = a->n;
}

bool
asm_label_used (const struct bpf_asm *a, int label)
{
  for (size_t i = 0; i < a->nfixups; i++)
    if (a->fixups[i].label == label)
      return true;
  return false;
}

static void
fixup (struct bpf_asm *a, int label)
{
  VEC_PUSH (a->fixups, a->nfixups, a->fixups_cap) = (struct bpf_fixup) { a->n - 1, label };
}

/* A conditional jump IN to LABEL.  With long jumps it skips the goto
 * that follows when false: `if cond goto +1; goto +1; goto LABEL`, whose
 * last goto reaches any distance (asm_finish). */
static void
cond_jump (struct bpf_asm *a, struct bpf_insn in, int label)
{
  if (!a->long_jumps)
    {
      asm_emit (a, in);
      fixup (a, label);
      return;
    }
  in.off = 1;
  asm_emit (a, in);
  asm_emit (a, BPF_INSN (BPF_JMP | BPF_JA, 0, 0, 1, 0));
  asm_ja (a, label);
}

void
asm_jmp_imm (struct bpf_asm *a, int op, int dst, int32_t imm, int label)
{
  cond_jump (a, BPF_INSN (BPF_JMP | BPF_OP (op) | BPF_K, dst, 0, 0, imm), label);
}

void
asm_jmp_reg (struct bpf_asm *a, int op, int dst, int src, int label)
{
  cond_jump (a, BPF_INSN (BPF_JMP | BPF_OP (op) | BPF_X, dst, src, 0, 0), label);
}

void
asm_may_goto (struct bpf_asm *a, int label)
{
  cond_jump (a, BPF_INSN (BPF_JMP | BPF_JCOND, 0, 0, 0, 0), label);
}

void
asm_ja (struct bpf_asm *a, int label)
{
  asm_emit (a, BPF_INSN (BPF_JMP | BPF_JA, 0, 0, 0, 0));
  fixup (a, label);
}

void
asm_ld_imm64 (struct bpf_asm *a, int dst, uint64_t value)
{
  asm_emit (a, BPF_INSN (BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, (int32_t) (uint32_t) value));
  asm_emit (a, BPF_INSN (0, 0, 0, 0, (int32_t) (uint32_t) (value >> 32)));
}

void
asm_ld_map (struct bpf_asm *a, int dst, uint32_t map)
{
  VEC_PUSH (a->relocs, a->nrelocs, a->relocs_cap) = (struct bpf_reloc) { (uint32_t) a->n, map };
  asm_emit (a, BPF_INSN (BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, 0));
  asm_emit (a, BPF_INSN (0, 0, 0, 0, 0));
}

/* The kernel rewrites each may_goto into a few instructions (a counter on
 * the stack, a timed check): jumps over it grow by at most this much, and
 * must still fit in 16 bits after that. */
#define MAY_GOTO_GROWTH 8

int
asm_finish (struct bpf_asm *a)
{
  /* may_goto instructions before each index, to pad the jumps over them */
  size_t *before = xcalloc (a->n + 1, sizeof *before);
  for (size_t i = 0; i < a->n; i++)
    before[i + 1] = before[i] + (a->insns[i].code == (BPF_JMP | BPF_JCOND));
  for (size_t i = 0; i < a->nfixups; i++)
    {
      size_t target = a->labels[a->fixups[i].label];
      if (target == SIZE_MAX)
        {
          diag_error ("internal error: BPF label %d was never bound", a->fixups[i].label);
          free (before);
          return -1;
        }
      long off = (long) target - (long) a->fixups[i].insn - 1;
      struct bpf_insn *in = &a->insns[a->fixups[i].insn];
      size_t lo = target < a->fixups[i].insn ? target : a->fixups[i].insn;
      size_t hi = target < a->fixups[i].insn ? a->fixups[i].insn : target;
      long pad = (long) (before[hi + 1 <= a->n ? hi + 1 : a->n] - before[lo]) * MAY_GOTO_GROWTH;
      if ((off - pad < INT16_MIN || off + pad > INT16_MAX) && in->code == (BPF_JMP | BPF_JA))
        {
          /* the long goto (gotol: BPF_JMP32 | BPF_JA, Linux 6.4) takes a
           * 32-bit offset in imm */
          in->code = BPF_JMP32 | BPF_JA;
          in->off = 0;
          in->imm = (int32_t) off;
          continue;
        }
      if (off - pad < INT16_MIN || off + pad > INT16_MAX)
        {
          free (before);
          return -2;   /* the caller knows what made the program this long */
        }
      in->off = (int16_t) off;
    }
  free (before);
  return 0;
}

void
asm_to_image (struct bpf_asm *a, struct bpf_image *img)
{
  img->insns = a->insns;
  img->ninsns = a->n;
  img->relocs = a->relocs;
  img->nrelocs = a->nrelocs;
  a->insns = NULL;
  a->relocs = NULL;
  asm_free (a);
}

void
image_free (struct bpf_image *img)
{
  FREE_ALL (img->insns, img->relocs, img->name);
  memset (img, 0, sizeof *img);
}
