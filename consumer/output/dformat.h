/* SPDX-License-Identifier: MIT */
/*
 * dformat.h — DTrace's exact output formats: the one interface of the
 * consumer's output-formatting module (consumer/dformat*.c).
 *
 * The module formats values handed to it; it knows nothing of BPF, maps or
 * records.  The runtime decodes a record into tagged values (struct
 * dfmt_value) and calls the entry points below; the checker compiles printf
 * and printa formats once (dfmt_fmt_parse/dfmt_fmt_check) and keeps the
 * compiled form; aggregation snapshots are kept in struct dfmt_agg, which also
 * owns clear/trunc/normalize and the sort and print rules.
 *
 * Formats follow illumos (libdtrace / cmd/dtrace) where illumos and Oracle
 * differ; the reference is doc/output-formats.md.
 *
 * Output goes to a struct dfmt_out: a FILE * or a growable buffer.  Nothing
 * here writes to stderr; compile-time problems come back as a struct
 * dfmt_diag (tag + message) for the caller to print with its own prefix.
 */
#ifndef SDTKIT_CONSUMER_DFORMAT_H
#define SDTKIT_CONSUMER_DFORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Output sink.                                                         */

struct dfmt_out {
  FILE *fp;            /* non-NULL: text is written here */
  char *buf;           /* otherwise appended here, always NUL-terminated */
  size_t len, cap;
  bool failed;         /* a write to fp failed (errno was left as set) */
};

void dfmt_out_file (struct dfmt_out *o, FILE *fp);
void dfmt_out_buffer (struct dfmt_out *o);       /* buf = "" */
void dfmt_out_release (struct dfmt_out *o);      /* frees buf; o may be reused */
/* The buffer's text (never NULL for a buffer sink); valid until the next write. */
const char *dfmt_out_text (const struct dfmt_out *o);
void dfmt_out_reset (struct dfmt_out *o);        /* buffer sink: back to "" */

/* ------------------------------------------------------------------ */
/* Symbols.                                                             */

/* What a symbolizer knows about one address.  Strings belong to the
 * symbolizer and need only live until it is called again. */
struct dfmt_symbol {
  const char *module;  /* basename of the object ("libc.so.6", "a.out"); NULL unknown */
  const char *name;    /* symbol name; NULL unknown */
  uint64_t offset;     /* pc - symbol start (meaningful when name != NULL) */
  uint64_t base;       /* start of the module's mapping (umod()/mod() keys); 0 unknown */
};

/* Fill OUT for PC in process PID (user) or in the kernel (user false).
 * Return false when nothing is known (OUT is then ignored). */
typedef bool (*dfmt_symbolize_fn) (void *arg, bool user, int32_t pid, uint64_t pc,
                                   struct dfmt_symbol *out);

/* How a symbolic value prints (doc/output-formats.md §8):
 *   FUNC  sym() func() usym() ufunc(): module`symbol
 *   MOD   mod() umod():                module
 *   ADDR  uaddr(), %a, %A, stack frames: module`symbol+0xoff
 * Fallbacks: module`0xaddr when only the module is known, 0xaddr when
 * nothing is. */
enum dfmt_symform { DFMT_SYM_FUNC, DFMT_SYM_MOD, DFMT_SYM_ADDR };

/* ------------------------------------------------------------------ */
/* Values: one D datum, tagged.  Pointers are borrowed (the caller keeps  */
/* the memory alive for the call), except inside aggregations, which     */
/* keep their own copies of keys.                                         */

enum dfmt_vkind {
  DFMT_V_INT,          /* integer: size 1/2/4/8, signedness */
  DFMT_V_STRING,       /* D string: at most len bytes, ends at the first NUL */
  DFMT_V_SYM,          /* an address shown symbolically (sym/usym/mod/uaddr...) */
  DFMT_V_STACK,        /* stack()/ustack(): pcs, ending at the first 0 */
  DFMT_V_BYTES,        /* raw bytes (char[N], structs): a string if it looks like one */
};

struct dfmt_value {
  enum dfmt_vkind kind;
  union {
    struct { int64_t v; uint8_t size; bool is_signed; } i;    /* v normalised to size */
    struct { const char *s; size_t len; } str;
    struct { uint64_t pc; int32_t pid; bool user; enum dfmt_symform form; } sym;
    struct { const uint64_t *pcs; size_t n; int32_t pid; bool user; } stack;
    struct { const uint8_t *p; size_t len; } bytes;
  } u;
};

/* Constructors.  dfmt_int truncates V to SIZE bytes and sign- or zero-extends
 * it back, so v always holds what a SIZE-byte variable would. */
struct dfmt_value dfmt_int (int64_t v, unsigned size, bool is_signed);
struct dfmt_value dfmt_str (const char *s, size_t maxlen);   /* maxlen: strsize; SIZE_MAX: strlen */
struct dfmt_value dfmt_sym (uint64_t pc, bool user, int32_t pid, enum dfmt_symform form);
struct dfmt_value dfmt_stack (const uint64_t *pcs, size_t n, bool user, int32_t pid);
struct dfmt_value dfmt_bytes (const void *p, size_t len);
/* The value's bits as an unsigned number of its size (DFMT_V_SYM: the pc). */
uint64_t dfmt_int_bits (const struct dfmt_value *v);

/* ------------------------------------------------------------------ */
/* Formatting context: options and the symbolizer.                      */

struct dfmt_ctx {
  bool quiet;                 /* -q / quiet */
  bool rawbytes;              /* -x rawbytes: trace() of bytes is always a hex dump */
  bool flowindent;            /* -F */
  unsigned stackindent;       /* -x stackindent (14) */
  int32_t pid;                /* process for %A and ustack frames that name none: the
                                 record's pid, else $target */
  dfmt_symbolize_fn symbolize;  /* may be NULL: every address prints as 0xaddr */
  void *symbolize_arg;
  /* -x aggsortkey, aggsortrev, aggsortkeypos=N, aggsortpos=N */
  bool aggsortkey, aggsortrev;
  unsigned aggsortkeypos, aggsortpos;
};

void dfmt_ctx_init (struct dfmt_ctx *ctx);    /* illumos defaults */

/* Text of a symbolic address (see enum dfmt_symform); malloc'd. */
char *dfmt_sym_text (const struct dfmt_ctx *ctx, bool user, int32_t pid, uint64_t pc,
                     enum dfmt_symform form);
/* For aggregation keys: the pc a usym()/ufunc()/sym()/func() key is kept
 * under is its function's start, a umod()/mod() key's is the module's
 * (here: the pc itself when unknown), so that all pcs of one function make
 * one entry.  Returns V with the pc normalised; other values unchanged. */
struct dfmt_value dfmt_sym_normalize (const struct dfmt_ctx *ctx, struct dfmt_value v);

/* ------------------------------------------------------------------ */
/* Record framing and trace() (doc/output-formats.md §1-§3, §8, §9).  */

struct dfmt_probe {
  int cpu;
  uint32_t id;
  const char *provider, *module, *function, *name;
};

/* Non-quiet only (these print nothing when ctx->quiet):
 *   header:  "CPU     ID                    FUNCTION:NAME\n"
 *   begin:   "%3d %6d %32s " with cpu, id, "function:name"
 *   end:     "\n" after the last datum of the clause.
 * With -F (ctx->flowindent) header and begin print even under -q, as
 * DTrace's do (the end newline still does not):
 *   header:  "%3s %-41s\n" with CPU, FUNCTION
 *   begin:   "%3d %-41s " with INDENT spaces, then " -> "/" <- " (" => "/
 *            " <= " for the syscall provider) and the function for an
 *            entry/return FLOW, or "| function:name" for DFMT_FLOW_NONE.
 * An empty clause is begin + end: a bare line.  A clause that records no
 * data prints nothing at all (the runtime does not call these). */
enum dfmt_flow { DFMT_FLOW_NONE, DFMT_FLOW_ENTRY, DFMT_FLOW_RETURN };
/* A probe named "entry" or "...-entry" enters, "return" or "...-return"
 * returns ("carpentry" does neither). */
enum dfmt_flow dfmt_flow_of (const char *probe_name);
/* print(): the value in BYTES (LEN bytes) shown with its C type T, as
 * DTrace's print() shows it (dformat-print.c). */
struct ctype;
void dfmt_print_typed (struct dfmt_out *o, const struct ctype *t, const void *bytes, size_t len);
/* print() of a D string: string "text" */
void dfmt_print_string (struct dfmt_out *o, const struct dfmt_value *v);

void dfmt_header (struct dfmt_out *o, const struct dfmt_ctx *ctx);
void dfmt_record_begin (struct dfmt_out *o, const struct dfmt_ctx *ctx,
                        const struct dfmt_probe *p, enum dfmt_flow flow, unsigned indent);
void dfmt_record_end (struct dfmt_out *o, const struct dfmt_ctx *ctx);

/* trace(v):  integers  non-quiet " %16lld" / " %8d" / " %5d" / " %3d" by size
 *                      (2- and 1-byte values read unsigned), quiet "%lld"/"%d";
 *            strings   non-quiet "  %-33s", quiet "%s";
 *            symbols   "  %-50s";  stacks  "\n" + one "%*s%s\n" line a frame;
 *            bytes     as a string when they look like one (printable text, a NUL,
 *                      then only NULs), otherwise a hex dump;
 *            with rawbytes, strings and bytes are always the hex dump. */
void dfmt_trace (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *v);
/* tracemem(): the hex dump of §2.9 ("\n", a column header, "%5x:" rows). */
void dfmt_tracemem (struct dfmt_out *o, const void *p, size_t len);
/* A stack: "\n" then each frame (until a 0 pc) as stackindent spaces + text + "\n". */
void dfmt_stack_print (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_value *v);
/* At exit (after END, after the last records): the unconditional "\n" of
 * §2.1, printed even when quiet; also the extra "\n" after the first ^C. */
void dfmt_exit_newline (struct dfmt_out *o);

/* ------------------------------------------------------------------ */
/* Compile-time types and diagnostics.                                  */

enum dfmt_tclass {
  DFMT_T_INT,          /* integer (and enum) of size 1/2/4/8 */
  DFMT_T_POINTER,      /* any pointer */
  DFMT_T_STRING,       /* string */
  DFMT_T_CHARARRAY,    /* char [N] */
  DFMT_T_STACK,        /* stack(), ustack() */
  DFMT_T_SYM,          /* sym/func/mod (kernel) values */
  DFMT_T_USYM,         /* usym/ufunc/umod/uaddr values */
  DFMT_T_AGG,          /* an aggregation (an error wherever a value is wanted) */
  DFMT_T_VOID,
  DFMT_T_OTHER,        /* struct, union, ... */
  DFMT_T_FLOAT,        /* float, double, long double (size 4, 8, 16): bytes as stored */
};

struct dfmt_type {
  enum dfmt_tclass cls;
  unsigned size;       /* integers: 1 2 4 8 */
  bool is_signed;
  const char *name;    /* D type name for messages ("int", "uint64_t", "char *");
                          NULL: derived from cls/size/is_signed */
};

/* A compile-time error: TAG is the D error tag ("D_PRINTF_ARG_TYPE"), MSG
 * the exact message without "dtrace: ..." prefix or tag (malloc'd). */
struct dfmt_diag {
  const char *tag;
  char *msg;
};
void dfmt_diag_clear (struct dfmt_diag *d);

/* ------------------------------------------------------------------ */
/* printf() / printa() formats (doc/output-formats.md §4, §6).        */

/* Conversions: d i u o x X c C s S p a A Y T k and %%, flags - + space # 0 '
 * and @ (printa), width and precision as digits, * and .* (dynamic, taken
 * from the arguments), ? (width 16), size modifiers hh h l ll (optional;
 * when given they must match the argument's size), ls/ws and lc/wc (as s/c).
 * Differences from C:  %d/%i of an unsigned value prints it unsigned; every
 * integer prints at its own size (no promotion: %x of (char)-1 is ff); %p is
 * bare hex; %a/%A print symbols; %Y prints local time "2024 Jan  3 17:20:00"
 * and %T RFC 822 time from ns since the epoch; %k prints a stack.  Floating
 * conversions (e f g E G) exist but no D value satisfies them. */
struct dfmt_fmt;

/* The largest width or precision of a conversion: larger ones written in
 * the format are a syntax error, larger dynamic ones (* and .*) are cut to
 * it, so that one conversion prints at most about 64 KiB. */
#define DFMT_MAX_WIDTH 65535

/* Parse FMT for the action FUNC ("printf", "printa", "system", ...).
 * PRINTA allows %@ conversions.  Syntax errors (D_SYNTAX) and %@ outside
 * printa (D_PRINTF_AGG_CONV) are reported here.  NULL on error. */
struct dfmt_fmt *dfmt_fmt_parse (const char *fmt, const char *func, bool printa,
                                 struct dfmt_diag *err);
/* Check the argument types.  printf: ARGS are the value arguments after the
 * format, in order (argument #2 onwards in messages); dynamic widths and
 * precisions consume one each.  Unused arguments are an error.  printa:
 * ARGS are the first aggregation's key types, which the conversions consume
 * in order; unused keys are fine.  Returns 0, or -1 with ERR set. */
int dfmt_fmt_check (const struct dfmt_fmt *f, const struct dfmt_type *args, size_t nargs,
                    struct dfmt_diag *err);
/* Both, in order.  NULL on error. */
struct dfmt_fmt *dfmt_fmt_compile (const char *fmt, const char *func, bool printa,
                                   const struct dfmt_type *args, size_t nargs,
                                   struct dfmt_diag *err);
void dfmt_fmt_free (struct dfmt_fmt *f);
/* Number of value arguments the format consumes (dynamic width/precision
 * included; %@ excluded), and of %@ conversions. */
size_t dfmt_fmt_nargs (const struct dfmt_fmt *f);
size_t dfmt_fmt_naggconv (const struct dfmt_fmt *f);

/* printf at run time.  ARGS hold dfmt_fmt_nargs(F) values in format order.
 * Returns 0, or -1 (printing nothing) when fewer values are given. */
int dfmt_printf (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                 const struct dfmt_value *args, size_t nargs);

/* ------------------------------------------------------------------ */
/* Aggregations (doc/output-formats.md §5-§7).                        */

enum dfmt_aggfn {
  DFMT_AGG_COUNT, DFMT_AGG_SUM, DFMT_AGG_AVG, DFMT_AGG_MIN, DFMT_AGG_MAX,
  DFMT_AGG_STDDEV, DFMT_AGG_QUANTIZE, DFMT_AGG_LQUANTIZE, DFMT_AGG_LLQUANTIZE
};

/* The D name of aggregating function FN ("count", "quantize"...). */
const char *dfmt_aggfn_name (enum dfmt_aggfn fn);
/* A key's text, malloc'd: integers in decimal, strings to their NUL,
 * symbols as printed, stacks folded (outermost first, ';' between
 * frames) — for the formats that name keys in one string (folded stacks,
 * OpenMetrics labels). */
char *dfmt_key_text (const struct dfmt_ctx *ctx, const struct dfmt_value *v);

/* Bucket layouts, shared with the BPF code generator (which must compute
 * the same indexes in the kernel).
 *
 * quantize: 127 buckets; bucket 63 holds 0; bucket 63+1+k holds
 *   2^k <= v < 2^(k+1); bucket 63-1-k holds -2^(k+1) < v <= -2^k
 *   (INT64_MIN, below every bucket, goes to bucket 0). */
#define DFMT_QUANTIZE_NBUCKETS 127
#define DFMT_QUANTIZE_ZERO 63
unsigned dfmt_quantize_bucket (int64_t v);
int64_t dfmt_quantize_bucket_value (unsigned bucket);   /* the row label */

/* lquantize(v, low, high, step): levels = (high-low)/step; bucket 0 holds
 * v < low, bucket 1+i holds low+i*step <= v < low+(i+1)*step, bucket
 * levels+1 holds v >= low+levels*step.  V is first truncated to int32. */
unsigned dfmt_lquantize_nbuckets (int32_t low, int32_t high, uint16_t step);
unsigned dfmt_lquantize_bucket (int64_t v, int32_t low, int32_t high, uint16_t step);

/* llquantize(v, factor, low, high, nsteps) (illumos layout, no negative
 * buckets): bucket 0 holds v < factor^low; then for each magnitude m =
 * low..high the values factor^m <= v < factor^(m+1) in steps of
 * factor^(m+1)/nsteps (1 when factor^(m+1) <= nsteps); the last bucket holds
 * v >= factor^(high+1).  Parameters must be valid (dfmt_llquantize_valid). */
bool dfmt_llquantize_valid (uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps);
unsigned dfmt_llquantize_nbuckets (uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps);
unsigned dfmt_llquantize_bucket (int64_t v, uint16_t factor, uint16_t low, uint16_t high,
                                 uint16_t nsteps);

struct dfmt_aggdesc {
  const char *name;            /* without '@'; "" for @ */
  enum dfmt_aggfn fn;
  int32_t lq_low, lq_high;     /* lquantize */
  uint16_t lq_step;
  uint16_t llq_factor, llq_low, llq_high, llq_nsteps;    /* llquantize */
  size_t nkeys;
  const struct dfmt_type *keys;    /* key signature */
};

/* The data of one entry.  Fresh entries are zero except min (INT64_MAX) and
 * max (INT64_MIN), as in the kernel. */
struct dfmt_aggval {
  int64_t value;               /* count, sum, min, max */
  int64_t count;               /* avg, stddev: number of values */
  int64_t sum;                 /* avg, stddev; the quantize family: the sum of
                                  value x increment (OpenMetrics' _sum) */
  uint64_t sumsq_lo, sumsq_hi; /* stddev: sum of squares, 128-bit */
  int64_t *buckets;            /* quantize family: dfmt_agg_nbuckets() counts (owned) */
};

struct dfmt_agg;

/* Create an empty aggregation (DESC and its keys are copied). */
struct dfmt_agg *dfmt_agg_new (const struct dfmt_aggdesc *desc);
void dfmt_agg_free (struct dfmt_agg *a);
const struct dfmt_aggdesc *dfmt_agg_desc (const struct dfmt_agg *a);
unsigned dfmt_agg_nbuckets (const struct dfmt_agg *a);      /* 0 unless quantize family */

/* The entry for KEYS (desc->nkeys values), created when absent.  Key values
 * are copied.  Integer keys compare by value; strings up to their NUL. */
struct dfmt_aggval *dfmt_agg_entry (struct dfmt_agg *a, const struct dfmt_value *keys);
/* The entry for KEYS or NULL. */
struct dfmt_aggval *dfmt_agg_find (const struct dfmt_agg *a, const struct dfmt_value *keys);
bool dfmt_agg_remove (struct dfmt_agg *a, const struct dfmt_value *keys);
/* Iteration in insertion order (removal moves the last entry into the gap). */
size_t dfmt_agg_count (const struct dfmt_agg *a);
const struct dfmt_value *dfmt_agg_keys_at (const struct dfmt_agg *a, size_t i);
struct dfmt_aggval *dfmt_agg_val_at (const struct dfmt_agg *a, size_t i);

/* Apply the aggregating function to one value, as the kernel does: count
 * adds 1, sum adds V, min/max, avg/stddev accumulate, the quantize family
 * adds INCR to V's bucket. */
void dfmt_agg_add (const struct dfmt_agg *a, struct dfmt_aggval *e, int64_t v, int64_t incr);
/* Combine partial data (e.g. another CPU's): DST op= SRC. */
void dfmt_agg_merge (const struct dfmt_agg *a, struct dfmt_aggval *dst,
                     const struct dfmt_aggval *src);

/* What printing shows for an entry, normalised: count/sum/min/max value /
 * normal, avg (sum/normal)/count, stddev (as unsigned).  Quantize family: 0. */
int64_t dfmt_agg_display (const struct dfmt_agg *a, const struct dfmt_aggval *e);

/* clear(): every value zeroed, keys kept.  trunc(): N > 0 keeps the N
 * largest entries by value, N < 0 the -N smallest, ALL (or N == 0) removes
 * every entry.  normalize(@, N) (N > 0) divides what is printed by N until
 * denormalize(). */
void dfmt_agg_clear (struct dfmt_agg *a);
void dfmt_agg_trunc (struct dfmt_agg *a, int64_t n, bool all);
void dfmt_agg_normalize (struct dfmt_agg *a, uint64_t n);
void dfmt_agg_denormalize (struct dfmt_agg *a);
uint64_t dfmt_agg_normal (const struct dfmt_agg *a);

/* The "printed" flag: set when a printa emitted at least one entry of the
 * aggregation; such aggregations are not printed again at exit. */
bool dfmt_agg_printed (const struct dfmt_agg *a);
void dfmt_agg_set_printed (struct dfmt_agg *a, bool printed);

/* The entries of A in print order, without anything before them: one line
 * per entry, keys ("  %-50s" strings and symbols, " %3d"/" %5d" unsigned,
 * " %8d"/" %16lld" signed integers by size, stacks on lines of their own),
 * then the value (" %16lld", stddev " %16llu", or a distribution block),
 * then "\n".  Sorted by value ascending, ties by key (integer keys compared
 * unsigned), with the ctx aggsort* options. Returns the number of entries. */
size_t dfmt_agg_print (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_agg *a);

/* printa(@a, ...) without a format: "\n", then the entries joined on their
 * keys (each key's fields, then each aggregation's value; missing ones are
 * 0).  Marks the aggregations that had entries printed. */
void dfmt_printa_default (struct dfmt_out *o, const struct dfmt_ctx *ctx,
                          struct dfmt_agg *const *aggs, size_t naggs);

/* printa(fmt, @a, ...): for each joined entry in sort order (value of
 * aggregation aggsortpos), F is applied as printf(F, key1, key2, ...); the
 * n-th %@ prints the n-th aggregation's value (extra %@ repeat the last;
 * missing values print as 0; quantize-family values print their block in
 * place).  F must come from dfmt_fmt_parse(..., printa = true).  Marks the
 * aggregations that had entries printed.  Returns 0 or -1 when an entry has
 * fewer keys than F consumes (nothing printed). */
int dfmt_printa (struct dfmt_out *o, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                 struct dfmt_agg *const *aggs, size_t naggs);

/* For other renderings of the same data (json-output.c): ORDER (room for
 * dfmt_agg_count(A) indexes) gets the entries' indexes in the order
 * dfmt_agg_print prints them; returns the count. */
size_t dfmt_agg_print_order (const struct dfmt_ctx *ctx, const struct dfmt_agg *a, size_t *order);
/* The row label of bucket B of a quantize-family aggregation as its block
 * prints it: "64", "-8", "< 0", ">= 100". */
void dfmt_quant_label (const struct dfmt_aggdesc *d, unsigned b, char *buf, size_t size);

/* The inclusive upper bound of bucket B's values (all values are
 * integers): 7 for quantize's 4 row, 0 for its zero row, -4 for its -4 row
 * (-7..-4), low-1 for lquantize's "< low" row.  False for the open-ended
 * top row of lquantize and llquantize (">= high"), which has none. */
bool dfmt_quant_upper (const struct dfmt_aggdesc *d, unsigned b, int64_t *upper);

/* Compile-time check of printa(@a, @b, ...) key signatures:
 *   D_PRINTA_AGGKEY   "printa( ): @a and @b do not have matching key
 *                      signatures: @a has 1 key, @b has 0 keys"
 *   D_PRINTA_AGGPROTO "printa( ): @b[ ] key #1 is incompatible with @a:\n
 *                      a key #1: int\n      b key #1: string" (6-space indents)
 * Returns 0 or -1 with ERR set. */
int dfmt_printa_check_keys (const struct dfmt_aggdesc *const *aggs, size_t naggs,
                            struct dfmt_diag *err);

/* At exit: the unconditional "\n", then every aggregation of AGGS (in
 * aggregation-id order) not printed by a printa, back to back. */
void dfmt_print_exit (struct dfmt_out *o, const struct dfmt_ctx *ctx,
                      struct dfmt_agg *const *aggs, size_t naggs);

#endif
