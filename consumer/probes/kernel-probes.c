/* SPDX-License-Identifier: MIT */
/*
 * kernel-probes.c — the proc and sched providers' table, matching,
 * listing and attachment (see kernel-probes.h).  The table names each
 * probe's raw tracepoint; what fires and what argN hold is the program's
 * business (compile/codegen-kernel.c).
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/kernel-probes.h"
#include "consumer/probes/sdt-probes.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const struct kernel_probe_def table[] = {
  { KP_PROC_CREATE, "proc", "create", "sched_process_fork", NULL, NULL },
  { KP_PROC_EXEC, "proc", "exec", "sys_enter", NULL, NULL },
  { KP_PROC_EXEC_FAILURE, "proc", "exec-failure", "sys_exit", NULL, NULL },
  { KP_PROC_EXEC_SUCCESS, "proc", "exec-success", "sched_process_exec", NULL, NULL },
  { KP_PROC_EXIT, "proc", "exit", "sched_process_exit", NULL, NULL },
  { KP_PROC_LWP_CREATE, "proc", "lwp-create", "sched_process_fork", NULL, NULL },
  { KP_PROC_LWP_EXIT, "proc", "lwp-exit", "sched_process_exit", NULL, NULL },
  { KP_PROC_LWP_START, "proc", "lwp-start", "sys_exit", NULL, NULL },
  { KP_PROC_SIGNAL_DISCARD, "proc", "signal-discard", "signal_generate", NULL, NULL },
  { KP_PROC_SIGNAL_HANDLE, "proc", "signal-handle", "signal_deliver", NULL, NULL },
  { KP_PROC_SIGNAL_SEND, "proc", "signal-send", "signal_generate", NULL, NULL },
  { KP_PROC_START, "proc", "start", "sys_exit", NULL, NULL },
  { KP_SCHED_CHANGE_PRI, "sched", "change-pri", "sched_pi_setprio", NULL, NULL },
  { KP_SCHED_OFF_CPU, "sched", "off-cpu", "sched_switch", NULL, NULL },
  { KP_SCHED_ON_CPU, "sched", "on-cpu", "sched_switch", NULL, NULL },
  { KP_SCHED_PREEMPT, "sched", "preempt", "sched_switch", NULL, NULL },
  { KP_SCHED_SLEEP, "sched", "sleep", "sched_switch", NULL, NULL },
  { KP_SCHED_TICK, "sched", "tick", NULL, NULL, NULL },
  { KP_SCHED_WAKEUP, "sched", "wakeup", "sched_wakeup", NULL, NULL },
  { KP_IO_DONE, "io", "done", "block_rq_complete", "block", NULL },
  { KP_IO_START, "io", "start", "block_bio_queue", "block", NULL },
  { KP_LOCKSTAT_ADAPTIVE_BLOCK, "lockstat", "adaptive-block", "contention_end", "lock", "5.19" },
  { KP_LOCKSTAT_ADAPTIVE_SPIN, "lockstat", "adaptive-spin", "contention_end", "lock", "5.19" },
  { KP_LOCKSTAT_RW_BLOCK, "lockstat", "rw-block", "contention_end", "lock", "5.19" },
  { KP_LOCKSTAT_RW_SPIN, "lockstat", "rw-spin", "contention_end", "lock", "5.19" },
  { KP_LOCKSTAT_SPIN_SPIN, "lockstat", "spin-spin", "contention_end", "lock", "5.19" },
};
#define NTABLE (sizeof table / sizeof table[0])

const struct kernel_probe_def *
kernel_probe_def (enum kernel_probe kind)
{
  for (size_t i = 0; i < NTABLE; i++)
    if (table[i].kind == kind)
      return &table[i];
  return NULL;
}

/* Probes added after issue 29's first part (io, lockstat, sched's
 * change-pri and tick) are matched only by a description whose provider
 * field names a provider: `:::` and `*:::NAME` keep meaning what they
 * meant (a target's USDT `tick` is not joined by sched:::tick, and
 * lockstat's refusal before 5.19 does not stop them). */
static bool
needs_provider (enum kernel_probe kind)
{
  switch (kind)
    {
    case KP_SCHED_CHANGE_PRI: case KP_SCHED_TICK: case KP_IO_START: case KP_IO_DONE:
    case KP_LOCKSTAT_ADAPTIVE_BLOCK: case KP_LOCKSTAT_ADAPTIVE_SPIN: case KP_LOCKSTAT_SPIN_SPIN:
    case KP_LOCKSTAT_RW_BLOCK: case KP_LOCKSTAT_RW_SPIN:
      return true;
    default:
      return false;
    }
}

bool
kernel_probe_match (enum kernel_probe kind, const struct probe_desc *d)
{
  const struct kernel_probe_def *k = kernel_probe_def (kind);
  if (k && needs_provider (kind) && !probe_desc_names_provider (d, k->provider))
    return false;
  return k && probe_field_match (d->provider, k->provider) && probe_field_match (d->module, "vmlinux")
         && probe_field_match (d->function, "") && probe_field_match (d->name, k->name);
}

/* DTrace's sched probes Linux has no place for. */
static const struct {
  const char *name, *why;
} missing[] = {
  { "enqueue", "a thread joins a run queue (fbt::enqueue_task_fair:entry comes nearest)" },
  { "dequeue", "a thread leaves a run queue (fbt::dequeue_task_fair:entry comes nearest)" },
  { "remain-cpu", "the scheduler decides to keep the running thread" },
};

int
kernel_probes_refuse_missing (const struct probe_desc *descs, size_t ndescs)
{
  for (size_t k = 0; k < ndescs; k++)
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++)
      if (strcmp (descs[k].provider, "sched") == 0 && strcmp (descs[k].name, missing[i].name) == 0)
        {
          diag_error ("sched:::%s is not available: no Linux version has a tracepoint where %s",
                      missing[i].name, missing[i].why);
          return -1;
        }
  return 0;
}

bool
kernel_desc_exclusive (const struct probe_desc *d)
{
  return strcmp (d->provider, "proc") == 0 || strcmp (d->provider, "sched") == 0
         || strcmp (d->provider, "io") == 0 || strcmp (d->provider, "lockstat") == 0;
}

size_t
kernel_probes_find (const struct probe_desc *descs, size_t ndescs, enum kernel_probe **out)
{
  size_t n = 0, cap = 0;
  *out = NULL;
  for (size_t i = 0; i < NTABLE; i++)
    {
      bool m = false;
      for (size_t k = 0; k < ndescs && !m; k++)
        m = kernel_probe_match (table[i].kind, &descs[k]);
      if (m)
        VEC_PUSH (*out, n, cap) = table[i].kind;
    }
  return n;
}

int
kernel_probe_attach (enum kernel_probe kind, int prog_fd)
{
  const struct kernel_probe_def *k = kernel_probe_def (kind);
  if (k->group)
    return sdt_attach (k->group, k->tracepoint, prog_fd);
  if (!k->tracepoint)
    return -1;                  /* sched:::tick: kernel_probe_attach_tick */
  int link = bpf_raw_tracepoint_open (k->tracepoint, prog_fd);
  if (link < 0)
    diag_error ("could not enable tracing: cannot attach %s:::%s to the raw tracepoint %s: %s",
                k->provider, k->name, k->tracepoint, strerror (errno));
  return link;
}

void
kernel_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  enum kernel_probe *k = NULL;
  size_t n = ndescs ? kernel_probes_find (descs, ndescs, &k) : NTABLE;   /* plain -l: all */
  for (size_t i = 0; i < n; i++)
    {
      const struct kernel_probe_def *d = ndescs ? kernel_probe_def (k[i]) : &table[i];
      struct listed_probe lp = { LISTED_KERNEL, d->provider, "vmlinux", "", d->name, NULL, 0, NULL };
      probe_list_print (pl, &lp);
    }
  free (k);
}
