/* SPDX-License-Identifier: MIT */
/*
 * test-verifier-limits.c — the verifier's size and complexity limits told
 * apart from the tails of real verifier logs (Linux 6.18), and other
 * refusals left alone; the explanations name the limit and the remedy.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/verifier-limits.h"
#include "unit.h"

/* 4000 one-printf clauses on BEGIN (the load's errno: EFAULT) */
static const char branches_log[] =
  "131085: (85) call bpf_ringbuf_output#130      ; R0=scalar()\n"
  "131086: (55) if r0 != 0x0 goto pc+1\n"
  "The sequence of 8193 jumps is too complex.\n"
  "processed 87401 insns (limit 1000000) max_states_per_insn 0 total_states 8194 peak_states 8194 "
  "mark_read 0\n";

/* five cleanpath() calls in one clause (E2BIG), before cleanpath() was a
 * single pass the verifier checks in ~1100 steps */
static const char steps_log[] =
  "133: (72) *(u8 *)(r4 +0) = 0\n"
  "BPF program is too large. Processed 1000001 insn\n"
  "processed 1000001 insns (limit 1000000) max_states_per_insn 5 total_states 23362 peak_states 465 "
  "mark_read 0\n";

/* a program's own fault, not a limit */
static const char fault_log[] =
  "12: (61) r0 = *(u32 *)(r1 +0)\n"
  "R1 invalid mem access 'scalar'\n"
  "processed 12 insns (limit 1000000) max_states_per_insn 0 total_states 1 peak_states 1 mark_read 0\n";

int
main (void)
{
  struct verifier_verdict v = verifier_limit_classify (EFAULT, branches_log, 131090);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_BRANCHES, "\"The sequence of 8193 jumps\": the branch limit");
  UNIT_INTEQ (v.bound, 8192, "... of 8192 branches");
  char *why = verifier_limit_explain (v, 131090, 4001);
  UNIT_STREQ (why, "too large for the verifier: its 4001 clauses make 131090 BPF instructions, with more "
              "branches than the 8192 the verifier follows at once; enable fewer clauses on this probe",
              "the branch limit explained");
  free (why);

  v = verifier_limit_classify (E2BIG, steps_log, 628);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_STEPS, "\"BPF program is too large. Processed\": the step limit");
  UNIT_INTEQ (v.bound, 1000000, "... of the log's 1000000 steps");
  why = verifier_limit_explain (v, 628, 1);
  UNIT_STREQ (why, "too complex for the verifier: checking its 1 clause (628 BPF instructions) takes more than "
              "the verifier's limit of 1000000 instruction steps; enable fewer clauses on this probe, or fewer "
              "loops in them such as chill()'s",
              "the step limit explained");
  free (why);
  v.string_loops_per_char = true;   /* no may_goto: string loops cost steps per character */
  why = verifier_limit_explain (v, 628, 1);
  UNIT_STREQ (why, "too complex for the verifier: checking its 1 clause (628 BPF instructions) takes more than "
              "the verifier's limit of 1000000 instruction steps; enable fewer clauses on this probe, or fewer "
              "loops in them such as chill()'s or string functions such as index() or strstr(), or use a "
              "smaller -x strsize",
              "the step limit explained, before Linux 6.9");
  free (why);

  v = verifier_limit_classify (E2BIG, "", 1000001);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_SIZE, "E2BIG, no log, 1000001 instructions: the length limit");
  why = verifier_limit_explain (v, 1000001, 30000);
  UNIT_STREQ (why, "too large for the kernel: its 30000 clauses make 1000001 BPF instructions, more than the "
              "1000000 a program may have; enable fewer clauses on this probe, or fewer actions in them",
              "the length limit explained");
  free (why);

  v = verifier_limit_classify (E2BIG, "", 1000000);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_NONE, "E2BIG, no log, 1000000 instructions: no known limit");
  v = verifier_limit_classify (EACCES, fault_log, 13);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_NONE, "an invalid access: no limit, though the log names one");
  UNIT_CHECK (verifier_limit_explain (v, 13, 1) == NULL, "no limit: no explanation");
  v = verifier_limit_classify (EFAULT, "The sequence of jumps\n", 13);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_NONE, "a sequence without a count: no limit");
  v = verifier_limit_classify (EFAULT, NULL, 13);
  UNIT_INTEQ (v.limit, VERIFIER_LIMIT_NONE, "no log at all: no limit");
  return unit_exit ();
}
