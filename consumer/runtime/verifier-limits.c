/* SPDX-License-Identifier: MIT */
/*
 * verifier-limits.c — the verifier's size and complexity limits recognised
 * in its log and explained (verifier-limits.h).
 *
 * Three limits are known, each by what the kernel says when it is hit:
 *   - the length of a program (1000000 instructions for a privileged
 *     loader): the load fails with E2BIG before the verifier runs, so the
 *     log is empty and only the length tells;
 *   - the branches the verifier keeps pending on one path ("The sequence
 *     of N jumps is too complex.", one more than the limit, 8192): many
 *     clauses on one probe, each with a few conditional jumps, reach it;
 *     the load fails with EFAULT ("Bad address");
 *   - the instruction steps the verifier takes to explore every path ("BPF
 *     program is too large. Processed N insn", then "processed N insns
 *     (limit M)"): a loop the verifier walks turn by turn, such as
 *     chill()'s (4096 turns), costs steps per turn (string subroutines'
 *     loops no longer do where the kernel takes may_goto, Linux 6.9+;
 *     before, they cost about strsize steps per character position:
 *     codegen-strings.c); the load fails with E2BIG.
 * The messages are matched as text, not by errno alone, since the errno of
 * each limit has changed between kernels.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/verifier-limits.h"
#include "common/xalloc.h"

/* The kernel's BPF_COMPLEXITY_LIMIT_INSNS: the longest program, and the
 * most instruction steps, a privileged loader is allowed. */
#define KERNEL_INSN_LIMIT 1000000UL

/* The number after the last occurrence of PREFIX in LOG, into *N.
 * Returns whether PREFIX was found followed by a number. */
static int
number_after (const char *log, const char *prefix, unsigned long *n)
{
  const char *last = NULL;
  for (const char *p = strstr (log, prefix); p; p = strstr (p + 1, prefix))
    last = p;
  if (!last)
    return 0;
  char *end;
  unsigned long v = strtoul (last + strlen (prefix), &end, 10);
  if (end == last + strlen (prefix))
    return 0;
  *n = v;
  return 1;
}

struct verifier_verdict
verifier_limit_classify (int err, const char *log, size_t ninsns)
{
  struct verifier_verdict v = { .limit = VERIFIER_LIMIT_NONE, .bound = 0 };
  unsigned long n;
  if (log && number_after (log, "The sequence of ", &n) && strstr (log, " jumps is too complex"))
    {
      v.limit = VERIFIER_LIMIT_BRANCHES;
      v.bound = n > 0 ? n - 1 : 0;         /* the kernel reports the first count past it */
    }
  else if (log && strstr (log, "BPF program is too large. Processed"))
    {
      v.limit = VERIFIER_LIMIT_STEPS;
      v.bound = number_after (log, "insns (limit ", &n) ? n : KERNEL_INSN_LIMIT;
    }
  else if (err == E2BIG && ninsns > KERNEL_INSN_LIMIT)
    {
      v.limit = VERIFIER_LIMIT_SIZE;
      v.bound = KERNEL_INSN_LIMIT;
    }
  return v;
}

char *
verifier_limit_explain (struct verifier_verdict v, size_t ninsns, size_t nclauses)
{
  const char *clauses = nclauses == 1 ? "clause" : "clauses";
  switch (v.limit)
    {
    case VERIFIER_LIMIT_SIZE:
      return xasprintf ("too large for the kernel: its %zu %s make %zu BPF instructions, more than the %lu "
                        "a program may have; enable fewer clauses on this probe, or fewer actions in them",
                        nclauses, clauses, ninsns, v.bound);
    case VERIFIER_LIMIT_BRANCHES:
      return xasprintf ("too large for the verifier: its %zu %s make %zu BPF instructions, with more branches "
                        "than the %lu the verifier follows at once; enable fewer clauses on this probe",
                        nclauses, clauses, ninsns, v.bound);
    case VERIFIER_LIMIT_STEPS:
      return xasprintf ("too complex for the verifier: checking its %zu %s (%zu BPF instructions) takes more "
                        "than the verifier's limit of %lu instruction steps; enable fewer clauses on this "
                        "probe, or fewer loops in them such as chill()'s%s", nclauses, clauses, ninsns, v.bound,
                        v.string_loops_per_char ? " or string functions such as index() or strstr(), or use "
                                                  "a smaller -x strsize" : "");
    case VERIFIER_LIMIT_NONE:
      break;
    }
  return NULL;
}
