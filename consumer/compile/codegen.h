/* SPDX-License-Identifier: MIT */
/*
 * codegen.h — D clauses to eBPF.
 *
 * One program per probe group: the clauses enabled on a set of probes run in
 * program order inside one program (this-> lives across them).  USDT sites
 * share their group's program; what differs per site (probe id, argument
 * locations) is read from the sites map at the index the attach cookie
 * carries.  BEGIN and END are raw-tracepoint programs run once by the
 * runtime with BPF_PROG_TEST_RUN, in dtrace's own context.
 *
 * The result is a relocatable image (bpf-image.h): maps are named by
 * abi.h's references and the runtime's loader fills in their fds.  What
 * the kernel offers comes in prog->target (dprog.h struct dtarget).
 */
#ifndef SDTKIT_CONSUMER_CODEGEN_H
#define SDTKIT_CONSUMER_CODEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "consumer/abi.h"
#include "consumer/compile/bpf-image.h"
#include "consumer/compile/dprog.h"

/* The layout of the per-CPU scratch area, decided before code generation. */
struct scratch_layout {
  unsigned rec_off, rec_size;      /* the record being built */
  unsigned this_off;               /* this-> variables */
  unsigned args_off;               /* 12 cached arguments */
  unsigned key_off, key_size;      /* map keys under construction */
  unsigned str_off, nstr;          /* string temporaries, strsize each */
  unsigned stk_off, stk_size, nstk;  /* stack()/usym() temporaries, stk_size each */
  unsigned null_off;               /* DTrace's NULL string (strsize bytes; codegen-strings.c) */
  unsigned strtok_base;            /* strtok's state in codegen-strings.c's area; 0: unused */
  unsigned ucap_off, ucap_size;    /* ustack()'s capture (codegen-ustack.c); size 0: no ustack() */
  unsigned depth_off, depth_size;  /* caller/stackdepth's bpf_get_stack buffer (codegen-callers.c),
                                      stack()'s first walk (codegen-kstack.c); 0: unused */
  bool kskip;                      /* kernel stacks skip the tracing machinery: MAP_KSKIP */
  unsigned cpuinfo_off;            /* curcpu's cpuinfo_t (codegen-cpuinfo.c); 0: unused */
  unsigned total;
  bool by_cpu;                     /* TOTAL is over SCRATCH_PERCPU_MAX: MAP_SCRATCH is an
                                      ARRAY of one element per possible CPU, indexed by
                                      bpf_get_smp_processor_id(), not a PERCPU_ARRAY */
};

/* cpuinfo_t's bytes: cpu_id, cpu_pset, cpu_chip, cpu_lgrp, 4 each
 * (checker-prelude.c). */
#define CPUINFO_SIZE 16u

/* The largest value of a per-CPU array (the kernel's PCPU_MIN_UNIT_SIZE):
 * -x strsize=2048 needs more scratch than that (16 string temporaries). */
#define SCRATCH_PERCPU_MAX 32768u

/* Map offsets of string constants in the strconst map. */
struct strconsts {
  size_t n, cap;
  const char **s;
};

struct codegen_ctx {
  struct dprog *prog;               /* prog->target: the system compiled for */
  struct scratch_layout scratch;
  struct strconsts *consts;
  bool have_pids;                   /* -p/-c: MAP_PIDS lists the processes that fire */
  bool pid_scoped;                  /* the program about to be generated is attached
                                       only by links the kernel filters by pid
                                       (uprobe_multi 6.10+ / perf event): no
                                       MAP_PIDS check */
  unsigned fixed_args;              /* bit K: argK of the program about to be generated is
                                       in the same register at all its sites, */
  struct site_arg fixed[12];        /* this one (ARGK_REG): read from the context at a
                                       constant offset, not through the sites map */
  unsigned fixed_probe_id;          /* non-zero: every site of that program is this probe's */
  bool have_siteprobes;             /* some sites are flagged SITE_PROBE_BY_PID (MAP_SITE_PROBES) */
  bool new_probes;                  /* some are attached by file: a process with no probe
                                       at such a site gets one (MAP_PID_PROBES) */
  enum kernel_probe kern;           /* PK_KERNEL: the probe of the program about to be
                                       generated (the loader sets it) */
  uint32_t fbt_btf_id;              /* KP_FBT_*: the function's BTF id and */
  unsigned fbt_nargs;               /* parameters, their widths and the return value's */
  uint8_t fbt_widths[7];            /* (abi.h dprobe.widths) */
  const struct sdt_layout *sdt;     /* KP_SDT: the tracepoint's fields */
  uint32_t begin_type;              /* KP_LOCKSTAT_*: contention_begin's event id */
  int held_pid;                     /* -c: the child, which until its exec carries the comm
                                       DT_PROC_HELD_COMM; syscall programs skip it then */
};

/* Lay out the scratch area and collect string constants (before maps are
 * created).  0, or -1 after an error: a layout BPF cannot address. */
int codegen_plan (struct codegen_ctx *cg);

/* The user stack bytes a ustack() copies (-x ustackbytes or the default). */
unsigned cg_ustack_bytes (const struct dprog *p);

/* Generate the program for probe kind KIND running CLAUSES (clause indexes
 * in program order) into *IMG, named NAME.  For PK_BEGIN, PK_END, PK_ERROR,
 * PK_TICK and PK_PROFILE, PROBE_ID is the probe's id.  Returns 0, or -1
 * after diag_error (nothing to free then). */
int codegen_program (struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
                     const unsigned *clauses, size_t nclauses, const char *name,
                     struct bpf_image *img);

/* Offset of string constant S in the strconst map value. */
unsigned codegen_strconst_offset (const struct codegen_ctx *cg, const char *s);

#endif
