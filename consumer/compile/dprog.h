/* SPDX-License-Identifier: MIT */
/*
 * dprog.h — the compiled D program: what the checker decides and the code
 * generator and the runtime share.
 *
 * Pipeline: parse (dlang/) -> check (checker.c: names, types, variables,
 * aggregations, actions) -> generate a relocatable BPF image per probe
 * group (codegen.c, bpf-image.h) -> create the maps, load, attach, consume
 * (runtime/).  Nothing here refers to a kernel object: the maps are named
 * by abi.h's map references, their fds are the runtime's.
 *
 * Storage of D variables in the kernel:
 *   globals        one ARRAY map, one element: every global at its offset;
 *   assoc arrays   one HASH map each: key = key tuple, value = the value;
 *   self->x        one HASH map each: key = (tid, keys...), value;
 *   this->x        the per-CPU scratch area (clause-local, lives for one firing);
 *   aggregations   one PERCPU_HASH map each: key = key tuple (8 zero bytes
 *                  when there is none), value laid out per function.
 * Keys and values are 8-byte aligned; integers take 8 bytes, strings strsize.
 *
 * Trace data leaves through one RINGBUF as records: a header (clause index,
 * probe id, cpu) then the clause's data items at fixed offsets; the runtime
 * formats them from the clause's action list.
 */
#ifndef SDTKIT_CONSUMER_DPROG_H
#define SDTKIT_CONSUMER_DPROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "consumer/abi.h"
#include "dlang/ast.h"
#include "consumer/compile/ctype.h"

/* Stacks and symbols are records, not values: they may only be traced,
 * printed with printf, used as aggregation keys or stand alone as actions.
 *   DT_USTACK             ustack(n): size = n frames; the bytes are the pid
 *                         (u64) and the hash of the capture in MAP_USTACKS
 *                         (abi.h), unwound by the consumer;
 *   DT_KSTACK             stack(n): size = n frames; the bytes are the pid
 *                         (u64), then n pcs (a 0 ends it early);
 *   DT_USYM               usym ufunc uaddr umod (pc), and the kernel's sym func
 *                         mod (pc): size = enum dt_symform; the bytes are the
 *                         pid (u64) and the pc (u64);
 *   DT_ANYSTACK           an aggregation key that is stack() in one place and
 *                         ustack() in another, or ustack()s of several depths
 *                         (D gives them one type): size = the most frames, at
 *                         least 2; the bytes are those of the stack stored,
 *                         zero-filled: a kernel stack's pid is ANYSTACK_KERNEL;
 *                         a user stack's is the process's, and its depth
 *                         follows the hash (u64). */
#define ANYSTACK_KERNEL UINT64_MAX
enum dt_kind { DT_VOID, DT_INTEGER, DT_STRING, DT_USTACK, DT_KSTACK, DT_USYM, DT_ANYSTACK,
               DT_OBJECT /* a struct, union or array in memory: ->ctype says which */ };

enum dt_symform { DSF_FUNC, DSF_MOD, DSF_ADDR, DSF_KFUNC, DSF_KMOD };

static inline bool
dsf_is_kernel (unsigned form)
{
  return form == DSF_KFUNC || form == DSF_KMOD;
}

struct dtype {
  enum dt_kind kind;
  uint8_t size;        /* integers: 1 2 4 8 (pointers are 8-byte unsigned); strings: 0 (strsize) */
  bool is_signed;
  bool is_pointer;     /* an integer that holds a user address (printed as %p by trace) */
  /* The C type, when the value has one (ctype.h): pointers to typed memory
   * (the pointee decides what `->`, `*` and `[]` read), struct, union and
   * array objects (DT_OBJECT), integers of a declared type (typedefs and
   * enums keep their name).  NULL for D's own values. */
  const struct ctype *ctype;
};

/* ustack(N)/stack(N): at most this many frames (perf's default
 * kernel.perf_event_max_stack). */
#define STACK_MAX_FRAMES 127

static inline bool
dtype_is_record (struct dtype t)
{
  return t.kind == DT_USTACK || t.kind == DT_KSTACK || t.kind == DT_USYM || t.kind == DT_ANYSTACK;
}

static inline bool
dtype_is_stack (struct dtype t)
{
  return t.kind == DT_USTACK || t.kind == DT_KSTACK || t.kind == DT_ANYSTACK;
}

/* Bytes a value of type T takes in a record, key or value (8-aligned). */
static inline unsigned
dtype_bytes (struct dtype t, unsigned strsize)
{
  switch (t.kind)
    {
    case DT_STRING: return (strsize + 7) & ~7u;
    case DT_USTACK: return 16;
    case DT_KSTACK: case DT_ANYSTACK: return 8 + 8u * t.size;
    case DT_USYM: return 16;
    case DT_OBJECT: return (unsigned) ((ctype_resolve (t.ctype)->size + 7) & ~7ull);
    default: return 8;
    }
}

enum var_scope { VS_GLOBAL, VS_ASSOC, VS_SELF, VS_THIS };

struct dvar {
  char *name;
  enum var_scope scope;
  struct dtype type;
  size_t nkeys;               /* assoc arrays (and self->x[k]) */
  struct dtype *keys;
  unsigned key_size;          /* bytes of the map key */
  unsigned value_size;
  unsigned offset;            /* VS_GLOBAL: offset in the globals element; VS_THIS: in scratch */
  bool wide;                  /* an undeclared global, typed by its first assignment: it
                                 holds the whole 64-bit value, as DTrace's do */
};

enum agg_func {
  AGG_COUNT, AGG_SUM, AGG_AVG, AGG_MIN, AGG_MAX, AGG_STDDEV,
  AGG_QUANTIZE, AGG_LQUANTIZE, AGG_LLQUANTIZE
};

struct dagg {
  char *name;                 /* "" for @ */
  unsigned id;                /* first-appearance order */
  enum agg_func func;
  int64_t param[4];           /* lquantize: low, high, step; llquantize: factor, low, high, nsteps */
  unsigned nbuckets;          /* quantize family */
  size_t nkeys;
  struct dtype *keys;
  unsigned key_size;
  unsigned value_size;
  bool func_known;
  /* where it first appears: the clause (dprog.clauses index) and its line
   * in that clause's source (the OpenMetrics HELP text names them) */
  unsigned first_clause;
  int line;
};

/* An aggregation without keys lives in a one-element PERCPU_ARRAY (key u32
 * 0: nothing to hash, and the verifier inlines the lookup) whose value is
 * followed by a u64 flag, set by every update: the aggregation exists (is
 * printed) once some CPU's flag is set.  Keyed ones: PERCPU_HASH. */
static inline bool dagg_is_array (const struct dagg *a) { return a->nkeys == 0; }
static inline unsigned dagg_flag_off (const struct dagg *a) { return (a->value_size + 7) & ~7u; }

/* One datum of a record. */
struct rec_item {
  struct dtype type;
  unsigned offset;            /* from the start of the record */
};

enum action_kind {
  ACT_DEFAULT,                /* an empty clause: the bare probe line */
  ACT_TRACE,                  /* items[0] */
  ACT_PRINTF,                 /* format, items */
  ACT_PRINTA,                 /* format (may be NULL), aggs */
  ACT_EXIT,                   /* items[0]: status */
  ACT_CLEAR, ACT_TRUNC, ACT_NORMALIZE, ACT_DENORMALIZE,  /* aggs[0]; items[0] the count/factor */
  /* speculation.c: speculate() runs in the kernel only; commit/discard
   * record the id (items[0]) for the consumer */
  ACT_SPECULATE, ACT_COMMIT, ACT_DISCARD,
  /* destructive (need -w): system() records its format's items for the
   * consumer; raise/stop/copyout/copyoutstr/chill act in the kernel only */
  ACT_SYSTEM, ACT_RAISE, ACT_STOP, ACT_COPYOUT, ACT_COPYOUTSTR, ACT_CHILL,
  ACT_PRINT,                  /* print(x): items[0], shown with its C type */
  ACT_SETOPT                  /* setopt(name[, value]): the strings, applied by the consumer */
};

struct daction {
  enum action_kind kind;
  char *format;
  void *compiled_format;      /* the formatter's compiled form */
  size_t nitems, items_cap;
  struct rec_item *items;
  size_t naggs, aggs_cap;
  unsigned *aggs;
  bool has_arg;               /* trunc with a count */
  bool self_item;             /* ACT_TRACE of the call itself (`ustack();`) */
};

struct dclause {
  unsigned index;
  const struct d_clause_ast *ast;
  const char *errprefix;      /* its source's error prefix, as the checker's
                                 ("failed to compile script x.d", "invalid probe
                                 specifier ..."): the code generator's errors
                                 read as the checker's */
  size_t nactions, actions_cap;
  struct daction *actions;
  unsigned rec_size;          /* 0: the clause records nothing */
  unsigned mask_off;          /* actions 64 and up: their mask words' offset (dclause_action_ran) */
  bool records_data;
  /* its only actions are commit() and discard(): its record settles
   * speculations and prints nothing of its own (no probe line, no JSON
   * object), as in Oracle's Linux DTrace */
  bool only_settles;
  size_t nprobes;             /* probes this clause is enabled on (ids) */
  unsigned *probes;
};

/* The most actions in one clause: their mask (which ran) is a u64 in the
 * record's header for actions 0..63, then one u64 per 64 more at the
 * clause's mask_off in the record. */
#define MAX_CLAUSE_ACTIONS 4096

/* Did action I of CL run, by the mask in record REC? */
static inline bool
dclause_action_ran (const struct dclause *cl, const uint8_t *rec, size_t i)
{
  size_t k = i / 64;
  const uint8_t *w = k == 0 ? rec + 16 : rec + cl->mask_off + 8 * (k - 1);
  uint64_t word;
  memcpy (&word, w, 8);              /* the program's u64, unaligned in the record */
  return (word >> (i % 64)) & 1;
}

/* What the compiler needs to know of the system it compiles for: a plain
 * description the runtime fills (the golden tests use a fixed one), so
 * that compile/ makes no system call. */
struct dtarget {
  /* the kernel */
  unsigned uprobe_attach_type;  /* expected_attach_type of USDT and pid programs */
  bool uprobe_multi;            /* they are attached with uprobe_multi links, */
  bool multi_pid_filter;        /* which filter by pid (Linux 6.10+) */
  bool sleepable;               /* they may sleep: user pages that are not
                                   present are faulted in */
  bool no_atomic_fetch;         /* no atomic fetch-add/cmpxchg (Linux < 5.12):
                                   plain add, then a load (codegen.c
                                   cg_fetch_add); speculation ids claimed by
                                   load and store */
  bool no_task_pt_regs;         /* no bpf_task_pt_regs (Linux < 5.15): ustack()
                                   takes the probe's own registers */
  enum { DT_X86_64, DT_AARCH64 } machine;   /* whose struct pt_regs the programs read */
  uint16_t syscall_nr_off;      /* struct pt_regs offset of a system call's
                                   number at sys_exit (0: x86-64's orig_ax) */
  bool no_gotol;                /* no long jump (Linux < 6.4): a program whose
                                   jumps need one is refused */
  bool no_attach_cookie;        /* no bpf_get_attach_cookie (Linux < 5.15): a
                                   uprobe program's cookie is a constant the
                                   loader patches in (bpf_image.cookie_insn) */
  bool may_goto;                /* the verifier takes may_goto (Linux 6.9+):
                                   string loops are checked in a few turns,
                                   not once per character */
  /* dtrace itself: $pid $ppid $uid $gid; syscall programs skip its calls */
  int32_t pid, ppid;
  uint32_t uid, gid;
  int64_t walltime_offset_ns;   /* CLOCK_REALTIME - CLOCK_MONOTONIC: walltimestamp */
  /* the traced program's C types (its DWARF): named types the script does
   * not declare, `struct a.out`conn`; lookup NULL when there is none */
  struct ctype_resolver resolver;
  /* the running kernel's types (its BTF, probes/btf-types.h), scope
   * "vmlinux": lookup, and func_arg for fbt's args[] (index 12: the
   * return type); NULL when unknown (curthread refused) */
  struct ctype_resolver kernel_types;
  /* struct task_struct's group_leader and comm (the kernel's BTF): execname
   * is the thread-group leader's comm; 0 when unknown (the thread's comm) */
  uint32_t task_group_leader_off, task_comm_off;
  /* ppid: task->real_parent->tgid; vtimestamp: task->se.sum_exec_runtime
   * (its offset in the task); 0 when unknown (ppid and vtimestamp refused) */
  uint32_t task_real_parent_off, task_tgid_off, task_exec_runtime_off;
  /* the proc and sched providers' reads (codegen-kernel.c): task_struct's
   * pid, signal, exit_code and state (STATE_SIZE 4 or 8 bytes),
   * signal_struct's live; 0 when unknown (such probes refused) */
  uint32_t task_pid_off, task_signal_off, task_exit_code_off, task_state_off, task_state_size,
           signal_live_off;
  uint32_t binprm_p_off, binprm_argc_off;   /* exec-success's arg0, arg1; 0 when unknown (0) */
  uint32_t task_prio_off, task_normal_prio_off;   /* change-pri's arg2; 0 when unknown (0) */
  uint32_t task_cpu_off;        /* enqueue/dequeue's arg2 (the task's CPU); 0 when unknown (0) */
  /* fbt on kprobes (no fentry: probes/fbt-probes.h fbt_kprobes): the
   * programs are kprobe programs whose context is struct pt_regs, a
   * function's arguments and return value at these offsets */
  bool fbt_kprobe;
  uint16_t kprobe_args[6], kprobe_ret;
  /* sdt args[INDEX] of tracepoint GROUP:NAME (probes/sdt-probes.h
   * sdt_arg_type): 1 an integer of *WIDTH bytes (| 0x80 signed), 2 a
   * string, 0 unknown; NULL: sdt args[] untyped */
  int (*sdt_arg_type) (const char *group, const char *name, unsigned index, uint8_t *width);
  /* CPU K's physical package (chip) and NUMA node (lgrp), for K below
   * ncpus (runtime/cpu-topology.c); NULL or beyond: 0 */
  const int32_t *cpu_chip, *cpu_node;
  unsigned ncpus;
};

/* The largest -x strsize: the string subroutines' loops run over strsize
 * bytes, and beyond 2048 some (toupper, index, strstr...) exceed the BPF
 * verifier's bound on a sequence of jumps (8192).  doc/limits.md. */
#define STRSIZE_MAX 2048u

struct dprog {
  struct dtarget target;
  /* options */
  unsigned strsize;           /* a string buffer's bytes: -x strsize (default 256) characters and a NUL */
  uint64_t bufsize;           /* ring buffer bytes */
  bool quiet;
  bool oformat_json;          /* -x oformat=json: records carry REC_META_SIZE more */
  bool oformat_metrics;       /* -x oformat=openmetrics (openmetrics.h) */
  bool quantize_sums;         /* the quantize family keeps the sum of its values
                                 (weighted by the increments) after its buckets:
                                 u64 [nbuckets]; set for OpenMetrics' _sum */
  bool flowindent;             /* -F / flowindent: entry/return records indented */
  unsigned stackindent;        /* -x stackindent=N, stored as N + 1 (0: unset, 14 columns) */
  bool zdefs;
  bool defaultargs;           /* -x defaultargs: unset $N is 0, $$N "" */
  bool aggsortkey, aggsortrev;          /* -x aggsort*: how aggregations are sorted */
  bool rawbytes;              /* -x rawbytes: traced strings and bytes as hex dumps */
  unsigned aggsortkeypos, aggsortpos;
  bool destructive;           /* -w, or the destructive option */
  bool user_copyout;          /* copyout() is done by the consumer (the kernel
                                 has no bpf_probe_write_user: lockdown) */
  unsigned nspec;             /* speculation buffers (default 1) */
  uint64_t specsize;          /* bytes per speculation (default 32k) */
  uint64_t dynvarsize;        /* self-> and assoc storage (default 1m) */
  uint64_t aggsize;           /* -x aggsize: bytes of keys and values per aggregation
                                 and CPU (0: 16384 entries each) */
  unsigned stackframes, ustackframes;   /* default depth of stack() / ustack(); 0: 20 */
  unsigned jstackframes;                /* default depth of jstack(); 0: 50 */
  unsigned maxframes;                   /* the deepest any stack records; 0: STACK_MAX_FRAMES */
  unsigned ustackbytes;       /* -x ustackbytes: user stack bytes a ustack() copies; 0: default */
  bool reads_task;             /* execname, ppid or vtimestamp appear: the runtime
                                 * reads task_struct's layout (dtarget) */
  bool reads_topology;        /* chip, lgrp or curcpu appear: the runtime reads
                                 * the CPUs' packages and nodes (dtarget) */
  bool user_addrs;            /* ustack/jstack/usym/ufunc/uaddr/umod or printf %A appear:
                                 * the runtime reads the -c/-p processes' mappings at
                                 * each link-map change (lib-events.c) */
  bool nodemangle;            /* -x nodemangle: C++ names as the symbol tables have them */
  enum { STACKFMT_TEXT, STACKFMT_FOLDED, STACKFMT_SVG } stackfmt;   /* -x oformat=folded|svg */
  /* macros */
  int64_t target_pid;         /* $target (0 if none) */
  size_t nmacro_args;
  const char **macro_args;    /* $1.. ($0 is the script name) */
  /* symbols */
  size_t nvars;
  struct dvar *vars;
  unsigned globals_size;
  /* A program with exit() keeps DTrace's draining state in the globals: a
   * u64 at exit_flag_off, set by exit(); every clause but END's and
   * ERROR's is skipped once it is set, as DTrace runs no clause after
   * exit() but those (illumos dtrace_probe: DTRACE_ACTIVITY_DRAINING). */
  bool has_exit_flag;
  unsigned exit_flag_off;
  unsigned this_size;
  size_t naggs;
  struct dagg *aggs;
  size_t nclauses, clauses_cap;
  struct dclause *clauses;
  size_t nprobes;
  struct dprobe *probes;
  /* C types: the script's definitions and what the resolver gave
   * (created on first use, freed with the program) */
  struct ctype_table *types;
  /* checker allocations (node annotations), freed with the program */
  size_t nallocs, allocs_cap;
  void **allocs;
};

/* Where a clause's data start in its record (abi.h). */
static inline unsigned
dprog_rec_header (const struct dprog *p)
{
  return REC_HEADER_SIZE + (p->oformat_json ? REC_META_SIZE : 0);
}

/* What one dynamic variable element (a self-> variable or an associative
 * array element) takes from dynvarsize: the same for every element, the
 * largest value of the program's dynamic variables (an int's 4 bytes, a
 * string's strsize, a struct's size) plus its largest key (the keys' bytes
 * as dtype_bytes lays them out, a thread's own id not counted), so that
 * dynvarsize / this many elements fit at once, as in Oracle's DTrace. */
static inline uint64_t
dprog_dynvar_elem_bytes (const struct dprog *p)
{
  uint64_t value = 0, key = 0;
  for (size_t i = 0; i < p->nvars; i++)
    {
      const struct dvar *v = &p->vars[i];
      if (v->scope != VS_ASSOC && v->scope != VS_SELF)
        continue;
      uint64_t vb = v->type.kind == DT_INTEGER && v->type.size ? v->type.size
                    : v->type.kind == DT_STRING ? p->strsize
                    : v->type.kind == DT_OBJECT ? ctype_resolve (v->type.ctype)->size
                    : dtype_bytes (v->type, p->strsize);
      uint64_t kb = 0;
      for (size_t k = 0; k < v->nkeys; k++)
        kb += dtype_bytes (v->keys[k], p->strsize);
      value = vb > value ? vb : value;
      key = kb > key ? kb : key;
    }
  return value + key > 0 ? value + key : 1;
}

#endif
