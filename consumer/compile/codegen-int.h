/* SPDX-License-Identifier: MIT */
/*
 * codegen-int.h — the code generator's state and the helpers its files
 * share.  codegen.c holds the emitter, the expression stack and the
 * program frame (prologue, planning); codegen-expr.c expressions;
 * codegen-vars.c variables and map keys; codegen-actions.c statements,
 * actions, speculations and the clause frame; codegen-aggs.c aggregations;
 * codegen-args.c the probe arguments; codegen-strings.c the string
 * subroutines; codegen-kernel.c the proc and sched probes' prologues.
 *
 * Conventions: an expression leaves its value in r0 (for a string, the
 * address of strsize zero-padded bytes in a map value); r6 is the context,
 * r7 the per-CPU scratch area, r8 the site's spec, r9 the probe id; helper
 * calls clobber r0-r5.  Stack slots below r10 hold a few cached map
 * pointers, then the expression temporaries.
 */
#ifndef SDTKIT_CONSUMER_CODEGEN_INT_H
#define SDTKIT_CONSUMER_CODEGEN_INT_H

#include "consumer/compile/bpf-asm.h"
#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "common/diag.h"

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
/* Below the deepest expression slot (SLOT_FIRST - 8 * (MAX_DEPTH - 1)):
 * a small integer map key (cg_build_small_key). */
#define SLOT_SMALLKEY (-512)
#define SLOT_SMALLKEY_SIZE 64

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
  long cookie_insn;           /* bpf_image.cookie_insn */
  int fault;                  /* label: the clause faulted */
  int clause_end;             /* label: the end of the clause */
  unsigned action_no;         /* DTrace's action number (0: the predicate), for faults */
  int exit_label;
  int errors;
  /* Where an error is: the innermost D node being compiled that has a
   * source line (cg_expr, statements), for errors raised with no node of
   * their own or a node without a line (cg_error).  Only the first error
   * of a clause is reported (as the checker stops at one): the others
   * follow from it or repeat it. */
  const struct d_node *where;
  bool clause_failed;
  /* A store into a member of a struct held in self-> or an associative
   * array (codegen-vars.c, cg_write_begin): the variable node whose element
   * is created rather than read as zeroes, and where to go when
   * dynvarsize has no room for it. */
  const struct d_node *write_root;
  int write_skip;
  /* The prologue makes only the lookups the code after it uses: a first
   * generation with all of them records in USES (from the instructions
   * themselves, once TRACK is set) which were read; the second emits NEED. */
  bool track;
  unsigned uses, need;
  /* The scratch lookup waits until after the predicate of the program's
   * one clause when nothing before needs it (a first generation records in
   * PRED_USES what the argument fetches and the predicate use). */
  unsigned pred_uses;
  bool late_scratch;
  /* The clause's mask of the actions that ran is a compile-time constant
   * (every action runs unconditionally): no SLOT_MASK at run time. */
  bool mask_static;
};

enum { USE_GLOBALS = 1, USE_STRCONST = 2, USE_ZERO = 4, USE_PROBESTR = 8,
       USE_SITE = 16 /* r8: the site's spec */, USE_PROBEID = 32 /* r9 */,
       USE_SCRATCH = 64 /* r7 */, USE_ALL = 127 };

/* codegen.c: probe kinds. */
/* Uprobe programs (USDT, pid): cookie -> sites map, sleepable with uprobe_multi. */
bool cg_kind_uprobe (enum probe_kind k);
/* Kinds whose arguments are fetched into the scratch cache at entry. */
bool cg_kind_has_args (enum probe_kind k);
bool cg_sleepable (const struct gen *g);

/* codegen.c: r7 = this CPU's scratch area (or exit). */
void cg_scratch_lookup (struct gen *g);
/* r0 = SIZE (4 or 8) bytes at SRC + OFF in kernel memory (0 when the read
 * fails; 4-byte values zero-extended).  Clobbers r1-r5 (codegen-kernel.c). */
void cg_kread (struct gen *g, int src, uint32_t off, int size);
/* r0 = the thread that owns this firing's thread-local variables: the
 * current one, or at sched:::on-cpu the arriving one (codegen-kernel.c). */
void cg_thread_key (struct gen *g);
/* codegen-kernel.c: kernel probe K is a kprobe program (struct pt_regs). */
bool cg_kernel_kprobe (enum kernel_probe k);
/* *(u64 *)(PTR + OFF) += VAL, atomically, and VAL = the value before the
 * add.  Kernels without atomic fetch (dtarget.no_atomic_fetch): an atomic
 * add, then VAL = the value after it minus the addend (kept in SCRATCH),
 * exact unless another CPU adds at the same moment. */
void cg_fetch_add (struct gen *g, int ptr, int val, int16_t off, int scratch);

/* codegen.c: the emitter and the expression stack. */
struct bpf_asm *cg_asm (struct gen *g);
const struct codegen_ctx *cg_ctx (struct gen *g);
void cg_emit (struct gen *g, struct bpf_insn i);
/* Report a compile error at N (or, when N has no line, the innermost node
 * being compiled, or the clause) as the checker does: "PREFIX: line L:
 * MSG", the clause's source's prefix; only a clause's first is printed. */
void cg_error (struct gen *g, const struct d_node *n, const char *fmt, ...) DIAG_PRINTF (3, 4);
/* Push r0 on the expression stack: its slot (offset from r10). */
int cg_push (struct gen *g);
/* A new slot on the expression stack, left unwritten: its offset. */
int cg_reserve (struct gen *g);
/* Pop the top slot into REG. */
void cg_pop (struct gen *g, int reg);
/* Forget the top N pushed slots. */
void cg_drop (struct gen *g, int n);
void cg_mov_imm (struct gen *g, int reg, int64_t v);
/* Truncate REG to T's size and extend by its signedness. */
void cg_normalize (struct gen *g, int reg, struct dtype t);
/* A zeroed strsize string temporary in scratch: r0 = its address;
 * returns its scratch offset. */
unsigned cg_str_temp (struct gen *g);
/* Copy strsize bytes from the string at SRC to DST (registers). */
void cg_copy_string (struct gen *g, int dst, int src);
/* Copy a record value (stack, symbol: dtype_bytes of T) from SRC to DST. */
void cg_copy_record (struct gen *g, int dst, int src, struct dtype t);
/* r0 = pointer to the element of MAP whose u32 key is register KEY_REG
 * (or, when KEY_REG < 0, the constant KEY_IMM), staged in SLOT_TMP; jump to
 * NULL_LABEL when there is none.  Clobbers r1-r5. */
void cg_lookup_u32 (struct gen *g, uint32_t map, int key_reg, int32_t key_imm, int null_label);
/* Add one to drop counter INDEX (abi.h enum drop_counter). */
void cg_count_drop (struct gen *g, int index);
enum probe_kind cg_kind (struct gen *g);

/* codegen.c: faults.  The label the clause jumps to on a fault (the
 * record is dropped). */
int cg_fault_label (struct gen *g);
/* Fault when `REG OP IMM`: note the fault (type, action, ADDR_REG's value
 * or 0, the BPF pc) in the record area and go to the clause's fault
 * handler, which reports it (fault.c) and skips the rest of the clause. */
void cg_fault_if (struct gen *g, int op, int reg, int32_t imm, int type, int addr_reg);
/* The fault itself (PC: the BPF instruction of the failed check). */
void cg_fault_at (struct gen *g, int type, int addr_reg, int32_t pc);
/* Fault here: TYPE (abi.h FLT_*), the address in ADDR_REG (or -1). */
void cg_fault (struct gen *g, int type, int addr_reg);

/* codegen-expr.c: r0 = the value of expression N. */
void cg_expr (struct gen *g, struct d_node *n);
/* codegen-library.c: progenyof(pid) and the D library's __psargs(start, end),
 * __uword(addr). */
void cg_progenyof (struct gen *g, struct d_node *n);
void cg_psargs (struct gen *g, struct d_node *n);
void cg_uword (struct gen *g, struct d_node *n);
/* r0 = the 8 bytes of user memory at r3, 0 when unreadable. */
void cg_uread8 (struct gen *g);
/* codegen-dpath.c: the D library's __d_path(dentry, vfsmount, offsets...). */
void cg_d_path (struct gen *g, struct d_node *n);
/* Jump to LABEL when condition N is false (r0 clobbered). */
void cg_branch_false (struct gen *g, struct d_node *n, int label);
/* Signed/unsigned division and remainder of r0 by r1 (r1 != 0 checked). */
void cg_divide (struct gen *g, enum d_op op, bool is_signed);
/* r0 = r0 OP r1 for an arithmetic, shift or bitwise OP (IS_SIGNED: the
 * result type's signedness); false, emitting nothing, for any other OP. */
bool cg_arith (struct gen *g, enum d_op op, bool is_signed);

/* codegen-mem.c: typed memory (ninfo ->mem set): r0 = the value read, or
 * the address of a struct, union or array; pointer arithmetic (->scaled). */
void cg_mem_expr (struct gen *g, struct d_node *n);
void cg_pointer_arith (struct gen *g, struct d_node *n);
void cg_addr_of (struct gen *g, struct d_node *n);
/* Store r0 into typed memory of D's own (LV: a member, element, pointee). */
void cg_store_mem (struct gen *g, struct d_node *lv);
/* x = *p, x.s = p->s: a struct copied from the traced process (r0: its address there). */
void cg_assign_user_object (struct gen *g, struct d_node *n);
/* Copy SIZE bytes from the address in SRC to the one in DST (D's memory; r0 clobbered). */
void cg_copy_bytes (struct gen *g, int dst, int src, unsigned size);
/* print() of an object: its bytes into the record at item offset OFF. */
void cg_store_object (struct gen *g, struct d_node *n, unsigned off);

/* codegen-vars.c */
/* Lay out a map key in the scratch key area (after the thread id for
 * self->); r0 = its address. */
void cg_build_key (struct gen *g, struct d_node **keys, size_t nkeys, bool with_tid);
/* An aggregation's key: each stack laid out in the slot the checker widened
 * for every use of the aggregation (checker-aggs.c widen_stack_key). */
void cg_build_agg_key (struct gen *g, struct d_node **keys, size_t nkeys, const struct dagg *a);
/* The same at SLOT_SMALLKEY when the key is only integers and fits there;
 * false, emitting nothing, otherwise. */
bool cg_build_small_key (struct gen *g, struct d_node **keys, size_t nkeys);
/* r0 = the value of a map-backed variable (0 or "" when absent). */
void cg_load_map_var (struct gen *g, struct d_node *n, struct dvar *v);
/* Around the address computation of a store into typed memory LV: when
 * LV's root is a struct held in self-> or an associative array, that
 * element is created (zeroed) if absent, and the store is skipped (a
 * dynamic variable drop) when there is no room.  cg_write_begin returns
 * the label cg_write_end binds (-1: nothing to do). */
int cg_write_begin (struct gen *g, struct d_node *lv);
void cg_write_end (struct gen *g, int skip);
/* Store r0 into variable V (target node LV). */
void cg_store_var (struct gen *g, struct d_node *lv, struct dvar *v);
/* x = 0 of a string or struct self-> or associative array element: deleted. */
void cg_delete_var_elem (struct gen *g, struct d_node *lv, struct dvar *v);
/* An assignment or ++/--; with WANT_VALUE, r0 = the expression's value
 * (the value stored; the old one for x++ and x--). */
void cg_assign (struct gen *g, struct d_node *n, bool want_value);
void cg_incdec (struct gen *g, struct d_node *n, bool want_value);

/* codegen-actions.c */
/* speculation(): r0 = a free id, or 0. */
void cg_speculation (struct gen *g);
void cg_stmt_expr (struct gen *g, struct d_node *n);
void cg_clause (struct gen *g, struct dclause *cl);

/* codegen-args.c */
/* r0 = the pt_regs slot (r6 + r3, r3 masked to a slot offset). */
void cg_read_reg_at_r3 (struct gen *g);
/* Fetch argument K of the current site into the scratch args cache
 * (nothing for a fixed one: codegen.h fixed_args). */
void cg_fetch_arg (struct gen *g, unsigned k);
bool cg_arg_is_fixed (const struct gen *g, unsigned k);
/* r0 = argument K (uprobe and syscall kinds), untruncated. */
void cg_load_arg (struct gen *g, unsigned k);
/* Which argN the node uses (bit N of *MASK). */
void cg_args_used (const struct d_node *n, unsigned *mask);

/* codegen-aggs.c */
void cg_aggregation (struct gen *g, struct d_node *n);

/* codegen-ustack.c: ustack()'s capture into MAP_USTACKS; the (pid, hash)
 * value at scratch offset OFF (the pid already stored there). */
void cg_ustack_capture (struct gen *g, unsigned off);
/* codegen-kstack.c: r0 = the leading frames of the tracing machinery in
 * the kernel stack (bpf_get_stack's skip count), for a program where
 * cg_kstack_skip_needed; clobbers r0-r5 and the depth buffer. */
bool cg_kstack_skip_needed (const struct gen *g);
void cg_kstack_skip (struct gen *g);
/* r4 = bpf_get_stack()'s flags for a user (USER) or kernel stack: the
 * kernel's with the machinery's frames to skip where there are any. */
void cg_stack_flags (struct gen *g, bool user);
/* REG = the context bpf_get_stack() walks from (a syscall probe's saved
 * one, else r6). */
void cg_stack_ctx (struct gen *g, int reg);
/* REG = the depth buffer's address + ADD (scratch_layout.depth_off). */
void cg_depth_addr (struct gen *g, int reg, unsigned add);
/* codegen-callers.c: r0 = caller, stackdepth, ucaller or ustackdepth (B). */
void cg_stack_builtin (struct gen *g, enum builtin b);
/* codegen-cpuinfo.c: r0 = chip, lgrp or pset (B); curcpu's address. */
void cg_cpu_builtin (struct gen *g, enum builtin b);

/* codegen.c: exit when the firing process (its tgid in r0) is the held -c
 * child. */
void cg_skip_held_child (struct gen *g);

/* codegen-kernel.c: the proc and sched probes (PK_KERNEL, cg->kern).  The
 * prologue: the event's filter and argN into the scratch args cache (r7
 * set).  A built-in variable the probe defines otherwise (on-cpu's pid,
 * exec's args[0] string): its code, and true. */
void cg_kernel_prologue (struct gen *g);
bool cg_kernel_builtin (struct gen *g, struct d_node *n, enum builtin b);
/* The update of one aggregation value; r0 = the value's address in the
 * map, the value and increment in stack slots. */
void cgagg_stddev (struct gen *g, int value_slot);
void cgagg_llquantize (struct gen *g, const struct dagg *ag, int value_slot, int incr_slot, int done);

/* codegen-strings.c */
bool cgstr_is_string_subr (enum subr s);
void cgstr_gen (struct gen *g, struct d_node *call);
void cgstr_check_null (struct gen *g, const struct d_node *arg);
/* r0 = the address of DTrace's NULL string (an absent string variable). */
void cgstr_null_string (struct gen *g);
/* Extra scratch bytes the string subroutines need (after the temporaries). */
unsigned cgstr_scratch_size (const struct dprog *p, unsigned *tok_base);
/* At a program's start (r7 = scratch): strtok(NULL, ...) has no string to
 * continue until strtok(s, ...) gives one in this firing. */
void cgstr_prologue (struct gen *g);

#endif
