/* SPDX-License-Identifier: MIT */
/*
 * abi.h — the contract between the BPF programs the compiler generates and
 * the user-space runtime that loads them and reads what they produce.
 *
 * Everything both sides must agree on byte for byte lives here and nowhere
 * else: the per-site argument description the runtime writes into the sites
 * map and the programs read; the record header the programs write into the
 * ring buffer and the output side parses; the fault record; the counters of
 * the drops map; and the symbolic name of every map a program refers to (the
 * compiler emits a relocation naming the map, the loader puts its fd there).
 */
#ifndef SDTKIT_CONSUMER_ABI_H
#define SDTKIT_CONSUMER_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where an argument lives at a site, as the program reads it from the sites
 * map (filled by the runtime from sdt/argspec.c's parse). */
enum { ARGK_NONE = 0, ARGK_IMM, ARGK_REG, ARGK_MEM };
enum { ARGF_BASE = 1, ARGF_INDEX = 2 };

struct site_arg {
  uint8_t kind;
  uint8_t size;          /* 1 2 4 8 */
  uint8_t is_signed;
  uint8_t flags;         /* ARGF_* */
  uint16_t base_off;     /* offset of the base register in struct pt_regs */
  uint16_t index_off;
  uint8_t scale_shift;
  uint8_t pad[7];
  int64_t val;           /* immediate, or displacement (for %rip forms: relative to the probe address) */
};

/* site_spec.probe_id with this bit: the site is several processes' (tgt123
 * and tgt456 share the file's site): the probe is looked up by the firing
 * process in MAP_SITE_PROBES, the rest of the id is the default.  When the
 * site is attached by file (`tgt*:::`, every process, MAP_NEW_PROBES) a
 * process that has no probe there yet gets one made for it: the rest of the
 * id names the template probe, whose strings are copied with the provider
 * cut at its PROBESTR_PROVLEN_OFF length and the process's pid appended. */
#define SITE_PROBE_BY_PID 0x80000000u

/* A MAP_PROBESTR value: four strsize strings (provider, module, function,
 * name), then a u32: the length of the provider without its pid (for
 * templates of later processes' probes), then 4 bytes of padding. */
#define PROBESTR_SIZE(strsize) (4u * (strsize) + 8u)
#define PROBESTR_PROVLEN_OFF(strsize) (4u * (strsize))

/* MAP_NEW_PROBES: u64 next probe id to give, u64 first id not to give. */
struct new_probes {
  uint64_t next, limit;
};
struct site_spec {
  uint32_t probe_id;
  uint32_t nargs;
  struct site_arg args[12];
};

/* Record header: u32 clause index, u32 probe id, u32 cpu, u32 speculation
 * id (0: principal buffer), u64 mask of the actions that ran (actions in ?:
 * arms and if branches run conditionally). */
#define REC_HEADER_SIZE 24
#define REC_SPEC_OFF 12
/* With -x oformat=json the header is followed by u64 timestamp
 * (bpf_ktime_get_ns) and u64 pid (the firing process's tgid); every
 * record's data then start at REC_HEADER_SIZE + REC_META_SIZE
 * (dprog_rec_header). */
#define REC_META_SIZE 16

/* A fault record (fault.c): clause index REC_FAULT, then u64 fault type,
 * u64 action (0: the predicate), u64 address, u64 clause index, u64 BPF pc. */
#define REC_FAULT 0xffffffffu
#define REC_FAULT_SIZE (REC_HEADER_SIZE + 40)

/* Counters of the drops map (per CPU, only growing). */
enum drop_counter {
  DROP_RING, DROP_DYNVAR, DROP_AGG, DROP_ERROR_LOST, DROP_SPEC, DROP_SPEC_NOBUF,
  DROP_ERROR_IN_ERROR, DROP_NCOUNTERS
};

/* The maps a program refers to, by name.  A program image (compile/
 * bpf-image.h) names each map it loads with a u32 reference: one of the
 * fixed maps below, or MAP_REF_VAR | i for the map of D variable i
 * (dprog.vars[i], an associative array or a self-> variable), or
 * MAP_REF_AGG | i for aggregation i (dprog.aggs[i]).  The runtime creates
 * the maps and the loader writes each one's fd where the image names it.
 *
 *   MAP_GLOBALS        ARRAY, 1 element: every D global at its offset
 *   MAP_SCRATCH        PERCPU_ARRAY, 1 element: the record being built,
 *                      this-> variables, cached arguments, keys, temporaries
 *                      (an ARRAY by CPU number when larger than a per-CPU
 *                      value can be: scratch_layout.by_cpu)
 *   MAP_RINGBUF        RINGBUF of the records
 *   MAP_ERRBUF         RINGBUF of the ERROR clauses' records (fault.h)
 *   MAP_DROPS          PERCPU_ARRAY of u64, enum drop_counter
 *   MAP_ZERO           ARRAY, 1 element of zeroes (empty strings, new values)
 *   MAP_SITES          ARRAY of struct site_spec, by attach cookie
 *   MAP_PROBESTR       ARRAY by probe id: provider, module, function, name
 *   MAP_STRCONST       ARRAY, 1 read-only element: the string constants
 *   MAP_PIDS           HASH u32 tgid -> u8: the -p/-c processes (when some)
 *   MAP_SPEC           ARRAY by speculation id: u64 state, u64 bytes
 *   MAP_DYNVAR         ARRAY, 1 u64: dynamic-variable bytes in use
 *   MAP_SYSCALL_SITES  HASH u32 syscall number -> struct site_spec, one per
 *                      syscall program
 *   MAP_SITE_PROBES    HASH u64 (tgid << 32 | cookie) -> u32 probe id, for
 *                      sites flagged SITE_PROBE_BY_PID (when some)
 *   MAP_USTACKS        HASH (u64 pid, u64 capture hash) -> ustack capture
 *                      (below), when the program calls ustack()
 *   MAP_PID_PROBES     HASH u64 (tgid << 32 | template probe id) -> u32 probe
 *                      id: the probes made for later processes
 *   MAP_NEW_PROBES     ARRAY, 1 struct new_probes (when some sites are
 *                      attached by file)
 *   MAP_LOCK_WAITS     HASH u32 thread id -> u64 contention_begin's time,
 *                      u64 its flags: one per lockstat program
 *   MAP_KSKIP          ARRAY, 1 read-only element: the kernel's tracing
 *                      machinery as address ranges (below), when the program
 *                      records a kernel stack or reads caller/stackdepth */
enum map_id {
  MAP_GLOBALS, MAP_SCRATCH, MAP_RINGBUF, MAP_ERRBUF, MAP_DROPS, MAP_ZERO, MAP_SITES,
  MAP_PROBESTR, MAP_STRCONST, MAP_PIDS, MAP_SPEC, MAP_DYNVAR, MAP_SYSCALL_SITES,
  MAP_SITE_PROBES, MAP_USTACKS, MAP_PID_PROBES, MAP_NEW_PROBES, MAP_LOCK_WAITS, MAP_KSKIP, MAP_NFIXED
};

/* A ustack() capture (doc/unwinding.md): what the consumer's unwinder
 * needs, taken in the kernel when the probe fires.  The user registers as
 * the kernel saved them (x86-64 struct pt_regs, 21 u64: r15 r14 r13 r12
 * rbp rbx r11 r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags rsp
 * ss; aarch64: struct user_pt_regs from x13 on, 21 u64: x13..x30 sp pc
 * pstate), the number of stack bytes copied, then that many bytes of the
 * user stack from the stack pointer up (-x ustackbytes, at most to the
 * stack's top page).
 * A ustack() value in records and keys is 16 bytes: the pid and a 64-bit
 * hash of the capture, which is the capture's key in MAP_USTACKS. */
#define USTACK_REGS_SIZE 168
#define USTACK_LEN_OFF 168
#define USTACK_HDR_SIZE 176
#define USTACK_PTREGS_RIP 128
#define USTACK_PTREGS_RSP 152
#define USTACK_PTREGS_RBP 32
/* aarch64: the capture is struct user_pt_regs from this offset (x13) */
#define USTACK_A64_REGS_FROM 104
#define USTACK_A64_SP (248 - USTACK_A64_REGS_FROM)
#define USTACK_A64_PC (256 - USTACK_A64_REGS_FROM)
#define USTACK_BYTES_DEFAULT 8192u
#define USTACK_BYTES_MAX 32768u
#define USTACK_CAPTURES_MAX 16384u
/* ... where they must be preallocated (kernel-features.h KF_TRACE_NOPREALLOC) */
#define USTACK_CAPTURES_PREALLOC 2048u
#define USTACK_KEY_SIZE 16         /* the pid and the hash: MAP_USTACKS' key */

/* MAP_KSKIP's value: KSKIP_RANGES pairs of u64 (first address, address
 * past the end) sorted by first address, the functions that run between a
 * kernel probe's code and its program (bpf_trace_runN, __bpf_trace_*,
 * __traceiter_*, perf_trace_*, trace_call_bpf, the BPF interpreter);
 * unused pairs are (UINT64_MAX, UINT64_MAX).  A kernel stack's leading
 * frames inside them are not the probed code's (codegen-kstack.c). */
#define KSKIP_RANGES 4096u
#define KSKIP_VALUE_SIZE (KSKIP_RANGES * 16u)

#define MAP_REF_VAR 0x40000000u
#define MAP_REF_AGG 0x80000000u
#define MAP_REF_INDEX_MASK 0x3fffffffu

static inline uint32_t map_ref_var (unsigned i) { return MAP_REF_VAR | i; }
static inline uint32_t map_ref_agg (unsigned i) { return MAP_REF_AGG | i; }

/* The comm of the -c child until its exec (runtime/process.c sets it,
 * syscall programs skip the child's calls while it carries it). */
#define DT_PROC_HELD_COMM "dtrace-c-held"

/* DTrace's fault codes (ERROR's arg4). */
enum { FLT_BADADDR = 1, FLT_ILLOP = 3, FLT_DIVZERO = 4 };

/* The probe table (dprog.probes, filled by runtime/resolve.c and the
 * providers): the probe id is in every record, the kind decides the
 * program type and prologue.  Probe kinds the consumer knows. */
/* PK_TICK: profile:::tick-N, fired by the runtime's timer on one CPU in
 * dtrace's own context (like BEGIN and END). */
/* PK_PID: pid provider uprobes (entry, return, offset), argument locations
 * in the sites map like USDT.  PK_SYSCALL_ENTRY/RETURN: raw tracepoints
 * sys_enter/sys_exit, the per-group syscall map (number -> site spec) says
 * which calls fire.  PK_PROFILE: perf_event CPU-clock samples on every CPU
 * (providers.h). */
/* PK_KERNEL: a proc or sched probe (probes/kernel-probes.h), a raw
 * tracepoint whose program the codegen shapes by the probe's enum
 * kernel_probe (dprobe.kern): which events fire, what argN are. */
enum probe_kind { PK_BEGIN, PK_END, PK_ERROR, PK_USDT, PK_TICK,
                  PK_PID, PK_SYSCALL_ENTRY, PK_SYSCALL_RETURN, PK_PROFILE, PK_KERNEL };

/* The proc and sched probes (PK_KERNEL), each one raw tracepoint and a
 * filter: the table is probes/kernel-probes.c, the programs'
 * prologues compile/codegen-kernel.c. */
enum kernel_probe {
  KP_NONE,
  KP_PROC_EXEC, KP_PROC_EXEC_SUCCESS, KP_PROC_EXEC_FAILURE, KP_PROC_EXIT,
  KP_PROC_CREATE, KP_PROC_LWP_CREATE, KP_PROC_LWP_EXIT,
  KP_PROC_SIGNAL_SEND, KP_PROC_SIGNAL_DISCARD, KP_PROC_SIGNAL_HANDLE,
  KP_PROC_START, KP_PROC_LWP_START,
  KP_SCHED_OFF_CPU, KP_SCHED_ON_CPU, KP_SCHED_WAKEUP, KP_SCHED_SLEEP, KP_SCHED_PREEMPT,
  KP_SCHED_CHANGE_PRI,           /* sched_pi_setprio */
  KP_SCHED_TICK,                 /* a CPU-clock perf event on each CPU (no tracepoint) */
  KP_FBT_ENTRY, KP_FBT_RETURN,   /* fentry/fexit programs (probes/fbt-probes.h) */
  KP_SDT,                        /* a kernel tracepoint (probes/sdt-probes.h) */
  KP_IO_START, KP_IO_DONE,       /* block tracepoints (tracepoint programs, like sdt) */
  KP_LOCKSTAT_ADAPTIVE_BLOCK, KP_LOCKSTAT_ADAPTIVE_SPIN, KP_LOCKSTAT_SPIN_SPIN,
  KP_LOCKSTAT_RW_BLOCK, KP_LOCKSTAT_RW_SPIN,   /* lock:contention_begin/end (5.19) */
  KP_SCHED_ENQUEUE, KP_SCHED_DEQUEUE, KP_SCHED_SURRENDER,   /* kprobes (no tracepoint) */
  KP_PROC_SIGNAL_CLEAR, KP_LOCKSTAT_ADAPTIVE_RELEASE, KP_LOCKSTAT_SPIN_RELEASE,   /* the same */
  KP_NKINDS
};

/* An sdt probe's arguments: the tracepoint's fields after the common ones
 * (tracefs format file), argK the K-th.  SDT_F_INT: an integer of SIZE
 * bytes at OFF of the record (the program's context), extended by its
 * sign; SDT_F_CHARS: a char array, args[K] a string; SDT_F_ADDR: another
 * array, argK its kernel address; SDT_F_LOC_*: a __data_loc (REL:
 * __rel_loc) field whose low 16 bits are where the data is. */
enum sdt_field_kind { SDT_F_INT, SDT_F_CHARS, SDT_F_ADDR, SDT_F_LOC_CHARS, SDT_F_LOC_ADDR };
#define SDT_MAX_ARGS 12
struct sdt_field {
  char name[24];              /* the field's name (cut) */
  uint16_t off, size;
  uint8_t kind;               /* enum sdt_field_kind */
  bool is_signed, rel;
};
struct sdt_layout {
  unsigned nargs;
  struct sdt_field f[SDT_MAX_ARGS];
};

struct dprobe {
  unsigned id;                /* from 1, as -l shows */
  enum probe_kind kind;
  char *prov, *mod, *func, *name;   /* as printed: "memcached1234", "memcached", "process_command", "command-get" */
  size_t nclauses;            /* enabled clauses, in program order */
  unsigned *clauses;
  /* USDT sites are kept by the attach layer; argument specs go to the
   * sites map indexed by the attach cookie. */
  void *sites;
  uint64_t tick_ns;           /* PK_TICK, PK_PROFILE: the interval */
  enum kernel_probe kern;     /* PK_KERNEL: which */
  uint32_t btf_id;            /* KP_FBT_*: the function's BTF id */
  unsigned nargs;             /* KP_FBT_*: its parameters */
  uint8_t widths[7];          /* KP_FBT_*: theirs and the return value's: size | 0x80 signed */
  const struct sdt_layout *sdt;   /* KP_SDT: its fields (owned by probes/sdt-probes.c) */
  uint32_t begin_type;        /* KP_LOCKSTAT_*: lock:contention_begin's event id */
};

#endif
