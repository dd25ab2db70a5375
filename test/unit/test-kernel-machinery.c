/* SPDX-License-Identifier: MIT */
/* test-kernel-machinery.c — probes/kernel-machinery.c: which kallsyms
 * names are the tracing machinery's, and the address ranges made of a
 * kallsyms text (a made-up one: runs of machinery merged, __pfx_ padding
 * part of its function, a range ending at the next symbol of any type,
 * module symbols, hidden addresses, a table too small). */
#include <stdio.h>
#include <string.h>

#include "consumer/probes/kernel-machinery.h"
#include "unit.h"

static const char kallsyms[] =
  "0000000000000000 A fixed_percpu_data\n"
  "ffffffff81000000 T _stext\n"
  "ffffffff81001000 T __schedule\n"
  "ffffffff81001800 T __pfx___traceiter_sched_switch\n"
  "ffffffff81001810 T __traceiter_sched_switch\n"
  "ffffffff81001880 T __probestub_sched_switch\n"
  "ffffffff81001890 t __bpf_trace_sched_switch\n"
  "ffffffff81001900 t perf_trace_sched_switch\n"
  "ffffffff81001a00 T schedule\n"
  "ffffffff81002000 T bpf_trace_run1\n"
  "ffffffff81002100 T bpf_trace_run2\n"
  "ffffffff81002200 r bpf_trace_data\n"
  "ffffffff81003000 T trace_call_bpf\n"
  "ffffffff81003000 T an_alias\n"
  "ffffffff81003100 T bpf_trace_printk\n"
  "ffffffffc0001000 t __bpf_trace_xfs_event\t[xfs]\n"
  "ffffffffc0001080 t xfs_trans_commit\t[xfs]\n"
  "ffffffffc0002000 t __traceiter_last\t[mod]\n";

int
main (void)
{
  UNIT_CHECK (kernel_machinery_name ("bpf_trace_run4"), "bpf_trace_run4");
  UNIT_CHECK (kernel_machinery_name ("__bpf_trace_sys_enter"), "__bpf_trace_sys_enter");
  UNIT_CHECK (kernel_machinery_name ("__pfx___traceiter_sched_switch"), "__pfx_ + __traceiter_");
  UNIT_CHECK (kernel_machinery_name ("perf_trace_run_bpf_submit"), "perf_trace_run_bpf_submit");
  UNIT_CHECK (kernel_machinery_name ("trace_call_bpf"), "trace_call_bpf");
  UNIT_CHECK (kernel_machinery_name ("___bpf_prog_run"), "the interpreter");
  UNIT_CHECK (!kernel_machinery_name ("__schedule"), "__schedule is not");
  UNIT_CHECK (!kernel_machinery_name ("bpf_trace_printk"), "bpf_trace_printk is not");
  UNIT_CHECK (!kernel_machinery_name ("__pfx_schedule"), "__pfx_schedule is not");

  uint64_t pairs[2 * 8];
  size_t dropped;
  FILE *f = fmemopen ((void *) kallsyms, strlen (kallsyms), "r");
  size_t n = kernel_machinery_ranges_from (f, pairs, 8, &dropped);
  fclose (f);
  UNIT_CHECK (n == 4 && dropped == 0, "4 ranges (got %zu, %zu dropped)", n, dropped);
  /* the pfx, traceiter, probestub, __bpf_trace_ and perf_trace_ run to schedule */
  UNIT_CHECK (pairs[0] == 0xffffffff81001800ull && pairs[1] == 0xffffffff81001a00ull,
              "range 0: %#llx-%#llx", (unsigned long long) pairs[0], (unsigned long long) pairs[1]);
  /* bpf_trace_run1..2 to the data symbol */
  UNIT_CHECK (pairs[2] == 0xffffffff81002000ull && pairs[3] == 0xffffffff81002200ull,
              "range 1: %#llx-%#llx", (unsigned long long) pairs[2], (unsigned long long) pairs[3]);
  /* trace_call_bpf (an alias at its address counts with it) to bpf_trace_printk */
  UNIT_CHECK (pairs[4] == 0xffffffff81003000ull && pairs[5] == 0xffffffff81003100ull,
              "range 2: %#llx-%#llx", (unsigned long long) pairs[4], (unsigned long long) pairs[5]);
  /* a module's; the last symbol, with no end known, none */
  UNIT_CHECK (pairs[6] == 0xffffffffc0001000ull && pairs[7] == 0xffffffffc0001080ull,
              "range 3: %#llx-%#llx", (unsigned long long) pairs[6], (unsigned long long) pairs[7]);
  UNIT_CHECK (pairs[8] == UINT64_MAX && pairs[15] == UINT64_MAX, "unused pairs are UINT64_MAX");

  f = fmemopen ((void *) kallsyms, strlen (kallsyms), "r");
  n = kernel_machinery_ranges_from (f, pairs, 2, &dropped);
  fclose (f);
  UNIT_CHECK (n == 2 && dropped == 2, "a table of 2: 2 ranges, 2 dropped (got %zu, %zu)", n, dropped);

  static const char hidden[] = "0000000000000000 T __schedule\n0000000000000000 T bpf_trace_run1\n"
                               "0000000000000000 T schedule\n";
  f = fmemopen ((void *) hidden, strlen (hidden), "r");
  n = kernel_machinery_ranges_from (f, pairs, 8, &dropped);
  fclose (f);
  UNIT_CHECK (n == 0 && pairs[0] == UINT64_MAX, "hidden addresses: no range");
  return unit_exit ();
}
