/*
 * codegen.c — D clauses to eBPF instructions (see codegen.h).
 *
 * Expressions evaluate into r0 (integers, or a pointer to strsize string
 * bytes); binary operators spill the left operand to a stack slot while the
 * right one is computed, so helper calls never clobber live values.
 * Registers kept for the whole program: r6 the context, r7 the per-CPU
 * scratch area, r8 the site's spec (USDT), r9 the probe id.  Stack slots
 * below r10 hold a few cached map pointers (spilled pointers keep their type
 * for the verifier) and then the expression temporaries.
 *
 * Strings are always strsize bytes, zero-padded: constants live padded in
 * the read-only strconst map, computed strings in zeroed scratch
 * temporaries, so strings can be copied whole into map keys and compared.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "consumer/compile/bpf-asm.h"
#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "consumer/compile/codegen-int.h"
#include "consumer/runtime/process.h"
#include "consumer/runtime/uprobe-attach.h"
#include "common/xalloc.h"

/* Stack slots (offsets from r10). */
#define SLOT_TMP      (-8)
#define SLOT_MASK     (-16)
#define SLOT_GLOBALS  (-24)
#define SLOT_STRCONST (-32)
#define SLOT_PROBESTR (-40)
#define SLOT_ZERO     (-48)
#define SLOT_VALUE    (-56)
#define SLOT_CTX      (-64)   /* syscall programs: the raw tracepoint context (r6 holds the registers) */
#define SLOT_FIRST    (-72)
#define MAX_DEPTH     48

#define MAX_STR_TEMPS 16
#define MAX_STACK_TEMPS 4

struct gen {
  struct codegen_ctx *cg;
  struct dprog *p;
  struct bpf_asm a;
  enum probe_kind kind;
  struct dclause *cl;
  int depth;
  unsigned nstr;
  unsigned nstk;              /* stack/symbol temporaries in use */
  int fault;                  /* label: the clause faulted */
  int clause_end;             /* label: the end of the clause */
  unsigned action_no;         /* DTrace's action number (0: the predicate), for faults */
  int exit_label;
  int errors;
  /* The prologue makes only the lookups the code after it uses: a first
   * generation with all of them records in USES (from the instructions
   * themselves, once TRACK is set) which were read; the second emits NEED. */
  bool track;
  unsigned uses, need;
};

enum { USE_GLOBALS = 1, USE_STRCONST = 2, USE_ZERO = 4, USE_PROBESTR = 8,
       USE_SITE = 16 /* r8: the site's spec */, USE_PROBEID = 32 /* r9 */,
       USE_SCRATCH = 64 /* r7 */, USE_ALL = 127 };

/* Uprobe programs (USDT, pid): cookie -> sites map, sleepable with
 * uprobe_multi. */
static bool
kind_uprobe (enum probe_kind k)
{
  return k == PK_USDT || k == PK_PID;
}

/* Kinds whose arguments are fetched into the scratch cache at entry. */
static bool
kind_has_args (enum probe_kind k)
{
  return kind_uprobe (k) || k == PK_SYSCALL_ENTRY || k == PK_SYSCALL_RETURN || k == PK_PROFILE;
}

static bool
gen_sleepable (const struct gen *g)
{
  return kind_uprobe (g->kind) && g->cg->sleepable;
}

static void
gerr (struct gen *g, const struct d_node *n, const char *msg)
{
  if (n && n->loc.line > 0)
    diag_error ("failed to compile: line %d: %s", n->loc.line, msg);
  else
    diag_error ("failed to compile: %s", msg);
  g->errors++;
}

static void
emit (struct gen *g, struct bpf_insn i)
{
  if (g->track)
    {
      if (i.code == (BPF_LDX | BPF_DW | BPF_MEM) && i.src_reg == R10)
        g->uses |= i.off == SLOT_GLOBALS ? USE_GLOBALS : i.off == SLOT_STRCONST ? USE_STRCONST
                   : i.off == SLOT_ZERO ? USE_ZERO : i.off == SLOT_PROBESTR ? USE_PROBESTR : 0;
      if (i.src_reg == R8 || i.dst_reg == R8)
        g->uses |= USE_SITE;
      if (i.src_reg == R9 || i.dst_reg == R9)
        g->uses |= USE_PROBEID;
      if (i.src_reg == R7 || i.dst_reg == R7)
        g->uses |= USE_SCRATCH;
    }
  asm_emit (&g->a, i);
}

static int
push (struct gen *g)
{
  if (g->depth >= MAX_DEPTH)
    {
      gerr (g, NULL, "expression too complex");
      return SLOT_FIRST;
    }
  int off = SLOT_FIRST - 8 * g->depth++;
  emit (g, STX (BPF_DW, R10, R0, off));
  return off;
}

static void
pop (struct gen *g, int reg)
{
  g->depth--;
  emit (g, LDX (BPF_DW, reg, R10, SLOT_FIRST - 8 * g->depth));
}

static void
mov_imm (struct gen *g, int reg, int64_t v)
{
  if (v >= INT32_MIN && v <= INT32_MAX)
    emit (g, MOV64_IMM (reg, (int32_t) v));
  else
    asm_ld_imm64 (&g->a, reg, (uint64_t) v);
}

/* Truncate REG to TYPE's size and extend by its signedness. */
static void
normalize (struct gen *g, int reg, struct dtype t)
{
  if (t.kind != DT_INTEGER || t.size >= 8 || t.size == 0)
    return;
  int sh = 64 - 8 * t.size;
  emit (g, A64_IMM (BPF_LSH, reg, sh));
  emit (g, A64_IMM (t.is_signed ? BPF_ARSH : BPF_RSH, reg, sh));
}

/* A zeroed string temporary: r0 = its address. */
static unsigned
str_temp (struct gen *g)
{
  if (g->nstr >= g->cg->scratch.nstr)
    {
      gerr (g, NULL, "expression uses too many strings");
      return g->cg->scratch.str_off;
    }
  unsigned off = g->cg->scratch.str_off + g->nstr++ * g->p->strsize;
  emit (g, MOV64_REG (R1, R7));
  emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
  emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  emit (g, LDX (BPF_DW, R3, R10, SLOT_ZERO));
  emit (g, CALL (BPF_FUNC_probe_read_kernel));
  emit (g, MOV64_REG (R0, R7));
  emit (g, A64_IMM (BPF_ADD, R0, (int32_t) off));
  return off;
}

/* Copy strsize bytes from the string at SRC (a register) to DST_REG+0. */
static void
copy_string (struct gen *g, int dst, int src)
{
  if (src != R3)
    emit (g, MOV64_REG (R3, src));
  if (dst != R1)
    emit (g, MOV64_REG (R1, dst));
  emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  emit (g, CALL (BPF_FUNC_probe_read_kernel));
}

/* Copy a record value (stack, symbol: dtype_bytes of T) from SRC to DST. */
static void
copy_record (struct gen *g, int dst, int src, struct dtype t)
{
  if (src != R3)
    emit (g, MOV64_REG (R3, src));
  if (dst != R1)
    emit (g, MOV64_REG (R1, dst));
  emit (g, MOV64_IMM (R2, (int32_t) dtype_bytes (t, g->p->strsize)));
  emit (g, CALL (BPF_FUNC_probe_read_kernel));
}

static void gen_expr (struct gen *g, struct d_node *n);
static void read_reg_at_r3 (struct gen *g);

/* ustack(n) / stack(n) / usym(pc)...: fill a temporary with the pid, then
 * the pcs (bpf_get_stack zeroes what it does not fill) or the pc.
 * r0 = its address. */
static void
gen_stack_subr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  if (g->nstk >= g->cg->scratch.nstk)
    {
      gerr (g, n, "expression uses too many stacks");
      return;
    }
  unsigned off = g->cg->scratch.stk_off + g->nstk++ * g->cg->scratch.stk_size;
  if (ni->subr == SUBR_USYM)
    {
      gen_expr (g, n->args[0]);
      emit (g, STX (BPF_DW, R7, R0, (int16_t) (off + 8)));
    }
  if (ni->type.kind != DT_KSTACK && !(ni->type.kind == DT_USYM && dsf_is_kernel (ni->type.size)))
    {
      /* user addresses belong to the process; kernel ones to no pid (one
       * aggregation key per pc, not per pc and process) */
      emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (g, A64_IMM (BPF_RSH, R0, 32));
      emit (g, STX (BPF_DW, R7, R0, (int16_t) off));
    }
  else
    emit (g, ST_IMM (BPF_DW, R7, (int16_t) off, 0));
  if (ni->subr != SUBR_USYM)
    {
      if (g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN)
        emit (g, LDX (BPF_DW, R1, R10, SLOT_CTX));
      else
        emit (g, MOV64_REG (R1, R6));
      emit (g, MOV64_REG (R2, R7));
      emit (g, A64_IMM (BPF_ADD, R2, (int32_t) (off + 8)));
      emit (g, MOV64_IMM (R3, 8 * (int32_t) ni->type.size));
      emit (g, MOV64_IMM (R4, ni->type.kind == DT_USTACK ? BPF_F_USER_STACK : 0));
      emit (g, CALL (BPF_FUNC_get_stack));
    }
  emit (g, MOV64_REG (R0, R7));
  emit (g, A64_IMM (BPF_ADD, R0, (int32_t) off));
}

/* r0 = strcmp-like order of the strings at r1 and r2 (-1, 0, 1). */
static void
string_compare (struct gen *g)
{
  int loop = asm_label (&g->a), diff = asm_label (&g->a), equal = asm_label (&g->a),
      done = asm_label (&g->a);
  emit (g, MOV64_IMM (R3, 0));
  asm_bind (&g->a, loop);
  emit (g, MOV64_REG (R4, R1));
  emit (g, A64_REG (BPF_ADD, R4, R3));
  emit (g, LDX (BPF_B, R4, R4, 0));
  emit (g, MOV64_REG (R5, R2));
  emit (g, A64_REG (BPF_ADD, R5, R3));
  emit (g, LDX (BPF_B, R5, R5, 0));
  asm_jmp_reg (&g->a, BPF_JNE, R4, R5, diff);
  asm_jmp_imm (&g->a, BPF_JEQ, R4, 0, equal);
  emit (g, A64_IMM (BPF_ADD, R3, 1));
  asm_jmp_imm (&g->a, BPF_JLT, R3, (int32_t) g->p->strsize, loop);
  asm_bind (&g->a, equal);
  emit (g, MOV64_IMM (R0, 0));
  asm_ja (&g->a, done);
  asm_bind (&g->a, diff);
  emit (g, MOV64_IMM (R0, 1));
  asm_jmp_reg (&g->a, BPF_JGT, R4, R5, done);
  emit (g, MOV64_IMM (R0, -1));
  asm_bind (&g->a, done);
}

/* Evaluate key expressions, then lay the key out in the scratch key area
 * (optionally after the thread id for self->).  r0 = key address. */
static void
build_key (struct gen *g, struct d_node **keys, size_t nkeys, bool with_tid)
{
  int base = g->depth;
  for (size_t i = 0; i < nkeys; i++)
    {
      gen_expr (g, keys[i]);
      push (g);
    }
  unsigned off = g->cg->scratch.key_off;
  if (with_tid)
    {
      emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (g, MOV32_REG (R0, R0));
      emit (g, STX (BPF_DW, R7, R0, (int16_t) off));
      off += 8;
    }
  if (nkeys == 0 && !with_tid)
    {
      emit (g, ST_IMM (BPF_DW, R7, (int16_t) off, 0));
      off += 8;
    }
  for (size_t i = 0; i < nkeys; i++)
    {
      emit (g, LDX (BPF_DW, R0, R10, SLOT_FIRST - 8 * (base + (int) i)));
      if (ninfo (keys[i])->type.kind == DT_STRING)
        {
          emit (g, MOV64_REG (R1, R7));
          emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
          copy_string (g, R1, R0);
          off += (g->p->strsize + 7) & ~7u;
        }
      else if (dtype_is_record (ninfo (keys[i])->type))
        {
          emit (g, MOV64_REG (R1, R7));
          emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
          copy_record (g, R1, R0, ninfo (keys[i])->type);
          off += dtype_bytes (ninfo (keys[i])->type, g->p->strsize);
        }
      else
        {
          emit (g, STX (BPF_DW, R7, R0, (int16_t) off));
          off += 8;
        }
    }
  g->depth = base;
  emit (g, MOV64_REG (R0, R7));
  emit (g, A64_IMM (BPF_ADD, R0, (int32_t) g->cg->scratch.key_off));
}

static void
count_drop (struct gen *g, int slot_index)
{
  emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, slot_index));
  asm_ld_map_fd (&g->a, R1, g->p->drops_fd);
  emit (g, MOV64_REG (R2, R10));
  emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  int skip = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, skip);
  emit (g, MOV64_IMM (R1, 1));
  emit (g, ATOMIC_ADD64 (R0, R1, 0));
  asm_bind (&g->a, skip);
}

/* Fault when `REG OP IMM`: note the fault (type, action, ADDR_REG's value
 * or 0, the BPF pc) in the record area and go to the clause's fault
 * handler, which reports it (fault.c) and skips the rest of the clause. */
static void fault_now (struct gen *g, int type, int addr_reg, int32_t pc);

static void
fault_if (struct gen *g, int op, int reg, int32_t imm, int type, int addr_reg)
{
  int stub = asm_label (&g->a), cont = asm_label (&g->a);
  int32_t pc = (int32_t) g->a.n;
  asm_jmp_imm (&g->a, op, reg, imm, stub);
  asm_ja (&g->a, cont);
  asm_bind (&g->a, stub);
  fault_now (g, type, addr_reg, pc);
  asm_bind (&g->a, cont);
}

/* The fault itself (PC: the BPF instruction of the failed check). */
static void
fault_now (struct gen *g, int type, int addr_reg, int32_t pc)
{
  unsigned ro = g->cg->scratch.rec_off;
  if (addr_reg >= 0)
    emit (g, STX (BPF_DW, R7, addr_reg, (int16_t) (ro + REC_HEADER_SIZE + 16)));
  else
    emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 16), 0));
  emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE), type));
  emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 8), (int32_t) g->action_no));
  emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 32), pc));
  asm_ja (&g->a, g->fault);
}

/* r0 = the dynamic-variable usage counter (one u64, dynvar_fd), or jump to
 * NULL_LABEL (it cannot be missing: an ARRAY element). */
static void
dynvar_counter (struct gen *g, int null_label)
{
  emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, 0));
  asm_ld_map_fd (&g->a, R1, g->p->dynvar_fd);
  emit (g, MOV64_REG (R2, R10));
  emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, null_label);
}

/* r0 = value of a map-backed variable (assoc array, self->): 0 or an empty
 * string when absent. */
static void
load_map_var (struct gen *g, struct d_node *n, struct dvar *v)
{
  build_key (g, n->kind == DN_INDEX ? n->args : NULL, n->kind == DN_INDEX ? n->nargs : 0,
             v->scope == VS_SELF);
  emit (g, MOV64_REG (R2, R0));
  asm_ld_map_fd (&g->a, R1, v->map_fd);
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  int found = asm_label (&g->a), done = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, found);
  if (v->type.kind == DT_STRING)
    emit (g, LDX (BPF_DW, R0, R10, SLOT_ZERO));
  else
    emit (g, MOV64_IMM (R0, 0));
  asm_ja (&g->a, done);
  asm_bind (&g->a, found);
  if (v->type.kind != DT_STRING)
    emit (g, LDX (BPF_DW, R0, R0, 0));
  asm_bind (&g->a, done);
}

static void
gen_builtin (struct gen *g, struct d_node *n, enum builtin b)
{
  unsigned ss = g->p->strsize;
  if (b >= BI_ARG0 && b < BI_ARG0 + 12)
    {
      if (kind_has_args (g->kind))
        emit (g, LDX (BPF_DW, R0, R7, (int16_t) (g->cg->scratch.args_off + 8 * (b - BI_ARG0))));
      else if (g->kind == PK_ERROR && b - BI_ARG0 < 6)
        emit (g, LDX (BPF_DW, R0, R6, (int16_t) (8 * (b - BI_ARG0))));   /* fault.c's arguments */
      else
        emit (g, MOV64_IMM (R0, 0));
      return;
    }
  switch (b)
    {
    case BI_PID:
      emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (g, A64_IMM (BPF_RSH, R0, 32));
      return;
    case BI_TID:
      emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (g, MOV32_REG (R0, R0));
      return;
    case BI_UID:
      emit (g, CALL (BPF_FUNC_get_current_uid_gid));
      emit (g, MOV32_REG (R0, R0));
      return;
    case BI_GID:
      emit (g, CALL (BPF_FUNC_get_current_uid_gid));
      emit (g, A64_IMM (BPF_RSH, R0, 32));
      return;
    case BI_CPU:
      emit (g, CALL (BPF_FUNC_get_smp_processor_id));
      return;
    case BI_TIMESTAMP:
      emit (g, CALL (BPF_FUNC_ktime_get_ns));
      return;
    case BI_WALLTIMESTAMP:
      {
        struct timespec mono, real;
        clock_gettime (CLOCK_MONOTONIC, &mono);
        clock_gettime (CLOCK_REALTIME, &real);
        int64_t delta = ((int64_t) real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
        emit (g, CALL (BPF_FUNC_ktime_get_ns));
        asm_ld_imm64 (&g->a, R1, (uint64_t) delta);
        emit (g, A64_REG (BPF_ADD, R0, R1));
        return;
      }
    case BI_EXECNAME:
      str_temp (g);
      emit (g, MOV64_REG (R1, R0));
      emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
      emit (g, MOV64_IMM (R2, 16));
      emit (g, CALL (BPF_FUNC_get_current_comm));
      emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
      return;
    case BI_PROBEPROV: case BI_PROBEMOD: case BI_PROBEFUNC: case BI_PROBENAME:
      emit (g, LDX (BPF_DW, R0, R10, SLOT_PROBESTR));
      emit (g, A64_IMM (BPF_ADD, R0, (int32_t) ((b - BI_PROBEPROV) * ss)));
      return;
    case BI_ID:
    case BI_EPID:
      emit (g, MOV64_REG (R0, R9));
      return;
    case BI_ERRNO:
      {
        /* syscall return: rax in [-4095, -1] is -errno; elsewhere 0 */
        emit (g, MOV64_IMM (R0, 0));
        if (g->kind != PK_SYSCALL_RETURN)
          return;
        int zero = asm_label (&g->a), done = asm_label (&g->a);
        emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
        emit (g, MOV64_REG (R1, R10));
        emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
        emit (g, MOV64_IMM (R2, 8));
        emit (g, MOV64_REG (R3, R6));
        emit (g, A64_IMM (BPF_ADD, R3, 80));
        emit (g, CALL (BPF_FUNC_probe_read_kernel));
        emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
        asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, zero);
        asm_jmp_imm (&g->a, BPF_JSLT, R0, -4095, zero);
        emit (g, NEG64 (R0));
        asm_ja (&g->a, done);
        asm_bind (&g->a, zero);
        emit (g, MOV64_IMM (R0, 0));
        asm_bind (&g->a, done);
        return;
      }
    default:
      gerr (g, n, "this built-in variable is not supported yet");
      emit (g, MOV64_IMM (R0, 0));
      return;
    }
}

/* Signed/unsigned division and remainder of r0 by r1 (r1 != 0 checked). */
static void
divide (struct gen *g, enum d_op op, bool is_signed)
{
  fault_if (g, BPF_JEQ, R1, 0, FLT_DIVZERO, -1);
  int code = op == DOP_DIV ? BPF_DIV : BPF_MOD;
  if (!is_signed)
    {
      emit (g, A64_REG (code, R0, R1));
      return;
    }
  /* sign of the result in r3; divide absolute values */
  int a_pos = asm_label (&g->a), b_pos = asm_label (&g->a), fix = asm_label (&g->a),
      done = asm_label (&g->a);
  emit (g, MOV64_IMM (R3, 0));
  asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, a_pos);
  emit (g, NEG64 (R0));
  emit (g, A64_IMM (BPF_XOR, R3, 1));
  asm_bind (&g->a, a_pos);
  asm_jmp_imm (&g->a, BPF_JSGE, R1, 0, b_pos);
  emit (g, NEG64 (R1));
  if (op == DOP_DIV)
    emit (g, A64_IMM (BPF_XOR, R3, 1));
  asm_bind (&g->a, b_pos);
  emit (g, A64_REG (code, R0, R1));
  asm_jmp_imm (&g->a, BPF_JNE, R3, 0, fix);
  asm_ja (&g->a, done);
  asm_bind (&g->a, fix);
  emit (g, NEG64 (R0));
  asm_bind (&g->a, done);
}

static void
gen_binary (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n), *ai = ninfo (n->a);
  if (n->op == DOP_LAND || n->op == DOP_LOR)
    {
      int done = asm_label (&g->a), shortcut = asm_label (&g->a);
      gen_expr (g, n->a);
      asm_jmp_imm (&g->a, n->op == DOP_LAND ? BPF_JEQ : BPF_JNE, R0, 0, shortcut);
      gen_expr (g, n->b);
      int t = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, t);
      emit (g, MOV64_IMM (R0, 0));
      asm_ja (&g->a, done);
      asm_bind (&g->a, t);
      emit (g, MOV64_IMM (R0, 1));
      asm_ja (&g->a, done);
      asm_bind (&g->a, shortcut);
      emit (g, MOV64_IMM (R0, n->op == DOP_LAND ? 0 : 1));
      asm_bind (&g->a, done);
      return;
    }
  gen_expr (g, n->a);
  push (g);
  gen_expr (g, n->b);
  emit (g, MOV64_REG (R1, R0));
  pop (g, R0);

  bool cmp = n->op >= DOP_EQ && n->op <= DOP_GE;
  if (ai->type.kind == DT_STRING)
    {
      emit (g, MOV64_REG (R2, R1));
      emit (g, MOV64_REG (R1, R0));
      string_compare (g);
      emit (g, MOV64_IMM (R1, 0));
    }
  if (cmp)
    {
      struct dtype ct = ai->type.kind == DT_STRING ? (struct dtype) { DT_INTEGER, 8, true, false }
                        : ninfo (n->b)->type;
      bool sgn = ai->type.kind == DT_STRING
                 || (ai->type.is_signed && ct.is_signed)
                 || (ai->type.size < 8 && ct.size < 8 && !(ai->type.size == 4 && !ai->type.is_signed)
                     && !(ct.size == 4 && !ct.is_signed));
      int op;
      switch (n->op)
        {
        case DOP_EQ: op = BPF_JEQ; break;
        case DOP_NE: op = BPF_JNE; break;
        case DOP_LT: op = sgn ? BPF_JSLT : BPF_JLT; break;
        case DOP_LE: op = sgn ? BPF_JSLE : BPF_JLE; break;
        case DOP_GT: op = sgn ? BPF_JSGT : BPF_JGT; break;
        default: op = sgn ? BPF_JSGE : BPF_JGE; break;
        }
      int t = asm_label (&g->a), done = asm_label (&g->a);
      asm_jmp_reg (&g->a, op, R0, R1, t);
      emit (g, MOV64_IMM (R0, 0));
      asm_ja (&g->a, done);
      asm_bind (&g->a, t);
      emit (g, MOV64_IMM (R0, 1));
      asm_bind (&g->a, done);
      return;
    }
  switch (n->op)
    {
    case DOP_ADD: emit (g, A64_REG (BPF_ADD, R0, R1)); break;
    case DOP_SUB: emit (g, A64_REG (BPF_SUB, R0, R1)); break;
    case DOP_MUL: emit (g, A64_REG (BPF_MUL, R0, R1)); break;
    case DOP_DIV: case DOP_MOD: divide (g, n->op, ni->type.is_signed); break;
    case DOP_SHL: emit (g, A64_IMM (BPF_AND, R1, 63)); emit (g, A64_REG (BPF_LSH, R0, R1)); break;
    case DOP_SHR:
      emit (g, A64_IMM (BPF_AND, R1, 63));
      emit (g, A64_REG (ni->type.is_signed ? BPF_ARSH : BPF_RSH, R0, R1));
      break;
    case DOP_BITAND: emit (g, A64_REG (BPF_AND, R0, R1)); break;
    case DOP_BITOR: emit (g, A64_REG (BPF_OR, R0, R1)); break;
    case DOP_BITXOR: emit (g, A64_REG (BPF_XOR, R0, R1)); break;
    case DOP_LXOR:
      {
        /* !a != !b */
        int a0 = asm_label (&g->a), b0 = asm_label (&g->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, a0);
        emit (g, MOV64_IMM (R0, 1));
        asm_bind (&g->a, a0);
        asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, b0);
        emit (g, MOV64_IMM (R1, 1));
        asm_bind (&g->a, b0);
        emit (g, A64_REG (BPF_XOR, R0, R1));
        break;
      }
    default:
      gerr (g, n, "operator not supported");
    }
  normalize (g, R0, ni->type);
}

/* ------------------------------------------------------------------ */
/* Speculations (speculation.h).  The spec map holds, per id 1..nspec, a
 * u64 state (0 free, 1 active) and the u64 bytes speculated so far.       */

/* r0 = pointer to the spec map entry of the id in R1, or jump to
 * NULL_LABEL. */
static void
spec_entry (struct gen *g, int null_label)
{
  emit (g, STX (BPF_W, R10, R1, SLOT_TMP));
  asm_ld_map_fd (&g->a, R1, g->p->spec_fd);
  emit (g, MOV64_REG (R2, R10));
  emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, null_label);
}

/* speculation(): claim the first free id (compare-and-exchange 0 -> 1),
 * r0 = the id, or 0 and a failed-speculation count. */
static void
gen_speculation (struct gen *g)
{
  int done = asm_label (&g->a);
  for (unsigned id = 1; id <= g->p->nspec; id++)
    {
      int next = asm_label (&g->a);
      emit (g, MOV64_IMM (R1, (int32_t) id));
      spec_entry (g, next);
      emit (g, MOV64_REG (R2, R0));
      emit (g, MOV64_IMM (R0, 0));
      emit (g, MOV64_IMM (R1, 1));
      emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R2, R1, 0, BPF_CMPXCHG));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, next);
      emit (g, ST_IMM (BPF_DW, R2, 8, 0));
      emit (g, MOV64_IMM (R0, (int32_t) id));
      asm_ja (&g->a, done);
      asm_bind (&g->a, next);
    }
  count_drop (g, DROP_SPEC_NOBUF);
  emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, done);
}

/* speculate(id) with the id in r0: 0 or an inactive id skips the rest of
 * the clause; above nspec is an illegal operation; otherwise the clause's
 * record carries the id (the consumer keeps it until commit/discard). */
static void
gen_speculate (struct gen *g)
{
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, g->clause_end);
  fault_if (g, BPF_JGT, R0, (int32_t) g->p->nspec, FLT_ILLOP, R0);
  emit (g, STX (BPF_W, R7, R0, (int16_t) (g->cg->scratch.rec_off + REC_SPEC_OFF)));
  emit (g, MOV64_REG (R1, R0));
  spec_entry (g, g->clause_end);
  emit (g, LDX (BPF_DW, R1, R0, 0));
  asm_jmp_imm (&g->a, BPF_JNE, R1, 1, g->clause_end);
}

/* The clause's record goes to speculation (the id at REC_SPEC_OFF, if
 * any): count its bytes against specsize, or drop it (jump to END). */
static void
spec_account (struct gen *g, int end)
{
  int principal = asm_label (&g->a), fits = asm_label (&g->a);
  emit (g, LDX (BPF_W, R1, R7, (int16_t) (g->cg->scratch.rec_off + REC_SPEC_OFF)));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, principal);
  spec_entry (g, end);
  emit (g, MOV64_IMM (R1, (int32_t) g->cl->rec_size));
  emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R0, R1, 8, BPF_ADD | BPF_FETCH));
  emit (g, A64_IMM (BPF_ADD, R1, (int32_t) g->cl->rec_size));
  asm_ld_imm64 (&g->a, R2, g->p->specsize);
  asm_jmp_reg (&g->a, BPF_JLE, R1, R2, fits);
  count_drop (g, DROP_SPEC);
  asm_ja (&g->a, end);
  asm_bind (&g->a, fits);
  asm_bind (&g->a, principal);
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
      emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
      if (i < 31)
        {
          emit (g, A64_IMM (BPF_AND, R1, 1 << i));
          asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
        }
      emit (g, LDX (BPF_DW, R1, R7, (int16_t) (g->cg->scratch.rec_off + a->items[0].offset)));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
      asm_jmp_imm (&g->a, BPF_JGT, R1, (int32_t) g->p->nspec, skip);
      spec_entry (g, skip);
      emit (g, ST_IMM (BPF_DW, R0, 0, 0));
      asm_bind (&g->a, skip);
    }
}

/* The struct pt_regs offset of uregs[] index I (checker.h
 * checker_register_constant's numbering), or -1: not kept there. */
static int
uregs_offset (int64_t i)
{
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
  bool direct = kind_uprobe (g->kind) || g->kind == PK_PROFILE;
  bool syscall = g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN;
  struct ninfo *k = ninfo (n->args[0]);
  gen_expr (g, n->args[0]);
  if (!direct && !syscall)
    {
      emit (g, MOV64_IMM (R0, 0));
      return;
    }
  if (k->is_const && uregs_offset (k->value) < 0)
    {
      emit (g, MOV64_IMM (R0, 0));
      return;
    }
  if (k->is_const && g->kind != PK_PROFILE)
    {
      /* the common case: one register, one load */
      int off = uregs_offset (k->value);
      if (direct)
        emit (g, LDX (BPF_DW, R0, R6, (int16_t) off));
      else
        {
          emit (g, MOV64_IMM (R3, off));
          read_reg_at_r3 (g);
        }
      return;
    }
  int zero = asm_label (&g->a), done = asm_label (&g->a);
  if (g->kind == PK_PROFILE)
    {
      /* the sample's registers are the user's only when it hit user mode */
      emit (g, LDX (BPF_DW, R1, R6, 136));
      emit (g, A64_IMM (BPF_AND, R1, 3));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, zero);
    }
  for (int64_t i = 0; i <= 40; i++)
    {
      int off = uregs_offset (i);
      if (off < 0 || (k->is_const && k->value != i))
        continue;
      int next = asm_label (&g->a);
      if (!k->is_const)
        asm_jmp_imm (&g->a, BPF_JNE, R0, (int32_t) i, next);
      if (direct)
        emit (g, LDX (BPF_DW, R0, R6, (int16_t) off));
      else
        {
          emit (g, MOV64_IMM (R3, off));
          read_reg_at_r3 (g);
        }
      asm_ja (&g->a, done);
      asm_bind (&g->a, next);
    }
  asm_bind (&g->a, zero);
  emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, done);
}

static void
gen_expr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  if (ni->is_const)
    {
      mov_imm (g, R0, ni->value);
      return;
    }
  if (ni->strconst && ni->type.kind == DT_STRING)
    {
      emit (g, LDX (BPF_DW, R0, R10, SLOT_STRCONST));
      emit (g, A64_IMM (BPF_ADD, R0, (int32_t) codegen_strconst_offset (g->cg, ni->strconst)));
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
      emit (g, LDX (BPF_DW, R0, R10, SLOT_GLOBALS));
      if (ni->var->type.kind == DT_STRING)
        emit (g, A64_IMM (BPF_ADD, R0, (int32_t) ni->var->offset));
      else
        emit (g, LDX (BPF_DW, R0, R0, (int16_t) ni->var->offset));
      return;
    case DN_THIS:
      if (ni->var->type.kind == DT_STRING)
        {
          emit (g, MOV64_REG (R0, R7));
          emit (g, A64_IMM (BPF_ADD, R0, (int32_t) (g->cg->scratch.this_off + ni->var->offset)));
        }
      else
        emit (g, LDX (BPF_DW, R0, R7, (int16_t) (g->cg->scratch.this_off + ni->var->offset)));
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
      if (!n->sval)
        {
          /* ((T *) bytes)[k]: the checker made k a constant within strsize */
          gen_expr (g, n->a);
          int64_t k = ninfo (n->args[0])->value;
          emit (g, LDX ((uint8_t) bpf_size_code (ni->type.size), R0, R0, (int16_t) (k * ni->type.size)));
          normalize (g, R0, ni->type);
          return;
        }
      load_map_var (g, n, ni->var);
      return;
    case DN_SELF:
      load_map_var (g, n, ni->var);
      return;
    case DN_CALL:
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
          emit (g, CALL (BPF_FUNC_get_prandom_u32));
          normalize (g, R0, ni->type);
          return;
        }
      if (ni->subr == SUBR_BSWAP16 || ni->subr == SUBR_BSWAP32 || ni->subr == SUBR_BSWAP64)
        {
          gen_expr (g, n->args[0]);
          int bits = ni->subr == SUBR_BSWAP16 ? 16 : ni->subr == SUBR_BSWAP32 ? 32 : 64;
          emit (g, BPF_INSN (BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, bits));
          return;
        }
      if (ni->subr == SUBR_COPYINSTR)
        {
          gen_expr (g, n->args[0]);
          push (g);
          if (n->nargs == 2)
            {
              gen_expr (g, n->args[1]);
              push (g);
            }
          unsigned off = str_temp (g);
          (void) off;
          emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
          if (n->nargs == 2)
            {
              pop (g, R2);
              int lim = asm_label (&g->a), ok = asm_label (&g->a);
              emit (g, A64_IMM (BPF_ADD, R2, 1));
              asm_jmp_imm (&g->a, BPF_JLE, R2, (int32_t) g->p->strsize, ok);
              asm_bind (&g->a, lim);
              emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
              asm_bind (&g->a, ok);
              int nz = asm_label (&g->a);
              asm_jmp_imm (&g->a, BPF_JNE, R2, 0, nz);
              emit (g, MOV64_IMM (R2, 1));
              asm_bind (&g->a, nz);
            }
          else
            emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
          pop (g, R3);
          if (gen_sleepable (g))
            {
              /* keep size and address for the retries */
              emit (g, STX (BPF_DW, R10, R2, SLOT_TMP));
              emit (g, MOV64_REG (R0, R3));
              int addr_slot = push (g);
              emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
              emit (g, CALL (BPF_FUNC_probe_read_user_str));
              int done = asm_label (&g->a);
              asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, done);
              /* the string's page(s) are not present: fault them in, retry */
              for (int page = 0; page < 2; page++)
                {
                  emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
                  emit (g, MOV64_IMM (R2, 1));
                  emit (g, LDX (BPF_DW, R3, R10, (int16_t) addr_slot));
                  if (page)
                    {
                      emit (g, A64_IMM (BPF_OR, R3, 4095));
                      emit (g, A64_IMM (BPF_ADD, R3, 1));
                    }
                  emit (g, CALL (BPF_FUNC_copy_from_user));
                  emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
                  emit (g, LDX (BPF_DW, R2, R10, SLOT_TMP));
                  asm_jmp_imm (&g->a, BPF_JGT, R2, (int32_t) g->p->strsize, done);
                  asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, done);
                  emit (g, LDX (BPF_DW, R3, R10, (int16_t) addr_slot));
                  emit (g, CALL (BPF_FUNC_probe_read_user_str));
                  asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, done);
                }
              asm_bind (&g->a, done);
              g->depth--;
            }
          else
            {
              emit (g, MOV64_REG (R0, R3));
              push (g);
              emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
              emit (g, CALL (BPF_FUNC_probe_read_user_str));
              g->depth--;
            }
          /* still unreadable: an invalid address (the address is in the
           * slot just above the expression stack) */
          emit (g, LDX (BPF_DW, R1, R10, (int16_t) (SLOT_FIRST - 8 * g->depth)));
          fault_if (g, BPF_JSLT, R0, 0, FLT_BADADDR, R1);
          emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
          return;
        }
      if (ni->subr == SUBR_SPECULATION)
        {
          gen_speculation (g);
          return;
        }
      gerr (g, n, "function not supported");
      return;
    case DN_STRINGOF:
      if (ninfo (n->a)->type.kind == DT_STRING)
        {
          gen_expr (g, n->a);
          return;
        }
      gerr (g, n, "stringof( ) of an address: use copyinstr( ) for user strings");
      return;
    case DN_UNARY:
      gen_expr (g, n->a);
      switch (n->op)
        {
        case DOP_NEG: emit (g, NEG64 (R0)); break;
        case DOP_BITNOT: emit (g, A64_IMM (BPF_XOR, R0, -1)); break;
        case DOP_DEREF:
          /* *(T *) bytes: the first T of copied-in or alloca() memory */
          emit (g, LDX ((uint8_t) bpf_size_code (ni->type.size), R0, R0, 0));
          break;
        case DOP_NOT:
          {
            int z = asm_label (&g->a), done = asm_label (&g->a);
            asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, z);
            emit (g, MOV64_IMM (R0, 0));
            asm_ja (&g->a, done);
            asm_bind (&g->a, z);
            emit (g, MOV64_IMM (R0, 1));
            asm_bind (&g->a, done);
            break;
          }
        default: break;
        }
      normalize (g, R0, ni->type);
      return;
    case DN_BINARY:
      gen_binary (g, n);
      return;
    case DN_TERNARY:
      {
        int els = asm_label (&g->a), done = asm_label (&g->a);
        gen_expr (g, n->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, els);
        gen_expr (g, n->b);
        if (ni->type.kind == DT_INTEGER)
          normalize (g, R0, ni->type);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        gen_expr (g, n->c);
        if (ni->type.kind == DT_INTEGER)
          normalize (g, R0, ni->type);
        asm_bind (&g->a, done);
        return;
      }
    case DN_CAST:
      gen_expr (g, n->a);
      if (ni->type.kind == DT_INTEGER)
        normalize (g, R0, ni->type);    /* (T *) bytes: the address itself */
      return;
    default:
      gerr (g, n, "expression not supported");
      emit (g, MOV64_IMM (R0, 0));
      return;
    }
}

/* ------------------------------------------------------------------ */
/* Statements.                                                         */

static void
set_mask_bit (struct gen *g, int action)
{
  emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
  if (action < 31)
    emit (g, A64_IMM (BPF_OR, R1, 1 << action));
  else
    {
      asm_ld_imm64 (&g->a, R2, 1ULL << action);
      emit (g, A64_REG (BPF_OR, R1, R2));
    }
  emit (g, STX (BPF_DW, R10, R1, SLOT_MASK));
}

/* Store r0 (an integer, or a string address) as record item IT. */
static void
store_item (struct gen *g, const struct rec_item *it)
{
  unsigned off = g->cg->scratch.rec_off + it->offset;
  if (it->type.kind == DT_STRING)
    {
      emit (g, MOV64_REG (R1, R7));
      emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
      copy_string (g, R1, R0);
    }
  else if (dtype_is_record (it->type))
    {
      emit (g, MOV64_REG (R1, R7));
      emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
      copy_record (g, R1, R0, it->type);
    }
  else
    {
      normalize (g, R0, it->type);
      emit (g, STX (BPF_DW, R7, R0, (int16_t) off));
    }
}

/* raise(sig), stop(), copyout(buf, addr, n), copyoutstr(s, addr, n):
 * destructive actions done in the probe context (destructive.h). */
static void
gen_destructive (struct gen *g, struct d_node *call, enum action_kind kind)
{
  if (kind == ACT_RAISE)
    {
      gen_expr (g, call->args[0]);
      emit (g, MOV64_REG (R1, R0));
      emit (g, CALL (BPF_FUNC_send_signal_thread));
      return;
    }
  if (kind == ACT_STOP)
    {
      if (g->kind == PK_BEGIN || g->kind == PK_END || g->kind == PK_TICK || g->kind == PK_ERROR)
        return;   /* these run in dtrace's own thread: stopping it would hang tracing */
      emit (g, MOV64_IMM (R1, 19));   /* SIGSTOP: the whole process */
      emit (g, CALL (BPF_FUNC_send_signal));
      return;
    }
  /* source bytes, destination, size (at most strsize) */
  int base = g->depth;
  gen_expr (g, call->args[0]);
  push (g);
  gen_expr (g, call->args[1]);
  push (g);
  gen_expr (g, call->args[2]);
  int small = asm_label (&g->a), ok = asm_label (&g->a), nothing = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JSLE, R0, 0, nothing);
  asm_jmp_imm (&g->a, BPF_JLE, R0, (int32_t) g->p->strsize, small);
  emit (g, MOV64_IMM (R0, (int32_t) g->p->strsize));
  asm_bind (&g->a, small);
  emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
  if (kind == ACT_COPYOUTSTR)
    {
      /* the string's length with its NUL, at most n */
      str_temp (g);
      emit (g, MOV64_REG (R1, R0));
      emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
      emit (g, LDX (BPF_DW, R3, R10, SLOT_FIRST - 8 * base));
      emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
      emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
      int keep = asm_label (&g->a);
      asm_jmp_reg (&g->a, BPF_JSGE, R0, R1, keep);
      asm_jmp_imm (&g->a, BPF_JSLE, R0, 0, keep);
      emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
      asm_bind (&g->a, keep);
    }
  emit (g, LDX (BPF_DW, R1, R10, SLOT_FIRST - 8 * (base + 1)));
  emit (g, LDX (BPF_DW, R2, R10, SLOT_FIRST - 8 * base));
  emit (g, LDX (BPF_DW, R3, R10, SLOT_TMP));
  {
    /* the verifier wants the size's bounds in this register */
    int in = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JLE, R3, (int32_t) g->p->strsize, in);
    emit (g, MOV64_IMM (R3, (int32_t) g->p->strsize));
    asm_bind (&g->a, in);
    int pos = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JGE, R3, 1, pos);
    emit (g, MOV64_IMM (R3, 1));
    asm_bind (&g->a, pos);
  }
  if (g->p->user_copyout)
    {
      /* the consumer writes: pid, address, size and the bytes go in the
       * record (the process is stopped once it has left, gen_clause) */
      struct daction *act = &g->cl->actions[ninfo (call)->action];
      unsigned ro = g->cg->scratch.rec_off;
      emit (g, STX (BPF_DW, R7, R1, (int16_t) (ro + act->items[1].offset)));
      emit (g, STX (BPF_DW, R7, R3, (int16_t) (ro + act->items[2].offset)));
      emit (g, MOV64_REG (R3, R2));
      emit (g, MOV64_REG (R1, R7));
      emit (g, A64_IMM (BPF_ADD, R1, (int32_t) (ro + act->items[3].offset)));
      copy_string (g, R1, R3);
      emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (g, A64_IMM (BPF_RSH, R0, 32));
      emit (g, STX (BPF_DW, R7, R0, (int16_t) (ro + act->items[0].offset)));
      set_mask_bit (g, ninfo (call)->action);
    }
  else
    {
      emit (g, CALL (BPF_FUNC_probe_write_user));
      emit (g, LDX (BPF_DW, R1, R10, SLOT_FIRST - 8 * (base + 1)));
      fault_if (g, BPF_JSLT, R0, 0, FLT_BADADDR, R1);
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
      gen_expr (g, call->args[0]);
      gen_speculate (g);
      break;
    case ACT_COMMIT:
    case ACT_DISCARD:
      gen_expr (g, call->args[0]);
      fault_if (g, BPF_JGT, R0, (int32_t) g->p->nspec, FLT_ILLOP, R0);
      store_item (g, &act->items[0]);
      break;
    case ACT_RAISE:
    case ACT_STOP:
      gen_destructive (g, call, act->kind);
      break;
    case ACT_COPYOUT:
    case ACT_COPYOUTSTR:
      gen_destructive (g, call, act->kind);   /* sets its mask bit itself (consumer's write) */
      return;
    case ACT_SYSTEM:
    case ACT_PRINTF:
    case ACT_TRACE:
    case ACT_EXIT:
      if (act->self_item)
        {
          gen_expr (g, call);
          store_item (g, &act->items[0]);
          break;
        }
      for (size_t i = 0; i < act->nitems; i++)
        {
          gen_expr (g, call->args[first + i]);
          store_item (g, &act->items[i]);
        }
      break;
    case ACT_TRUNC:
    case ACT_NORMALIZE:
      if (act->nitems)
        {
          gen_expr (g, call->args[1]);
          store_item (g, &act->items[0]);
        }
      break;
    default:
      break;
    }
  set_mask_bit (g, ni->action);
}

/* Bytes one dynamic variable element takes from dynvarsize: its key and
 * value plus a fixed overhead (DTrace's dynvar header and hash chain). */
#define DYNVAR_OVERHEAD 64

static int32_t
dynvar_elem_size (const struct dvar *v)
{
  return (int32_t) (v->key_size + v->value_size + DYNVAR_OVERHEAD);
}

/* Store the value at SLOT_VALUE (an integer, or a string's address) into
 * map-backed variable V at the key built in the scratch key area.  An
 * integer 0 deletes the element.  A new element must fit in dynvarsize
 * (the usage counter is shared by every self-> and associative array);
 * when it does not, the store is dropped and counted. */
static void
store_map_elem (struct gen *g, struct dvar *v)
{
  bool is_str = v->type.kind == DT_STRING;
  int32_t elem = dynvar_elem_size (v);
  int done = asm_label (&g->a), update = asm_label (&g->a), drop = asm_label (&g->a);
#define KEY_TO_R2() do { emit (g, MOV64_REG (R2, R7)); \
    emit (g, A64_IMM (BPF_ADD, R2, (int32_t) g->cg->scratch.key_off)); } while (0)
#define VALUE_TO_R3() do { if (is_str) emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE)); \
    else { emit (g, MOV64_REG (R3, R10)); emit (g, A64_IMM (BPF_ADD, R3, SLOT_VALUE)); } } while (0)
  if (!is_str)
    {
      /* assigning 0 deletes the element and gives its space back */
      int nonzero = asm_label (&g->a);
      emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
      asm_jmp_imm (&g->a, BPF_JNE, R3, 0, nonzero);
      asm_ld_map_fd (&g->a, R1, v->map_fd);
      KEY_TO_R2 ();
      emit (g, CALL (BPF_FUNC_map_delete_elem));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, done);
      dynvar_counter (g, done);
      emit (g, MOV64_IMM (R1, -elem));
      emit (g, ATOMIC_ADD64 (R0, R1, 0));
      asm_ja (&g->a, done);
      asm_bind (&g->a, nonzero);
    }
  /* an existing element is overwritten in place */
  asm_ld_map_fd (&g->a, R1, v->map_fd);
  KEY_TO_R2 ();
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, update);
  /* a new one: reserve its bytes first */
  dynvar_counter (g, drop);
  emit (g, MOV64_IMM (R1, elem));
  emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R0, R1, 0, BPF_ADD | BPF_FETCH));
  emit (g, A64_IMM (BPF_ADD, R1, elem));
  asm_ld_imm64 (&g->a, R2, g->p->dynvarsize);
  {
    int fits = asm_label (&g->a);
    asm_jmp_reg (&g->a, BPF_JLE, R1, R2, fits);
    emit (g, MOV64_IMM (R1, -elem));
    emit (g, ATOMIC_ADD64 (R0, R1, 0));
    asm_ja (&g->a, drop);
    asm_bind (&g->a, fits);
  }
  asm_ld_map_fd (&g->a, R1, v->map_fd);
  KEY_TO_R2 ();
  VALUE_TO_R3 ();
  emit (g, MOV64_IMM (R4, BPF_NOEXIST));
  emit (g, CALL (BPF_FUNC_map_update_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  dynvar_counter (g, drop);
  emit (g, MOV64_IMM (R1, -elem));
  emit (g, ATOMIC_ADD64 (R0, R1, 0));
  asm_ja (&g->a, drop);
  asm_bind (&g->a, update);
  /* r0 = the element: write the value in place */
  if (is_str)
    {
      emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
      copy_string (g, R0, R3);
    }
  else
    {
      emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      emit (g, STX (BPF_DW, R0, R1, 0));
    }
  asm_ja (&g->a, done);
  asm_bind (&g->a, drop);
  count_drop (g, DROP_DYNVAR);
  asm_bind (&g->a, done);
#undef KEY_TO_R2
#undef VALUE_TO_R3
}

/* Store r0 into variable V (target node LV). */
static void
store_var (struct gen *g, struct d_node *lv, struct dvar *v)
{
  switch (v->scope)
    {
    case VS_GLOBAL:
    case VS_THIS:
      {
        int base = v->scope == VS_GLOBAL ? R1 : R7;
        int off = (int) (v->scope == VS_GLOBAL ? v->offset : g->cg->scratch.this_off + v->offset);
        if (v->scope == VS_GLOBAL)
          emit (g, LDX (BPF_DW, R1, R10, SLOT_GLOBALS));
        if (v->type.kind == DT_STRING)
          {
            emit (g, MOV64_REG (R3, R0));
            if (base != R1)
              emit (g, MOV64_REG (R1, base));
            emit (g, A64_IMM (BPF_ADD, R1, off));
            copy_string (g, R1, R3);
          }
        else
          {
            normalize (g, R0, v->type);
            emit (g, STX (BPF_DW, base, R0, (int16_t) off));
          }
        return;
      }
    case VS_ASSOC:
    case VS_SELF:
      {
        /* the value (an integer, or a string's address) waits on the
         * expression stack while the key is built, then goes to SLOT_VALUE */
        if (v->type.kind != DT_STRING)
          normalize (g, R0, v->type);
        push (g);
        build_key (g, lv->kind == DN_INDEX ? lv->args : NULL, lv->kind == DN_INDEX ? lv->nargs : 0,
                   v->scope == VS_SELF);
        pop (g, R1);
        emit (g, STX (BPF_DW, R10, R1, SLOT_VALUE));
        store_map_elem (g, v);
        return;
      }
    }
}

static enum d_op
compound_op (enum d_op op)
{
  return op;
}

static void
gen_assign (struct gen *g, struct d_node *n)
{
  struct dvar *v = ninfo (n->a)->var;
  if (n->op == DOP_ASSIGN)
    gen_expr (g, n->b);
  else
    {
      gen_expr (g, n->a);
      push (g);
      gen_expr (g, n->b);
      emit (g, MOV64_REG (R1, R0));
      pop (g, R0);
      enum d_op op = compound_op (n->op);
      switch (op)
        {
        case DOP_ADD: emit (g, A64_REG (BPF_ADD, R0, R1)); break;
        case DOP_SUB: emit (g, A64_REG (BPF_SUB, R0, R1)); break;
        case DOP_MUL: emit (g, A64_REG (BPF_MUL, R0, R1)); break;
        case DOP_DIV: case DOP_MOD: divide (g, op, v->type.is_signed); break;
        case DOP_SHL: emit (g, A64_IMM (BPF_AND, R1, 63)); emit (g, A64_REG (BPF_LSH, R0, R1)); break;
        case DOP_SHR:
          emit (g, A64_IMM (BPF_AND, R1, 63));
          emit (g, A64_REG (v->type.is_signed ? BPF_ARSH : BPF_RSH, R0, R1));
          break;
        case DOP_BITAND: emit (g, A64_REG (BPF_AND, R0, R1)); break;
        case DOP_BITOR: emit (g, A64_REG (BPF_OR, R0, R1)); break;
        case DOP_BITXOR: emit (g, A64_REG (BPF_XOR, R0, R1)); break;
        default: gerr (g, n, "assignment operator not supported"); break;
        }
    }
  store_var (g, n->a, v);
}

/* msb index of the unsigned value in r1 -> r2 (0..63); r1 != 0. */
static void
msb (struct gen *g)
{
  emit (g, MOV64_IMM (R2, 0));
  static const int steps[] = { 32, 16, 8, 4, 2, 1 };
  for (int i = 0; i < 6; i++)
    {
      int skip = asm_label (&g->a);
      asm_ld_imm64 (&g->a, R3, (1ULL << steps[i]) - 1);
      asm_jmp_reg (&g->a, BPF_JLE, R1, R3, skip);
      emit (g, A64_IMM (BPF_RSH, R1, steps[i]));
      emit (g, A64_IMM (BPF_ADD, R2, steps[i]));
      asm_bind (&g->a, skip);
    }
}

static void
gen_aggregation (struct gen *g, struct d_node *n)
{
  struct dagg *ag = ninfo (n)->agg;
  struct d_node *call = n->b;
  /* the value and the increment first (they may need helper calls) */
  if (call->nargs >= 1)
    gen_expr (g, call->args[0]);
  int value_slot = push (g);
  struct d_node *incr = ag->func == AGG_QUANTIZE && call->nargs == 2 ? call->args[1]
                        : ag->func == AGG_LQUANTIZE && call->nargs == 5 ? call->args[4]
                        : ag->func == AGG_LLQUANTIZE && call->nargs == 6 ? call->args[5] : NULL;
  if (incr)
    gen_expr (g, incr);
  else
    emit (g, MOV64_IMM (R0, 1));
  int incr_slot = push (g);
  int have = asm_label (&g->a), done = asm_label (&g->a);
  if (dagg_is_array (ag))
    {
      /* no key: element 0 of the per-CPU array, marked set (dprog.h) */
      emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, 0));
      emit (g, MOV64_REG (R2, R10));
      emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
      asm_ld_map_fd (&g->a, R1, ag->map_fd);
      emit (g, CALL (BPF_FUNC_map_lookup_elem));
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
      emit (g, ST_IMM (BPF_DW, R0, (int16_t) dagg_flag_off (ag), 1));
    }
  else
    {
      build_key (g, n->a->args, n->a->nargs, false);
      emit (g, MOV64_REG (R2, R0));
      asm_ld_map_fd (&g->a, R1, ag->map_fd);
      emit (g, CALL (BPF_FUNC_map_lookup_elem));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, have);
      /* first time on this CPU: insert zeroes, look up again */
      asm_ld_map_fd (&g->a, R1, ag->map_fd);
      emit (g, MOV64_REG (R2, R7));
      emit (g, A64_IMM (BPF_ADD, R2, (int32_t) g->cg->scratch.key_off));
      emit (g, LDX (BPF_DW, R3, R10, SLOT_ZERO));
      emit (g, MOV64_IMM (R4, BPF_NOEXIST));
      emit (g, CALL (BPF_FUNC_map_update_elem));
      asm_ld_map_fd (&g->a, R1, ag->map_fd);
      emit (g, MOV64_REG (R2, R7));
      emit (g, A64_IMM (BPF_ADD, R2, (int32_t) g->cg->scratch.key_off));
      emit (g, CALL (BPF_FUNC_map_lookup_elem));
      int ok = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, ok);
      count_drop (g, 2);
      asm_ja (&g->a, done);
      asm_bind (&g->a, ok);
    }
  asm_bind (&g->a, have);
  emit (g, LDX (BPF_DW, R1, R10, (int16_t) value_slot));   /* v */
  switch (ag->func)
    {
    case AGG_COUNT:
      emit (g, MOV64_IMM (R1, 1));
      emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_SUM:
      emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_AVG:
      emit (g, ATOMIC_ADD64 (R0, R1, 8));
      emit (g, MOV64_IMM (R1, 1));
      emit (g, ATOMIC_ADD64 (R0, R1, 0));
      break;
    case AGG_MIN:
    case AGG_MAX:
      {
        /* [0] value, [1] set */
        int store = asm_label (&g->a);
        emit (g, LDX (BPF_DW, R2, R0, 8));
        asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, store);
        emit (g, LDX (BPF_DW, R2, R0, 0));
        asm_jmp_reg (&g->a, ag->func == AGG_MIN ? BPF_JSLT : BPF_JSGT, R1, R2, store);
        asm_ja (&g->a, done);
        asm_bind (&g->a, store);
        emit (g, STX (BPF_DW, R0, R1, 0));
        emit (g, ST_IMM (BPF_DW, R0, 8, 1));
        break;
      }
    case AGG_QUANTIZE:
      {
        /* index: 0 -> 63; v > 0 -> 64 + msb(v); v < 0 -> 62 - msb(-v) */
        emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));       /* value pointer */
        int pos = asm_label (&g->a), neg = asm_label (&g->a), idx = asm_label (&g->a);
        emit (g, MOV64_IMM (R4, 63));
        asm_jmp_imm (&g->a, BPF_JSGT, R1, 0, pos);
        asm_jmp_imm (&g->a, BPF_JSLT, R1, 0, neg);
        asm_ja (&g->a, idx);
        asm_bind (&g->a, pos);
        msb (g);
        emit (g, MOV64_IMM (R4, 64));
        emit (g, A64_REG (BPF_ADD, R4, R2));
        asm_ja (&g->a, idx);
        asm_bind (&g->a, neg);
        emit (g, NEG64 (R1));
        msb (g);
        emit (g, MOV64_IMM (R4, 62));
        emit (g, A64_REG (BPF_SUB, R4, R2));
        asm_bind (&g->a, idx);
        {
          int inrange = asm_label (&g->a);
          asm_jmp_imm (&g->a, BPF_JSGE, R4, 0, inrange);
          emit (g, MOV64_IMM (R4, 0));
          asm_bind (&g->a, inrange);
        }
        asm_jmp_imm (&g->a, BPF_JGT, R4, 126, done);
        emit (g, A64_IMM (BPF_LSH, R4, 3));
        emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
        emit (g, A64_REG (BPF_ADD, R0, R4));
        emit (g, LDX (BPF_DW, R1, R10, (int16_t) incr_slot));
        emit (g, ATOMIC_ADD64 (R0, R1, 0));
        break;
      }
    case AGG_LQUANTIZE:
      {
        int64_t low = ag->param[0], step = ag->param[2];
        unsigned levels = ag->nbuckets - 2;
        int under = asm_label (&g->a), over = asm_label (&g->a), add = asm_label (&g->a);
        emit (g, STX (BPF_DW, R10, R0, SLOT_TMP));
        /* int32 cast of the value */
        emit (g, A64_IMM (BPF_LSH, R1, 32));
        emit (g, A64_IMM (BPF_ARSH, R1, 32));
        mov_imm (g, R2, low);
        asm_jmp_reg (&g->a, BPF_JSLT, R1, R2, under);
        emit (g, A64_REG (BPF_SUB, R1, R2));
        mov_imm (g, R2, step);
        emit (g, A64_REG (BPF_DIV, R1, R2));
        asm_jmp_imm (&g->a, BPF_JGE, R1, (int32_t) levels, over);
        emit (g, MOV64_REG (R4, R1));
        emit (g, A64_IMM (BPF_ADD, R4, 1));
        asm_ja (&g->a, add);
        asm_bind (&g->a, under);
        emit (g, MOV64_IMM (R4, 0));
        asm_ja (&g->a, add);
        asm_bind (&g->a, over);
        emit (g, MOV64_IMM (R4, (int32_t) levels + 1));
        asm_bind (&g->a, add);
        asm_jmp_imm (&g->a, BPF_JGT, R4, (int32_t) ag->nbuckets - 1, done);
        emit (g, A64_IMM (BPF_LSH, R4, 3));
        emit (g, LDX (BPF_DW, R1, R10, (int16_t) incr_slot));
        emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
        emit (g, A64_REG (BPF_ADD, R0, R4));
        emit (g, ATOMIC_ADD64 (R0, R1, 0));
        break;
      }
    case AGG_STDDEV:
      cgagg_stddev (g, value_slot);
      break;
    case AGG_LLQUANTIZE:
      cgagg_llquantize (g, ag, value_slot, incr_slot, done);
      break;
    default:
      gerr (g, n, "this aggregating function is not supported yet");
      break;
    }
  asm_bind (&g->a, done);
  g->depth -= 2;
}

static void gen_stmt (struct gen *g, struct d_node *s);

static void
gen_stmt_expr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  switch (n->kind)
    {
    case DN_ASSIGN:
      if (n->a->kind == DN_AGG)
        gen_aggregation (g, n);
      else
        gen_assign (g, n);
      return;
    case DN_INCDEC:
      gen_expr (g, n->a);
      emit (g, A64_IMM (BPF_ADD, R0, n->op == DOP_PREINC || n->op == DOP_POSTINC ? 1 : -1));
      store_var (g, n->a, ninfo (n->a)->var);
      return;
    case DN_CALL:
      if (ni->action >= 0)
        {
          gen_action (g, n);
          return;
        }
      gen_expr (g, n);
      return;
    case DN_TERNARY:
      {
        int els = asm_label (&g->a), done = asm_label (&g->a);
        gen_expr (g, n->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, els);
        gen_stmt_expr (g, n->b);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        gen_stmt_expr (g, n->c);
        asm_bind (&g->a, done);
        return;
      }
    default:
      gen_expr (g, n);
      return;
    }
}

static void
gen_stmt (struct gen *g, struct d_node *s)
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
        gen_expr (g, s->a);
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, els);
        gen_stmt (g, s->b);
        asm_ja (&g->a, done);
        asm_bind (&g->a, els);
        if (s->c)
          gen_stmt (g, s->c);
        asm_bind (&g->a, done);
        return;
      }
    case DN_EXPR_STMT:
      gen_stmt_expr (g, s->a);
      return;
    default:
      gen_stmt_expr (g, s);
      return;
    }
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
      count_drop (g, DROP_ERROR_IN_ERROR);
      return;
    }
  emit (g, ST_IMM (BPF_W, R7, (int16_t) ro, (int32_t) REC_FAULT));
  emit (g, STX (BPF_W, R7, R9, (int16_t) (ro + 4)));
  emit (g, CALL (BPF_FUNC_get_smp_processor_id));
  emit (g, STX (BPF_W, R7, R0, (int16_t) (ro + 8)));
  emit (g, ST_IMM (BPF_W, R7, (int16_t) (ro + REC_SPEC_OFF), 0));
  emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + 16), 0));
  emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 24), (int32_t) g->cl->index));
  asm_ld_map_fd (&g->a, R1, g->p->ringbuf_fd);
  emit (g, MOV64_REG (R2, R7));
  emit (g, A64_IMM (BPF_ADD, R2, (int32_t) ro));
  emit (g, MOV64_IMM (R3, REC_FAULT_SIZE));
  emit (g, MOV64_IMM (R4, 0));
  emit (g, CALL (BPF_FUNC_ringbuf_output));
  int sent = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, sent);
  count_drop (g, DROP_ERROR_LOST);
  asm_bind (&g->a, sent);
}

/* A copyout() for the consumer left in the record just sent: stop the
 * process until the consumer has written (it sends SIGCONT). */
static void
copyout_stop (struct gen *g)
{
  for (size_t i = 0; i < g->cl->nactions && i < 64; i++)
    {
      enum action_kind k = g->cl->actions[i].kind;
      if (k != ACT_COPYOUT && k != ACT_COPYOUTSTR)
        continue;
      int skip = asm_label (&g->a);
      emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
      if (i < 31)
        emit (g, A64_IMM (BPF_AND, R1, 1 << i));
      else
        {
          asm_ld_imm64 (&g->a, R2, 1ULL << i);
          emit (g, A64_REG (BPF_AND, R1, R2));
        }
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skip);
      emit (g, MOV64_IMM (R1, 19));   /* SIGSTOP */
      emit (g, CALL (BPF_FUNC_send_signal));
      asm_bind (&g->a, skip);
    }
}

/* The ring buffer's wakeup flags for a record -> r4.  Waking the consumer
 * costs an interrupt per record (bench/results.md, figure 2: a few µs in a
 * VM, more than the whole uprobe), and the consumer polls every switchrate
 * (at most 100 ms) anyway; so a record wakes it only when the buffer is a
 * quarter full, or when its clause calls exit() or stop(), or has a
 * copyout() that the consumer does (the process waits stopped for it). */
static void
ringbuf_wakeup_flags (struct gen *g, const struct dclause *cl)
{
  for (size_t i = 0; i < cl->nactions; i++)
    if (cl->actions[i].kind == ACT_EXIT || cl->actions[i].kind == ACT_STOP
        || (g->p->user_copyout && (cl->actions[i].kind == ACT_COPYOUT || cl->actions[i].kind == ACT_COPYOUTSTR)))
      {
        emit (g, MOV64_IMM (R4, BPF_RB_FORCE_WAKEUP));
        return;
      }
  int quiet = asm_label (&g->a);
  asm_ld_map_fd (&g->a, R1, g->p->ringbuf_fd);
  emit (g, MOV64_IMM (R2, BPF_RB_AVAIL_DATA));
  emit (g, CALL (BPF_FUNC_ringbuf_query));
  emit (g, MOV64_IMM (R4, BPF_RB_NO_WAKEUP));
  asm_jmp_imm (&g->a, BPF_JLT, R0, (int32_t) (g->p->bufsize / 4), quiet);
  emit (g, MOV64_IMM (R4, BPF_RB_FORCE_WAKEUP));
  asm_bind (&g->a, quiet);
}

static void
gen_clause (struct gen *g, struct dclause *cl)
{
  g->cl = cl;
  g->fault = asm_label (&g->a);
  int end = asm_label (&g->a);
  g->clause_end = end;
  g->action_no = 0;
  emit (g, ST_IMM (BPF_DW, R10, SLOT_MASK, 0));
  /* the record's speculation id: only a clause that records or speculates
   * reads it (a clause that does neither need not touch the scratch area) */
  bool rec_or_spec = cl->records_data;
  for (size_t i = 0; i < cl->nactions; i++)
    rec_or_spec |= cl->actions[i].kind == ACT_SPECULATE;
  if (rec_or_spec)
    emit (g, ST_IMM (BPF_W, R7, (int16_t) (g->cg->scratch.rec_off + REC_SPEC_OFF), 0));
  if (cl->ast->predicate)
    {
      g->nstr = 0;
      gen_expr (g, cl->ast->predicate);
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, end);
    }
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
  bool speculates = false, settles = false;
  for (size_t i = 0; i < cl->nactions; i++)
    {
      speculates |= cl->actions[i].kind == ACT_SPECULATE;
      settles |= cl->actions[i].kind == ACT_COMMIT || cl->actions[i].kind == ACT_DISCARD;
    }
  if (cl->records_data)
    {
      emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, end);
      if (speculates)
        spec_account (g, end);
      emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
      unsigned ro = g->cg->scratch.rec_off;
      emit (g, STX (BPF_DW, R7, R1, (int16_t) (ro + 16)));
      emit (g, ST_IMM (BPF_W, R7, (int16_t) ro, (int32_t) cl->index));
      emit (g, STX (BPF_W, R7, R9, (int16_t) (ro + 4)));
      emit (g, CALL (BPF_FUNC_get_smp_processor_id));
      emit (g, STX (BPF_W, R7, R0, (int16_t) (ro + 8)));
      if (g->kind == PK_ERROR)
        emit (g, MOV64_IMM (R4, 0));
      else
        ringbuf_wakeup_flags (g, cl);                  /* -> r4 */
      asm_ld_map_fd (&g->a, R1, g->kind == PK_ERROR ? g->p->errbuf_fd : g->p->ringbuf_fd);
      emit (g, MOV64_REG (R2, R7));
      emit (g, A64_IMM (BPF_ADD, R2, (int32_t) ro));
      emit (g, MOV64_IMM (R3, (int32_t) cl->rec_size));
      emit (g, CALL (BPF_FUNC_ringbuf_output));
      int sent = asm_label (&g->a), failed = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, failed);
      if (g->p->user_copyout
          && (kind_uprobe (g->kind) || g->kind == PK_SYSCALL_ENTRY || g->kind == PK_SYSCALL_RETURN))
        copyout_stop (g);
      asm_ja (&g->a, sent);
      asm_bind (&g->a, failed);
      count_drop (g, DROP_RING);
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

/* r0 = pointer to element KEY (u32 constant or register) of MAP, or exit. */
static void
lookup_or_exit (struct gen *g, int map_fd, int key_reg, int32_t key_imm)
{
  if (key_reg >= 0)
    emit (g, STX (BPF_W, R10, key_reg, SLOT_TMP));
  else
    emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, key_imm));
  asm_ld_map_fd (&g->a, R1, map_fd);
  emit (g, MOV64_REG (R2, R10));
  emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
  emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, g->exit_label);
}

/* Syscall programs, r0 = the current tgid.  The -c child is forked with
 * the comm DT_PROC_HELD_COMM (process.c) and keeps it until its exec
 * replaces it: until then its calls are our fork's (closing the hold
 * channel, waiting for the go, entering execve), not the command's, and are
 * skipped; the exec's return is the command's first event. */
static void
gen_skip_held_child (struct gen *g)
{
  int go_on = asm_label (&g->a);
  char want[16] = { 0 };
  uint64_t w0, w1;
  memcpy (want, DT_PROC_HELD_COMM, sizeof DT_PROC_HELD_COMM);
  memcpy (&w0, want, 8);
  memcpy (&w1, want + 8, 8);
  asm_jmp_imm (&g->a, BPF_JNE, R0, (int32_t) g->cg->held_pid, go_on);
  /* the 16 bytes at SLOT_MASK..SLOT_TMP are free in the prologue */
  emit (g, MOV64_REG (R1, R10));
  emit (g, A64_IMM (BPF_ADD, R1, SLOT_MASK));
  emit (g, MOV64_IMM (R2, 16));
  emit (g, CALL (BPF_FUNC_get_current_comm));
  emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
  asm_ld_imm64 (&g->a, R2, w0);
  asm_jmp_reg (&g->a, BPF_JNE, R1, R2, go_on);
  emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
  asm_ld_imm64 (&g->a, R2, w1);
  asm_jmp_reg (&g->a, BPF_JEQ, R1, R2, g->exit_label);
  asm_bind (&g->a, go_on);
}

/* r0 = the pt_regs slot (r6 + r3, r3 masked to a slot offset). */
static void
read_reg_at_r3 (struct gen *g)
{
  emit (g, A64_IMM (BPF_AND, R3, 0xf8));
  emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  emit (g, MOV64_REG (R1, R10));
  emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  emit (g, MOV64_IMM (R2, 8));
  emit (g, A64_REG (BPF_ADD, R3, R6));
  emit (g, CALL (BPF_FUNC_probe_read_kernel));
  emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
}

/* Read the pt_regs slot at the u16 offset found at r8+SPEC_OFF into r0. */
static void
read_reg (struct gen *g, int spec_off)
{
  emit (g, LDX (BPF_H, R3, R8, (int16_t) spec_off));
  read_reg_at_r3 (g);
}

/* Fetch argument K, in the same register at every site (codegen.h
 * fixed_args): a context load at a constant offset, truncated and extended
 * as the spec says. */
static void
fetch_fixed_arg (struct gen *g, unsigned k)
{
  const struct site_arg *a = &g->cg->fixed[k];
  emit (g, LDX (BPF_DW, R0, R6, (int16_t) (a->base_off & 0xf8)));
  int shift = 64 - 8 * (a->size & 0xf);
  if (shift > 0 && shift < 64)
    {
      emit (g, A64_IMM (BPF_LSH, R0, shift));
      emit (g, A64_IMM (a->is_signed ? BPF_ARSH : BPF_RSH, R0, shift));
    }
  emit (g, STX (BPF_DW, R7, R0, (int16_t) (g->cg->scratch.args_off + 8 * k)));
}

/* Fetch argument K of the current site into the scratch args cache. */
static void
fetch_arg (struct gen *g, unsigned k)
{
  if (kind_uprobe (g->kind) && (g->cg->fixed_args & (1u << k)))
    {
      fetch_fixed_arg (g, k);
      return;
    }
  int spec = (int) (offsetof (struct site_spec, args) + k * sizeof (struct site_arg));
  int o_kind = spec + (int) offsetof (struct site_arg, kind);
  int o_size = spec + (int) offsetof (struct site_arg, size);
  int o_sign = spec + (int) offsetof (struct site_arg, is_signed);
  int o_flags = spec + (int) offsetof (struct site_arg, flags);
  int o_base = spec + (int) offsetof (struct site_arg, base_off);
  int o_index = spec + (int) offsetof (struct site_arg, index_off);
  int o_scale = spec + (int) offsetof (struct site_arg, scale_shift);
  int o_val = spec + (int) offsetof (struct site_arg, val);
  int store = asm_label (&g->a), zero = asm_label (&g->a), mem = asm_label (&g->a),
      extend = asm_label (&g->a), nobase = asm_label (&g->a), noindex = asm_label (&g->a);

  emit (g, LDX (BPF_B, R1, R8, (int16_t) o_kind));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_NONE, zero);
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_MEM, mem);
  asm_jmp_imm (&g->a, BPF_JEQ, R1, ARGK_REG, nobase);   /* reused label: register */
  /* immediate */
  emit (g, LDX (BPF_DW, R0, R8, (int16_t) o_val));
  asm_ja (&g->a, extend);
  asm_bind (&g->a, nobase);
  read_reg (g, o_base);
  asm_ja (&g->a, extend);
  /* memory: base + (index << scale) + disp, then read size bytes */
  asm_bind (&g->a, mem);
  emit (g, MOV64_IMM (R0, 0));
  emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  emit (g, LDX (BPF_B, R1, R8, (int16_t) o_flags));
  emit (g, A64_IMM (BPF_AND, R1, ARGF_BASE));
  {
    int skipb = asm_label (&g->a);
    asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, skipb);
    read_reg (g, o_base);
    emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
    asm_bind (&g->a, skipb);
  }
  emit (g, LDX (BPF_B, R1, R8, (int16_t) o_flags));
  emit (g, A64_IMM (BPF_AND, R1, ARGF_INDEX));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, noindex);
  read_reg (g, o_index);
  emit (g, LDX (BPF_B, R1, R8, (int16_t) o_scale));
  emit (g, A64_IMM (BPF_AND, R1, 3));
  emit (g, A64_REG (BPF_LSH, R0, R1));
  emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  emit (g, A64_REG (BPF_ADD, R1, R0));
  emit (g, STX (BPF_DW, R10, R1, SLOT_VALUE));
  asm_bind (&g->a, noindex);
  emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
  emit (g, LDX (BPF_DW, R1, R8, (int16_t) o_val));
  emit (g, A64_REG (BPF_ADD, R3, R1));
  emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  emit (g, MOV64_REG (R1, R10));
  emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
  asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, zero);
  asm_jmp_imm (&g->a, BPF_JGT, R2, 8, zero);
  if (gen_sleepable (g))
    emit (g, STX (BPF_DW, R10, R3, SLOT_MASK));   /* the address, for a retry (mask is set later) */
  emit (g, CALL (BPF_FUNC_probe_read_user));
  if (gen_sleepable (g))
    {
      /* not present: copy_from_user may fault the page in */
      int ok = asm_label (&g->a);
      asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, ok);
      emit (g, MOV64_REG (R1, R10));
      emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
      emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
      asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, zero);
      asm_jmp_imm (&g->a, BPF_JGT, R2, 8, zero);
      emit (g, LDX (BPF_DW, R3, R10, SLOT_MASK));
      emit (g, CALL (BPF_FUNC_copy_from_user));
      asm_bind (&g->a, ok);
    }
  emit (g, LDX (BPF_DW, R0, R10, SLOT_TMP));
  /* truncate to size, extend by sign */
  asm_bind (&g->a, extend);
  {
    int sgn = asm_label (&g->a);
    emit (g, LDX (BPF_B, R2, R8, (int16_t) o_size));
    emit (g, A64_IMM (BPF_AND, R2, 0xf));
    emit (g, A64_IMM (BPF_LSH, R2, 3));
    emit (g, MOV64_IMM (R3, 64));
    emit (g, A64_REG (BPF_SUB, R3, R2));
    emit (g, A64_IMM (BPF_AND, R3, 63));
    emit (g, A64_REG (BPF_LSH, R0, R3));
    emit (g, LDX (BPF_B, R1, R8, (int16_t) o_sign));
    asm_jmp_imm (&g->a, BPF_JNE, R1, 0, sgn);
    emit (g, A64_REG (BPF_RSH, R0, R3));
    asm_ja (&g->a, store);
    asm_bind (&g->a, sgn);
    emit (g, A64_REG (BPF_ARSH, R0, R3));
    asm_ja (&g->a, store);
  }
  asm_bind (&g->a, zero);
  emit (g, MOV64_IMM (R0, 0));
  asm_bind (&g->a, store);
  emit (g, STX (BPF_DW, R7, R0, (int16_t) (g->cg->scratch.args_off + 8 * k)));
}

/* Which argN the clauses use. */
static void
args_used (const struct d_node *n, unsigned *mask)
{
  if (!n)
    return;
  const struct ninfo *ni = ninfo (n);
  if (ni && ni->builtin >= BI_ARG0 && ni->builtin < BI_ARG0 + 12)
    *mask |= 1u << (ni->builtin - BI_ARG0);
  args_used (n->a, mask);
  args_used (n->b, mask);
  args_used (n->c, mask);
  for (size_t i = 0; i < n->nargs; i++)
    args_used (n->args[i], mask);
}

static void
gen_program (struct gen *gp, struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
             const unsigned *clauses, size_t nclauses, unsigned need)
{
  struct gen g;
  memset (&g, 0, sizeof g);
  g.cg = cg;
  g.p = cg->prog;
  g.kind = kind;
  g.need = need;
  asm_init (&g.a);
  g.exit_label = asm_label (&g.a);

  emit (&g, MOV64_REG (R6, R1));
  if (kind == PK_SYSCALL_ENTRY || kind == PK_SYSCALL_RETURN)
    {
      /* raw tracepoint args: (struct pt_regs *, long id or ret); r6 becomes
       * the registers, the call number goes to SLOT_VALUE (sys_exit: the
       * saved orig_ax) */
      if (kind == PK_SYSCALL_ENTRY)
        {
          emit (&g, LDX (BPF_DW, R0, R6, 8));
          emit (&g, STX (BPF_DW, R10, R0, SLOT_VALUE));
        }
      emit (&g, STX (BPF_DW, R10, R6, SLOT_CTX));
      emit (&g, LDX (BPF_DW, R6, R6, 0));
      if (kind == PK_SYSCALL_RETURN)
        {
          emit (&g, MOV64_REG (R1, R10));
          emit (&g, A64_IMM (BPF_ADD, R1, SLOT_VALUE));
          emit (&g, MOV64_IMM (R2, 8));
          emit (&g, MOV64_REG (R3, R6));
          emit (&g, A64_IMM (BPF_ADD, R3, 120));   /* orig_ax */
          emit (&g, CALL (BPF_FUNC_probe_read_kernel));
          asm_jmp_imm (&g.a, BPF_JNE, R0, 0, g.exit_label);
        }
    }
  if (kind == PK_SYSCALL_ENTRY || kind == PK_SYSCALL_RETURN)
    {
      /* dtrace's own calls would feed back (each record it consumes makes
       * more): they are not traced */
      emit (&g, CALL (BPF_FUNC_get_current_pid_tgid));
      emit (&g, A64_IMM (BPF_RSH, R0, 32));
      asm_jmp_imm (&g.a, BPF_JEQ, R0, (int32_t) getpid (), g.exit_label);
      if (cg->held_pid > 0)
        gen_skip_held_child (&g);
    }
  if ((need & USE_SCRATCH) || kind == PK_PROFILE)
    {
      lookup_or_exit (&g, g.p->scratch_fd, -1, 0);
      emit (&g, MOV64_REG (R7, R0));
      cgstr_prologue (&g);
    }
  if (kind == PK_SYSCALL_ENTRY || kind == PK_SYSCALL_RETURN)
    {
      emit (&g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      lookup_or_exit (&g, cg->syscall_sites_fd, R1, 0);
      emit (&g, MOV64_REG (R8, R0));
      emit (&g, LDX (BPF_W, R9, R8, 0));
    }
  else if (kind == PK_PROFILE)
    {
      /* arg0 = kernel pc or 0, arg1 = user pc or 0 (cs & 3: the mode) */
      int user = asm_label (&g.a), done = asm_label (&g.a);
      emit (&g, LDX (BPF_DW, R1, R6, 136));
      emit (&g, LDX (BPF_DW, R2, R6, 128));
      emit (&g, MOV64_IMM (R3, 0));
      emit (&g, A64_IMM (BPF_AND, R1, 3));
      asm_jmp_imm (&g.a, BPF_JNE, R1, 0, user);
      emit (&g, STX (BPF_DW, R7, R2, (int16_t) cg->scratch.args_off));
      emit (&g, STX (BPF_DW, R7, R3, (int16_t) (cg->scratch.args_off + 8)));
      asm_ja (&g.a, done);
      asm_bind (&g.a, user);
      emit (&g, STX (BPF_DW, R7, R3, (int16_t) cg->scratch.args_off));
      emit (&g, STX (BPF_DW, R7, R2, (int16_t) (cg->scratch.args_off + 8)));
      asm_bind (&g.a, done);
      for (unsigned k = 2; k < 12; k++)
        emit (&g, STX (BPF_DW, R7, R3, (int16_t) (cg->scratch.args_off + 8 * k)));
      mov_imm (&g, R9, probe_id);
    }
  else if (kind_uprobe (kind))
    {
      /* pid probes name their process: the kernel filters them when it
       * can, and then the -p/-c list must not (pid123 with -p 456) */
      bool kernel_filters = kind == PK_PID
        && (cg->usdt_attach_type != UPROBE_BPF_TRACE_UPROBE_MULTI || uprobe_features ()->multi_pid_filter);
      if (cg->pids_fd >= 0 && !kernel_filters && !cg->pid_scoped)
        {
          emit (&g, CALL (BPF_FUNC_get_current_pid_tgid));
          emit (&g, A64_IMM (BPF_RSH, R0, 32));
          emit (&g, MOV64_REG (R1, R0));
          lookup_or_exit (&g, cg->pids_fd, R1, 0);
        }
      if (!(need & USE_SITE) && cg->fixed_probe_id && (need & (USE_PROBEID | USE_PROBESTR)))
        mov_imm (&g, R9, cg->fixed_probe_id);   /* every site is this probe's */
      else if (need & (USE_SITE | USE_PROBEID | USE_PROBESTR))
        {
          emit (&g, MOV64_REG (R1, R6));
          emit (&g, CALL (BPF_FUNC_get_attach_cookie));
          emit (&g, MOV64_REG (R1, R0));
          lookup_or_exit (&g, g.p->sites_fd, R1, 0);
          emit (&g, MOV64_REG (R8, R0));
          emit (&g, LDX (BPF_W, R9, R8, 0));
          if (kind == PK_USDT && cg->siteprobes_fd >= 0)
            {
              /* a site several processes' probes share: the firing
               * process's own (key: the cookie, still at SLOT_TMP, and the
               * tgid above it) */
              int own = asm_label (&g.a);
              emit (&g, MOV64_REG (R1, R9));
              emit (&g, A64_IMM (BPF_RSH, R1, 31));
              asm_jmp_imm (&g.a, BPF_JEQ, R1, 0, own);
              emit (&g, A64_IMM (BPF_AND, R9, 0x7fffffff));
              emit (&g, CALL (BPF_FUNC_get_current_pid_tgid));
              emit (&g, A64_IMM (BPF_RSH, R0, 32));
              emit (&g, STX (BPF_W, R10, R0, SLOT_TMP + 4));
              asm_ld_map_fd (&g.a, R1, cg->siteprobes_fd);
              emit (&g, MOV64_REG (R2, R10));
              emit (&g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
              emit (&g, CALL (BPF_FUNC_map_lookup_elem));
              asm_jmp_imm (&g.a, BPF_JEQ, R0, 0, own);
              emit (&g, LDX (BPF_W, R9, R0, 0));
              asm_bind (&g.a, own);
            }
        }
    }
  else
    mov_imm (&g, R9, probe_id);
  if (need & USE_GLOBALS)
    {
      lookup_or_exit (&g, g.p->globals_fd, -1, 0);
      emit (&g, STX (BPF_DW, R10, R0, SLOT_GLOBALS));
    }
  if (need & USE_STRCONST)
    {
      lookup_or_exit (&g, cg->strconst_fd, -1, 0);
      emit (&g, STX (BPF_DW, R10, R0, SLOT_STRCONST));
    }
  if (need & USE_ZERO)
    {
      lookup_or_exit (&g, g.p->zero_fd, -1, 0);
      emit (&g, STX (BPF_DW, R10, R0, SLOT_ZERO));
    }
  if (need & USE_PROBESTR)
    {
      lookup_or_exit (&g, g.p->probestr_fd, R9, 0);
      emit (&g, STX (BPF_DW, R10, R0, SLOT_PROBESTR));
    }
  emit (&g, MOV64_IMM (R0, 0));   /* r0 is read before written by some code (a count()'s value) */
  g.track = true;

  if (kind_uprobe (kind) || kind == PK_SYSCALL_ENTRY || kind == PK_SYSCALL_RETURN)
    {
      unsigned mask = 0;
      for (size_t i = 0; i < nclauses; i++)
        {
          const struct dclause *cl = &g.p->clauses[clauses[i]];
          args_used (cl->ast->predicate, &mask);
          args_used (cl->ast->body, &mask);
        }
      for (unsigned k = 0; k < 12; k++)
        if (mask & (1u << k))
          fetch_arg (&g, k);
    }

  for (size_t i = 0; i < nclauses; i++)
    gen_clause (&g, &g.p->clauses[clauses[i]]);

  asm_bind (&g.a, g.exit_label);
  emit (&g, MOV64_IMM (R0, 0));
  emit (&g, EXIT_INSN ());
  *gp = g;
}

int
codegen_program (struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
                 const unsigned *clauses, size_t nclauses, const char *name)
{
  struct gen g;
  gen_program (&g, cg, kind, probe_id, clauses, nclauses, USE_ALL);
  if (g.errors == 0 && g.uses != USE_ALL)
    {
      unsigned uses = g.uses;
      asm_free (&g.a);
      gen_program (&g, cg, kind, probe_id, clauses, nclauses, uses);
    }
  int fd = -1;
  if (g.errors == 0 && asm_finish (&g.a) == 0)
    fd = bpf_load_program (kind_uprobe (kind) ? BPF_PROG_TYPE_KPROBE
                           : kind == PK_PROFILE ? BPF_PROG_TYPE_PERF_EVENT
                           : BPF_PROG_TYPE_RAW_TRACEPOINT,  /* BEGIN END tick syscall */
                           kind_uprobe (kind) ? cg->usdt_attach_type : 0,
                           kind_uprobe (kind) && cg->sleepable ? BPF_F_SLEEPABLE : 0, name, &g.a, cg->verbose);
  asm_free (&g.a);
  return fd;
}

/* ------------------------------------------------------------------ */
/* Planning.                                                           */

static void
collect_consts (struct codegen_ctx *cg, const struct d_node *n)
{
  if (!n)
    return;
  const struct ninfo *ni = ninfo (n);
  if (ni && ni->strconst)
    {
      bool seen = false;
      for (size_t i = 0; i < cg->consts->n && !seen; i++)
        seen = strcmp (cg->consts->s[i], ni->strconst) == 0;
      if (!seen)
        {
          cg->consts->s = xrealloc (cg->consts->s, (cg->consts->n + 1) * sizeof *cg->consts->s);
          cg->consts->s[cg->consts->n++] = ni->strconst;
        }
    }
  collect_consts (cg, n->a);
  collect_consts (cg, n->b);
  collect_consts (cg, n->c);
  for (size_t i = 0; i < n->nargs; i++)
    collect_consts (cg, n->args[i]);
}

/* The largest stack or symbol value the program computes. */
static void
stack_temp_size (const struct d_node *n, unsigned *size)
{
  if (!n)
    return;
  const struct ninfo *ni = ninfo (n);
  if (ni && n->kind == DN_CALL && dtype_is_record (ni->type) && dtype_bytes (ni->type, 0) > *size)
    *size = dtype_bytes (ni->type, 0);
  stack_temp_size (n->a, size);
  stack_temp_size (n->b, size);
  stack_temp_size (n->c, size);
  for (size_t i = 0; i < n->nargs; i++)
    stack_temp_size (n->args[i], size);
}

void
codegen_plan (struct codegen_ctx *cg)
{
  struct dprog *p = cg->prog;
  struct scratch_layout *s = &cg->scratch;
  unsigned ss = (p->strsize + 7) & ~7u;
  unsigned rec = REC_FAULT_SIZE, key = 8 + 8;
  for (size_t i = 0; i < p->nclauses; i++)
    {
      if (p->clauses[i].rec_size > rec)
        rec = p->clauses[i].rec_size;
      collect_consts (cg, p->clauses[i].ast->predicate);
      collect_consts (cg, p->clauses[i].ast->body);
    }
  for (size_t i = 0; i < p->nvars; i++)
    if (p->vars[i].key_size > key)
      key = p->vars[i].key_size;
  for (size_t i = 0; i < p->naggs; i++)
    if (p->aggs[i].key_size > key)
      key = p->aggs[i].key_size;
  s->rec_off = 0;
  s->rec_size = (rec + 7) & ~7u;
  s->this_off = s->rec_off + s->rec_size;
  s->args_off = s->this_off + ((p->this_size + 7) & ~7u);
  s->key_off = s->args_off + 12 * 8;
  s->key_size = (key + 7) & ~7u;
  s->str_off = s->key_off + s->key_size;
  s->nstr = MAX_STR_TEMPS;
  s->stk_off = s->str_off + s->nstr * ss + cgstr_scratch_size (p, &s->strtok_base);   /* after the string subroutines' */
  s->stk_size = 0;
  for (size_t i = 0; i < p->nclauses; i++)
    {
      stack_temp_size (p->clauses[i].ast->predicate, &s->stk_size);
      stack_temp_size (p->clauses[i].ast->body, &s->stk_size);
    }
  s->nstk = s->stk_size ? MAX_STACK_TEMPS : 0;
  s->total = s->stk_off + s->nstk * s->stk_size;
}

unsigned
codegen_strconst_offset (const struct codegen_ctx *cg, const char *s)
{
  for (size_t i = 0; i < cg->consts->n; i++)
    if (strcmp (cg->consts->s[i], s) == 0)
      return (unsigned) i * cg->prog->strsize;
  return 0;
}

/* ------------------------------------------------------------------ */
/* For the generators in other files (codegen-int.h).                  */

struct bpf_asm *cg_asm (struct gen *g) { return &g->a; }
const struct codegen_ctx *cg_ctx (struct gen *g) { return g->cg; }
void cg_emit (struct gen *g, struct bpf_insn i) { emit (g, i); }
void cg_error (struct gen *g, const struct d_node *n, const char *msg) { gerr (g, n, msg); }
void cg_expr (struct gen *g, struct d_node *n) { gen_expr (g, n); }
int cg_push (struct gen *g) { return push (g); }
void cg_drop (struct gen *g, int n) { g->depth -= n; }
unsigned cg_str_temp (struct gen *g) { return str_temp (g); }
int cg_fault_label (struct gen *g) { return g->fault; }
void cg_fault (struct gen *g, int type, int addr_reg) { fault_now (g, type, addr_reg, (int32_t) g->a.n); }
void cg_mov_imm (struct gen *g, int reg, int64_t v) { mov_imm (g, reg, v); }
enum probe_kind cg_kind (struct gen *g) { return g->kind; }
