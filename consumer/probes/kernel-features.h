/* SPDX-License-Identifier: MIT */
/*
 * kernel-features.h — the kernel-feature layer: every kernel facility the
 * code generator and the runtime use, probed once (at first use) on the
 * running kernel, each with the first Linux version that has it and what
 * sdtkit does without it.
 *
 * Most facilities have a fallback, chosen here and recorded in the
 * compiler's target description (dprog.h struct dtarget) or taken by the
 * attach code: per-site programs instead of attach cookies, perf-event
 * ioctls instead of BPF links, one uprobe per site instead of
 * uprobe_multi, character-by-character string loops instead of may_goto,
 * the probe's own registers instead of bpf_task_pt_regs.  A D feature that
 * cannot work without one is refused with kernel_feature_refuse(): one
 * line naming the feature and the first kernel version that has it.
 *
 * The table is also the documentation: `dtrace --kernel-features` prints
 * it with this kernel's answers, and `--kernel-features=markdown` the
 * table of doc/kernels.md (a test keeps the two equal).
 */
#ifndef SDTKIT_CONSUMER_PROBES_KERNEL_FEATURES_H
#define SDTKIT_CONSUMER_PROBES_KERNEL_FEATURES_H

#include <stdbool.h>
#include <stdio.h>

enum kernel_feature {
  KF_BPF_SYSCALL,       /* bpf(2) works for us at all */
  KF_RAW_TRACEPOINT,    /* BEGIN/END/tick and syscall programs */
  KF_PROBE_READ_USER,   /* bpf_probe_read_user/_str, _kernel */
  KF_FENTRY,            /* fentry/fexit programs (BPF trampolines): fbt */
  KF_KPROBE_PMU,        /* perf_event_open kprobes: fbt where fentry is missing */
  KF_RINGBUF,           /* the records' ring buffer */
  KF_UPROBE_PMU,        /* perf_event_open uprobes */
  KF_REF_CTR,           /* uprobe semaphores raised by the kernel */
  KF_VMLINUX_BTF,       /* /sys/kernel/btf/vmlinux */
  KF_TASK_BTF,          /* bpf_get_current_task_btf */
  KF_BIG_MAP_KEYS,      /* hash map keys over 512 bytes */
  KF_ATOMIC_FETCH,      /* atomic fetch-add, compare-and-exchange */
  KF_ATTACH_COOKIE,     /* bpf_get_attach_cookie and BPF perf-event links */
  KF_TASK_PT_REGS,      /* bpf_task_pt_regs */
  KF_TRACE_NOPREALLOC,  /* perf_event programs with hash maps filled as they go */
  KF_GOTOL,             /* the long jump (BPF_JMP32 | BPF_JA) */
  KF_UPROBE_MULTI,      /* uprobe_multi links */
  KF_SLEEPABLE_UPROBE,  /* sleepable uprobe programs (copy_from_user) */
  KF_MAY_GOTO,          /* may_goto */
  KF_MULTI_PID_FILTER,  /* uprobe_multi's pid filter, correct */
  KF_NFEATURES
};

/* Does the running kernel have FEATURE?  Probed once.  The environment
 * variable SDTKIT_KERNEL_FEATURES_OFF (a comma-separated list of the
 * table's short names) makes features absent, to test the fallbacks on a
 * kernel that has them. */
bool kernel_feature (enum kernel_feature feature);

/* The first Linux version with FEATURE ("5.15"), and its short name. */
const char *kernel_feature_version (enum kernel_feature feature);
const char *kernel_feature_name (enum kernel_feature feature);

/* Report, through diag_error, that WHAT (a D feature: "ustack() in
 * profile probes") needs FEATURE, which this kernel lacks: one line,
 * "WHAT needs Linux V or later (FACILITY); this kernel is RELEASE".
 * Returns -1. */
int kernel_feature_refuse (enum kernel_feature feature, const char *what);

/* The table, with this kernel's answers (markdown: false) or as the
 * markdown table of doc/kernels.md (markdown: true, no kernel probed). */
void kernel_features_print (FILE *out, bool markdown);

/* The may_goto instruction (Linux 6.9) loads; false when the environment
 * variable SDTKIT_NO_MAY_GOTO is set. */
bool kernel_has_may_goto (void);

#endif
