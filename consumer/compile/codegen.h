/*
 * codegen.h — D clauses to eBPF.
 *
 * One program per probe group: the clauses enabled on a set of probes run in
 * program order inside one program (this-> lives across them).  USDT sites
 * share their group's program; what differs per site (probe id, argument
 * locations) is read from the sites map at the index the attach cookie
 * carries.  BEGIN and END are raw-tracepoint programs run once by the
 * runtime with BPF_PROG_TEST_RUN, in dtrace's own context.
 */
#ifndef SDTKIT_CONSUMER_CODEGEN_H
#define SDTKIT_CONSUMER_CODEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "consumer/abi.h"
#include "consumer/compile/dprog.h"

/* The layout of the per-CPU scratch area, decided before code generation. */
struct scratch_layout {
  unsigned rec_off, rec_size;      /* the record being built */
  unsigned this_off;               /* this-> variables */
  unsigned args_off;               /* 12 cached arguments */
  unsigned key_off, key_size;      /* map keys under construction */
  unsigned str_off, nstr;          /* string temporaries, strsize each */
  unsigned stk_off, stk_size, nstk;  /* stack()/usym() temporaries, stk_size each */
  unsigned strtok_base;            /* strtok's state in codegen-strings.c's area; 0: unused */
  unsigned total;
};

/* Map offsets of string constants in the strconst map. */
struct strconsts {
  size_t n;
  const char **s;
};

struct codegen_ctx {
  struct dprog *prog;
  struct scratch_layout scratch;
  struct strconsts *consts;
  int strconst_fd;
  int pids_fd;                      /* -1: no pid filter */
  bool pid_scoped;                  /* the program about to be generated is attached
                                       only by links the kernel filters by pid
                                       (uprobe_multi 6.10+ / perf event): no
                                       pids_fd check */
  unsigned usdt_attach_type;        /* expected_attach_type of USDT programs */
  bool sleepable;                   /* USDT programs may sleep (uprobe_multi): user
                                       pages that are not present are faulted in */
  bool verbose;
  unsigned fixed_args;              /* bit K: argK of the program about to be generated is
                                       in the same register at all its sites, */
  struct site_arg fixed[12];        /* this one (ARGK_REG): read from the context at a
                                       constant offset, not through the sites map */
  unsigned fixed_probe_id;          /* non-zero: every site of that program is this probe's */
  int syscall_sites_fd;             /* PK_SYSCALL_*: HASH u32 syscall number -> site_spec */
  int siteprobes_fd;                /* -1, or HASH u64 (tgid << 32 | cookie) -> u32 probe id
                                       for sites flagged SITE_PROBE_BY_PID */
  int held_pid;                     /* -c: the child, which until its exec carries the comm
                                       DT_PROC_HELD_COMM; syscall programs skip it then */
};

/* Lay out the scratch area and collect string constants (before maps are
 * created).  */
void codegen_plan (struct codegen_ctx *cg);

/* Generate and load the program for probe kind KIND running CLAUSES (clause
 * indexes in program order).  For PK_BEGIN/PK_END, PROBE_ID is the probe's
 * id.  Returns the program fd or -1. */
int codegen_program (struct codegen_ctx *cg, enum probe_kind kind, unsigned probe_id,
                     const unsigned *clauses, size_t nclauses, const char *name);

/* Offset of string constant S in the strconst map value. */
unsigned codegen_strconst_offset (const struct codegen_ctx *cg, const char *s);

#endif
