/* SPDX-License-Identifier: MIT */
/*
 * codegen-aggs.c — BPF for aggregations (codegen-int.h): the value of a
 * key found or inserted zeroed in the aggregation's per-CPU map, then the
 * update of each function; stddev() and llquantize() need more than an add.
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
  cg_fetch_add (g, R0, R3, 16, R5);
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
      llq_u128 limit = llq_start (lo, width, count);
      int next = asm_label (a);
      if (limit > INT64_MAX)
        open = false;                  /* every remaining value is in here */
      else
        {
          cg_mov_imm (g, R2, (int64_t) limit);
          asm_jmp_reg (a, BPF_JSGE, R1, R2, next);
        }
      E (MOV64_REG (R4, R1));
      if (lo % width == 0)
        {
          cg_mov_imm (g, R2, (int64_t) lo);
          E (A64_REG (BPF_SUB, R4, R2));
          cg_mov_imm (g, R2, (int64_t) width);
          E (A64_REG (BPF_DIV, R4, R2));
        }
      else
        {
          /* buckets aligned to multiples of a width that does not divide
           * lo (fewer steps than the factor): v / width - lo / width */
          cg_mov_imm (g, R2, (int64_t) width);
          E (A64_REG (BPF_DIV, R4, R2));
          cg_mov_imm (g, R2, (int64_t) (lo / width));
          E (A64_REG (BPF_SUB, R4, R2));
        }
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

/* msb index of the unsigned value in r1 -> r2 (0..63); r1 != 0. */
static void
msb (struct gen *g)
{
  cg_emit (g, MOV64_IMM (R2, 0));
  static const int steps[] = { 32, 16, 8, 4, 2, 1 };
  for (int i = 0; i < 6; i++)
    {
      int skip = asm_label (&g->a);
      asm_ld_imm64 (&g->a, R3, (1ULL << steps[i]) - 1);
      asm_jmp_reg (&g->a, BPF_JLE, R1, R3, skip);
      cg_emit (g, A64_IMM (BPF_RSH, R1, steps[i]));
      cg_emit (g, A64_IMM (BPF_ADD, R2, steps[i]));
      asm_bind (&g->a, skip);
    }
}

/* How a key's first update on a CPU inserts its value.  count() and sum()
 * insert the updated value itself (INIT_SLOT: an 8-byte slot holding it,
 * or to be set to 1 when INIT_ONE) and are done: one hash walk fewer than
 * inserting zeroes, looking the value up again and adding, which matters
 * when most keys are new (a key per request).  The other functions insert
 * zeroes.  INIT_SLOT 0: zeroes. */
struct agg_first
{
  int init_slot;
  bool init_one;
};

/* r0 = the address of N's aggregation value for its key (inserted zeroed
 * on this CPU's first update), or jump to DONE -- also once FIRST's value
 * is inserted, the update made. */
static void
agg_value (struct gen *g, struct d_node *n, struct dagg *ag, struct agg_first first, int done)
{
  int have = asm_label (&g->a);
  if (dagg_is_array (ag))
    {
      /* no key: element 0 of the per-CPU array, marked set (dprog.h) */
      cg_emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, 0));
      cg_emit (g, MOV64_REG (R2, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
      asm_ld_map (&g->a, R1, map_ref_agg (ag->id));
      cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
      cg_emit (g, ST_IMM (BPF_DW, R0, (int16_t) dagg_flag_off (ag), 1));
    }
  else
    {
      /* a small integer key on the stack; others in the scratch key area */
      bool small = cg_build_small_key (g, n->a->args, n->a->nargs);
      if (!small)
        cg_build_agg_key (g, n->a->args, n->a->nargs, ag);
      int key_base = small ? R10 : R7;
      int32_t key_off = small ? SLOT_SMALLKEY : (int32_t) g->cg->scratch.key_off;
      cg_emit (g, MOV64_REG (R2, R0));
      asm_ld_map (&g->a, R1, map_ref_agg (ag->id));
      cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, have);
      int lost = asm_label (&g->a);
      if (first.init_slot != 0)
        {
          /* first time on this CPU: insert the updated value (the other
           * CPUs' copies start zeroed); when another program on this CPU
           * inserted the key meanwhile, look it up and update it */
          if (first.init_one)
            cg_emit (g, ST_IMM (BPF_DW, R10, (int16_t) first.init_slot, 1));
          cg_emit (g, MOV64_REG (R3, R10));
          cg_emit (g, A64_IMM (BPF_ADD, R3, first.init_slot));
        }
      else
        {
          /* first time on this CPU: insert zeroes (the zero map is looked
           * up only here, off the common path), look up again */
          cg_lookup_u32 (g, MAP_ZERO, -1, 0, lost);
          cg_emit (g, MOV64_REG (R3, R0));
        }
      asm_ld_map (&g->a, R1, map_ref_agg (ag->id));
      cg_emit (g, MOV64_REG (R2, key_base));
      cg_emit (g, A64_IMM (BPF_ADD, R2, key_off));
      cg_emit (g, MOV64_IMM (R4, BPF_NOEXIST));
      cg_emit (g, CALL (BPF_FUNC_map_update_elem));
      if (first.init_slot != 0)
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
      asm_ld_map (&g->a, R1, map_ref_agg (ag->id));
      cg_emit (g, MOV64_REG (R2, key_base));
      cg_emit (g, A64_IMM (BPF_ADD, R2, key_off));
      cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, have);
      asm_bind (&g->a, lost);
      cg_count_drop (g, DROP_AGG);
      asm_ja (&g->a, done);
    }
  asm_bind (&g->a, have);
}

/* quantize(): the power-of-two bucket of the value in r1 gets the
 * increment (r0 = the value's address). */
static void
agg_quantize (struct gen *g, int incr_slot, int done)
{
  /* index: 0 -> 63; v > 0 -> 64 + msb(v); v < 0 -> 62 - msb(-v) */
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));       /* value pointer */
  int pos = asm_label (&g->a), neg = asm_label (&g->a), idx = asm_label (&g->a);
  cg_emit (g, MOV64_IMM (R4, 63));
  asm_jmp_imm (&g->a, BPF_JSGT, R1, 0, pos);
  asm_jmp_imm (&g->a, BPF_JSLT, R1, 0, neg);
  asm_ja (&g->a, idx);
  asm_bind (&g->a, pos);
  msb (g);
  cg_emit (g, MOV64_IMM (R4, 64));
  cg_emit (g, A64_REG (BPF_ADD, R4, R2));
  asm_ja (&g->a, idx);
  asm_bind (&g->a, neg);
  cg_emit (g, NEG64 (R1));
  msb (g);
  cg_emit (g, MOV64_IMM (R4, 62));
  cg_emit (g, A64_REG (BPF_SUB, R4, R2));
  asm_bind (&g->a, idx);
  {
    int inrange = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JSGE, R4, 0, inrange);
    cg_emit (g, MOV64_IMM (R4, 0));
    asm_bind (&g->a, inrange);
  }
  asm_jmp_imm (&g->a, BPF_JGT, R4, 126, done);
  cg_emit (g, A64_IMM (BPF_LSH, R4, 3));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
  cg_emit (g, A64_REG (BPF_ADD, R0, R4));
  cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) incr_slot));
  cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
}

/* lquantize(): the linear bucket of the value in r1 gets the increment
 * (r0 = the value's address). */
static void
agg_lquantize (struct gen *g, const struct dagg *ag, int incr_slot, int done)
{
  int64_t low = ag->param[0], step = ag->param[2];
  unsigned levels = ag->nbuckets - 2;
  int under = asm_label (&g->a), over = asm_label (&g->a), add = asm_label (&g->a);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
  /* int32 cast of the value */
  cg_emit (g, A64_IMM (BPF_LSH, R1, 32));
  cg_emit (g, A64_IMM (BPF_ARSH, R1, 32));
  cg_mov_imm (g, R2, low);
  asm_jmp_reg (&g->a, BPF_JSLT, R1, R2, under);
  cg_emit (g, A64_REG (BPF_SUB, R1, R2));
  cg_mov_imm (g, R2, step);
  cg_emit (g, A64_REG (BPF_DIV, R1, R2));
  asm_jmp_imm (&g->a, BPF_JGE, R1, (int32_t) levels, over);
  cg_emit (g, MOV64_REG (R4, R1));
  cg_emit (g, A64_IMM (BPF_ADD, R4, 1));
  asm_ja (&g->a, add);
  asm_bind (&g->a, under);
  cg_emit (g, MOV64_IMM (R4, 0));
  asm_ja (&g->a, add);
  asm_bind (&g->a, over);
  cg_emit (g, MOV64_IMM (R4, (int32_t) levels + 1));
  asm_bind (&g->a, add);
  asm_jmp_imm (&g->a, BPF_JGT, R4, (int32_t) ag->nbuckets - 1, done);
  cg_emit (g, A64_IMM (BPF_LSH, R4, 3));
  cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) incr_slot));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
  cg_emit (g, A64_REG (BPF_ADD, R0, R4));
  cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
}

/* The quantize family's sum (dprog.h quantize_sums): v * increment added
 * to the u64 after the buckets; r0 (the value's address) and r1 (v) are
 * kept for the bucket's update. */
static void
quantize_sum (struct gen *g, const struct dagg *ag, int incr_slot)
{
  cg_emit (g, LDX (BPF_DW, R2, R10, (int16_t) incr_slot));
  cg_emit (g, A64_REG (BPF_MUL, R2, R1));
  cg_emit (g, MOV64_REG (R3, R0));
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) (8 * ag->nbuckets)));
  cg_emit (g, ATOMIC_ADD64 (R3, R2, 0));
}

void
cg_aggregation (struct gen *g, struct d_node *n)
{
  struct dagg *ag = ninfo (n)->agg;
  struct d_node *call = n->b;
  /* the value and the increment first (they may need helper calls);
   * count() has neither, and only the quantizations an increment */
  int base = g->depth, value_slot = 0, incr_slot = 0;
  if (ag->func != AGG_COUNT)
    {
      if (call->nargs >= 1)
        cg_expr (g, call->args[0]);
      else
        cg_emit (g, MOV64_IMM (R0, 0));
      value_slot = cg_push (g);
    }
  if (ag->func == AGG_QUANTIZE || ag->func == AGG_LQUANTIZE || ag->func == AGG_LLQUANTIZE)
    {
      struct d_node *incr = ag->func == AGG_QUANTIZE && call->nargs == 2 ? call->args[1]
                            : ag->func == AGG_LQUANTIZE && call->nargs == 5 ? call->args[4]
                            : ag->func == AGG_LLQUANTIZE && call->nargs == 6 ? call->args[5] : NULL;
      if (incr)
        cg_expr (g, incr);
      else
        cg_emit (g, MOV64_IMM (R0, 1));
      incr_slot = cg_push (g);
    }
  int done = asm_label (&g->a);
  struct agg_first first = { 0, false };
  if (!dagg_is_array (ag) && ag->func == AGG_COUNT)
    first = (struct agg_first) { cg_reserve (g), true };
  else if (!dagg_is_array (ag) && ag->func == AGG_SUM)
    first = (struct agg_first) { value_slot, false };
  agg_value (g, n, ag, first, done);
  if (ag->func != AGG_COUNT)
    cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) value_slot));   /* v */
  if (ag->nbuckets && g->p->quantize_sums)
    quantize_sum (g, ag, incr_slot);
  switch (ag->func)
    {
    case AGG_COUNT:
      /* a per-CPU value: other programs on this CPU may still update it
       * (a sleepable program can be preempted), hence the atomic add */
      cg_emit (g, MOV64_IMM (R1, 1));
      cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_SUM:
      cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_AVG:
      cg_emit (g, ATOMIC_ADD64 (R0, R1, 8));
      cg_emit (g, MOV64_IMM (R1, 1));
      cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_MIN:
    case AGG_MAX:
      {
        /* [0] value, [1] set */
        int store = asm_label (&g->a);
        cg_emit (g, LDX (BPF_DW, R2, R0, 8));
        asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, store);
        cg_emit (g, LDX (BPF_DW, R2, R0, 0));
        asm_jmp_reg (&g->a, ag->func == AGG_MIN ? BPF_JSLT : BPF_JSGT, R1, R2, store);
        asm_ja (&g->a, done);
        asm_bind (&g->a, store);
        cg_emit (g, STX (BPF_DW, R0, R1, 0));
        cg_emit (g, ST_IMM (BPF_DW, R0, 8, 1));
        break;
      }
    case AGG_QUANTIZE:
      agg_quantize (g, incr_slot, done);
      break;
    case AGG_LQUANTIZE:
      agg_lquantize (g, ag, incr_slot, done);
      break;
    case AGG_STDDEV:
      cgagg_stddev (g, value_slot);
      break;
    case AGG_LLQUANTIZE:
      cgagg_llquantize (g, ag, value_slot, incr_slot, done);
      break;
    default:
      cg_error (g, n, "this aggregating function is not supported yet");
      break;
    }
  asm_bind (&g->a, done);
  g->depth = base;
}
