/* SPDX-License-Identifier: MIT */
/*
 * codegen-strings.c — BPF for D's string subroutines: strlen, strjoin,
 * substr, index, rindex, strchr, strrchr, strstr, basename, dirname,
 * lltostr, toupper, tolower, strtok, copyin (whose bytes become a string),
 * alloca and copyinto; and s[i], a string's character (__char_at).
 *
 * Every string is strsize bytes, zero-padded, in a map value (codegen.c);
 * a result goes to a fresh zeroed string temporary, so it stays
 * zero-padded and can be a map key, a variable, a record item or the
 * operand of another subroutine.  Results hold at most strsize-1
 * characters (silent truncation, as in DTrace).
 *
 * Verifier strategy.  Everything a loop carries from one turn to the
 * next lives in scratch memory (the "cells" of this file's scratch area),
 * whose contents the verifier does not track.  Where the kernel takes
 * may_goto (Linux 6.9, dtarget.may_goto), every loop is headed by it and
 * its index lives there too (LOOP_I): each turn loads the index as an
 * unknown value and checks it against the bound, so the state at the
 * loop's head is the same on every turn, the verifier's states converge
 * after a turn or two, and a loop costs the verifier a few hundred steps
 * whatever strsize is.  Before 6.9 the index stays in a register, which
 * the verifier sees as a constant on each turn: the loop costs strsize x
 * its body (index() ~33000 steps at strsize 256).  One helper pair,
 * loop_head and counter_keep, emits either form.  The registers live at a
 * loop's head are only pointers that stay the same.
 * Lengths come from bpf_probe_read_kernel_str (no loop), copies of a
 * substring from the same helper with a bounded size.
 *
 * The generators share a few shapes: each_char/next_char bracket the one
 * bounded loop over a string's characters (the body sees i and s[i]);
 * read_str/len_of_read read a string and clamp its length; copy_str,
 * copy_from and copy_tail copy a bounded substring into the result;
 * bit_of and table_row locate a bit of the bitap state and a row of its
 * table; return_temp ends a subroutine
 * whose value is its result temporary.
 *
 * index/rindex/strstr are exact and linear: the shift-and (bitap)
 * algorithm with W = min(ceil((strsize-1)/64), 4) words of state and a
 * 256-row table of W-word character masks in scratch (only in programs
 * that search).  Needles longer than 64*W = 256 characters are never
 * found.  The table is all zeroes between uses: the rows a needle set are
 * cleared after the search.  (Like every scratch use, this assumes one
 * program at a time per CPU; a sleepable USDT program preempted in the
 * middle of a search could see another's bits: a transient wrong answer,
 * the table is zero again once both finish.)
 *
 * Verification cost, per call, with may_goto at any strsize: 170..560
 * steps (a search ~360, cleanpath ~560, toupper ~170); the kernel's limit
 * is 1M per program, so the program's size (1M instructions) comes first.
 * Without it roughly strsize x (loop body): a search about strsize x 100
 * (the set, scan and clear loops), the others strsize x 10..20.
 *
 * Semantics follow illumos: substr's negative index counts from the end
 * and a negative length drops characters from the end; basename/dirname
 * as basename(1)/dirname(1) ("." for an empty string, "/" for slashes
 * only).  index/rindex return -1 when they find nothing.
 *
 * NULL strings.  A function that finds nothing (strchr, strrchr, strstr;
 * strtok out of tokens) returns NULL in DTrace.  Here it is the empty string with a mark: its
 * last byte (always 0 in a string, which holds at most strsize-1
 * characters) is NULL_MARK.  Comparing and copying see "";
 * a string subroutine given a marked string, or the constant 0 / NULL
 * where it reads a string, faults as DTrace's does on its NULL pointer:
 * "invalid address (0x0)" (cgstr_check_null), and so do trace(),
 * printf() and system() recording one (Oracle's DTrace checks every
 * string it records for NULL).  strtok(NULL, ...) is not
 * such a use: it goes on with the saved string.
 */
#include <stdint.h>

#include "consumer/compile/codegen-int.h"

/* the last byte of a NULL string (see the top of this file) */
#define NULL_MARK 0xff

#define E(i) cg_emit (g, (i))

/* Offsets in this file's scratch area. */
#define CELL(k)   (8 * (k))         /* k = 0..4 */
#define LOOP_I    40                /* each_char's index */
#define DIGITS    48                /* lltostr's characters, the last one NUL: */
#define DIGITS_SIZE 72              /* "0" and 64 binary digits, or a sign and 20 */
#define JUNK      (DIGITS + DIGITS_SIZE)   /* strsize bytes: where strlen copies to */
#define DSTATE    (JUNK + ((strsize_of (g) + 7) & ~7u))   /* W words of bitap state */
/* then the bitap table (programs that search), then strtok's state */

/* Words of bitap state: needles of up to 64 * MAX_WORDS characters are
 * found (longer ones never match), which keeps the table at 8 KiB. */
#define MAX_WORDS 4

static unsigned
words (unsigned strsize)
{
  unsigned w = (strsize - 1 + 63) / 64;
  return w < MAX_WORDS ? w : MAX_WORDS;
}

/* Which string subroutines the tree uses (bits): USES_ANY, USES_SEARCH
 * (index, rindex, strstr: the bitap table), USES_STRTOK (its state). */
enum { USES_ANY = 1, USES_SEARCH = 2, USES_STRTOK = 4, USES_CLEANPATH = 8 };

static int
uses (const struct d_node *n)
{
  if (!n)
    return 0;
  const struct ninfo *ni = ninfo (n);
  int r = 0;
  if (ni && cgstr_is_string_subr (ni->subr))
    r = USES_ANY | (ni->subr == SUBR_INDEX || ni->subr == SUBR_RINDEX || ni->subr == SUBR_STRSTR ? USES_SEARCH : 0)
        | (ni->subr == SUBR_STRTOK ? USES_STRTOK : 0) | (ni->subr == SUBR_CLEANPATH ? USES_CLEANPATH : 0);
  r |= uses (n->a) | uses (n->b) | uses (n->c);
  for (size_t i = 0; i < n->nargs; i++)
    r |= uses (n->args[i]);
  return r;
}

static int
prog_uses (const struct dprog *p)
{
  int u = 0;
  for (size_t i = 0; i < p->nclauses; i++)
    u |= uses (p->clauses[i].ast->predicate) | uses (p->clauses[i].ast->body);
  return u;
}

/* strtok's state, after the search table when there is one: the position
 * reached (u64; strsize: the string ran out, strsize + 1: no string yet),
 * the scan's phase (0: skipping delimiters, 1: in the token) and other 0/1 values, the delimiter bitmap (256 bits),
 * and the string being split (strsize bytes). */
#define TOK_POS   0
#define TOK_PHASE 8
#define TOK_FIN   16                /* the token has ended */
#define TOK_END   24                /* where it ended */
#define TOK_LIVE  32                /* scan temporaries */
#define TOK_BIT   40
#define TOK_LEN   48                /* the scan's token length */
#define TOK_K     56                /* and its position */
#define TOK_MAP   64
#define TOK_BUF   96

static unsigned
strtok_base (const struct dprog *p, int u)
{
  unsigned w = words (p->strsize), ss = (p->strsize + 7) & ~7u;
  return JUNK + ss + (u & USES_SEARCH ? 8 * w + 256 * 8 * w : 0);
}

/* cleanpath's table, last in the area: for each position of the result
 * holding a slash, the position of the slash before it (u16; 0xffff:
 * none), 2 x strsize bytes. */
static unsigned
cleanpath_base (const struct dprog *p, int u)
{
  unsigned ss = (p->strsize + 7) & ~7u;
  return strtok_base (p, u) + (u & USES_STRTOK ? TOK_BUF + ss : 0);
}

/* Nothing when no string subroutine is used; else a string of padding
 * after the temporaries (helpers that write at a variable offset into a
 * temporary are checked against the whole area), then this file's area.
 * *TOK_BASE: where strtok's state is in the area, 0 when unused. */
unsigned
cgstr_scratch_size (const struct dprog *p, unsigned *tok_base)
{
  unsigned ss = (p->strsize + 7) & ~7u;
  int u = prog_uses (p);
  *tok_base = u & USES_STRTOK ? strtok_base (p, u) : 0;
  if (!u)
    return 0;
  return ss + cleanpath_base (p, u) + (u & USES_CLEANPATH ? 2 * ss : 0);
}


bool
cgstr_is_string_subr (enum subr s)
{
  return s >= SUBR_STRLEN && s <= SUBR_COPYIN;
}

static unsigned
strsize_of (struct gen *g)
{
  return cg_ctx (g)->prog->strsize;
}

/* REG = the address of this file's scratch area. */
static void
area (struct gen *g, int reg)
{
  const struct scratch_layout *s = &cg_ctx (g)->scratch;
  unsigned ss = (strsize_of (g) + 7) & ~7u;
  E (MOV64_REG (reg, R7));
  E (A64_IMM (BPF_ADD, reg, (int32_t) (s->str_off + s->nstr * ss + ss)));
}

static void
ld_slot (struct gen *g, int reg, int slot)
{
  E (LDX (BPF_DW, reg, R10, (int16_t) slot));
}

/* REG = min(REG, MAX), unsigned. */
static void
clamp_max (struct gen *g, int reg, int32_t max)
{
  struct bpf_asm *a = cg_asm (g);
  int ok = asm_label (a);
  asm_jmp_imm (a, BPF_JLE, reg, max, ok);
  E (MOV64_IMM (reg, max));
  asm_bind (a, ok);
}

/* Read the string in SRC_SLOT, NUL included (at most strsize bytes), to
 * the address in r1; r0 = the helper's result. */
static void
read_str (struct gen *g, int src_slot)
{
  E (MOV64_IMM (R2, (int32_t) strsize_of (g)));
  ld_slot (g, R3, src_slot);
  E (CALL (BPF_FUNC_probe_read_kernel_str));
}

/* r0 = the length of the string read_str just read: its result less the
 * NUL, in [0, strsize-1] (a failed read counts as empty). */
static void
len_of_read (struct gen *g)
{
  struct bpf_asm *a = cg_asm (g);
  int pos = asm_label (a);
  asm_jmp_imm (a, BPF_JSGT, R0, 0, pos);
  E (MOV64_IMM (R0, 1));
  asm_bind (a, pos);
  E (A64_IMM (BPF_SUB, R0, 1));
  clamp_max (g, R0, (int32_t) strsize_of (g) - 1);
}

/* r0 = strlen of the string in SLOT, in [0, strsize-1]. */
static void
strlen_of (struct gen *g, int slot)
{
  area (g, R1);
  E (A64_IMM (BPF_ADD, R1, JUNK));
  read_str (g, slot);
  len_of_read (g);
}

/* Copy at most SIZE_REG-1 characters (SIZE_REG checked here into
 * [1, strsize]) from SRC_REG to the temporary in DST_SLOT. */
static void
copy_str (struct gen *g, int dst_slot, int src_reg, int size_reg)
{
  struct bpf_asm *a = cg_asm (g);
  int skip = asm_label (a);
  asm_jmp_imm (a, BPF_JSLT, size_reg, 1, skip);
  clamp_max (g, size_reg, (int32_t) strsize_of (g));
  if (src_reg != R3)
    E (MOV64_REG (R3, src_reg));
  if (size_reg != R2)
    E (MOV64_REG (R2, size_reg));
  ld_slot (g, R1, dst_slot);
  E (CALL (BPF_FUNC_probe_read_kernel_str));
  asm_bind (a, skip);
}

/* copy_str from the character at POS_REG (in [0, strsize)) of the string
 * in SRC_SLOT. */
static void
copy_from (struct gen *g, int dst_slot, int src_slot, int pos_reg, int size_reg)
{
  ld_slot (g, R3, src_slot);
  E (A64_REG (BPF_ADD, R3, pos_reg));
  copy_str (g, dst_slot, R3, size_reg);
}

/* The rest of the string in SRC_SLOT from the character at POS_REG on;
 * nothing when POS_REG is outside [0, strsize) (as -1, "not found"). */
static void
copy_tail (struct gen *g, int dst_slot, int src_slot, int pos_reg)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned ss = strsize_of (g);
  int skip = asm_label (a);
  asm_jmp_imm (a, BPF_JSLT, pos_reg, 0, skip);
  asm_jmp_imm (a, BPF_JGE, pos_reg, (int32_t) ss, skip);
  E (MOV64_IMM (R2, (int32_t) ss));
  E (A64_REG (BPF_SUB, R2, pos_reg));
  copy_from (g, dst_slot, src_slot, pos_reg, R2);
  asm_bind (a, skip);
}

/* A loop's counter, from 0 and up by at most one a turn (an index, a
 * length).  Without may_goto
 * (kernels before 6.9) it stays in register REG, which the verifier sees
 * as a constant on each turn: it walks the body once per turn.  With
 * may_goto heading the loop it is kept in the scratch cell CELL between
 * turns (stored after each step, loaded at the head), a value the verifier
 * does not track, so the states at the head converge.  BASE is the
 * register holding the scratch area throughout the loop, or NO_BASE: the
 * area is computed when needed (into REG to load, r4 to zero and store,
 * which must then be free). */
#define NO_BASE (-1)
struct loop_counter {
  int reg, base;
  int16_t cell;
};

static bool
loops_may_goto (const struct gen *g)
{
  return g->p->target.may_goto;
}

static void
counter_zero (struct gen *g, const struct loop_counter *c)
{
  if (!loops_may_goto (g))
    {
      E (MOV64_IMM (c->reg, 0));
      return;
    }
  int base = c->base;
  if (base == NO_BASE)
    area (g, base = R4);
  E (ST_IMM (BPF_DW, base, c->cell, 0));
}

/* After the counter's step (and before the jump back to the head). */
static void
counter_keep (struct gen *g, const struct loop_counter *c)
{
  if (!loops_may_goto (g))
    return;
  int base = c->base;
  if (base == NO_BASE)
    area (g, base = R4);
  E (STX (BPF_DW, base, c->reg, c->cell));
}

/* The loop's head, TOP: with may_goto, the check that leaves to OUT when
 * its budget runs out, and the counters' loads. */
static void
loop_head (struct gen *g, int top, int out, const struct loop_counter *c, size_t n)
{
  struct bpf_asm *a = cg_asm (g);
  asm_bind (a, top);
  if (!loops_may_goto (g))
    return;
  asm_may_goto (a, out);
  for (size_t i = 0; i < n; i++)
    {
      int base = c[i].base;
      if (base == NO_BASE)
        area (g, base = c[i].reg);
      E (LDX (BPF_DW, c[i].reg, base, c[i].cell));
    }
}

/* A bounded loop over the characters of a string:
 *
 *   each_char (g, &l, slot, limit);
 *     body: r1 the string, r2 the index i, r3 the character s[i] (not
 *     NUL), r4 its address; may jump to l.next or l.out
 *   next_char (g, &l);
 *
 * The loop leaves at the NUL or after LIMIT characters (or, never in
 * practice, when may_goto's budget of millions of turns runs out).  The
 * body must keep r1 and r2; r0 and r5 are free for it and keep their
 * values from one iteration to the next, but must then be the same on
 * every turn (a pointer, a constant): what varies lives in the cells, or
 * the verifier's states would not converge. */
struct char_loop {
  int top, next, out;
};

static const struct loop_counter char_index = { R2, NO_BASE, LOOP_I };

static void
each_char (struct gen *g, struct char_loop *l, int slot, unsigned limit)
{
  struct bpf_asm *a = cg_asm (g);
  l->top = asm_label (a);
  l->next = asm_label (a);
  l->out = asm_label (a);
  counter_zero (g, &char_index);
  ld_slot (g, R1, slot);
  loop_head (g, l->top, l->out, &char_index, 1);
  asm_jmp_imm (a, BPF_JGE, R2, (int32_t) limit, l->out);
  E (MOV64_REG (R4, R1));
  E (A64_REG (BPF_ADD, R4, R2));
  E (LDX (BPF_B, R3, R4, 0));
  asm_jmp_imm (a, BPF_JEQ, R3, 0, l->out);
}

static void
next_char (struct gen *g, const struct char_loop *l)
{
  struct bpf_asm *a = cg_asm (g);
  asm_bind (a, l->next);
  E (A64_IMM (BPF_ADD, R2, 1));
  counter_keep (g, &char_index);
  asm_ja (a, l->top);
  asm_bind (a, l->out);
}

/* Bit POS_REG of a multi-word bit string: OFF_REG = the byte offset of its
 * word, BIT_REG = its mask in that word.  POS_REG is clobbered. */
static void
bit_of (struct gen *g, int pos_reg, int off_reg, int bit_reg)
{
  E (MOV64_REG (off_reg, pos_reg));
  E (A64_IMM (BPF_RSH, off_reg, 6));
  E (A64_IMM (BPF_LSH, off_reg, 3));
  E (A64_IMM (BPF_AND, pos_reg, 63));
  E (MOV64_IMM (bit_reg, 1));
  E (A64_REG (BPF_LSH, bit_reg, pos_reg));
}

/* A string temporary for the result: its slot. */
static int
result_temp (struct gen *g)
{
  cg_str_temp (g);
  return cg_push (g);
}

/* The subroutine's value: the result temporary in DST_SLOT, popped. */
static void
return_temp (struct gen *g, int dst_slot)
{
  ld_slot (g, R0, dst_slot);
  cg_drop (g, 1);
}

/* r0 = the NULL string: scratch bytes no one else writes, all 0 but the
 * mark (both stored here, so the area needs no set-up). */
void
cgstr_null_string (struct gen *g)
{
  E (MOV64_REG (R0, R7));
  E (A64_IMM (BPF_ADD, R0, (int32_t) g->cg->scratch.null_off));
  E (ST_IMM (BPF_B, R0, 0, 0));
  E (ST_IMM (BPF_B, R0, (int16_t) (strsize_of (g) - 1), NULL_MARK));
}

/* Mark the result in DST_SLOT NULL when cell0 (the position found) is -1. */
static void
null_if_none (struct gen *g, int dst_slot)
{
  struct bpf_asm *a = cg_asm (g);
  int found = asm_label (a);
  area (g, R5);
  E (LDX (BPF_DW, R0, R5, CELL (0)));
  asm_jmp_imm (a, BPF_JNE, R0, -1, found);
  ld_slot (g, R1, dst_slot);
  E (ST_IMM (BPF_B, R1, (int16_t) (strsize_of (g) - 1), NULL_MARK));
  asm_bind (a, found);
}

static void
gen_strjoin (struct gen *g, const int *arg)
{
  int dst = result_temp (g);
  ld_slot (g, R1, dst);                   /* a, r0 = its length */
  read_str (g, arg[0]);
  len_of_read (g);
  ld_slot (g, R1, dst);                   /* then b after it, in the room left */
  E (A64_REG (BPF_ADD, R1, R0));
  E (MOV64_IMM (R2, (int32_t) strsize_of (g)));
  E (A64_REG (BPF_SUB, R2, R0));          /* NUL included: [1, strsize] */
  ld_slot (g, R3, arg[1]);
  E (CALL (BPF_FUNC_probe_read_kernel_str));
  return_temp (g, dst);
}

static void
gen_substr (struct gen *g, const int *arg, size_t nargs)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned ss = strsize_of (g);
  int dst = result_temp (g);
  int empty = asm_label (a), l1 = asm_label (a), l2 = asm_label (a), l3 = asm_label (a);
  strlen_of (g, arg[0]);
  E (MOV64_REG (R3, R0));                  /* len */
  ld_slot (g, R1, arg[1]);                 /* index */
  if (nargs == 3)
    ld_slot (g, R2, arg[2]);               /* remaining */
  else
    E (MOV64_IMM (R2, (int32_t) ss));
  /* a negative index counts from the end; what is still before the start
   * shortens the length */
  asm_jmp_imm (a, BPF_JSGE, R1, 0, l1);
  E (A64_REG (BPF_ADD, R1, R3));
  asm_jmp_imm (a, BPF_JSGE, R1, 0, l1);
  E (MOV64_REG (R4, R1));
  E (A64_REG (BPF_ADD, R4, R2));
  asm_jmp_imm (a, BPF_JSLE, R4, 0, l1);
  E (A64_REG (BPF_ADD, R2, R1));
  E (MOV64_IMM (R1, 0));
  asm_bind (a, l1);
  asm_jmp_reg (a, BPF_JSGE, R1, R3, empty);
  asm_jmp_imm (a, BPF_JSLT, R1, 0, empty);
  /* a negative length leaves that many characters off the end */
  asm_jmp_imm (a, BPF_JSGE, R2, 0, l2);
  E (A64_REG (BPF_ADD, R2, R3));
  E (A64_REG (BPF_SUB, R2, R1));
  asm_ja (a, l3);
  asm_bind (a, l2);
  E (MOV64_REG (R4, R1));
  E (A64_REG (BPF_ADD, R4, R2));
  asm_jmp_imm (a, BPF_JSLE, R4, (int32_t) ss, l3);
  E (MOV64_IMM (R2, (int32_t) ss));
  E (A64_REG (BPF_SUB, R2, R1));
  asm_bind (a, l3);
  asm_jmp_imm (a, BPF_JSLE, R2, 0, empty);
  asm_jmp_imm (a, BPF_JGE, R1, (int32_t) ss, empty);
  E (A64_IMM (BPF_ADD, R2, 1));
  copy_from (g, dst, arg[0], R1, R2);
  asm_bind (a, empty);
  return_temp (g, dst);
}

/* strchr, strrchr: the string from the first / last C (cell0, -1 for
 * none; the NUL is never a match, so strchr(s, 0) is ""). */
static void
gen_strchr (struct gen *g, const int *arg, bool last)
{
  struct bpf_asm *a = cg_asm (g);
  int dst = result_temp (g);
  struct char_loop l;
  area (g, R5);
  E (ST_IMM (BPF_DW, R5, CELL (0), -1));
  ld_slot (g, R0, arg[1]);
  E (A64_IMM (BPF_AND, R0, 0xff));
  each_char (g, &l, arg[0], strsize_of (g));
  asm_jmp_reg (a, BPF_JNE, R3, R0, l.next);
  E (STX (BPF_DW, R5, R2, CELL (0)));
  if (!last)
    asm_ja (a, l.out);
  next_char (g, &l);
  E (LDX (BPF_DW, R4, R5, CELL (0)));      /* r5: still the area */
  copy_tail (g, dst, arg[0], R4);
  null_if_none (g, dst);
  return_temp (g, dst);
}

/* ROW = the address of character CHR's row of the bitap table (W words
 * after the state); AREA = the scratch area (the same register as ROW or
 * not).  CHR is clobbered. */
static void
table_row (struct gen *g, int chr, int row, int area_reg)
{
  unsigned w = words (strsize_of (g));
  E (A64_IMM (BPF_MUL, chr, (int32_t) (8 * w)));
  area (g, area_reg);
  if (row != area_reg)
    E (MOV64_REG (row, area_reg));
  E (A64_IMM (BPF_ADD, row, (int32_t) (DSTATE + 8 * w)));
  E (A64_REG (BPF_ADD, row, chr));
}

/* For each character of the needle in SLOT: set (or clear) its bit in the
 * bitap table. */
static void
bitap_table (struct gen *g, int slot, bool set)
{
  unsigned ss = strsize_of (g), w = words (ss);
  unsigned limit = ss - 1 < 64 * w ? ss - 1 : 64 * w;
  struct char_loop l;
  each_char (g, &l, slot, limit);
  table_row (g, R3, R4, R4);
  if (set)
    {
      E (MOV64_REG (R0, R2));
      bit_of (g, R0, R5, R3);
      E (A64_REG (BPF_ADD, R4, R5));       /* the word of bit i */
      E (LDX (BPF_DW, R5, R4, 0));
      E (A64_REG (BPF_OR, R5, R3));
      E (STX (BPF_DW, R4, R5, 0));
    }
  else
    for (unsigned k = 0; k < w; k++)
      E (ST_IMM (BPF_DW, R4, (int16_t) (8 * k), 0));
  next_char (g, &l);
}

/* index, rindex, strstr. */
static void
gen_search (struct gen *g, enum subr which, const int *arg, size_t nargs)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned ss = strsize_of (g), w = words (ss);
  int dst = which == SUBR_STRSTR ? result_temp (g) : 0;
  int result = asm_label (a), search = asm_label (a), l1 = asm_label (a), l2 = asm_label (a);
  struct char_loop l;
  /* cell0 result (-1), cell1 n then the start/limit, cell2 m, cell3 the
   * state word holding bit m-1 (its offset), cell4 that bit */
  area (g, R5);
  E (ST_IMM (BPF_DW, R5, CELL (0), -1));
  strlen_of (g, arg[0]);
  area (g, R5);
  E (STX (BPF_DW, R5, R0, CELL (1)));
  strlen_of (g, arg[1]);
  area (g, R5);
  E (STX (BPF_DW, R5, R0, CELL (2)));
  E (LDX (BPF_DW, R1, R5, CELL (1)));     /* n */
  asm_jmp_imm (a, BPF_JNE, R0, 0, search);
  /* an empty needle: index -> start (within 0..n), rindex -> n or start,
   * strstr -> the whole string */
  if (which == SUBR_STRSTR)
    E (MOV64_IMM (R0, 0));
  else if (nargs == 3)
    {
      ld_slot (g, R0, arg[2]);
      asm_jmp_imm (a, BPF_JSGE, R0, 0, l1);
      E (MOV64_IMM (R0, which == SUBR_INDEX ? 0 : -1));
      asm_bind (a, l1);
      asm_jmp_reg (a, BPF_JSLE, R0, R1, l2);
      E (MOV64_REG (R0, R1));
      asm_bind (a, l2);
    }
  else
    E (which == SUBR_INDEX ? MOV64_IMM (R0, 0) : MOV64_REG (R0, R1));
  E (STX (BPF_DW, R5, R0, CELL (0)));
  asm_ja (a, result);

  asm_bind (a, search);
  asm_jmp_reg (a, BPF_JGT, R0, R1, result);      /* needle longer than the string */
  /* where matches may start: index/strstr from start (>= 0), rindex up to
   * min(start, n - m) */
  if (which == SUBR_RINDEX)
    {
      int l3 = asm_label (a);
      E (A64_REG (BPF_SUB, R1, R0));
      if (nargs == 3)
        {
          ld_slot (g, R2, arg[2]);
          asm_jmp_reg (a, BPF_JSGE, R2, R1, l3);
          E (MOV64_REG (R1, R2));
          asm_bind (a, l3);
        }
    }
  else if (nargs == 3)
    {
      int l3 = asm_label (a);
      ld_slot (g, R1, arg[2]);
      asm_jmp_imm (a, BPF_JSGE, R1, 0, l3);
      E (MOV64_IMM (R1, 0));
      asm_bind (a, l3);
    }
  else
    E (MOV64_IMM (R1, 0));
  E (STX (BPF_DW, R5, R1, CELL (1)));
  /* the state word and bit that say "the whole needle matched" */
  E (A64_IMM (BPF_SUB, R0, 1));
  bit_of (g, R0, R1, R2);
  E (STX (BPF_DW, R5, R1, CELL (3)));
  E (STX (BPF_DW, R5, R2, CELL (4)));
  for (unsigned k = 0; k < w; k++)
    E (ST_IMM (BPF_DW, R5, (int16_t) (DSTATE + 8 * k), 0));
  bitap_table (g, arg[1], true);

  /* the scan: D = ((D << 1) | 1) & mask[c], W words */
  each_char (g, &l, arg[0], ss - 1);
  table_row (g, R3, R5, R4);                /* r5 mask[c], r4 the area */
  for (unsigned k = w; k-- > 0;)
    {
      E (LDX (BPF_DW, R0, R4, (int16_t) (DSTATE + 8 * k)));
      E (A64_IMM (BPF_LSH, R0, 1));
      if (k)
        {
          E (LDX (BPF_DW, R3, R4, (int16_t) (DSTATE + 8 * (k - 1))));
          E (A64_IMM (BPF_RSH, R3, 63));
          E (A64_REG (BPF_OR, R0, R3));
        }
      else
        E (A64_IMM (BPF_OR, R0, 1));
      E (LDX (BPF_DW, R3, R5, (int16_t) (8 * k)));
      E (A64_REG (BPF_AND, R0, R3));
      E (STX (BPF_DW, R4, R0, (int16_t) (DSTATE + 8 * k)));
    }
  E (LDX (BPF_DW, R3, R4, CELL (3)));
  asm_jmp_imm (a, BPF_JGE, R3, (int32_t) (8 * w), l.next);
  E (MOV64_REG (R0, R4));
  E (A64_REG (BPF_ADD, R0, R3));
  E (LDX (BPF_DW, R0, R0, (int16_t) DSTATE));
  E (LDX (BPF_DW, R3, R4, CELL (4)));
  E (A64_REG (BPF_AND, R0, R3));
  asm_jmp_imm (a, BPF_JEQ, R0, 0, l.next);
  /* a match ends at i: it starts at i - m + 1 */
  E (LDX (BPF_DW, R0, R4, CELL (2)));
  E (MOV64_REG (R3, R2));
  E (A64_REG (BPF_SUB, R3, R0));
  E (A64_IMM (BPF_ADD, R3, 1));
  E (LDX (BPF_DW, R0, R4, CELL (1)));
  if (which == SUBR_RINDEX)
    {
      asm_jmp_reg (a, BPF_JSGT, R3, R0, l.next);
      E (STX (BPF_DW, R4, R3, CELL (0)));
    }
  else
    {
      asm_jmp_reg (a, BPF_JSLT, R3, R0, l.next);
      E (STX (BPF_DW, R4, R3, CELL (0)));
      asm_ja (a, l.out);
    }
  next_char (g, &l);
  bitap_table (g, arg[1], false);

  asm_bind (a, result);
  area (g, R5);
  E (LDX (BPF_DW, R0, R5, CELL (0)));
  if (which == SUBR_STRSTR)
    {
      copy_tail (g, dst, arg[0], R0);
      null_if_none (g, dst);
      return_temp (g, dst);
    }
}

static void
gen_path (struct gen *g, const int *arg, bool dir)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned ss = strsize_of (g);
  int dst = result_temp (g);
  int slash = asm_label (a), notnew = asm_label (a), have = asm_label (a), dot = asm_label (a),
      root = asm_label (a), done = asm_label (a);
  struct char_loop l;
  /* cell0 start of the last component, cell1 its end, cell2 the end of the
   * component before it, cell3 "the previous character was a slash" */
  area (g, R5);
  E (ST_IMM (BPF_DW, R5, CELL (0), 0));
  E (ST_IMM (BPF_DW, R5, CELL (1), 0));
  E (ST_IMM (BPF_DW, R5, CELL (2), 0));
  E (ST_IMM (BPF_DW, R5, CELL (3), 1));
  each_char (g, &l, arg[0], ss);
  asm_jmp_imm (a, BPF_JEQ, R3, '/', slash);
  E (LDX (BPF_DW, R0, R5, CELL (3)));
  asm_jmp_imm (a, BPF_JEQ, R0, 0, notnew);
  E (LDX (BPF_DW, R0, R5, CELL (1)));
  E (STX (BPF_DW, R5, R0, CELL (2)));
  E (STX (BPF_DW, R5, R2, CELL (0)));
  E (ST_IMM (BPF_DW, R5, CELL (3), 0));
  asm_bind (a, notnew);
  E (MOV64_REG (R0, R2));
  E (A64_IMM (BPF_ADD, R0, 1));
  E (STX (BPF_DW, R5, R0, CELL (1)));
  asm_ja (a, l.next);
  asm_bind (a, slash);
  E (ST_IMM (BPF_DW, R5, CELL (3), 1));
  next_char (g, &l);

  area (g, R4);
  E (LDX (BPF_DW, R0, R4, CELL (1)));
  asm_jmp_imm (a, BPF_JNE, R0, 0, have);
  /* no component: "." for "", "/" for slashes only */
  ld_slot (g, R1, arg[0]);
  E (LDX (BPF_B, R1, R1, 0));
  asm_jmp_imm (a, BPF_JEQ, R1, 0, dot);
  asm_ja (a, root);
  asm_bind (a, have);
  E (LDX (BPF_DW, R1, R4, CELL (0)));
  if (dir)
    {
      /* everything before the separator of the last component */
      asm_jmp_imm (a, BPF_JEQ, R1, 0, dot);
      E (LDX (BPF_DW, R2, R4, CELL (2)));
      asm_jmp_imm (a, BPF_JEQ, R2, 0, root);
      E (A64_IMM (BPF_ADD, R2, 1));
      ld_slot (g, R3, arg[0]);
      copy_str (g, dst, R3, R2);
    }
  else
    {
      /* the last component */
      asm_jmp_imm (a, BPF_JGE, R1, (int32_t) ss, done);
      E (MOV64_REG (R2, R0));
      E (A64_REG (BPF_SUB, R2, R1));
      E (A64_IMM (BPF_ADD, R2, 1));
      copy_from (g, dst, arg[0], R1, R2);
    }
  asm_ja (a, done);
  asm_bind (a, dot);
  ld_slot (g, R1, dst);
  E (ST_IMM (BPF_B, R1, 0, '.'));
  asm_ja (a, done);
  asm_bind (a, root);
  ld_slot (g, R1, dst);
  E (ST_IMM (BPF_B, R1, 0, '/'));
  asm_bind (a, done);
  return_temp (g, dst);
}

/* lltostr(x [, base]): x in base 2..36 (another base is an illegal
 * operation).  As DTrace: base 10 is signed, every other base shows the
 * 64 bits unsigned, base 16 with a 0x prefix (0x0 too), base 8 with a 0
 * prefix (not for 0 itself); digits above 9 are lower-case letters.  The
 * digits are written backwards into the DIGITS cells, the last one NUL. */
static void
gen_lltostr (struct gen *g, const int *arg, size_t nargs)
{
  struct bpf_asm *a = cg_asm (g);
  int dst = result_temp (g);
  bool any_base = nargs == 2;
  int ndigits = any_base ? 64 : 20;          /* 2^64 in base 2; in base 10 */
  const int last = DIGITS_SIZE - 2;          /* the last digit's cell */
  int fin = asm_label (a), pos = asm_label (a), nosign = asm_label (a);
  if (any_base)
    {
      ld_slot (g, R0, arg[1]);
      cg_fault_if (g, BPF_JLT, R0, 2, FLT_ILLOP, -1);
      cg_fault_if (g, BPF_JGT, R0, 36, FLT_ILLOP, -1);
    }
  area (g, R4);
  E (ST_IMM (BPF_B, R4, DIGITS + DIGITS_SIZE - 1, 0));
  ld_slot (g, R1, arg[0]);
  E (MOV64_IMM (R5, 0));
  if (any_base)
    asm_jmp_imm (a, BPF_JNE, R0, 10, pos);
  asm_jmp_imm (a, BPF_JSGE, R1, 0, pos);
  E (NEG64 (R1));                          /* INT64_MIN stays 2^63 as unsigned */
  E (MOV64_IMM (R5, 1));
  asm_bind (a, pos);
  for (int k = 0; k < ndigits; k++)
    {
      E (MOV64_REG (R3, R1));
      if (any_base)
        {
          int digit = asm_label (a);
          E (A64_REG (BPF_MOD, R3, R0));
          asm_jmp_imm (a, BPF_JLT, R3, 10, digit);
          E (A64_IMM (BPF_ADD, R3, 'a' - 10 - '0'));
          asm_bind (a, digit);
        }
      else
        E (A64_IMM (BPF_MOD, R3, 10));
      E (A64_IMM (BPF_ADD, R3, '0'));
      E (STX (BPF_B, R4, R3, (int16_t) (DIGITS + last - k)));
      E (any_base ? A64_REG (BPF_DIV, R1, R0) : A64_IMM (BPF_DIV, R1, 10));
      E (MOV64_IMM (R2, last - k));
      if (k < ndigits - 1)
        asm_jmp_imm (a, BPF_JEQ, R1, 0, fin);
    }
  asm_bind (a, fin);
  if (any_base)
    {
      /* the prefixes of bases 16 and 8 (r5: the number of prefix
       * characters, 1 for the sign of base 10) */
      int hex = asm_label (a), prefixed = asm_label (a);
      asm_jmp_imm (a, BPF_JEQ, R0, 16, hex);
      asm_jmp_imm (a, BPF_JNE, R0, 8, prefixed);
      E (LDX (BPF_B, R3, R4, (int16_t) (DIGITS + last)));
      asm_jmp_imm (a, BPF_JNE, R2, last, nosign);           /* several digits: 0 */
      asm_jmp_imm (a, BPF_JEQ, R3, '0', prefixed);          /* 0 itself: none */
      E (MOV64_IMM (R5, 1));
      asm_ja (a, prefixed);
      asm_bind (a, hex);
      E (A64_IMM (BPF_SUB, R2, 2));
      E (MOV64_REG (R3, R4));
      E (A64_REG (BPF_ADD, R3, R2));
      E (ST_IMM (BPF_B, R3, DIGITS, '0'));
      E (ST_IMM (BPF_B, R3, DIGITS + 1, 'x'));
      asm_ja (a, prefixed);
      asm_bind (a, nosign);
      E (MOV64_IMM (R5, 1));
      asm_bind (a, prefixed);
    }
  int minus = asm_label (a), put = asm_label (a);
  asm_jmp_imm (a, BPF_JEQ, R5, 0, put);
  E (MOV64_IMM (R1, '-'));
  if (any_base)
    {
      asm_jmp_imm (a, BPF_JEQ, R0, 10, minus);
      E (MOV64_IMM (R1, '0'));                 /* base 8's prefix */
    }
  asm_bind (a, minus);
  E (A64_IMM (BPF_SUB, R2, 1));
  E (MOV64_REG (R3, R4));
  E (A64_REG (BPF_ADD, R3, R2));
  E (STX (BPF_B, R3, R1, DIGITS));
  asm_bind (a, put);
  /* the first character's position, laundered through memory so the
   * paths above merge */
  E (STX (BPF_DW, R4, R2, CELL (0)));
  E (LDX (BPF_DW, R2, R4, CELL (0)));
  clamp_max (g, R2, last);
  E (MOV64_REG (R3, R4));
  E (A64_IMM (BPF_ADD, R3, DIGITS));
  E (A64_REG (BPF_ADD, R3, R2));
  E (MOV64_IMM (R0, DIGITS_SIZE));
  E (A64_REG (BPF_SUB, R0, R2));
  copy_str (g, dst, R3, R0);
  return_temp (g, dst);
}

/* REG = the address of cleanpath's table entry for the position in POS
 * (bounded by the caller); clobbers nothing else. */
static void
cleanpath_entry (struct gen *g, int reg, int pos)
{
  area (g, reg);
  E (A64_IMM (BPF_ADD, reg, (int32_t) cleanpath_base (cg_ctx (g)->prog, prog_uses (cg_ctx (g)->prog))));
  E (A64_REG (BPF_ADD, reg, pos));
  E (A64_REG (BPF_ADD, reg, pos));
}

/* cleanpath(s), as Oracle's DTrace for Linux cleans a path: repeated
 * slashes are one, "." components go, a ".." takes the component before
 * it away; at the root ".." is the root, and a relative path keeps the
 * ".." it cannot go back over ("a/../.." is ".."); no trailing slash but
 * the root's, and a path that cleans to nothing is "." ("" stays "").
 *
 * One pass over s, the string's end (its NUL or strsize characters)
 * ending the last component as a slash does.  A component is written to
 * the result as it is read, after the slash that separates it from the
 * previous one; when it ends it is looked at: "." is taken back, ".."
 * goes back over the component before it.  The cells: 0 the result's
 * length w, 1 the position of its last slash (-1: none), 2 "dotdot", the
 * length ".." cannot go back past (1 for a rooted path, else the end of
 * the ".." components kept at its head), 3 where the open component
 * begins (its separating slash, if it has one; -1: none open), 4 where
 * its text begins.  The table (cleanpath_base) holds, at the position
 * where each component begins, the last slash before it, so taking a
 * component back or going back over one is no search.  With may_goto
 * the loop is headed by it, its index in LOOP_I (r5 the area at its
 * head): the verifier checks it in a few turns; without, few branches
 * per character, as the verifier walks every character of every call.
 * One copy from the zeroes clears what going back left behind. */

/* r0 = the table's entry at position POS (bounded by the caller), a
 * signed position (-1: none).  Clobbers r4. */
static void
cleanpath_prev_slash (struct gen *g, int pos)
{
  cleanpath_entry (g, R4, pos);
  E (LDX (BPF_H, R0, R4, 0));
  E (A64_IMM (BPF_LSH, R0, 48));
  E (A64_IMM (BPF_ARSH, R0, 48));
}

/* A character of a component (r3; r5 the area): a component it opens
 * records the last slash before it and gets its separating slash, unless
 * the result is empty or only the root; then the character, while there
 * is room.  Clobbers r0, r4, r5 (the area again on the way out). */
static void
cleanpath_char (struct gen *g, int dst, int32_t max, int next)
{
  struct bpf_asm *a = cg_asm (g);
  int append = asm_label (a), sep = asm_label (a), text = asm_label (a);
  E (LDX (BPF_DW, R0, R5, CELL (3)));
  asm_jmp_imm (a, BPF_JSGE, R0, 0, append);
  E (LDX (BPF_DW, R0, R5, CELL (0)));
  asm_jmp_imm (a, BPF_JGE, R0, max, next);     /* no room for it */
  E (STX (BPF_DW, R5, R0, CELL (3)));
  cleanpath_entry (g, R4, R0);
  E (LDX (BPF_DW, R5, R5, CELL (1)));
  E (STX (BPF_H, R4, R5, 0));                   /* -1 is 0xffff */
  area (g, R5);
  asm_jmp_imm (a, BPF_JEQ, R0, 0, text);
  E (LDX (BPF_DW, R4, R5, CELL (2)));
  asm_jmp_imm (a, BPF_JNE, R4, 1, sep);
  asm_jmp_imm (a, BPF_JEQ, R0, 1, text);       /* just the root */
  asm_bind (a, sep);
  ld_slot (g, R4, dst);
  E (A64_REG (BPF_ADD, R4, R0));
  E (ST_IMM (BPF_B, R4, 0, '/'));
  E (STX (BPF_DW, R5, R0, CELL (1)));
  E (A64_IMM (BPF_ADD, R0, 1));
  E (STX (BPF_DW, R5, R0, CELL (0)));
  asm_bind (a, text);
  E (STX (BPF_DW, R5, R0, CELL (4)));
  asm_bind (a, append);
  E (LDX (BPF_DW, R0, R5, CELL (0)));
  asm_jmp_imm (a, BPF_JGE, R0, max, next);
  ld_slot (g, R4, dst);
  E (A64_REG (BPF_ADD, R4, R0));
  E (STX (BPF_B, R4, R3, 0));
  E (A64_IMM (BPF_ADD, R0, 1));
  E (STX (BPF_DW, R5, R0, CELL (0)));
  asm_ja (a, next);
}

/* The open component ends (r5 the area): "." is taken back, ".." goes
 * back over the component before it, or is taken back at the root, or is
 * kept at the head of a relative path.  Clobbers r0, r3, r4. */
static void
cleanpath_end_component (struct gen *g, int dst, int32_t max, int done)
{
  struct bpf_asm *a = cg_asm (g);
  int dotdot = asm_label (a), drop = asm_label (a), back = asm_label (a),
      past = asm_label (a);
  E (LDX (BPF_DW, R0, R5, CELL (3)));           /* r0: where it begins */
  asm_jmp_imm (a, BPF_JSLT, R0, 0, done);
  E (ST_IMM (BPF_DW, R5, CELL (3), -1));
  asm_jmp_imm (a, BPF_JGE, R0, max, done);
  E (LDX (BPF_DW, R4, R5, CELL (4)));           /* r4: its text */
  asm_jmp_imm (a, BPF_JGE, R4, max, done);
  E (LDX (BPF_DW, R3, R5, CELL (0)));
  E (A64_REG (BPF_SUB, R3, R4));                /* its length */
  asm_jmp_imm (a, BPF_JEQ, R3, 2, dotdot);
  asm_jmp_imm (a, BPF_JNE, R3, 1, done);
  ld_slot (g, R3, dst);
  E (A64_REG (BPF_ADD, R3, R4));
  E (LDX (BPF_B, R3, R3, 0));
  asm_jmp_imm (a, BPF_JNE, R3, '.', done);
  asm_ja (a, drop);

  asm_bind (a, dotdot);
  ld_slot (g, R3, dst);
  E (A64_REG (BPF_ADD, R3, R4));
  E (LDX (BPF_H, R3, R3, 0));
  asm_jmp_imm (a, BPF_JNE, R3, '.' | '.' << 8, done);
  E (LDX (BPF_DW, R4, R5, CELL (2)));
  asm_jmp_reg (a, BPF_JSGT, R0, R4, back);
  asm_jmp_imm (a, BPF_JEQ, R4, 1, drop);        /* at the root */
  E (LDX (BPF_DW, R3, R5, CELL (0)));           /* kept at a relative head */
  E (STX (BPF_DW, R5, R3, CELL (2)));
  asm_ja (a, done);

  /* taken back: the result ends where the component began */
  asm_bind (a, drop);
  E (STX (BPF_DW, R5, R0, CELL (0)));
  cleanpath_prev_slash (g, R0);
  E (STX (BPF_DW, R5, R0, CELL (1)));
  asm_ja (a, done);

  /* "..": back to the slash L before the component before it, or to
   * dotdot when that is further on (a slash before dotdot stays) */
  asm_bind (a, back);
  cleanpath_prev_slash (g, R0);                 /* r0 = L */
  E (LDX (BPF_DW, R4, R5, CELL (2)));
  asm_jmp_reg (a, BPF_JSGE, R0, R4, past);
  E (STX (BPF_DW, R5, R4, CELL (0)));
  E (STX (BPF_DW, R5, R0, CELL (1)));
  asm_ja (a, done);
  asm_bind (a, past);
  asm_jmp_imm (a, BPF_JGE, R0, max, done);
  E (STX (BPF_DW, R5, R0, CELL (0)));
  cleanpath_prev_slash (g, R0);                 /* the slash at L goes */
  E (STX (BPF_DW, R5, R0, CELL (1)));
  asm_ja (a, done);
}

static void
gen_cleanpath (struct gen *g, const int *arg)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned n = strsize_of (g);
  int32_t max = (int32_t) n - 1;                /* characters the result holds */
  int dst = result_temp (g);
  int top = asm_label (a), end = asm_label (a), slash = asm_label (a),
      ended = asm_label (a), next = asm_label (a), out = asm_label (a),
      zero = asm_label (a);
  area (g, R5);
  E (ST_IMM (BPF_DW, R5, CELL (0), 0));
  E (ST_IMM (BPF_DW, R5, CELL (1), -1));
  E (ST_IMM (BPF_DW, R5, CELL (2), 0));
  E (ST_IMM (BPF_DW, R5, CELL (3), -1));
  const struct loop_counter i = { R2, R5, LOOP_I };       /* r5: the area */
  counter_zero (g, &i);
  ld_slot (g, R1, arg[0]);
  loop_head (g, top, out, &i, 1);
  asm_jmp_imm (a, BPF_JGE, R2, (int32_t) n, end);
  E (MOV64_REG (R4, R1));
  E (A64_REG (BPF_ADD, R4, R2));
  E (LDX (BPF_B, R3, R4, 0));
  asm_jmp_imm (a, BPF_JEQ, R3, 0, slash);
  asm_jmp_imm (a, BPF_JEQ, R3, '/', slash);
  area (g, R5);
  cleanpath_char (g, dst, max, next);

  /* a slash or the end: the open component ends; a slash that begins
   * the path is the root */
  asm_bind (a, end);
  E (MOV64_IMM (R3, 0));
  asm_bind (a, slash);
  area (g, R5);
  {
    int not_root = asm_label (a);
    asm_jmp_imm (a, BPF_JNE, R2, 0, not_root);
    asm_jmp_imm (a, BPF_JEQ, R3, 0, not_root);
    ld_slot (g, R4, dst);
    E (ST_IMM (BPF_B, R4, 0, '/'));
    E (MOV64_IMM (R0, 0));
    cleanpath_entry (g, R4, R0);
    E (ST_IMM (BPF_H, R4, 0, -1));
    E (ST_IMM (BPF_DW, R5, CELL (0), 1));
    E (ST_IMM (BPF_DW, R5, CELL (1), 0));
    E (ST_IMM (BPF_DW, R5, CELL (2), 1));
    asm_ja (a, next);
    asm_bind (a, not_root);
  }
  cleanpath_end_component (g, dst, max, ended);
  /* the end (known from the registers, for the verifier) or the next */
  asm_bind (a, ended);
  asm_jmp_imm (a, BPF_JGE, R2, (int32_t) n, out);
  E (MOV64_REG (R4, R1));
  E (A64_REG (BPF_ADD, R4, R2));
  E (LDX (BPF_B, R3, R4, 0));
  asm_jmp_imm (a, BPF_JEQ, R3, 0, out);
  asm_bind (a, next);
  E (A64_IMM (BPF_ADD, R2, 1));
  counter_keep (g, &i);
  asm_ja (a, top);

  /* a path that cleans to nothing is "." */
  asm_bind (a, out);
  E (LDX (BPF_DW, R0, R5, CELL (0)));
  asm_jmp_imm (a, BPF_JNE, R0, 0, zero);
  E (LDX (BPF_B, R3, R1, 0));
  asm_jmp_imm (a, BPF_JEQ, R3, 0, zero);
  ld_slot (g, R4, dst);
  E (ST_IMM (BPF_B, R4, 0, '.'));
  E (ST_IMM (BPF_DW, R5, CELL (0), 1));
  asm_bind (a, zero);

  /* zero the result from its length on (going back left characters):
   * one copy from the zeroes, not a loop, which the verifier would walk
   * again from every character */
  {
    int zdone = asm_label (a);
    E (LDX (BPF_DW, R0, R5, CELL (0)));
    asm_jmp_imm (a, BPF_JGE, R0, max, zdone);
    ld_slot (g, R1, dst);
    E (A64_REG (BPF_ADD, R1, R0));
    E (MOV64_IMM (R2, (int32_t) n));
    E (A64_REG (BPF_SUB, R2, R0));
    E (LDX (BPF_DW, R3, R10, SLOT_ZERO));
    E (CALL (BPF_FUNC_probe_read_kernel));
    asm_bind (a, zdone);
  }
  return_temp (g, dst);
}

static void
gen_case (struct gen *g, const int *arg, bool upper)
{
  struct bpf_asm *a = cg_asm (g);
  int dst = result_temp (g);
  struct char_loop l;
  ld_slot (g, R1, dst);
  read_str (g, arg[0]);
  each_char (g, &l, dst, strsize_of (g));
  asm_jmp_imm (a, BPF_JLT, R3, upper ? 'a' : 'A', l.next);
  asm_jmp_imm (a, BPF_JGT, R3, upper ? 'z' : 'Z', l.next);
  E (A64_IMM (BPF_XOR, R3, 0x20));
  E (STX (BPF_B, R4, R3, 0));
  next_char (g, &l);
  return_temp (g, dst);
}

/* Copy N_SLOT's bytes (at most MAX, nothing when <= 0) of user memory at
 * ADDR_SLOT to the address in DST_SLOT; an unreadable address is a fault
 * (the clause's record is dropped).  A sleepable program faults pages that
 * are not present in. */
static void
copy_from_user_to (struct gen *g, int dst_slot, int addr_slot, int n_slot, int32_t max)
{
  struct bpf_asm *a = cg_asm (g);
  int done = asm_label (a);
  ld_slot (g, R2, n_slot);
  asm_jmp_imm (a, BPF_JSLE, R2, 0, done);
  clamp_max (g, R2, max);
  E (STX (BPF_DW, R10, R2, -8));          /* SLOT_TMP in codegen.c: free here */
  ld_slot (g, R1, dst_slot);
  ld_slot (g, R3, addr_slot);
  E (CALL (BPF_FUNC_probe_read_user));
  asm_jmp_imm (a, BPF_JEQ, R0, 0, done);
  if (cg_sleepable (g))
    {
      ld_slot (g, R1, dst_slot);
      E (LDX (BPF_DW, R2, R10, -8));
      asm_jmp_imm (a, BPF_JEQ, R2, 0, done);
      clamp_max (g, R2, max);
      ld_slot (g, R3, addr_slot);
      E (CALL (BPF_FUNC_copy_from_user));
      asm_jmp_imm (a, BPF_JEQ, R0, 0, done);
    }
  ld_slot (g, R1, addr_slot);
  cg_fault (g, FLT_BADADDR, R1);
  asm_bind (a, done);
}

/* copyin(addr, n): n bytes of user memory (at most strsize-1) as a string. */
static void
gen_copyin (struct gen *g, const int *arg)
{
  int dst = result_temp (g);
  copy_from_user_to (g, dst, arg[0], arg[1], (int32_t) strsize_of (g) - 1);
  return_temp (g, dst);
}

/* copyinto(addr, n, this->buf): n bytes of user memory (at most strsize)
 * into the clause-local variable's bytes. */
static void
gen_copyinto (struct gen *g, const int *arg)
{
  copy_from_user_to (g, arg[2], arg[0], arg[1], (int32_t) strsize_of (g));
  E (MOV64_IMM (R0, 0));
}

/* R5 = strtok's state. */
static void
tok_state (struct gen *g)
{
  area (g, R5);
  E (A64_IMM (BPF_ADD, R5, (int32_t) cg_ctx (g)->scratch.strtok_base));
}

void
cgstr_prologue (struct gen *g)
{
  if (!cg_ctx (g)->scratch.strtok_base)
    return;
  tok_state (g);
  E (ST_IMM (BPF_DW, R5, TOK_POS, (int32_t) strsize_of (g) + 1));   /* no string yet */
}

/* strtok(s, delims) (START: s is copied to the state) / strtok(NULL,
 * delims): skip delimiters from the position reached, then the token runs
 * to the next delimiter or the end; the position becomes the character
 * that ended it.  No token: the empty string, and nothing to go on with.
 * As illumos, the state lasts for one firing of the probe. */
static void
gen_strtok (struct gen *g, const int *arg, bool start)
{
  struct bpf_asm *a = cg_asm (g);
  unsigned ss = strsize_of (g);
  int dst = result_temp (g);
  if (!start)
    {
      /* strtok(NULL, ...) before any strtok(s, ...) in this firing:
       * DTrace reads its saved pointer, 0.  (After the string ran out,
       * at strsize, it is the empty string.) */
      tok_state (g);
      E (LDX (BPF_DW, R0, R5, TOK_POS));
      cg_fault_if (g, BPF_JGT, R0, (int32_t) ss, FLT_BADADDR, -1);
    }
  if (start)
    {
      tok_state (g);
      E (MOV64_REG (R1, R5));
      E (A64_IMM (BPF_ADD, R1, TOK_BUF));
      E (MOV64_IMM (R2, (int32_t) ss));
      ld_slot (g, R3, arg[0]);
      E (CALL (BPF_FUNC_probe_read_kernel));
      tok_state (g);
      E (ST_IMM (BPF_DW, R5, TOK_POS, 0));
    }
  /* the delimiters' bitmap: bit c of TOK_MAP for each character c */
  tok_state (g);
  for (int k = 0; k < 4; k++)
    E (ST_IMM (BPF_DW, R5, (int16_t) (TOK_MAP + 8 * k), 0));
  struct char_loop l;
  each_char (g, &l, arg[1], ss);
  E (MOV64_REG (R0, R3));
  E (A64_IMM (BPF_RSH, R0, 3));
  E (A64_IMM (BPF_AND, R3, 7));
  E (MOV64_IMM (R4, 1));
  E (A64_REG (BPF_LSH, R4, R3));
  E (A64_REG (BPF_ADD, R0, R5));
  E (LDX (BPF_B, R3, R0, TOK_MAP));
  E (A64_REG (BPF_OR, R3, R4));
  E (STX (BPF_B, R0, R3, TOK_MAP));
  next_char (g, &l);

  /* The scan has no branch on the data (a counter k over the whole
   * buffer; with may_goto at its head, k and the token's length live in
   * the state, so the verifier's states converge; the phases are 0/1
   * values): "live" while k is at
   * or after the position and the token has not ended; the token ends at
   * a NUL or at a delimiter after its first character; a live character
   * that is no delimiter is copied (a skipped one writes the 0 that is
   * already at the result's end); the ending k is kept. */
  int top = asm_label (a), out = asm_label (a), empty = asm_label (a), done = asm_label (a);
  tok_state (g);
  E (LDX (BPF_DW, R0, R5, TOK_POS));
  asm_jmp_imm (a, BPF_JGE, R0, (int32_t) ss, empty);
  E (ST_IMM (BPF_DW, R5, TOK_PHASE, 0));
  E (ST_IMM (BPF_DW, R5, TOK_FIN, 0));
  E (ST_IMM (BPF_DW, R5, TOK_END, 0));
  const struct loop_counter c[2] = {
    { R1, R5, TOK_LEN },                            /* r1 = the token's length */
    { R2, R5, TOK_K },                              /* r2 = k */
  };
  counter_zero (g, &c[0]);
  counter_zero (g, &c[1]);
  loop_head (g, top, out, c, 2);
  asm_jmp_imm (a, BPF_JGE, R2, (int32_t) ss, out);
  if (loops_may_goto (g))                           /* (never: len <= k, but */
    asm_jmp_reg (a, BPF_JGT, R1, R2, out);          /* the verifier does not know) */
  E (MOV64_REG (R4, R5));
  E (A64_REG (BPF_ADD, R4, R2));
  E (LDX (BPF_B, R3, R4, TOK_BUF));                 /* r3 = c */
  E (LDX (BPF_DW, R0, R5, TOK_POS));                /* live = k >= pos && !fin */
  E (MOV64_REG (R4, R2));
  E (A64_REG (BPF_SUB, R4, R0));
  E (A64_IMM (BPF_RSH, R4, 63));
  E (A64_IMM (BPF_XOR, R4, 1));
  E (LDX (BPF_DW, R0, R5, TOK_FIN));
  E (A64_IMM (BPF_XOR, R0, 1));
  E (A64_REG (BPF_AND, R4, R0));
  E (STX (BPF_DW, R5, R4, TOK_LIVE));
  E (MOV64_REG (R0, R3));                           /* bit = c is a delimiter */
  E (A64_IMM (BPF_RSH, R0, 3));
  E (A64_REG (BPF_ADD, R0, R5));
  E (LDX (BPF_B, R0, R0, TOK_MAP));
  E (MOV64_REG (R4, R3));
  E (A64_IMM (BPF_AND, R4, 7));
  E (A64_REG (BPF_RSH, R0, R4));
  E (A64_IMM (BPF_AND, R0, 1));
  E (STX (BPF_DW, R5, R0, TOK_BIT));
  E (LDX (BPF_DW, R4, R5, TOK_PHASE));              /* stop = live && (c == 0 || phase && bit) */
  E (A64_REG (BPF_AND, R4, R0));
  E (MOV64_REG (R0, R3));
  E (A64_IMM (BPF_SUB, R0, 1));
  E (A64_IMM (BPF_RSH, R0, 63));
  E (A64_REG (BPF_OR, R4, R0));
  E (LDX (BPF_DW, R0, R5, TOK_LIVE));
  E (A64_REG (BPF_AND, R4, R0));
  E (A64_IMM (BPF_AND, R4, 1));
  E (LDX (BPF_DW, R0, R5, TOK_FIN));                /* fin |= stop; end += k * stop */
  E (A64_REG (BPF_OR, R0, R4));
  E (STX (BPF_DW, R5, R0, TOK_FIN));
  E (MOV64_REG (R0, R4));
  E (A64_REG (BPF_MUL, R0, R2));
  E (LDX (BPF_DW, R3, R5, TOK_END));
  E (A64_REG (BPF_ADD, R0, R3));
  E (STX (BPF_DW, R5, R0, TOK_END));
  E (MOV64_REG (R4, R5));                           /* r3 = c again */
  E (A64_REG (BPF_ADD, R4, R2));
  E (LDX (BPF_B, R3, R4, TOK_BUF));
  E (LDX (BPF_DW, R4, R5, TOK_FIN));                /* copying = live && !stop && !bit: */
  E (LDX (BPF_DW, R0, R5, TOK_LIVE));               /* live && !fin (fin now has stop) */
  E (A64_IMM (BPF_XOR, R4, 1));
  E (A64_REG (BPF_AND, R4, R0));
  E (LDX (BPF_DW, R0, R5, TOK_BIT));
  E (A64_IMM (BPF_XOR, R0, 1));
  E (A64_REG (BPF_AND, R4, R0));
  E (A64_IMM (BPF_AND, R4, 1));
  E (LDX (BPF_DW, R0, R5, TOK_PHASE));              /* phase |= copying */
  E (A64_REG (BPF_OR, R0, R4));
  E (STX (BPF_DW, R5, R0, TOK_PHASE));
  E (MOV64_REG (R0, R4));                           /* result[len] = copying ? c : 0 */
  E (NEG64 (R0));
  E (A64_REG (BPF_AND, R0, R3));
  ld_slot (g, R3, dst);
  E (A64_REG (BPF_ADD, R3, R1));
  E (STX (BPF_B, R3, R0, 0));
  E (A64_REG (BPF_ADD, R1, R4));                    /* len += copying */
  counter_keep (g, &c[0]);
  E (A64_IMM (BPF_ADD, R2, 1));
  counter_keep (g, &c[1]);
  asm_ja (a, top);
  asm_bind (a, out);
  E (LDX (BPF_DW, R0, R5, TOK_PHASE));
  asm_jmp_imm (a, BPF_JEQ, R0, 0, empty);
  E (LDX (BPF_DW, R0, R5, TOK_END));
  E (STX (BPF_DW, R5, R0, TOK_POS));
  asm_ja (a, done);
  asm_bind (a, empty);
  E (ST_IMM (BPF_DW, R5, TOK_POS, (int32_t) ss));
  ld_slot (g, R1, dst);                             /* no token: DTrace's NULL */
  E (ST_IMM (BPF_B, R1, (int16_t) (ss - 1), NULL_MARK));
  asm_bind (a, done);
  return_temp (g, dst);
}

/* Does subroutine S (named NAME) read argument I as a string? */
static bool
reads_string_arg (enum subr s, const char *name, size_t i)
{
  if (s == SUBR_STRTOK)
    return true;
  if (s == SUBR_COPYINTO)
    return false;             /* its third argument is the destination */
  const struct subr_proto *sp = subr_proto_of (name);
  return sp && i < strlen (sp->args) && sp->args[i] == 's';
}

/* r0 holds string argument ARG (clobbers r1): fault at address 0 when it is the
 * constant NULL (an integer; the verifier sees it is 0 and follows only
 * the fault) or a string marked NULL. */
void
cgstr_check_null (struct gen *g, const struct d_node *arg)
{
  struct bpf_asm *a = cg_asm (g);
  if (ninfo (arg)->type.kind != DT_STRING)
    {
      cg_fault_if (g, BPF_JEQ, R0, 0, FLT_BADADDR, -1);
      return;
    }
  int ok = asm_label (a);
  E (LDX (BPF_B, R1, R0, 0));
  asm_jmp_imm (a, BPF_JNE, R1, 0, ok);
  E (LDX (BPF_B, R1, R0, (int16_t) (strsize_of (g) - 1)));
  cg_fault_if (g, BPF_JEQ, R1, NULL_MARK, FLT_BADADDR, -1);
  asm_bind (a, ok);
}

/* s[i]: the character at I of the string, 0 when I is outside [0, strsize). */
static void
gen_char_at (struct gen *g, const int *arg)
{
  struct bpf_asm *a = cg_asm (g);
  int out = asm_label (a), end = asm_label (a);
  ld_slot (g, R1, arg[1]);
  asm_jmp_imm (a, BPF_JSLT, R1, 0, out);
  asm_jmp_imm (a, BPF_JSGT, R1, (int32_t) strsize_of (g) - 1, out);
  ld_slot (g, R0, arg[0]);
  E (A64_REG (BPF_ADD, R0, R1));
  E (LDX (BPF_B, R0, R0, 0));
  E (A64_IMM (BPF_LSH, R0, 56));          /* a char: signed */
  E (A64_IMM (BPF_ARSH, R0, 56));
  asm_ja (a, end);
  asm_bind (a, out);
  E (MOV64_IMM (R0, 0));
  asm_bind (a, end);
}

void
cgstr_gen (struct gen *g, struct d_node *call)
{
  enum subr s = ninfo (call)->subr;
  int arg[3];
  size_t n = call->nargs < 3 ? call->nargs : 3;
  for (size_t i = 0; i < n; i++)
    {
      cg_expr (g, call->args[i]);
      bool tok_continue = s == SUBR_STRTOK && i == 0 && ninfo (call->args[0])->type.kind != DT_STRING;
      if (!tok_continue && reads_string_arg (s, call->sval, i))
        cgstr_check_null (g, call->args[i]);
      arg[i] = cg_push (g);
    }
  switch (s)
    {
    case SUBR_STRLEN:
      strlen_of (g, arg[0]);
      break;
    case SUBR_STRJOIN: gen_strjoin (g, arg); break;
    case SUBR_SUBSTR: gen_substr (g, arg, n); break;
    case SUBR_INDEX: case SUBR_RINDEX: case SUBR_STRSTR: gen_search (g, s, arg, n); break;
    case SUBR_STRCHR: gen_strchr (g, arg, false); break;
    case SUBR_STRRCHR: gen_strchr (g, arg, true); break;
    case SUBR_BASENAME: gen_path (g, arg, false); break;
    case SUBR_DIRNAME: gen_path (g, arg, true); break;
    case SUBR_CLEANPATH: gen_cleanpath (g, arg); break;
    case SUBR_LLTOSTR: gen_lltostr (g, arg, n); break;
    case SUBR_TOUPPER: gen_case (g, arg, true); break;
    case SUBR_TOLOWER: gen_case (g, arg, false); break;
    case SUBR_COPYIN: gen_copyin (g, arg); break;
    case SUBR_STRTOK: gen_strtok (g, arg, ninfo (call->args[0])->type.kind == DT_STRING); break;
    case SUBR_ALLOCA:
      {
        int dst = result_temp (g);        /* strsize zeroed bytes */
        return_temp (g, dst);
        break;
      }
    case SUBR_COPYINTO: gen_copyinto (g, arg); break;
    case SUBR_CHAR_AT: gen_char_at (g, arg); break;
    default:
      cg_error (g, call, "function not supported");
      E (MOV64_IMM (R0, 0));
      break;
    }
  cg_drop (g, (int) n);
}
