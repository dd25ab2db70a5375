/* SPDX-License-Identifier: MIT */
/*
 * kernel-probes.c — the proc, sched, io and lockstat providers' table,
 * matching, listing and attachment (see kernel-probes.h).  The table names
 * each probe's raw tracepoint; what fires and what argN hold is the
 * program's business (compile/codegen-kernel.c).  Oracle's probes no
 * tracepoint marks are listed too (with their argument types,
 * compile/kernel-argtypes.h) and refused in one line when enabled.
 */
#include "consumer/compile/kernel-argtypes.h"
#include "consumer/output/probe-list.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/probes/kernel-probes.h"
#include "consumer/probes/perf-link.h"
#include "consumer/probes/sdt-probes.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* The scheduling classes' run-queue functions (each kprobed where the
 * kernel has it: scx is Linux 6.12's sched_ext), and sched_yield's. */
static const char *const enqueue_funcs[] = { "enqueue_task_fair", "enqueue_task_rt", "enqueue_task_dl",
                                             "enqueue_task_stop", "enqueue_task_scx", NULL };
static const char *const dequeue_funcs[] = { "dequeue_task_fair", "dequeue_task_rt", "dequeue_task_dl",
                                             "dequeue_task_stop", "dequeue_task_scx", NULL };
static const char *const surrender_funcs[] = { "do_sched_yield", NULL };

/* sigwait's and sigtimedwait's (GCC's clone of it where it made one), and
 * the lock releases' functions that are out of line (5.10's amd64 kernel
 * inlines _raw_spin_unlock and _irq: unlocks there are not seen). */
static const char *const sigwait_funcs[] = { "do_sigtimedwait", "do_sigtimedwait.isra.0", NULL };
static const char *const mutex_unlock_funcs[] = { "mutex_unlock", NULL };
static const char *const spin_unlock_funcs[] = { "_raw_spin_unlock", "_raw_spin_unlock_irq",
                                                 "_raw_spin_unlock_irqrestore", "_raw_spin_unlock_bh",
                                                 NULL };

static const struct kernel_probe_def table[] = {
  { KP_PROC_CREATE, "proc", "create", "sched_process_fork", NULL, NULL, NULL, NULL, false },
  { KP_PROC_EXEC, "proc", "exec", "sys_enter", NULL, NULL, NULL, NULL, false },
  { KP_PROC_EXEC_FAILURE, "proc", "exec-failure", "sys_exit", NULL, NULL, NULL, NULL, false },
  { KP_PROC_EXEC_SUCCESS, "proc", "exec-success", "sched_process_exec", NULL, NULL, NULL, NULL, false },
  { KP_PROC_EXIT, "proc", "exit", "sched_process_exit", NULL, NULL, NULL, NULL, false },
  { KP_PROC_LWP_CREATE, "proc", "lwp-create", "sched_process_fork", NULL, NULL, NULL, NULL, false },
  { KP_PROC_LWP_EXIT, "proc", "lwp-exit", "sched_process_exit", NULL, NULL, NULL, NULL, false },
  { KP_PROC_LWP_START, "proc", "lwp-start", "sys_exit", NULL, NULL, NULL, NULL, false },
  { KP_PROC_SIGNAL_CLEAR, "proc", "signal-clear", NULL, NULL, NULL, sigwait_funcs,
    "a waiting thread takes a pending signal", true },
  { KP_PROC_SIGNAL_DISCARD, "proc", "signal-discard", "signal_generate", NULL, NULL, NULL, NULL, false },
  { KP_PROC_SIGNAL_HANDLE, "proc", "signal-handle", "signal_deliver", NULL, NULL, NULL, NULL, false },
  { KP_PROC_SIGNAL_SEND, "proc", "signal-send", "signal_generate", NULL, NULL, NULL, NULL, false },
  { KP_PROC_START, "proc", "start", "sys_exit", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_CHANGE_PRI, "sched", "change-pri", "sched_pi_setprio", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_DEQUEUE, "sched", "dequeue", NULL, NULL, NULL, dequeue_funcs, "a thread leaves a run queue", false },
  { KP_SCHED_ENQUEUE, "sched", "enqueue", NULL, NULL, NULL, enqueue_funcs, "a thread joins a run queue", false },
  { KP_SCHED_OFF_CPU, "sched", "off-cpu", "sched_switch", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_ON_CPU, "sched", "on-cpu", "sched_switch", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_PREEMPT, "sched", "preempt", "sched_switch", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_SLEEP, "sched", "sleep", "sched_switch", NULL, NULL, NULL, NULL, false },
  { KP_SCHED_SURRENDER, "sched", "surrender", NULL, NULL, NULL, surrender_funcs, "a thread yields its CPU", false },
  { KP_SCHED_TICK, "sched", "tick", NULL, NULL, NULL, NULL, NULL, false },
  { KP_SCHED_WAKEUP, "sched", "wakeup", "sched_wakeup", NULL, NULL, NULL, NULL, false },
  { KP_IO_DONE, "io", "done", "block_rq_complete", "block", NULL, NULL, NULL, false },
  { KP_IO_START, "io", "start", "block_bio_queue", "block", NULL, NULL, NULL, false },
  { KP_LOCKSTAT_ADAPTIVE_BLOCK, "lockstat", "adaptive-block", "contention_end", "lock", "5.19", NULL, NULL, false },
  { KP_LOCKSTAT_ADAPTIVE_RELEASE, "lockstat", "adaptive-release", NULL, NULL, NULL, mutex_unlock_funcs,
    "a mutex is released", false },
  { KP_LOCKSTAT_ADAPTIVE_SPIN, "lockstat", "adaptive-spin", "contention_end", "lock", "5.19", NULL, NULL, false },
  { KP_LOCKSTAT_RW_BLOCK, "lockstat", "rw-block", "contention_end", "lock", "5.19", NULL, NULL, false },
  { KP_LOCKSTAT_RW_SPIN, "lockstat", "rw-spin", "contention_end", "lock", "5.19", NULL, NULL, false },
  { KP_LOCKSTAT_SPIN_RELEASE, "lockstat", "spin-release", NULL, NULL, NULL, spin_unlock_funcs,
    "a spin lock is released", false },
  { KP_LOCKSTAT_SPIN_SPIN, "lockstat", "spin-spin", "contention_end", "lock", "5.19", NULL, NULL, false },
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
    case KP_SCHED_ENQUEUE: case KP_SCHED_DEQUEUE: case KP_SCHED_SURRENDER:
    case KP_PROC_SIGNAL_CLEAR: case KP_LOCKSTAT_ADAPTIVE_RELEASE: case KP_LOCKSTAT_SPIN_RELEASE:
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

/* Oracle's probes no tracepoint marks: listed, refused when enabled.
 * WHERE is the kernel function Oracle's DTrace hooks for it (a kprobe or
 * fentry on it), NULL when no function marks the event. */
static const struct unfired {
  const char *provider, *name, *where, *what;
} unfired[] = {
  { "sched", "remain-cpu", NULL, "the scheduler decides to keep the running thread" },
  { "io", "wait-done", "submit_bio_wait", "a thread's wait for its I/O ends" },
  { "io", "wait-start", "submit_bio_wait", "a thread starts waiting for its I/O" },
  { "lockstat", "adaptive-acquire", "mutex_lock", "a mutex is taken" },
  { "lockstat", "adaptive-acquire-error", "mutex_lock_interruptible", "taking a mutex fails" },
  { "lockstat", "rw-acquire", "_raw_read_lock", "a reader-writer lock is taken" },
  { "lockstat", "rw-release", "_raw_read_unlock", "a reader-writer lock is released" },
  { "lockstat", "spin-acquire", "_raw_spin_lock", "a spin lock is taken" },
};
#define NUNFIRED (sizeof unfired / sizeof unfired[0])

static bool
unfired_match (const struct unfired *u, const struct probe_desc *d)
{
  return probe_desc_names_provider (d, u->provider) && probe_field_match (d->provider, u->provider)
         && probe_field_match (d->module, "vmlinux") && probe_field_match (d->function, "")
         && probe_field_match (d->name, u->name);
}

/* The one line that refuses U. */
static void
refuse_unfired (const struct unfired *u)
{
  struct utsname un;
  const char *release = uname (&un) == 0 ? un.release : "unknown";
  if (!u->where)
    diag_error ("%s:::%s is not available: no Linux version has a tracepoint or function where %s",
                u->provider, u->name, u->what);
  else if (!kernel_feature (KF_FENTRY) && !kernel_feature (KF_KPROBE_PMU))
    diag_error ("%s:::%s is not available: no tracepoint fires where %s; it needs a kprobe on %s "
                "(a kernel built with CONFIG_KPROBES) or fentry (BTF trampolines, Linux 5.5), and "
                "this kernel (%s) allows neither", u->provider, u->name, u->what, u->where, release);
  else
    diag_error ("%s:::%s is not available: no tracepoint fires where %s, and sdtkit does not yet "
                "place the kprobe or fentry on %s it needs (Linux %s)", u->provider, u->name, u->what,
                u->where, release);
}

/* K can fire on this kernel: a tracepoint probe, or kprobes there. */
static bool
available (const struct kernel_probe_def *k)
{
  return !k->kprobes || kernel_feature (KF_KPROBE_PMU);
}

/* The one line that refuses K, a kprobe probe on a kernel without them. */
static void
refuse_no_kprobes (const struct kernel_probe_def *k)
{
  struct utsname un;
  diag_error ("%s:::%s is not available: no tracepoint fires where %s; it needs a kprobe on %s "
              "(a kernel built with CONFIG_KPROBES), which this kernel (%s) lacks", k->provider,
              k->name, k->what, k->kprobes[0], uname (&un) == 0 ? un.release : "unknown");
}

int
kernel_probes_refuse_missing (const struct probe_desc *descs, size_t ndescs)
{
  for (size_t k = 0; k < ndescs; k++)
    {
      bool fired = false;
      for (size_t i = 0; i < NTABLE && !fired; i++)
        fired = available (&table[i]) && kernel_probe_match (table[i].kind, &descs[k]);
      for (size_t i = 0; i < NTABLE && !fired; i++)
        if (kernel_probe_match (table[i].kind, &descs[k]))
          {
            refuse_no_kprobes (&table[i]);
            return -1;
          }
      for (size_t i = 0; i < NUNFIRED && !fired; i++)
        if (unfired_match (&unfired[i], &descs[k]))
          {
            refuse_unfired (&unfired[i]);
            return -1;
          }
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
      if (m && available (&table[i]))
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

int
kernel_probe_attach_kprobes (enum kernel_probe kind, int prog_fd, int **fds, size_t *nfds)
{
  const struct kernel_probe_def *k = kernel_probe_def (kind);
  size_t cap = 0;
  int err = ENOENT;
  *fds = NULL;
  *nfds = 0;
  for (size_t i = 0; k->kprobes[i]; i++)
    {
      int fd = perf_kprobe_attach (k->kprobes[i], k->at_return, prog_fd);
      if (fd >= 0)
        VEC_PUSH (*fds, *nfds, cap) = fd;
      else if (i == 0)
        err = errno;
    }
  if (*nfds > 0)
    return 0;
  diag_error ("could not enable tracing: cannot place a kprobe on %s for %s:::%s: %s", k->kprobes[0],
              k->provider, k->name, strerror (err));
  return -1;
}

/* A row of the listing: each provider's probes together (proc, sched, io,
 * lockstat), by name, the ones no tracepoint marks among them. */
struct listed_row {
  const char *provider, *name;
};

static int
provider_rank (const char *p)
{
  return strcmp (p, "proc") == 0 ? 0 : strcmp (p, "sched") == 0 ? 1 : strcmp (p, "io") == 0 ? 2 : 3;
}

static int
by_provider_name (const void *a, const void *b)
{
  const struct listed_row *x = a, *y = b;
  int c = provider_rank (x->provider) - provider_rank (y->provider);
  return c ? c : strcmp (x->name, y->name);
}

void
kernel_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  struct listed_row rows[NTABLE + NUNFIRED];
  size_t n = 0;
  for (size_t i = 0; i < NTABLE; i++)
    {
      bool m = ndescs == 0;     /* plain -l: all */
      for (size_t j = 0; j < ndescs && !m; j++)
        m = kernel_probe_match (table[i].kind, &descs[j]);
      if (m)
        rows[n++] = (struct listed_row) { table[i].provider, table[i].name };
    }
  for (size_t i = 0; i < NUNFIRED; i++)
    {
      bool m = ndescs == 0;
      for (size_t j = 0; j < ndescs && !m; j++)
        m = unfired_match (&unfired[i], &descs[j]);
      if (m)
        rows[n++] = (struct listed_row) { unfired[i].provider, unfired[i].name };
    }
  qsort (rows, n, sizeof rows[0], by_provider_name);
  for (size_t i = 0; i < n; i++)
    {
      struct listed_probe lp = { LISTED_KERNEL, rows[i].provider, "vmlinux", "", rows[i].name, NULL, 0,
                                 NULL, kernel_argtypes_find (rows[i].provider, rows[i].name) };
      probe_list_print (pl, &lp);
    }
}
