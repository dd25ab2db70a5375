/* SPDX-License-Identifier: MIT */
/*
 * codegen-actions.c — statements, actions and the clause frame in BPF
 * (codegen-int.h): the action mask, record items, speculations, the
 * destructive actions, the record's output to the ring buffer and the
 * clause's fault handler.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"

/* ------------------------------------------------------------------ */
/* Speculations (speculation.h).  The spec map holds, per id 1..nspec, a
 * u64 state (0 free, 1 active) and the u64 bytes speculated so far.       */

/* r0 = pointer to the spec map entry of the id in R1, or jump to
 * NULL_LABEL. */
static void
spec_entry (struct gen *g, int null_label)
{
  cg_lookup_u32 (g, MAP_SPEC, R1, 0, null_label);
}

/* speculation(): claim the first free id (compare-and-exchange 0 -> 1),
 * r0 = the id, or 0 and a failed-speculation count. */
void
cg_speculation (struct gen *g)
{
  int done = asm_label (&g->a);
  for (unsigned id = 1; id <= g->p->nspec; id++)
    {
      int next = asm_label (&g->a);
      cg_emit (g, MOV64_IMM (R1, (int32_t) id));
      spec_entry (g, next);
      cg_emit (g, MOV64_REG (R2, R0));
      if (g->p->target.no_atomic_fetch)
        {
          /* no compare-and-exchange: a load and a store (two CPUs may,
           * rarely, claim the same id at the same moment) */
          cg_emit (g, LDX (BPF_DW, R0, R2, 0));
          asm_jmp_imm (&g->a, BPF_JNE, R0, 0, next);
          cg_emit (g, ST_IMM (BPF_DW, R2, 0, 1));
        }
      else
        {
          cg_emit (g, MOV64_IMM (R0, 0));
          cg_emit (g, MOV64_IMM (R1, 1));
          cg_emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R2, R1, 0, BPF_CMPXCHG));
          asm_jmp_imm (&g->a, BPF_JNE, R0, 0, next);
        }
      cg_emit (g, ST_IMM (BPF_DW, R2, 8, 0));
      cg_emit (g, MOV64_IMM (R0, (int32_t) id));
      asm_ja (&g->a, done);
      asm_bind (&g->a, next);
    }
  cg_count_drop (g, DROP_SPEC_NOBUF);
  cg_emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, done);
}

/* speculate(id) with the id in r0: 0, an inactive id or one no
 * speculation() can give (above nspec, negative) skips the rest of the
 * clause silently, as in DTrace (no fault, no drop); otherwise the clause's
 * record carries the id (the consumer keeps it until commit/discard). */
static void
gen_speculate (struct gen *g)
{
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, g->clause_end);
  asm_jmp_imm (&g->a, BPF_JGT, R0, (int32_t) g->p->nspec, g->clause_end);
  cg_emit (g, STX (BPF_W, R7, R0, (int16_t) (g->cg->scratch.rec_off + REC_SPEC_OFF)));
  cg_emit (g, MOV64_REG (R1, R0));
  spec_entry (g, g->clause_end);
  cg_emit (g, LDX (BPF_DW, R1, R0, 0));
  asm_jmp_imm (&g->a, BPF_JNE, R1, 1, g->clause_end);
  /* the clause's record is reserved in the speculation here, as DTrace
   * reserves it when speculate() runs: when it does not fit in specsize,
   * a drop, and the rest of the clause (its assignments too) is skipped */
  int fits = asm_label (&g->a);
  cg_emit (g, MOV64_IMM (R1, (int32_t) g->cl->rec_size));
  cg_fetch_add (g, R0, R1, 8, R2);
  cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) g->cl->rec_size));
  asm_ld_imm64 (&g->a, R2, g->p->specsize);
  asm_jmp_reg (&g->a, BPF_JLE, R1, R2, fits);
  cg_count_drop (g, DROP_SPEC);
  asm_ja (&g->a, g->clause_end);
  asm_bind (&g->a, fits);
}

/* The record offset (from r7) of the mask word of actions 64K..64K+63,
 * K >= 1 (dprog.h dclause_action_ran; word 0 lives at SLOT_MASK until the
 * record is sent). */
static int16_t
mask_word_off (struct gen *g, size_t k)
{
  return (int16_t) (g->cg->scratch.rec_off + g->cl->mask_off + 8 * (k - 1));
}

/* Number of mask words of the clause. */
static size_t
mask_words (const struct dclause *cl)
{
  return cl->nactions ? (cl->nactions + 63) / 64 : 1;
}

/* r1 = the clause's action mask word of ACTION OP (BPF_OR or BPF_AND)
 * ACTION's bit. */
static void
mask_bit_op (struct gen *g, int op, size_t action)
{
  size_t k = action / 64, bit = action % 64;
  if (k == 0)
    cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
  else
    cg_emit (g, LDX (BPF_DW, R1, R7, mask_word_off (g, k)));
  if (bit < 31)
    cg_emit (g, A64_IMM (op, R1, 1 << bit));
  else
    {
      asm_ld_imm64 (&g->a, R2, 1ULL << bit);
      cg_emit (g, A64_REG (op, R1, R2));
    }
}

/* After the record of a clause with commit()/discard() left: free the
 * ids, so speculation() can hand them out again (the consumer has the
 * commit/discard record before any record of the id's next use). */
static void
spec_release (struct gen *g)
{
  for (size_t i = 0; i < g->cl->nactions; i++)
    {
      const struct daction *a = &g->cl->actions[i];
      if (a->kind != ACT_COMMIT && a->kind != ACT_DISCARD)
        continue;
      int skip = asm_label (&g->a);
      mask_bit_op (g, BPF_AND, i);
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
      cg_emit (g, LDX (BPF_DW, R1, R7, (int16_t) (g->cg->scratch.rec_off + a->items[0].offset)));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
      asm_jmp_imm (&g->a, BPF_JGT, R1, (int32_t) g->p->nspec, skip);
      spec_entry (g, skip);
      cg_emit (g, ST_IMM (BPF_DW, R0, 0, 0));
      asm_bind (&g->a, skip);
    }
}

static void
set_mask_bit (struct gen *g, int action)
{
  if (g->mask_static || (action >= 64 && !g->cl->records_data))
    return;                       /* known at compile time (static_mask), or unused */
  mask_bit_op (g, BPF_OR, (size_t) action);
  if (action < 64)
    cg_emit (g, STX (BPF_DW, R10, R1, SLOT_MASK));
  else
    cg_emit (g, STX (BPF_DW, R7, R1, mask_word_off (g, (size_t) action / 64)));
}

/* Store r0 (an integer, or a string address) as record item IT. */
static void
store_item (struct gen *g, const struct rec_item *it)
{
  unsigned off = g->cg->scratch.rec_off + it->offset;
  if (it->type.kind == DT_STRING)
    {
      cg_emit (g, MOV64_REG (R1, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
      cg_copy_string (g, R1, R0);
    }
  else if (dtype_is_record (it->type))
    {
      cg_emit (g, MOV64_REG (R1, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
      cg_copy_record (g, R1, R0, it->type);
    }
  else
    {
      cg_normalize (g, R0, it->type);
      cg_emit (g, STX (BPF_DW, R7, R0, (int16_t) off));
    }
}

/* chill(ns): spin on the clock until ns nanoseconds have passed, as
 * DTrace's chill() does, but at most CHILL_MAX_READS clock reads (the
 * verifier walks every turn of a loop, so the loop must be short; a read
 * takes tens of nanoseconds, so the wait ends after about 100 us at most).
 * A wait of 0 or less does nothing. */
#define CHILL_MAX_READS 4096

static void
gen_chill (struct gen *g, struct d_node *call)
{
  int base = g->depth;
  int done = asm_label (&g->a), again = asm_label (&g->a), more = asm_label (&g->a);
  cg_expr (g, call->args[0]);
  asm_jmp_imm (&g->a, BPF_JSLE, R0, 0, done);
  int ns = cg_push (g);
  cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
  int start = cg_push (g);
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  asm_bind (&g->a, again);
  cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
  cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) start));
  cg_emit (g, A64_REG (BPF_SUB, R0, R1));
  cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) ns));
  /* the way out falls through: the verifier follows it first and keeps
   * one pending state per loop, not one per turn */
  asm_jmp_reg (&g->a, BPF_JLT, R0, R1, more);
  asm_ja (&g->a, done);
  asm_bind (&g->a, more);
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
  cg_emit (g, A64_IMM (BPF_ADD, R1, 1));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_TMP));
  asm_jmp_imm (&g->a, BPF_JLT, R1, CHILL_MAX_READS, again);
  asm_bind (&g->a, done);
  g->depth = base;
}

/* raise(sig), stop(), copyout(buf, addr, n), copyoutstr(s, addr, n):
 * destructive actions done in the probe context (destructive.h). */
static void
gen_destructive (struct gen *g, struct d_node *call, enum action_kind kind)
{
  if (kind == ACT_RAISE)
    {
      cg_expr (g, call->args[0]);
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, CALL (BPF_FUNC_send_signal_thread));
      return;
    }
  if (kind == ACT_STOP)
    {
      if (g->kind == PK_BEGIN || g->kind == PK_END || g->kind == PK_TICK || g->kind == PK_ERROR)
        return;   /* these run in dtrace's own thread: stopping it would hang tracing */
      cg_emit (g, MOV64_IMM (R1, 19));   /* SIGSTOP: the whole process */
      cg_emit (g, CALL (BPF_FUNC_send_signal));
      return;
    }
  /* source bytes, destination, size (at most strsize) */
  int base = g->depth;
  cg_expr (g, call->args[0]);
  cg_push (g);
  cg_expr (g, call->args[1]);
  cg_push (g);
  cg_expr (g, call->args[2]);
  int small = asm_label (&g->a), ok = asm_label (&g->a), nothing = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JSLE, R0, 0, nothing);
  asm_jmp_imm (&g->a, BPF_JLE, R0, (int32_t) g->p->strsize, small);
  cg_emit (g, MOV64_IMM (R0, (int32_t) g->p->strsize));
  asm_bind (&g->a, small);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
  if (kind == ACT_COPYOUTSTR)
    {
      /* the string's length with its NUL, at most n */
      cg_str_temp (g);
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_FIRST - 8 * base));
      cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
      int keep = asm_label (&g->a);
      asm_jmp_reg (&g->a, BPF_JSGE, R0, R1, keep);
      asm_jmp_imm (&g->a, BPF_JSLE, R0, 0, keep);
      cg_emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
      asm_bind (&g->a, keep);
    }
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_FIRST - 8 * (base + 1)));
  cg_emit (g, LDX (BPF_DW, R2, R10, SLOT_FIRST - 8 * base));
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_TMP));
  {
    /* the verifier wants the size's bounds in this register */
    int in = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JLE, R3, (int32_t) g->p->strsize, in);
    cg_emit (g, MOV64_IMM (R3, (int32_t) g->p->strsize));
    asm_bind (&g->a, in);
    int pos = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JGE, R3, 1, pos);
    cg_emit (g, MOV64_IMM (R3, 1));
    asm_bind (&g->a, pos);
  }
  if (g->p->user_copyout)
    {
      /* the consumer writes: pid, address, size and the bytes go in the
       * record (the process is stopped once it has left, gen_clause) */
      struct daction *act = &g->cl->actions[ninfo (call)->action];
      unsigned ro = g->cg->scratch.rec_off;
      cg_emit (g, STX (BPF_DW, R7, R1, (int16_t) (ro + act->items[1].offset)));
      cg_emit (g, STX (BPF_DW, R7, R3, (int16_t) (ro + act->items[2].offset)));
      cg_emit (g, MOV64_REG (R3, R2));
      cg_emit (g, MOV64_REG (R1, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) (ro + act->items[3].offset)));
      cg_copy_string (g, R1, R3);
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      cg_emit (g, STX (BPF_DW, R7, R0, (int16_t) (ro + act->items[0].offset)));
      set_mask_bit (g, ninfo (call)->action);
    }
  else
    {
      cg_emit (g, CALL (BPF_FUNC_probe_write_user));
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_FIRST - 8 * (base + 1)));
      cg_fault_if (g, BPF_JSLT, R0, 0, FLT_BADADDR, R1);
    }
  asm_ja (&g->a, ok);
  asm_bind (&g->a, nothing);
  asm_bind (&g->a, ok);
  g->depth = base;
}

static void
gen_action (struct gen *g, struct d_node *call)
{
  struct ninfo *ni = ninfo (call);
  struct daction *act = &g->cl->actions[ni->action];
  size_t first = act->kind == ACT_PRINTF || act->kind == ACT_SYSTEM ? 1 : 0;
  switch (act->kind)
    {
    case ACT_SPECULATE:
      cg_expr (g, call->args[0]);
      gen_speculate (g);
      break;
    case ACT_COMMIT:
    case ACT_DISCARD:
      cg_expr (g, call->args[0]);
      cg_fault_if (g, BPF_JGT, R0, (int32_t) g->p->nspec, FLT_ILLOP, R0);
      store_item (g, &act->items[0]);
      break;
    case ACT_RAISE:
    case ACT_STOP:
      gen_destructive (g, call, act->kind);
      break;
    case ACT_CHILL:
      gen_chill (g, call);
      break;
    case ACT_COPYOUT:
    case ACT_COPYOUTSTR:
      gen_destructive (g, call, act->kind);   /* sets its mask bit itself (consumer's write) */
      return;
    case ACT_PRINT:
      if (act->items[0].type.kind == DT_OBJECT)
        cg_store_object (g, call->args[0], act->items[0].offset);
      else
        {
          cg_expr (g, call->args[0]);
          if (act->items[0].type.kind == DT_STRING && ninfo (call->args[0])->type.kind == DT_STRING)
            cgstr_check_null (g, call->args[0]);
          store_item (g, &act->items[0]);
        }
      break;
    case ACT_SYSTEM:
    case ACT_PRINTF:
    case ACT_TRACE:
    case ACT_EXIT:
    case ACT_SETOPT:
      if (act->self_item)
        {
          cg_expr (g, call);
          store_item (g, &act->items[0]);
          break;
        }
      for (size_t i = 0; i < act->nitems; i++)
        if (act->items[i].type.kind == DT_OBJECT)   /* a float or double: its bytes */
          cg_store_object (g, call->args[first + i], act->items[i].offset);
        else
          {
            struct d_node *arg = call->args[first + i];
            cg_expr (g, arg);
            if (act->items[i].type.kind == DT_STRING && ninfo (arg)->type.kind == DT_STRING)
              cgstr_check_null (g, arg);      /* DTrace's NULL string faults */
            store_item (g, &act->items[i]);
          }
      if (act->kind == ACT_EXIT && g->p->has_exit_flag)
        {
          /* draining: the clauses after this one do not run */
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_GLOBALS));
          cg_emit (g, ST_IMM (BPF_DW, R1, (int16_t) g->p->exit_flag_off, 1));
        }
      break;
    case ACT_TRUNC:
    case ACT_NORMALIZE:
      if (act->nitems)
        {
          cg_expr (g, call->args[1]);
          store_item (g, &act->items[0]);
        }
      break;
    default:
      break;
    }
  set_mask_bit (g, ni->action);
}

void
cg_stmt_expr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  switch (n->kind)
    {
    case DN_ASSIGN:
      if (n->a->kind == DN_AGG)
        cg_aggregation (g, n);
      else
        cg_assign (g, n, false);
      return;
    case DN_INCDEC:
      cg_incdec (g, n, false);
      return;
    case DN_CALL:
      if (ni->action >= 0)
        {
          gen_action (g, n);
          return;
        }
      cg_expr (g, n);
      return;
    case DN_TERNARY:
      {
        int els = asm_label (&g->a), done = asm_label (&g->a);
        cg_expr (g, n->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, els);
        cg_stmt_expr (g, n->b);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        cg_stmt_expr (g, n->c);
        asm_bind (&g->a, done);
        return;
      }
    default:
      cg_expr (g, n);
      return;
    }
}

static void
gen_stmt_at (struct gen *g, struct d_node *s);

/* Statement S: the string and stack temporaries start afresh; errors with
 * no node of their own are at S until an expression in it is compiled. */
static void
gen_stmt (struct gen *g, struct d_node *s)
{
  const struct d_node *outer = g->where;
  if (s->loc.line > 0)
    g->where = s;
  gen_stmt_at (g, s);
  g->where = outer;
}

static void
gen_stmt_at (struct gen *g, struct d_node *s)
{
  g->nstr = 0;
  g->nstk = 0;
  switch (s->kind)
    {
    case DN_EMPTY:
      return;
    case DN_BLOCK:
      for (size_t i = 0; i < s->nargs; i++)
        gen_stmt (g, s->args[i]);
      return;
    case DN_IF:
      {
        int els = asm_label (&g->a), done = asm_label (&g->a);
        cg_branch_false (g, s->a, els);
        gen_stmt (g, s->b);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        if (s->c)
          gen_stmt (g, s->c);
        asm_bind (&g->a, done);
        return;
      }
    case DN_EXPR_STMT:
      cg_stmt_expr (g, s->a);
      return;
    default:
      cg_stmt_expr (g, s);
      return;
    }
}

static void unconditional_actions (const struct d_node *s, uint64_t *seen);

/* Does an ERROR clause without predicate call exit() whenever it runs?
 * ERROR's clauses run in the consumer when it reads the fault record
 * (fault.c), after the faulting firing; DTrace runs them at the fault, so
 * their exit() stops the clauses after the faulting one.  When ERROR is
 * sure to exit, the fault handler sets the draining word itself. */
static bool
error_probe_exits (const struct dprog *p)
{
  if (!p->has_exit_flag || p->nprobes < 3 || p->probes[2].kind != PK_ERROR)
    return false;
  for (size_t i = 0; i < p->probes[2].nclauses; i++)
    {
      const struct dclause *cl = &p->clauses[p->probes[2].clauses[i]];
      if (cl->ast->predicate || cl->nactions > MAX_CLAUSE_ACTIONS)
        continue;
      uint64_t seen[MAX_CLAUSE_ACTIONS / 64] = { 0 };
      unconditional_actions (cl->ast->body, seen);
      for (size_t j = 0; j < cl->nactions; j++)
        if (cl->actions[j].kind == ACT_EXIT && (seen[j / 64] >> (j % 64) & 1))
          return true;
    }
  return false;
}

/* The fault handler: fault_if() noted type, action, address and pc; send
 * the fault record (fault.c prints DTrace's error line and fires ERROR).
 * A fault in an ERROR clause is only counted. */
static void
gen_fault_record (struct gen *g)
{
  unsigned ro = g->cg->scratch.rec_off;
  if (g->kind == PK_ERROR)
    {
      cg_count_drop (g, DROP_ERROR_IN_ERROR);
      return;
    }
  cg_emit (g, ST_IMM (BPF_W, R7, (int16_t) ro, (int32_t) REC_FAULT));
  cg_emit (g, STX (BPF_W, R7, R9, (int16_t) (ro + 4)));
  cg_emit (g, CALL (BPF_FUNC_get_smp_processor_id));
  cg_emit (g, STX (BPF_W, R7, R0, (int16_t) (ro + 8)));
  cg_emit (g, ST_IMM (BPF_W, R7, (int16_t) (ro + REC_SPEC_OFF), 0));
  cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + 16), 0));
  cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 24), (int32_t) g->cl->index));
  asm_ld_map (&g->a, R1, MAP_RINGBUF);
  cg_emit (g, MOV64_REG (R2, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R2, (int32_t) ro));
  cg_emit (g, MOV64_IMM (R3, REC_FAULT_SIZE));
  cg_emit (g, MOV64_IMM (R4, 0));
  cg_emit (g, CALL (BPF_FUNC_ringbuf_output));
  int sent = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, sent);
  cg_count_drop (g, DROP_ERROR_LOST);
  asm_bind (&g->a, sent);
  if (error_probe_exits (g->p))
    {
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_GLOBALS));
      cg_emit (g, ST_IMM (BPF_DW, R1, (int16_t) g->p->exit_flag_off, 1));
    }
}

/* A copyout() for the consumer left in the record just sent: stop the
 * process until the consumer has written (it sends SIGCONT). */
static void
copyout_stop (struct gen *g)
{
  for (size_t i = 0; i < g->cl->nactions; i++)
    {
      enum action_kind k = g->cl->actions[i].kind;
      if (k != ACT_COPYOUT && k != ACT_COPYOUTSTR)
        continue;
      int skip = asm_label (&g->a);
      mask_bit_op (g, BPF_AND, i);
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
      cg_emit (g, MOV64_IMM (R1, 19));   /* SIGSTOP */
      cg_emit (g, CALL (BPF_FUNC_send_signal));
      asm_bind (&g->a, skip);
    }
}

/* The ring buffer's wakeup flags for a record -> r4.  Waking the consumer
 * costs an interrupt per record (bench/results.md, figure 2: a few µs in a
 * VM, more than the whole uprobe), and the consumer polls every switchrate
 * (at most 100 ms) anyway; so a record wakes it only when it takes the
 * buffer past a quarter full, or past each sixteenth after that (a consumer
 * that is behind is woken a dozen times per buffer, not once per record;
 * the later steps also cover a crossing that two CPUs writing at once both
 * missed), or when its clause calls exit() or stop(), or has a copyout()
 * that the consumer does (the process waits stopped for it). */
static void
ringbuf_wakeup_flags (struct gen *g, const struct dclause *cl)
{
  for (size_t i = 0; i < cl->nactions; i++)
    if (cl->actions[i].kind == ACT_EXIT || cl->actions[i].kind == ACT_STOP
        || (g->p->user_copyout && (cl->actions[i].kind == ACT_COPYOUT || cl->actions[i].kind == ACT_COPYOUTSTR)))
      {
        cg_emit (g, MOV64_IMM (R4, BPF_RB_FORCE_WAKEUP));
        return;
      }
  /* bufsize is a power of two (xoptions.c); a record takes its size and
   * the ring's 8-byte header, rounded up to 8 */
  unsigned step_shift = (unsigned) __builtin_ctz (g->p->bufsize >= 64 ? g->p->bufsize : 64) - 4;
  int32_t footprint = (int32_t) ((cl->rec_size + 8 + 7) & ~7u);
  int quiet = asm_label (&g->a);
  asm_ld_map (&g->a, R1, MAP_RINGBUF);
  cg_emit (g, MOV64_IMM (R2, BPF_RB_AVAIL_DATA));
  cg_emit (g, CALL (BPF_FUNC_ringbuf_query));
  cg_emit (g, MOV64_IMM (R4, BPF_RB_NO_WAKEUP));
  cg_emit (g, MOV64_REG (R1, R0));
  cg_emit (g, A64_IMM (BPF_ADD, R1, footprint));
  asm_jmp_imm (&g->a, BPF_JLT, R1, (int32_t) (g->p->bufsize / 4), quiet);
  cg_emit (g, A64_IMM (BPF_RSH, R0, (int32_t) step_shift));
  cg_emit (g, A64_IMM (BPF_RSH, R1, (int32_t) step_shift));
  asm_jmp_reg (&g->a, BPF_JEQ, R0, R1, quiet);
  cg_emit (g, MOV64_IMM (R4, BPF_RB_FORCE_WAKEUP));
  asm_bind (&g->a, quiet);
}

/* Mark in SEEN (bit I of the words: action I) the actions statement S
 * runs whenever it runs: those not under an if or a ?:. */
static void
unconditional_actions (const struct d_node *s, uint64_t *seen)
{
  if (!s)
    return;
  if (s->kind == DN_BLOCK)
    for (size_t i = 0; i < s->nargs; i++)
      unconditional_actions (s->args[i], seen);
  else if (s->kind == DN_EXPR_STMT)
    unconditional_actions (s->a, seen);
  else if (s->kind == DN_CALL && ninfo (s)->action >= 0 && ninfo (s)->action < MAX_CLAUSE_ACTIONS)
    seen[ninfo (s)->action / 64] |= 1ull << (ninfo (s)->action % 64);
}

/* When every action of CL runs whenever the clause gets past its
 * predicate, the mask of the actions that ran is a constant: MASK (its
 * words), true.  Not so for copyout()s (they may do nothing) nor with
 * commit() or discard() (their release reads the mask at run time). */
static bool
static_mask (const struct dclause *cl, uint64_t mask[MAX_CLAUSE_ACTIONS / 64])
{
  memset (mask, 0, MAX_CLAUSE_ACTIONS / 64 * sizeof *mask);
  if (cl->nactions == 0 || cl->nactions > MAX_CLAUSE_ACTIONS)
    return false;
  if (cl->nactions == 1 && cl->actions[0].kind == ACT_DEFAULT)
    {
      mask[0] = 1;
      return true;
    }
  for (size_t i = 0; i < cl->nactions; i++)
    {
      enum action_kind k = cl->actions[i].kind;
      if (k == ACT_COPYOUT || k == ACT_COPYOUTSTR || k == ACT_COMMIT || k == ACT_DISCARD
          || k == ACT_DEFAULT)
        return false;
    }
  uint64_t seen[MAX_CLAUSE_ACTIONS / 64] = { 0 };
  unconditional_actions (cl->ast->body, seen);
  for (size_t i = 0; i < cl->nactions; i++)
    mask[i / 64] |= 1ull << (i % 64);
  return memcmp (seen, mask, sizeof seen) == 0;
}

void
cg_clause (struct gen *g, struct dclause *cl)
{
  g->cl = cl;
  g->where = NULL;
  g->clause_failed = false;
  g->fault = asm_label (&g->a);
  int end = asm_label (&g->a);
  g->clause_end = end;
  g->action_no = 0;
  /* the mask of the actions that ran: only actions set and read it (an
   * aggregation is not one) */
  uint64_t mask[MAX_CLAUSE_ACTIONS / 64];
  g->mask_static = static_mask (cl, mask);
  if (cl->nactions > 0 && !g->mask_static)
    {
      cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_MASK, 0));
      if (cl->records_data)
        for (size_t k = 1; k < mask_words (cl); k++)
          cg_emit (g, ST_IMM (BPF_DW, R7, mask_word_off (g, k), 0));
    }
  /* the record's speculation id: only a clause that records or speculates
   * reads it (a clause that does neither need not touch the scratch area) */
  bool rec_or_spec = cl->records_data;
  for (size_t i = 0; i < cl->nactions; i++)
    rec_or_spec |= cl->actions[i].kind == ACT_SPECULATE;
  if (g->p->has_exit_flag && g->kind != PK_END && g->kind != PK_ERROR)
    {
      /* after exit() only END and ERROR clauses run (dprog.h) */
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_GLOBALS));
      cg_emit (g, LDX (BPF_DW, R1, R1, (int16_t) g->p->exit_flag_off));
      asm_jmp_imm (&g->a, BPF_JNE, R1, 0, end);
    }
  if (cl->ast->predicate)
    {
      g->nstr = 0;
      unsigned uses = g->uses;
      g->uses = 0;
      cg_branch_false (g, cl->ast->predicate, end);
      g->pred_uses |= g->uses;
      g->uses |= uses;
    }
  if (g->late_scratch)
    cg_scratch_lookup (g);           /* the predicate did not need it */
  if (rec_or_spec)
    cg_emit (g, ST_IMM (BPF_W, R7, (int16_t) (g->cg->scratch.rec_off + REC_SPEC_OFF), 0));
  if (cl->nactions == 1 && cl->actions[0].kind == ACT_DEFAULT)
    set_mask_bit (g, 0);
  if (cl->ast->body && cl->ast->body->kind == DN_BLOCK)
    for (size_t i = 0; i < cl->ast->body->nargs; i++)
      {
        g->action_no = (unsigned) i + 1;   /* DTrace numbers a clause's statements from 1 */
        gen_stmt (g, cl->ast->body->args[i]);
      }
  else if (cl->ast->body)
    {
      g->action_no = 1;
      gen_stmt (g, cl->ast->body);
    }
  bool settles = false;
  for (size_t i = 0; i < cl->nactions; i++)
    settles |= cl->actions[i].kind == ACT_COMMIT || cl->actions[i].kind == ACT_DISCARD;
  if (cl->records_data)
    {
      if (g->mask_static)
        {
          for (size_t k = 1; k < mask_words (cl); k++)
            {
              cg_mov_imm (g, R1, (int64_t) mask[k]);
              cg_emit (g, STX (BPF_DW, R7, R1, mask_word_off (g, k)));
            }
          cg_mov_imm (g, R1, (int64_t) mask[0]);
        }
      else
        {
          /* no action ran: nothing to record */
          int ran = asm_label (&g->a);
          for (size_t k = 1; k < mask_words (cl); k++)
            {
              cg_emit (g, LDX (BPF_DW, R1, R7, mask_word_off (g, k)));
              asm_jmp_imm (&g->a, BPF_JNE, R1, 0, ran);
            }
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
          asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, end);
          asm_bind (&g->a, ran);
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
        }
      unsigned ro = g->cg->scratch.rec_off;
      cg_emit (g, STX (BPF_DW, R7, R1, (int16_t) (ro + 16)));
      cg_emit (g, ST_IMM (BPF_W, R7, (int16_t) ro, (int32_t) cl->index));
      cg_emit (g, STX (BPF_W, R7, R9, (int16_t) (ro + 4)));
      cg_emit (g, CALL (BPF_FUNC_get_smp_processor_id));
      cg_emit (g, STX (BPF_W, R7, R0, (int16_t) (ro + 8)));
      if (g->p->oformat_json)
        {
          /* abi.h REC_META_SIZE: timestamp and pid */
          cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
          cg_emit (g, STX (BPF_DW, R7, R0, (int16_t) (ro + REC_HEADER_SIZE)));
          cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
          cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
          cg_emit (g, STX (BPF_DW, R7, R0, (int16_t) (ro + REC_HEADER_SIZE + 8)));
        }
      if (g->kind == PK_ERROR)
        cg_emit (g, MOV64_IMM (R4, 0));
      else
        ringbuf_wakeup_flags (g, cl);                  /* -> r4 */
      asm_ld_map (&g->a, R1, g->kind == PK_ERROR ? MAP_ERRBUF : MAP_RINGBUF);
      cg_emit (g, MOV64_REG (R2, R7));
      cg_emit (g, A64_IMM (BPF_ADD, R2, (int32_t) ro));
      cg_emit (g, MOV64_IMM (R3, (int32_t) cl->rec_size));
      cg_emit (g, CALL (BPF_FUNC_ringbuf_output));
      int sent = asm_label (&g->a), failed = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, failed);
      if (g->p->user_copyout
          && (cg_kind_uprobe (g->kind) || g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN))
        copyout_stop (g);
      asm_ja (&g->a, sent);
      asm_bind (&g->a, failed);
      cg_count_drop (g, DROP_RING);
      asm_bind (&g->a, sent);
      if (settles)
        spec_release (g);
    }
  if (asm_label_used (&g->a, g->fault))
    {
      asm_ja (&g->a, end);
      asm_bind (&g->a, g->fault);
      gen_fault_record (g);
    }
  asm_bind (&g->a, end);
}
