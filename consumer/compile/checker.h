/* SPDX-License-Identifier: MIT */
/*
 * checker.h — semantic analysis of D programs.
 *
 * Resolves every identifier (built-in variables, macro variables, inline
 * constants, globals, associative arrays, self->/this-> variables,
 * aggregations), gives every expression a D type, checks actions and
 * aggregating functions, and lays out each clause's record.  Its results are
 * the struct dprog tables and a struct ninfo attached to every node
 * (d_node.sym), which the code generator reads.
 */
#ifndef SDTKIT_CONSUMER_CHECKER_H
#define SDTKIT_CONSUMER_CHECKER_H

#include "consumer/compile/dprog.h"

enum builtin {
  BI_NONE = 0,
  BI_ARG0,                     /* .. BI_ARG0 + 11 */
  BI_PID = BI_ARG0 + 12, BI_TID, BI_PPID, BI_UID, BI_GID, BI_CPU,
  BI_TIMESTAMP, BI_WALLTIMESTAMP, BI_VTIMESTAMP,
  BI_EXECNAME, BI_PROBEPROV, BI_PROBEMOD, BI_PROBEFUNC, BI_PROBENAME,
  BI_EPID, BI_ID,
  BI_ERRNO,                    /* syscall return probes: the call's errno, else 0 */
  BI_UREGS,                    /* uregs[R_x] (a DN_INDEX): the thread's user registers */
  BI_THREADNAME,               /* the thread's own name (execname: its process's) */
  BI_CURTHREAD,                /* the current task: struct task_struct * from the kernel's BTF */
  BI_CALLER, BI_STACKDEPTH,    /* the kernel stack's second pc and depth (codegen-callers.c) */
  BI_UCALLER, BI_USTACKDEPTH,  /* the same of the user stack */
  BI_CHIP, BI_LGRP, BI_PSET,   /* the CPU's package, NUMA node, processor set (codegen-cpuinfo.c) */
  BI_CURCPU                    /* curcpu: the address of this CPU's cpuinfo_t (codegen-cpuinfo.c) */
};

/* The uregs[] index constants (R_RAX, R_PC...), Oracle Linux DTrace's
 * x86-64 numbering: R_R15..R_SS (0..20) are struct pt_regs' slots in
 * order; R_DS..R_TRAPNO (21..25) and the i386 names are as Oracle has them.
 * True with *VALUE set when NAME is one. */
bool checker_register_constant (const char *name, int64_t *value, bool aarch64);

enum subr {
  SUBR_NONE = 0,
  SUBR_COPYINSTR,              /* copyinstr(addr [, maxlen]) */
  SUBR_STRINGOF,               /* stringof(expr) */
  /* string subroutines (checker-strings.c, codegen-strings.c) */
  SUBR_STRLEN, SUBR_STRJOIN, SUBR_SUBSTR, SUBR_INDEX, SUBR_RINDEX, SUBR_STRCHR,
  SUBR_STRRCHR, SUBR_STRSTR, SUBR_BASENAME, SUBR_DIRNAME, SUBR_CLEANPATH, SUBR_LLTOSTR, SUBR_TOUPPER,
  SUBR_TOLOWER, SUBR_STRTOK, SUBR_CHAR_AT, SUBR_ALLOCA, SUBR_COPYINTO, SUBR_COPYIN,
  SUBR_SPECULATION,            /* speculation() */
  SUBR_USTACK, SUBR_STACK,     /* ustack([n[, strsize]]), stack([n]): DT_USTACK, DT_KSTACK */
  SUBR_USYM,                   /* usym ufunc uaddr umod (pc): DT_USYM */
  SUBR_RAND,                   /* rand(): a pseudo-random int */
  SUBR_BSWAP16, SUBR_BSWAP32, SUBR_BSWAP64,  /* htons/ntohs, htonl/ntohl, htonll/ntohll */
  SUBR_PROGENYOF,              /* progenyof(pid) (codegen-library.c) */
  SUBR_PSARGS,                 /* __psargs(start, end): the D library's pr_psargs */
  SUBR_DPATH,                  /* __d_path(dentry, vfsmount, offsets...): fi_pathname */
  SUBR_UWORD                   /* __uword(addr): a user word, 0 when unreadable (pr_argc) */
};

/* The prototype of a string subroutine (checker-strings.c): ARGS holds one
 * letter per argument, 's' string or 'i' integer; the first MIN are
 * required. */
struct subr_proto {
  const char *name;
  enum subr subr;
  const char *args;
  unsigned min;
  struct dtype ret;
};
const struct subr_proto *subr_proto_of (const char *name);

/* What the checker learnt about one node. */
struct ninfo {
  struct dtype type;
  bool is_const;               /* integer constant (folded) */
  int64_t value;               /* its value */
  enum builtin builtin;        /* DN_IDENT built-in variables */
  struct dvar *var;            /* variables */
  struct dagg *agg;            /* DN_AGG, aggregating assignments */
  enum subr subr;              /* subroutine calls */
  int action;                  /* action calls: index in the clause's action list, else -1 */
  const char *strconst;        /* string constants (literals, macro strings) */
  /* Typed memory (checker-members.c): where the node's object lives
   * (MEM_*; 0: not memory), a member's offset from its aggregate and the
   * member (bit-fields), an element's size and the index bound (0: none);
   * pointer arithmetic: the element size, and which operand is scaled
   * (1: a, 2: b; 3: p - q, divided). */
  uint8_t mem;
  uint8_t scaled;
  bool decayed;                /* an array in user memory used as a pointer (its address) */
  bool addr_of;                /* &x of typed memory: its address */
  uint64_t str_bytes;          /* a char array read as a string: at most this many bytes */
  int64_t offset;
  const struct ctype_member *member;
  uint64_t elem_size;
  uint64_t bound;
  bool delete_elem;            /* x = 0 of a string or struct self-> or assoc element: delete it */
};

enum { MEM_USER = 1, MEM_LOCAL = 2, MEM_KERNEL = 3 };

/* Check SCRIPT and add its variables, aggregations and clauses to PROG.
 * ERRPREFIX starts every error ("failed to compile script x.d").
 * Returns 0, or -1 after printing errors. */
int d_check_script (struct dprog *prog, struct d_script *script, const char *errprefix);

/* The ninfo of a checked node. */
static inline struct ninfo *
ninfo (const struct d_node *n)
{
  return (struct ninfo *) n->sym;
}

/* Free what the checker allocated in PROG and in the script's nodes. */
void d_check_free (struct dprog *prog);

#endif
