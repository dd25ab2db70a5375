/* SPDX-License-Identifier: MIT */
/*
 * kernel-probes.h — the proc, sched, io and lockstat providers: DTrace's
 * kernel probes for processes, scheduling, block I/O and locks, each fired
 * by one of the kernel's tracepoints, no kprobe; Oracle's others are
 * listed (with their argument types) and refused when enabled.
 *
 *   proc:::exec            sys_enter of execve/execveat, the old program
 *   proc:::exec-failure    sys_exit of execve/execveat with an error
 *   proc:::exec-success    sched_process_exec, the new program
 *   proc:::exit            sched_process_exit of a process's last thread
 *   proc:::lwp-exit        sched_process_exit of any thread
 *   proc:::create          sched_process_fork of a new process (the parent)
 *   proc:::lwp-create      sched_process_fork of a new thread (the creator)
 *   proc:::start           sys_exit of fork/vfork/clone/clone3 returning 0
 *                          in a new process (its first return to user space)
 *   proc:::lwp-start       the same in a new thread
 *   proc:::signal-send     signal_generate, not ignored (the sender)
 *   proc:::signal-discard  signal_generate, ignored (the sender)
 *   proc:::signal-handle   signal_deliver (the receiver)
 *   sched:::off-cpu        sched_switch (the thread leaving)
 *   sched:::on-cpu         sched_switch (the thread arriving: pid, tid,
 *                          execname are the next task's)
 *   sched:::sleep          sched_switch of a thread that blocks
 *   sched:::preempt        sched_switch of a thread that is preempted
 *   sched:::wakeup         sched_wakeup (the waker)
 *   sched:::enqueue        a kprobe on enqueue_task_{fair,rt,dl,scx}: the
 *                          thread that queues another on a run queue
 *   sched:::dequeue        the same on dequeue_task_*
 *   sched:::surrender      a kprobe on do_sched_yield (sched_yield)
 *   proc:::signal-clear    a kretprobe on do_sigtimedwait returning a
 *                          signal (sigwait, sigtimedwait: the waiter)
 *   lockstat:::adaptive-release  a kprobe on mutex_unlock
 *   lockstat:::spin-release      kprobes on the out-of-line
 *                          _raw_spin_unlock* functions
 *
 * Each probe's program is its own (a fixed probe id), shaped by the
 * codegen from enum kernel_probe (abi.h); argN are doc/kernel-providers.md's.
 * Probes are listed as PROVIDER:vmlinux::NAME, as Oracle's DTrace has them.
 */
#ifndef SDTKIT_CONSUMER_KERNEL_PROBES_H
#define SDTKIT_CONSUMER_KERNEL_PROBES_H

#include <stdbool.h>
#include <stddef.h>

#include "consumer/abi.h"
#include "consumer/probes/probe-desc.h"

/* sched:::tick's rate on each CPU: Linux's scheduler tick has no
 * tracepoint, so a CPU-clock perf event samples the running thread at
 * USER_HZ (the kernel's own HZ is not exported). */
#define SCHED_TICK_HZ 100

struct kernel_probe_def {
  enum kernel_probe kind;
  const char *provider, *name;
  const char *tracepoint;        /* the raw tracepoint it attaches to */
  const char *group;             /* non-NULL: TRACEPOINT is this group's tracefs
                                    event, a tracepoint program reading its
                                    fields (sdt-probes.h) */
  const char *since;             /* the first Linux with the tracepoint, when
                                    after 5.10 (else NULL) */
  const char *const *kprobes;    /* non-NULL: no tracepoint; kprobes on these
                                    kernel functions (those the kernel has),
                                    NULL-terminated */
  const char *what;              /* with KPROBES: where the probe fires, for
                                    the refusal where kprobes are missing */
  bool at_return;                /* kretprobes (KPROBES' return) */
};

/* The definition of KIND (never NULL for KP_PROC_EXEC..KP_NKINDS-1). */
const struct kernel_probe_def *kernel_probe_def (enum kernel_probe kind);
/* Does D name kernel probe KIND? */
bool kernel_probe_match (enum kernel_probe kind, const struct probe_desc *d);
/* True when D can only mean proc or sched probes. */
bool kernel_desc_exclusive (const struct probe_desc *d);
/* Oracle's probes no tracepoint marks (sched:::enqueue, lockstat's
 * *-acquire, io:::wait-start, ...: listed by -l): -1 after one
 * diag_error line when a description matches one of them and no probe
 * that fires, else 0. */
int kernel_probes_refuse_missing (const struct probe_desc *descs, size_t ndescs);
/* The kernel probes any of the NDESCS descriptions names, in table order;
 * *OUT is malloc'd. */
size_t kernel_probes_find (const struct probe_desc *descs, size_t ndescs, enum kernel_probe **out);
/* Attach PROG_FD to KIND's raw tracepoint: the link's fd, or -1 after
 * diag_error. */
int kernel_probe_attach (enum kernel_probe kind, int prog_fd);
/* Attach PROG_FD to the kprobes of KIND (def->kprobes: each function the
 * kernel has): 0 and the fds to keep in *FDS (malloc'd), or -1 after
 * diag_error when none could be placed. */
int kernel_probe_attach_kprobes (enum kernel_probe kind, int prog_fd, int **fds, size_t *nfds);
/* `dtrace -l`: the probes matching the descriptions (all when NDESCS is 0). */
struct probe_lister;
void kernel_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs);

#endif
