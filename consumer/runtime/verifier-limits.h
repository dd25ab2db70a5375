/* SPDX-License-Identifier: MIT */
/*
 * verifier-limits.h — why the kernel refused a probe's program, when the
 * reason is one of the verifier's size or complexity limits, told in the
 * terms of the D script (its clauses, its string functions, -x strsize)
 * rather than as the bare errno the load returned.
 *
 * The classification reads the verifier's log (its tail, which the kernel
 * keeps when the log overflows) for the lines the kernel prints when a
 * limit is hit; anything else is not a limit and is left to the caller's
 * generic message.
 */
#ifndef SDTKIT_CONSUMER_VERIFIER_LIMITS_H
#define SDTKIT_CONSUMER_VERIFIER_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

enum verifier_limit {
  VERIFIER_LIMIT_NONE,          /* refused for another reason */
  VERIFIER_LIMIT_SIZE,          /* more instructions than a program may have */
  VERIFIER_LIMIT_BRANCHES,      /* more branches pending on one path than it follows */
  VERIFIER_LIMIT_STEPS,         /* more instruction steps than it takes to verify */
};

struct verifier_verdict {
  enum verifier_limit limit;
  unsigned long bound;          /* the kernel's number for that limit */
  bool string_loops_per_char;   /* set by the caller: no may_goto (before
                                   Linux 6.9), string subroutines' loops are
                                   walked once per character (steps) */
};

/* Which limit, if any, the refusal of a program of NINSNS instructions hit:
 * ERR is the load's errno, LOG the verifier's log (NUL-terminated, maybe
 * empty). */
struct verifier_verdict verifier_limit_classify (int err, const char *log, size_t ninsns);

/* The explanation of verdict V for a program of NINSNS instructions made
 * of NCLAUSES clauses, "too ... ; enable fewer ...", in a malloc'ed string;
 * NULL when V names no limit. */
char *verifier_limit_explain (struct verifier_verdict v, size_t ninsns, size_t nclauses);

#endif
