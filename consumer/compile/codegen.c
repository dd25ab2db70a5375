/* SPDX-License-Identifier: MIT */
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
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"
#include "common/vec.h"
#include "common/xalloc.h"

/* Uprobe programs (USDT, pid): cookie -> sites map, sleepable with
 * uprobe_multi. */
bool
cg_kind_uprobe (enum probe_kind k)
{
  return k == PK_USDT || k == PK_PID;
}

/* Kinds whose arguments are fetched into the scratch cache at entry. */
bool
cg_kind_has_args (enum probe_kind k)
{
  return cg_kind_uprobe (k) || k == PK_SYSCALL_ENTRY || k == PK_SYSCALL_RETURN || k == PK_PROFILE
         || k == PK_KERNEL;
}

bool
cg_sleepable (const struct gen *g)
{
  return cg_kind_uprobe (g->kind) && g->p->target.sleepable;
}

/* The line of the error: N's, else the innermost node being compiled, else
 * the clause's; 0 when none is known. */
static int
error_line (const struct gen *g, const struct d_node *n)
{
  if (n && n->loc.line > 0)
    return n->loc.line;
  if (g->where && g->where->loc.line > 0)
    return g->where->loc.line;
  if (g->cl && g->cl->ast && g->cl->ast->loc.line > 0)
    return g->cl->ast->loc.line;
  return 0;
}

void
cg_error (struct gen *g, const struct d_node *n, const char *fmt, ...)
{
  g->errors++;
  if (g->clause_failed)
    return;                   /* the clause's first error was reported */
  g->clause_failed = true;
  const char *prefix = g->cl && g->cl->errprefix ? g->cl->errprefix : "failed to compile";
  va_list ap;
  va_start (ap, fmt);
  diag_error_prefixed (prefix, error_line (g, n), fmt, ap);
  va_end (ap);
}

void
cg_emit (struct gen *g, struct bpf_insn i)
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

/* The expression stack is full (MAX_DEPTH operands held at once). */
static void
depth_error (struct gen *g)
{
  cg_error (g, NULL, "expression too complex (more than %d operands held at once): split it "
            "into several statements, keeping parts in this-> variables", MAX_DEPTH);
}

int
cg_reserve (struct gen *g)
{
  if (g->depth >= MAX_DEPTH)
    {
      depth_error (g);
      return SLOT_FIRST;
    }
  return SLOT_FIRST - 8 * g->depth++;
}

int
cg_push (struct gen *g)
{
  int off = cg_reserve (g);
  cg_emit (g, STX (BPF_DW, R10, R0, off));
  return off;
}

void
cg_pop (struct gen *g, int reg)
{
  g->depth--;
  cg_emit (g, LDX (BPF_DW, reg, R10, SLOT_FIRST - 8 * g->depth));
}

void
cg_mov_imm (struct gen *g, int reg, int64_t v)
{
  if (v >= INT32_MIN && v <= INT32_MAX)
    cg_emit (g, MOV64_IMM (reg, (int32_t) v));
  else
    asm_ld_imm64 (&g->a, reg, (uint64_t) v);
}

/* Truncate REG to TYPE's size and extend by its signedness. */
void
cg_normalize (struct gen *g, int reg, struct dtype t)
{
  if (t.kind != DT_INTEGER || t.size >= 8 || t.size == 0)
    return;
  int sh = 64 - 8 * t.size;
  cg_emit (g, A64_IMM (BPF_LSH, reg, sh));
  cg_emit (g, A64_IMM (t.is_signed ? BPF_ARSH : BPF_RSH, reg, sh));
}

/* A zeroed string temporary: r0 = its address. */
unsigned
cg_str_temp (struct gen *g)
{
  if (g->nstr >= g->cg->scratch.nstr)
    {
      cg_error (g, NULL, "expression uses too many strings (at most %u at once): split it into "
                "several statements, keeping parts in this-> variables", g->cg->scratch.nstr);
      return g->cg->scratch.str_off;
    }
  unsigned off = g->cg->scratch.str_off + g->nstr++ * g->p->strsize;
  cg_emit (g, MOV64_REG (R1, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) off));
  cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_ZERO));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  cg_emit (g, MOV64_REG (R0, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R0, (int32_t) off));
  return off;
}

/* Copy strsize bytes from the string at SRC (a register) to DST_REG+0. */
void
cg_copy_string (struct gen *g, int dst, int src)
{
  if (src != R3)
    cg_emit (g, MOV64_REG (R3, src));
  if (dst != R1)
    cg_emit (g, MOV64_REG (R1, dst));
  cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
}

/* Copy a record value (stack, symbol: dtype_bytes of T) from SRC to DST. */
void
cg_copy_record (struct gen *g, int dst, int src, struct dtype t)
{
  if (src != R3)
    cg_emit (g, MOV64_REG (R3, src));
  if (dst != R1)
    cg_emit (g, MOV64_REG (R1, dst));
  cg_emit (g, MOV64_IMM (R2, (int32_t) dtype_bytes (t, g->p->strsize)));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
}

void
cg_count_drop (struct gen *g, int slot_index)
{
  int skip = asm_label (&g->a);
  cg_lookup_u32 (g, MAP_DROPS, -1, slot_index, skip);
  cg_emit (g, MOV64_IMM (R1, 1));
  cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
  asm_bind (&g->a, skip);
}

/* Fault when `REG OP IMM` (codegen-int.h). */
void
cg_fault_if (struct gen *g, int op, int reg, int32_t imm, int type, int addr_reg)
{
  int stub = asm_label (&g->a), cont = asm_label (&g->a);
  int32_t pc = (int32_t) g->a.n;
  asm_jmp_imm (&g->a, op, reg, imm, stub);
  asm_ja (&g->a, cont);
  asm_bind (&g->a, stub);
  cg_fault_at (g, type, addr_reg, pc);
  asm_bind (&g->a, cont);
}

/* The fault itself (PC: the BPF instruction of the failed check). */
void
cg_fault_at (struct gen *g, int type, int addr_reg, int32_t pc)
{
  unsigned ro = g->cg->scratch.rec_off;
  if (addr_reg >= 0)
    cg_emit (g, STX (BPF_DW, R7, addr_reg, (int16_t) (ro + REC_HEADER_SIZE + 16)));
  else
    cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 16), 0));
  cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE), type));
  cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 8), (int32_t) g->action_no));
  cg_emit (g, ST_IMM (BPF_DW, R7, (int16_t) (ro + REC_HEADER_SIZE + 32), pc));
  asm_ja (&g->a, g->fault);
}

/* r0 = MAP's element whose key is at stack slot SLOT (r10 + SLOT), or
 * NULL. */
static void
lookup_slot (struct gen *g, uint32_t map, int32_t slot)
{
  asm_ld_map (&g->a, R1, map);
  cg_emit (g, MOV64_REG (R2, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R2, slot));
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
}

void
cg_lookup_u32 (struct gen *g, uint32_t map, int key_reg, int32_t key_imm, int null_label)
{
  if (key_reg >= 0)
    cg_emit (g, STX (BPF_W, R10, key_reg, SLOT_TMP));
  else
    cg_emit (g, ST_IMM (BPF_W, R10, SLOT_TMP, key_imm));
  lookup_slot (g, map, SLOT_TMP);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, null_label);
}

/* r0 = pointer to element KEY (u32 constant or register) of MAP, or exit. */
static void
lookup_or_exit (struct gen *g, uint32_t map, int key_reg, int32_t key_imm)
{
  cg_lookup_u32 (g, map, key_reg, key_imm, g->exit_label);
}

/* Syscall programs, r0 = the current tgid.  The -c child is forked with
 * the comm DT_PROC_HELD_COMM (process.c) and keeps it until its exec
 * replaces it: until then its calls are our fork's (closing the hold
 * channel, waiting for the go, entering execve), not the command's, and are
 * skipped; the exec's return is the command's first event. */
void
cg_skip_held_child (struct gen *g)
{
  int go_on = asm_label (&g->a);
  char want[16] = { 0 };
  uint64_t w0, w1;
  memcpy (want, DT_PROC_HELD_COMM, sizeof DT_PROC_HELD_COMM);
  memcpy (&w0, want, 8);
  memcpy (&w1, want + 8, 8);
  asm_jmp_imm (&g->a, BPF_JNE, R0, (int32_t) g->cg->held_pid, go_on);
  /* the 16 bytes at SLOT_MASK..SLOT_TMP are free in the prologue */
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_MASK));
  cg_emit (g, MOV64_IMM (R2, 16));
  cg_emit (g, CALL (BPF_FUNC_get_current_comm));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_MASK));
  asm_ld_imm64 (&g->a, R2, w0);
  asm_jmp_reg (&g->a, BPF_JNE, R1, R2, go_on);
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
  asm_ld_imm64 (&g->a, R2, w1);
  asm_jmp_reg (&g->a, BPF_JEQ, R1, R2, g->exit_label);
  asm_bind (&g->a, go_on);
}

static bool
kind_syscall (enum probe_kind k)
{
  return k == PK_SYSCALL_ENTRY || k == PK_SYSCALL_RETURN;
}

/* Syscall programs: r6 = the registers, the call number at SLOT_VALUE;
 * dtrace's own calls and the held -c child's are skipped. */
static void
prologue_syscall (struct gen *g)
{
  /* raw tracepoint args: (struct pt_regs *, long id or ret); r6 becomes
   * the registers, the call number goes to SLOT_VALUE (sys_exit: the
   * saved orig_ax) */
  if (g->kind == PK_SYSCALL_ENTRY)
    {
      cg_emit (g, LDX (BPF_DW, R0, R6, 8));
      cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
    }
  cg_emit (g, STX (BPF_DW, R10, R6, SLOT_CTX));
  cg_emit (g, LDX (BPF_DW, R6, R6, 0));
  if (g->kind == PK_SYSCALL_RETURN)
    {
      cg_emit (g, MOV64_REG (R1, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_VALUE));
      cg_emit (g, MOV64_IMM (R2, 8));
      cg_emit (g, MOV64_REG (R3, R6));
      cg_emit (g, A64_IMM (BPF_ADD, R3, g->p->target.syscall_nr_off ? g->p->target.syscall_nr_off
                                                                    : 120));   /* x86-64: orig_ax */
      cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
      asm_jmp_imm (&g->a, BPF_JNE, R0, 0, g->exit_label);
    }
  /* dtrace's own calls would feed back (each record it consumes makes
   * more): they are not traced */
  cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
  cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, g->p->target.pid, g->exit_label);
  if (g->cg->held_pid > 0)
    cg_skip_held_child (g);
}

/* Profile programs: arg0 = kernel pc or 0, arg1 = user pc or 0 (the
 * mode: x86-64 cs & 3, non-zero in user mode; aarch64 pstate's exception
 * level and stack bits, zero at EL0), the other arguments 0. */
static void
prologue_profile (struct gen *g)
{
  unsigned args = g->cg->scratch.args_off;
  int user = asm_label (&g->a), done = asm_label (&g->a);
  bool a64 = g->p->target.machine == DT_AARCH64;
  cg_emit (g, LDX (BPF_DW, R1, R6, a64 ? 264 : 136));   /* pstate / cs */
  cg_emit (g, LDX (BPF_DW, R2, R6, a64 ? 256 : 128));   /* pc / ip */
  cg_emit (g, MOV64_IMM (R3, 0));
  cg_emit (g, A64_IMM (BPF_AND, R1, a64 ? 0xf : 3));
  asm_jmp_imm (&g->a, a64 ? BPF_JEQ : BPF_JNE, R1, 0, user);
  cg_emit (g, STX (BPF_DW, R7, R2, (int16_t) args));
  cg_emit (g, STX (BPF_DW, R7, R3, (int16_t) (args + 8)));
  asm_ja (&g->a, done);
  asm_bind (&g->a, user);
  cg_emit (g, STX (BPF_DW, R7, R3, (int16_t) args));
  cg_emit (g, STX (BPF_DW, R7, R2, (int16_t) (args + 8)));
  asm_bind (&g->a, done);
  for (unsigned k = 2; k < 12; k++)
    cg_emit (g, STX (BPF_DW, R7, R3, (int16_t) (args + 8 * k)));
}

/* The firing process has no probe of its own at a site attached by file
 * (it started, or forked, after dtrace attached): r9 = the template probe,
 * SLOT_TMP+4 = the tgid.  Its probe (tgid, template) is looked up in
 * MAP_PID_PROBES, else made: the next id of MAP_NEW_PROBES (atomically),
 * the template's strings copied to it with the pid written over the
 * template's own, then published with BPF_NOEXIST (a racing CPU's probe
 * wins; the id it took is wasted).  r9 = the process's probe, or stays the
 * template's when the table is full.  Prologue slots not yet in use hold
 * the temporaries: the key at SLOT_TMP, the new id at SLOT_PROBESTR, the
 * new strings at SLOT_VALUE, the provider length at SLOT_CTX, the pid's
 * digits in the 16 bytes ending at SLOT_GLOBALS + 8. */
static void
gen_new_process_probe (struct gen *g, int done)
{
  unsigned ss = g->p->strsize;
  int published = asm_label (&g->a);
  cg_emit (g, STX (BPF_W, R10, R9, SLOT_TMP));
  lookup_slot (g, MAP_PID_PROBES, SLOT_TMP);
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, published);
  /* a new id */
  cg_emit (g, ST_IMM (BPF_W, R10, SLOT_ZERO, 0));
  lookup_slot (g, MAP_NEW_PROBES, SLOT_ZERO);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  cg_emit (g, MOV64_IMM (R1, 1));
  cg_emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, R0, R1, 0, BPF_ADD | BPF_FETCH));
  cg_emit (g, LDX (BPF_DW, R2, R0, 8));
  asm_jmp_reg (&g->a, BPF_JGE, R1, R2, done);
  cg_emit (g, STX (BPF_W, R10, R1, SLOT_PROBESTR));
  /* its strings: the template's, the provider's length */
  lookup_slot (g, MAP_PROBESTR, SLOT_PROBESTR);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, STX (BPF_W, R10, R9, SLOT_ZERO));
  lookup_slot (g, MAP_PROBESTR, SLOT_ZERO);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  cg_emit (g, MOV64_REG (R3, R0));
  cg_emit (g, LDX (BPF_W, R1, R0, (int16_t) PROBESTR_PROVLEN_OFF (ss)));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_CTX));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, MOV64_IMM (R2, (int32_t) (4 * ss)));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  /* the template's pid cleared: 12 zero bytes at the provider's length
   * (which leaves room for them) */
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_STRCONST, 0));
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_GLOBALS, 0));
  cg_emit (g, LDX (BPF_DW, R2, R10, SLOT_CTX));
  asm_jmp_imm (&g->a, BPF_JGT, R2, (int32_t) (ss - 12), done);
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, A64_REG (BPF_ADD, R1, R2));
  cg_emit (g, MOV64_IMM (R2, 12));
  cg_emit (g, MOV64_REG (R3, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R3, SLOT_STRCONST));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  /* the pid's decimal digits, backwards from a NUL at SLOT_GLOBALS + 7;
   * r3 = their count + 1 */
  int digits_done = asm_label (&g->a);
  cg_emit (g, LDX (BPF_W, R1, R10, SLOT_TMP + 4));
  cg_emit (g, MOV64_REG (R4, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R4, SLOT_GLOBALS + 7));
  cg_emit (g, MOV64_IMM (R3, 1));
  for (int k = 0; k < 10; k++)
    {
      cg_emit (g, A64_IMM (BPF_ADD, R4, -1));
      cg_emit (g, A64_IMM (BPF_ADD, R3, 1));
      cg_emit (g, MOV64_REG (R5, R1));
      cg_emit (g, A64_IMM (BPF_MOD, R5, 10));
      cg_emit (g, A64_IMM (BPF_ADD, R5, '0'));
      cg_emit (g, STX (BPF_B, R4, R5, 0));
      cg_emit (g, A64_IMM (BPF_DIV, R1, 10));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, digits_done);
    }
  asm_bind (&g->a, digits_done);
  /* written at the provider's length */
  cg_emit (g, LDX (BPF_DW, R2, R10, SLOT_CTX));
  asm_jmp_imm (&g->a, BPF_JGT, R2, (int32_t) (ss - 12), done);
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, A64_REG (BPF_ADD, R1, R2));
  cg_emit (g, MOV64_REG (R2, R3));
  cg_emit (g, MOV64_REG (R3, R4));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  /* published, unless another CPU was first */
  asm_ld_map (&g->a, R1, MAP_PID_PROBES);
  cg_emit (g, MOV64_REG (R2, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R2, SLOT_TMP));
  cg_emit (g, MOV64_REG (R3, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R3, SLOT_PROBESTR));
  cg_emit (g, MOV64_IMM (R4, BPF_NOEXIST));
  cg_emit (g, CALL (BPF_FUNC_map_update_elem));
  int lost = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, lost);
  cg_emit (g, LDX (BPF_W, R9, R10, SLOT_PROBESTR));
  asm_ja (&g->a, done);
  asm_bind (&g->a, lost);
  lookup_slot (g, MAP_PID_PROBES, SLOT_TMP);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, done);
  asm_bind (&g->a, published);
  cg_emit (g, LDX (BPF_W, R9, R0, 0));
}

/* Uprobe programs (USDT, pid), after the -p/-c filter: r8 = the site's
 * spec (by the attach cookie) and r9 = its probe id, when the code uses
 * them. */
/* Uprobe programs: the -p/-c filter, first (another process leaves at
 * once). */
static void
prologue_pid_filter (struct gen *g)
{
  const struct codegen_ctx *cg = g->cg;
  const struct dtarget *t = &g->p->target;
  /* pid probes name their process: the kernel filters them when it
   * can, and then the -p/-c list must not (pid123 with -p 456) */
  bool kernel_filters = g->kind == PK_PID && (!t->uprobe_multi || t->multi_pid_filter);
  if (cg->have_pids && !kernel_filters && !cg->pid_scoped)
    {
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      cg_emit (g, MOV64_REG (R1, R0));
      lookup_or_exit (g, MAP_PIDS, R1, 0);
    }
}

static void
prologue_uprobe (struct gen *g)
{
  const struct codegen_ctx *cg = g->cg;
  unsigned need = g->need;
  if (!(need & USE_SITE) && cg->fixed_probe_id && (need & (USE_PROBEID | USE_PROBESTR)))
    {
      cg_mov_imm (g, R9, cg->fixed_probe_id);   /* every site is this probe's */
      return;
    }
  if (!(need & (USE_SITE | USE_PROBEID | USE_PROBESTR)))
    return;
  if (g->p->target.no_attach_cookie)
    {
      /* the loader patches each site's cookie in (one program per site) */
      g->cookie_insn = (long) g->a.n;
      cg_emit (g, MOV32_IMM (R0, 0));
    }
  else
    {
      cg_emit (g, MOV64_REG (R1, R6));
      cg_emit (g, CALL (BPF_FUNC_get_attach_cookie));
    }
  cg_emit (g, MOV64_REG (R1, R0));
  lookup_or_exit (g, MAP_SITES, R1, 0);
  cg_emit (g, MOV64_REG (R8, R0));
  cg_emit (g, LDX (BPF_W, R9, R8, 0));
  if (g->kind == PK_USDT && cg->have_siteprobes)
    {
      /* a site several processes' probes share: the firing process's own
       * (key: the cookie, still at SLOT_TMP, and the tgid above it) */
      int own = asm_label (&g->a);
      cg_emit (g, MOV64_REG (R1, R9));
      cg_emit (g, A64_IMM (BPF_RSH, R1, 31));
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, own);
      cg_emit (g, A64_IMM (BPF_AND, R9, 0x7fffffff));
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      cg_emit (g, STX (BPF_W, R10, R0, SLOT_TMP + 4));
      lookup_slot (g, MAP_SITE_PROBES, SLOT_TMP);
      if (cg->new_probes)
        {
          int found = asm_label (&g->a);
          asm_jmp_imm (&g->a, BPF_JNE, R0, 0, found);
          gen_new_process_probe (g, own);
          asm_ja (&g->a, own);
          asm_bind (&g->a, found);
        }
      else
        asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, own);
      cg_emit (g, LDX (BPF_W, R9, R0, 0));
      asm_bind (&g->a, own);
    }
}

/* The map values the code reads through cached pointers (stack slots). */
static void
prologue_maps (struct gen *g)
{
  static const struct { unsigned use; uint32_t map; int slot; } maps[] = {
    { USE_GLOBALS, MAP_GLOBALS, SLOT_GLOBALS }, { USE_STRCONST, MAP_STRCONST, SLOT_STRCONST },
    { USE_ZERO, MAP_ZERO, SLOT_ZERO }, { USE_PROBESTR, MAP_PROBESTR, SLOT_PROBESTR },
  };
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
    if (g->need & maps[i].use)
      {
        /* probe strings are by probe id (r9), the others one element */
        lookup_or_exit (g, maps[i].map, maps[i].map == MAP_PROBESTR ? R9 : -1, 0);
        cg_emit (g, STX (BPF_DW, R10, R0, (int16_t) maps[i].slot));
      }
}

void
cg_fetch_add (struct gen *g, int ptr, int val, int16_t off, int scratch)
{
  if (!g->p->target.no_atomic_fetch)
    {
      cg_emit (g, BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, ptr, val, off, BPF_ADD | BPF_FETCH));
      return;
    }
  cg_emit (g, MOV64_REG (scratch, val));
  cg_emit (g, ATOMIC_ADD64 (ptr, val, off));
  cg_emit (g, LDX (BPF_DW, val, ptr, off));
  cg_emit (g, A64_REG (BPF_SUB, val, scratch));
}

/* r7 = this CPU's scratch area (or exit); strtok's state reset. */
void
cg_scratch_lookup (struct gen *g)
{
  if (g->cg->scratch.by_cpu)
    {
      /* this CPU's element: programs run with migration disabled */
      cg_emit (g, CALL (BPF_FUNC_get_smp_processor_id));
      lookup_or_exit (g, MAP_SCRATCH, R0, 0);
    }
  else
    lookup_or_exit (g, MAP_SCRATCH, -1, 0);
  cg_emit (g, MOV64_REG (R7, R0));
  cgstr_prologue (g);
}

static void
gen_program (struct gen *gp, struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
             const unsigned *clauses, size_t nclauses, unsigned need, bool late_scratch,
             bool long_jumps)
{
  struct gen g;
  memset (&g, 0, sizeof g);
  g.cg = cg;
  g.p = cg->prog;
  g.kind = kind;
  g.need = need;
  asm_init (&g.a);
  g.a.long_jumps = long_jumps;
  g.exit_label = asm_label (&g.a);

  cg_emit (&g, MOV64_REG (R6, R1));
  if (kind_syscall (kind))
    prologue_syscall (&g);
  if (cg_kind_uprobe (kind))
    prologue_pid_filter (&g);
  if (((need & USE_SCRATCH) && !late_scratch) || kind == PK_PROFILE || kind == PK_KERNEL)
    cg_scratch_lookup (&g);
  if (kind_syscall (kind))
    {
      cg_emit (&g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      lookup_or_exit (&g, MAP_SYSCALL_SITES, R1, 0);
      cg_emit (&g, MOV64_REG (R8, R0));
      cg_emit (&g, LDX (BPF_W, R9, R8, 0));
    }
  else if (kind == PK_PROFILE)
    {
      prologue_profile (&g);
      cg_mov_imm (&g, R9, probe_id);
    }
  else if (kind == PK_KERNEL)
    {
      cg_kernel_prologue (&g);
      cg_mov_imm (&g, R9, probe_id);
    }
  else if (cg_kind_uprobe (kind))
    prologue_uprobe (&g);
  else
    cg_mov_imm (&g, R9, probe_id);
  prologue_maps (&g);
  cg_emit (&g, MOV64_IMM (R0, 0));   /* r0 is read before written by some code (a count()'s value) */
  g.track = true;

  if (cg_kind_uprobe (kind) || kind_syscall (kind))
    {
      unsigned mask = 0;
      for (size_t i = 0; i < nclauses; i++)
        {
          const struct dclause *cl = &g.p->clauses[clauses[i]];
          cg_args_used (cl->ast->predicate, &mask);
          cg_args_used (cl->ast->body, &mask);
        }
      unsigned uses = g.uses;
      g.uses = 0;
      for (unsigned k = 0; k < 12; k++)
        if (mask & (1u << k))
          cg_fetch_arg (&g, k);
      g.pred_uses = g.uses;
      g.uses |= uses;
    }

  g.late_scratch = late_scratch && (need & USE_SCRATCH);
  for (size_t i = 0; i < nclauses; i++)
    cg_clause (&g, &g.p->clauses[clauses[i]]);

  asm_bind (&g.a, g.exit_label);
  cg_emit (&g, MOV64_IMM (R0, 0));
  cg_emit (&g, EXIT_INSN ());
  *gp = g;
}

int
codegen_program (struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
                 const unsigned *clauses, size_t nclauses, const char *name, struct bpf_image *img)
{
  struct gen g;
  memset (img, 0, sizeof *img);
  gen_program (&g, cg, kind, probe_id, clauses, nclauses, USE_ALL, false, false);
  /* a one-clause program whose argument fetches and predicate do not use
   * the scratch area looks it up after the predicate: a false predicate
   * costs only its own instructions */
  bool late = nclauses == 1 && g.p->clauses[clauses[0]].ast->predicate
              && !(g.pred_uses & USE_SCRATCH) && (cg_kind_uprobe (kind) || kind == PK_BEGIN
                                                   || kind == PK_END || kind == PK_TICK);
  unsigned uses = g.uses;
  if (g.errors == 0 && (g.uses != USE_ALL || late))
    {
      asm_free (&g.a);
      gen_program (&g, cg, kind, probe_id, clauses, nclauses, uses, late, false);
    }
  int fin = g.errors != 0 ? -1 : asm_finish (&g.a);
  if (fin == -2 && g.p->target.no_gotol)
    {
      diag_error ("the clauses of %s make a program whose jumps span more than 32767 "
                  "instructions, which needs Linux 6.4 or later (long jumps, gotol): "
                  "spread them over several probes", name);
      fin = -1;
    }
  if (fin == -2)
    {
      /* a conditional jump beyond 16 bits: every one through a goto */
      asm_free (&g.a);
      gen_program (&g, cg, kind, probe_id, clauses, nclauses, uses, late, true);
      fin = g.errors != 0 ? -1 : asm_finish (&g.a);
    }
  if (fin == -2)
    diag_error ("internal error: the program for %s has a conditional jump beyond 16 bits",
                name);
  if (fin != 0)
    {
      asm_free (&g.a);
      return -1;
    }
  bool uprobe = cg_kind_uprobe (kind);
  asm_to_image (&g.a, img);
  img->cookie_insn = g.cookie_insn;
  bool fbt = kind == PK_KERNEL && (cg->kern == KP_FBT_ENTRY || cg->kern == KP_FBT_RETURN);
  if ((fbt && g.p->target.fbt_kprobe) || (kind == PK_KERNEL && cg_kernel_kprobe (cg->kern)))
    {
      fbt = false;
      uprobe = true;    /* a kprobe program: BPF_PROG_TYPE_KPROBE, no attach type */
    }
  img->prog_type = uprobe ? BPF_PROG_TYPE_KPROBE
                   : kind == PK_PROFILE ? BPF_PROG_TYPE_PERF_EVENT
                   : fbt ? BPF_PROG_TYPE_TRACING
                   : kind == PK_KERNEL && cg->sdt ? BPF_PROG_TYPE_TRACEPOINT
                   : kind == PK_KERNEL && cg->kern == KP_SCHED_TICK ? BPF_PROG_TYPE_PERF_EVENT
                   : BPF_PROG_TYPE_RAW_TRACEPOINT;   /* BEGIN END ERROR tick syscall proc sched */
  img->expected_attach_type = uprobe && kind != PK_KERNEL ? g.p->target.uprobe_attach_type
                              : fbt ? (cg->kern == KP_FBT_ENTRY ? BPF_TRACE_FENTRY : BPF_TRACE_FEXIT) : 0;
  img->attach_btf_id = fbt ? cg->fbt_btf_id : 0;
  img->prog_flags = uprobe && kind != PK_KERNEL && g.p->target.sleepable ? BPF_F_SLEEPABLE : 0;
  img->name = xstrdup (name);
  return 0;
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
          VEC_PUSH (cg->consts->s, cg->consts->n, cg->consts->cap) = ni->strconst;
        }
    }
  collect_consts (cg, n->a);
  collect_consts (cg, n->b);
  collect_consts (cg, n->c);
  for (size_t i = 0; i < n->nargs; i++)
    collect_consts (cg, n->args[i]);
}

/* Does the program call ustack()? */
static bool
uses_ustack (const struct d_node *n)
{
  if (!n)
    return false;
  const struct ninfo *ni = ninfo (n);
  if (ni && n->kind == DN_CALL && ni->type.kind == DT_USTACK)
    return true;
  if (uses_ustack (n->a) || uses_ustack (n->b) || uses_ustack (n->c))
    return true;
  for (size_t i = 0; i < n->nargs; i++)
    if (uses_ustack (n->args[i]))
      return true;
  return false;
}

/* Does the node record a kernel stack (stack(), a kernel stack key)? */
static bool
uses_kstack (const struct d_node *n)
{
  if (!n)
    return false;
  const struct ninfo *ni = ninfo (n);
  if (ni && n->kind == DN_CALL && ni->type.kind == DT_KSTACK)
    return true;
  if (uses_kstack (n->a) || uses_kstack (n->b) || uses_kstack (n->c))
    return true;
  for (size_t i = 0; i < n->nargs; i++)
    if (uses_kstack (n->args[i]))
      return true;
  return false;
}

/* Does a clause of the program read a built-in variable B accepts? */
static bool
uses_builtin (const struct d_node *n, bool (*want) (enum builtin))
{
  if (!n)
    return false;
  const struct ninfo *ni = ninfo (n);
  if (ni && n->kind == DN_IDENT && want (ni->builtin))
    return true;
  if (uses_builtin (n->a, want) || uses_builtin (n->b, want) || uses_builtin (n->c, want))
    return true;
  for (size_t i = 0; i < n->nargs; i++)
    if (uses_builtin (n->args[i], want))
      return true;
  return false;
}

static bool
prog_uses_builtin (const struct dprog *p, bool (*want) (enum builtin))
{
  for (size_t i = 0; i < p->nclauses; i++)
    if (uses_builtin (p->clauses[i].ast->predicate, want) || uses_builtin (p->clauses[i].ast->body, want))
      return true;
  return false;
}

static bool
is_stack_builtin (enum builtin b)
{
  return b == BI_CALLER || b == BI_STACKDEPTH || b == BI_UCALLER || b == BI_USTACKDEPTH;
}

static bool
is_kstack_builtin (enum builtin b)
{
  return b == BI_CALLER || b == BI_STACKDEPTH;
}

static bool
is_curcpu (enum builtin b)
{
  return b == BI_CURCPU;
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

int
codegen_plan (struct codegen_ctx *cg)
{
  struct dprog *p = cg->prog;
  struct scratch_layout *s = &cg->scratch;
  unsigned ss = (p->strsize + 7) & ~7u;
  unsigned rec = REC_FAULT_SIZE, key = 8 + 8;
  const struct dclause *largest = NULL;     /* the clause of the largest record */
  for (size_t i = 0; i < p->nclauses; i++)
    {
      if (p->clauses[i].rec_size > rec)
        {
          rec = p->clauses[i].rec_size;
          largest = &p->clauses[i];
        }
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
  s->null_off = s->stk_off + s->nstk * s->stk_size;
  s->total = s->null_off + ss;
  s->ucap_off = s->total;
  s->ucap_size = 0;
  for (size_t i = 0; i < p->nclauses && !s->ucap_size; i++)
    if (uses_ustack (p->clauses[i].ast->predicate) || uses_ustack (p->clauses[i].ast->body))
      s->ucap_size = USTACK_HDR_SIZE + cg_ustack_bytes (p) + 4096;   /* a page of slack */
  s->total += s->ucap_size;
  s->depth_off = s->depth_size = s->cpuinfo_off = 0;
  s->kskip = prog_uses_builtin (p, is_kstack_builtin);
  for (size_t i = 0; i < p->nclauses && !s->kskip; i++)
    s->kskip = uses_kstack (p->clauses[i].ast->predicate) || uses_kstack (p->clauses[i].ast->body);
  if (s->kskip || prog_uses_builtin (p, is_stack_builtin))
    {
      s->depth_off = s->total;
      s->depth_size = 8 * STACK_MAX_FRAMES;
      s->total += s->depth_size;
    }
  if (prog_uses_builtin (p, is_curcpu))
    {
      s->cpuinfo_off = s->total;
      s->total += CPUINFO_SIZE;
    }
  s->by_cpu = s->total > SCRATCH_PERCPU_MAX;
  /* The record, this-> variables, arguments and keys are read and written
   * at constant offsets from r7: a 16-bit field in the instruction. */
  if (s->str_off > INT16_MAX + 1u)
    {
      /* named as the checker names its errors: at the clause whose
       * record is the largest part, when one is */
      diag_error_line (largest && largest->errprefix ? largest->errprefix : "failed to compile",
                       largest ? largest->ast->loc.line : 0,
                       "the record, this-> variables and keys of the clauses need %u "
                       "bytes, more than the %d a BPF instruction's offset reaches "
                       "(a smaller -x strsize makes them smaller)", s->str_off, INT16_MAX + 1);
      return -1;
    }
  return 0;
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
/* For the generators in codegen-strings.c and codegen-aggs.c.          */

struct bpf_asm *cg_asm (struct gen *g) { return &g->a; }
const struct codegen_ctx *cg_ctx (struct gen *g) { return g->cg; }
void cg_drop (struct gen *g, int n) { g->depth -= n; }
int cg_fault_label (struct gen *g) { return g->fault; }
void cg_fault (struct gen *g, int type, int addr_reg) { cg_fault_at (g, type, addr_reg, (int32_t) g->a.n); }
enum probe_kind cg_kind (struct gen *g) { return g->kind; }
