/*
 * codegen-aggs.c — BPF for the aggregating functions whose update is more
 * than an add: stddev() and llquantize().
 *
 * Value layouts match what output.c's snapshot reads and dformat prints:
 *   stddev      u64[4]: count, sum, sum of squares (128-bit: low, high);
 *               squares are of |v|, computed as a 64x64->128 product from
 *               32-bit halves; the low word is added with a fetching
 *               atomic so its carry reaches the high word even when two
 *               programs update the same per-CPU value;
 *   llquantize  dfmt_llquantize_nbuckets() counters in dformat's bucket
 *               order: [0] < factor^low, then each magnitude's steps, last
 *               >= factor^(high+1).  The magnitudes are known at compile
 *               time, so the bucket search is unrolled: one compare per
 *               magnitude, then an unsigned division by the step width.
 */
#include <inttypes.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"
#include "consumer/output/dformat.h"
#include "consumer/compile/llquantize-math.h"

#define E(i) cg_emit (g, (i))

/* After SUM = x + ADDEND (64 bits): HI += the carry out, 1 when SUM
 * wrapped below ADDEND. */
static void
carry_into (struct gen *g, int sum, int addend, int hi)
{
  struct bpf_asm *a = cg_asm (g);
  int nc = asm_label (a);
  asm_jmp_reg (a, BPF_JGE, sum, addend, nc);
  E (A64_IMM (BPF_ADD, hi, 1));
  asm_bind (a, nc);
}

void
cgagg_stddev (struct gen *g, int value_slot)
{
  struct bpf_asm *a = cg_asm (g);
  int ptr = cg_push (g);                           /* r0: the value's address */
  int pos = asm_label (a);
  E (LDX (BPF_DW, R1, R10, (int16_t) value_slot));
  E (MOV64_IMM (R2, 1));
  E (ATOMIC_ADD64 (R0, R2, 0));                     /* count */
  E (ATOMIC_ADD64 (R0, R1, 8));                     /* sum */
  asm_jmp_imm (a, BPF_JSGE, R1, 0, pos);
  E (NEG64 (R1));
  asm_bind (a, pos);
  /* r1 = |v| = x*2^32 + y: x in r2, y in r3 */
  E (MOV64_REG (R2, R1));
  E (A64_IMM (BPF_RSH, R2, 32));
  E (MOV64_REG (R3, R1));
  E (A64_IMM (BPF_LSH, R3, 32));
  E (A64_IMM (BPF_RSH, R3, 32));
  E (MOV64_REG (R4, R3));
  E (A64_REG (BPF_MUL, R4, R3));                    /* y*y */
  E (MOV64_REG (R5, R2));
  E (A64_REG (BPF_MUL, R5, R3));                    /* x*y */
  E (A64_REG (BPF_MUL, R2, R2));                    /* x*x */
  /* low = y*y + (x*y << 33); high = x*x + (x*y >> 31) + carry */
  E (MOV64_REG (R3, R5));
  E (A64_IMM (BPF_LSH, R3, 33));
  E (A64_REG (BPF_ADD, R3, R4));
  carry_into (g, R3, R4, R2);
  E (A64_IMM (BPF_RSH, R5, 31));
  E (A64_REG (BPF_ADD, R2, R5));
  /* sumsq.lo += low (fetching the old value); a wrap carries into hi */
  E (MOV64_REG (R4, R3));
  E (LDX (BPF_DW, R0, R10, (int16_t) ptr));
  E (BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R0, R3, 16, BPF_ADD | BPF_FETCH));
  E (A64_REG (BPF_ADD, R4, R3));                    /* old + low */
  carry_into (g, R4, R3, R2);
  E (ATOMIC_ADD64 (R0, R2, 24));
  cg_drop (g, 1);
}

void
cgagg_llquantize (struct gen *g, const struct dagg *ag, int value_slot, int incr_slot, int done)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned factor = (unsigned) ag->param[0], low = (unsigned) ag->param[1],
           high = (unsigned) ag->param[2], nsteps = (unsigned) ag->param[3];
  int ptr = cg_push (g);
  int add = asm_label (a);
  E (LDX (BPF_DW, R1, R10, (int16_t) value_slot));
  E (MOV64_IMM (R4, 0));
  llq_u128 first = llq_pow (factor, low);
  if (first > INT64_MAX)
    asm_ja (a, add);
  else
    {
      cg_mov_imm (g, R2, (int64_t) first);
      asm_jmp_reg (a, BPF_JSLT, R1, R2, add);
    }
  llq_u128 base = 1;
  bool open = true;
  for (unsigned m = low; m <= high && open; m++)
    {
      llq_u128 lo, width, count;
      llq_magnitude (factor, nsteps, m, &lo, &width, &count);
      llq_u128 limit = lo + count * width;
      int next = asm_label (a);
      if (limit > INT64_MAX)
        open = false;                  /* every remaining value is in here */
      else
        {
          cg_mov_imm (g, R2, (int64_t) limit);
          asm_jmp_reg (a, BPF_JSGE, R1, R2, next);
        }
      E (MOV64_REG (R4, R1));
      cg_mov_imm (g, R2, (int64_t) lo);
      E (A64_REG (BPF_SUB, R4, R2));
      cg_mov_imm (g, R2, (int64_t) width);
      E (A64_REG (BPF_DIV, R4, R2));
      cg_mov_imm (g, R2, (int64_t) base);
      E (A64_REG (BPF_ADD, R4, R2));
      asm_ja (a, add);
      asm_bind (a, next);
      base += count;
    }
  if (open)
    cg_mov_imm (g, R4, (int64_t) base);
  asm_bind (a, add);
  asm_jmp_imm (a, BPF_JGT, R4, (int32_t) ag->nbuckets - 1, done);
  E (A64_IMM (BPF_LSH, R4, 3));
  E (LDX (BPF_DW, R0, R10, (int16_t) ptr));
  E (A64_REG (BPF_ADD, R0, R4));
  E (LDX (BPF_DW, R1, R10, (int16_t) incr_slot));
  E (ATOMIC_ADD64 (R0, R1, 0));
  cg_drop (g, 1);
}
