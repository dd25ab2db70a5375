/*
 * codegen-int.h — what codegen.c lends to the code generators kept in their
 * own files (codegen-strings.c: string subroutines; codegen-aggs.c: stddev
 * and llquantize).  The generator state stays private to codegen.c; these
 * functions give access to its assembler, expression evaluation, the
 * expression stack (slots below r10) and the scratch string temporaries.
 *
 * Conventions (see codegen.c): an expression leaves its value in r0 (for a
 * string, the address of strsize zero-padded bytes in a map value); r7 is
 * the per-CPU scratch area; helper calls clobber r0-r5.
 */
#ifndef SDTKIT_CONSUMER_CODEGEN_INT_H
#define SDTKIT_CONSUMER_CODEGEN_INT_H

#include "consumer/compile/bpf-asm.h"
#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"

struct gen;

struct bpf_asm *cg_asm (struct gen *g);
const struct codegen_ctx *cg_ctx (struct gen *g);
void cg_emit (struct gen *g, struct bpf_insn i);
void cg_error (struct gen *g, const struct d_node *n, const char *msg);
/* r0 = the value of expression N. */
void cg_expr (struct gen *g, struct d_node *n);
/* Push r0 on the expression stack: its slot (offset from r10). */
int cg_push (struct gen *g);
/* Forget the top N pushed slots. */
void cg_drop (struct gen *g, int n);
/* A zeroed strsize string temporary in scratch: r0 = its address;
 * returns its scratch offset. */
unsigned cg_str_temp (struct gen *g);
/* The label the clause jumps to on a fault (the record is dropped). */
int cg_fault_label (struct gen *g);
/* Fault here: TYPE (dprog.h FLT_*), the address in ADDR_REG (or -1), then
 * the clause's fault handler (fault.h: DTrace's error line, ERROR). */
void cg_fault (struct gen *g, int type, int addr_reg);
void cg_mov_imm (struct gen *g, int reg, int64_t v);
enum probe_kind cg_kind (struct gen *g);

/* codegen-strings.c */
bool cgstr_is_string_subr (enum subr s);
void cgstr_gen (struct gen *g, struct d_node *call);
/* Extra scratch bytes the string subroutines need (after the temporaries). */
unsigned cgstr_scratch_size (const struct dprog *p, unsigned *tok_base);
/* At a program's start (r7 = scratch): strtok(NULL, ...) has no string to
 * continue until strtok(s, ...) gives one in this firing. */
void cgstr_prologue (struct gen *g);

/* codegen-aggs.c: the update of one aggregation value; r0 = the value's
 * address in the map, the value and increment in stack slots. */
void cgagg_stddev (struct gen *g, int value_slot);
void cgagg_llquantize (struct gen *g, const struct dagg *ag, int value_slot, int incr_slot, int done);

#endif
