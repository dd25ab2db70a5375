/* SPDX-License-Identifier: MIT */
/*
 * load.c — programs generated, loaded and attached: BEGIN and END (run
 * once with BPF_PROG_TEST_RUN), one per profile:::tick-N (run by the event
 * loop), the providers' own, ERROR, and for USDT one program per group of
 * probes with the same clause list, per class of sites (sites.c), attached
 * to the group's unique sites.  BEGIN runs before anything is attached.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "consumer/probes/providers.h"
#include "consumer/runtime/cpu-topology.h"
#include "consumer/probes/arch-regs.h"
#include "consumer/probes/fbt-probes.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/runtime/runtime-int.h"
#include "consumer/runtime/task-offsets.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

static void
run_with_args (int fd, uint64_t args[8])
{
  if (fd < 0)
    return;
  LIBBPF_OPTS (bpf_test_run_opts, o, .ctx_in = args, .ctx_size_in = 8 * sizeof args[0]);
  if (bpf_prog_test_run_opts (fd, &o) != 0)
    diag_error ("failed to run a BEGIN/END/tick program: %s", strerror (errno));
}

void
run_once (int fd)
{
  uint64_t args[8] = { 0 };
  run_with_args (fd, args);
}

/* A tick-N probe fires from this process, when its time comes: the code it
 * interrupts is ours, in user mode, so arg0 (the kernel pc) is 0 and arg1
 * (the user pc) is the caller's return address, as a profile sample taken
 * there would give. */
void
run_tick (int fd)
{
  uint64_t args[8] = { 0, (uint64_t) (uintptr_t) __builtin_return_address (0) };
  run_with_args (fd, args);
}

/* The kernel's part of the compiler's target description (dprog.h struct
 * dtarget), once the attach mode is known.  task_struct's layout comes
 * from the kernel's BTF, a 5 MB parse (60 ms): only for a program that
 * reads execname, ppid or vtimestamp, or enables a proc or sched probe. */
static void
set_target (struct dtarget *t, enum uprobe_mode mode, bool reads_task, bool reads_topology)
{
  t->uprobe_attach_type = uprobe_prog_expected_attach_type (mode);
  t->uprobe_multi = t->uprobe_attach_type == UPROBE_BPF_TRACE_UPROBE_MULTI;
  t->multi_pid_filter = kernel_feature (KF_MULTI_PID_FILTER);
  t->sleepable = mode == UPROBE_MODE_MULTI && kernel_feature (KF_SLEEPABLE_UPROBE)
                 && !getenv ("SDTKIT_NO_SLEEPABLE");
  t->no_attach_cookie = !kernel_feature (KF_ATTACH_COOKIE);
  t->no_gotol = !kernel_feature (KF_GOTOL);
  t->syscall_nr_off = arch_abi_native ()->syscall_nr;
  const struct arch_abi *abi = arch_abi_native ();
  for (unsigned k = 0; k < 6; k++)
    t->kprobe_args[k] = k < abi->ncall_args ? abi->call_args[k] : 0;
  t->kprobe_ret = abi->call_ret;
  t->no_atomic_fetch = !kernel_feature (KF_ATOMIC_FETCH);
  t->no_task_pt_regs = !kernel_feature (KF_TASK_PT_REGS);
  t->may_goto = kernel_has_may_goto ();
  struct timespec mono, real;
  clock_gettime (CLOCK_MONOTONIC, &mono);
  clock_gettime (CLOCK_REALTIME, &real);
  t->walltime_offset_ns = ((int64_t) real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
  if (reads_topology)
    cpu_topology_read (&t->cpu_chip, &t->cpu_node, &t->ncpus);
  if (!reads_task)
    return;
  task_offsets_find (&t->task_group_leader_off, &t->task_comm_off);
  task_offsets_find_parent (&t->task_real_parent_off, &t->task_tgid_off);
  t->task_exec_runtime_off = task_offsets_exec_runtime ();
  struct task_kernel_offsets k;
  task_offsets_kernel (&k);
  t->task_pid_off = k.pid;
  t->task_signal_off = k.signal;
  t->task_exit_code_off = k.exit_code;
  t->task_state_off = k.state;
  t->task_state_size = k.state_size;
  t->signal_live_off = k.signal_live;
  t->task_prio_off = k.prio;
  t->task_normal_prio_off = k.normal_prio;
  t->task_cpu_off = k.cpu;
  t->binprm_p_off = k.binprm_p;
  t->binprm_argc_off = k.binprm_argc;
}

/* Does the program enable a proc or sched probe (which read task_struct)? */
static bool
has_kernel_probes (const struct dprog *p)
{
  for (size_t i = 0; i < p->nprobes; i++)
    if (p->probes[i].kind == PK_KERNEL && p->probes[i].nclauses)
      return true;
  return false;
}

/* Does the program enable an fbt probe? */
static bool
has_fbt_probes (const struct dprog *p)
{
  for (size_t i = 0; i < p->nprobes; i++)
    if (p->probes[i].kind == PK_KERNEL && p->probes[i].nclauses
        && (p->probes[i].kern == KP_FBT_ENTRY || p->probes[i].kern == KP_FBT_RETURN))
      return true;
  return false;
}

/* The program of the special probe rt->prog.probes[I] (BEGIN, END or
 * ERROR), loaded into *FD when the probe has clauses (*FD is left alone
 * when it has none).  Returns 0, or -1 when loading failed. */
static int
load_special (struct runtime *rt, size_t i, enum probe_kind kind, unsigned id, const char *name, int *fd)
{
  const struct dprobe *probe = &rt->prog.probes[i];
  if (!probe->nclauses)
    return 0;
  *fd = loader_program (&rt->cg, &rt->maps, rt->opt->verbose, kind, id, probe, name);
  return *fd < 0 ? -1 : 0;
}

int
load_and_attach (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  rt->begin_fd = rt->end_fd = -1;
  enum uprobe_mode mode = uprobe_mode_resolve (UPROBE_MODE_AUTO);
  set_target (&p->target, mode, p->reads_task || has_kernel_probes (p), p->reads_topology);
  p->target.fbt_kprobe = has_fbt_probes (p) && fbt_kprobes ();
  bool kfilter = mode == UPROBE_MODE_PERF || uprobe_features ()->multi_pid_filter;
  if (load_special (rt, 0, PK_BEGIN, PROBE_ID_BEGIN, "dtrace_BEGIN", &rt->begin_fd) != 0
      || load_special (rt, 1, PK_END, PROBE_ID_END, "dtrace_END", &rt->end_fd) != 0)
    return -1;
  for (size_t i = 3; i < p->nprobes; i++)
    if (p->probes[i].kind == PK_TICK && p->probes[i].nclauses)
      {
        int fd = loader_program (&rt->cg, &rt->maps, rt->opt->verbose, PK_TICK, p->probes[i].id, &p->probes[i],
                                  "dtrace_tick");
        if (fd < 0)
          return -1;
        VEC_PUSH (rt->ticks, rt->nticks, rt->ticks_cap) = (struct tick) { fd, p->probes[i].tick_ns, 0 };
      }
  /* BEGIN fires before any other probe can (DTrace enables every probe but
   * lets none fire until BEGIN has run): run it before attaching */
  run_once (rt->begin_fd);
  if (rt->prov && attach_providers (rt, mode) != 0)
    return -1;
  if (load_special (rt, 2, PK_ERROR, PROBE_ID_ERROR, "dtrace_ERROR", &rt->error_fd) != 0)
    return -1;
  if (!rt->have_usdt)
    return 0;

  /* Group probes by their clause lists: one program per group, attached to
   * the group's unique sites. */
  bool *done = xcalloc (p->nprobes, sizeof *done);
  rt->att = uprobe_attachment_new ();
  int rc = 0;
  for (size_t i = 3; i < p->nprobes && rc == 0; i++)
    {
      if (done[i] || p->probes[i].nclauses == 0 || p->probes[i].kind != PK_USDT)
        continue;
      struct uprobe_site *sites = NULL;
      size_t nsites = 0, sites_cap = 0;
      bool *taken = xcalloc (rt->usdt.nusites ? rt->usdt.nusites : 1, sizeof *taken);
      for (size_t j = i; j < p->nprobes; j++)
        {
          if (done[j] || p->probes[j].kind != PK_USDT || p->probes[j].nclauses != p->probes[i].nclauses
              || memcmp (p->probes[j].clauses, p->probes[i].clauses,
                         p->probes[i].nclauses * sizeof *p->probes[i].clauses) != 0)
            continue;
          done[j] = true;
          const struct usdt_probe *u = p->probes[j].sites;
          for (size_t s = 0; s < u->nsites; s++)
            {
              size_t us = u->sites[s].usite;
              if (taken[us])
                continue;
              taken[us] = true;
              VEC_PUSH (sites, nsites, sites_cap) = rt->usdt.usites[us];
            }
        }
      free (taken);
      char name[32];
      snprintf (name, sizeof name, "dt_p%u", (unsigned) (i % 100000));
      /* every probe of the group is some process's (provPID, -p/-c): when
       * the kernel filters links by pid, attach per process and leave the
       * tgid check out */
      bool scoped = kfilter;
      for (size_t j = i; j < p->nprobes && scoped; j++)
        if (done[j] && p->probes[j].kind == PK_USDT && same_group (&p->probes[j], &p->probes[i]))
          {
            const struct usdt_probe *u = p->probes[j].sites;
            /* `prov*:::`: by file, for the processes that map it later too */
            scoped = u->pid > 0 && !u->by_file;
          }
      rt->cg.pid_scoped = scoped;
      /* one program per class of sites with the same argument registers */
      size_t *cls = xcalloc (nsites ? nsites : 1, sizeof *cls);
      size_t ncls = site_arg_classes (rt, sites, nsites, cls);
      struct uprobe_site *sub = xcalloc (nsites ? nsites : 1, sizeof *sub);
      bool *allowed = xcalloc (rt->usdt.nusites ? rt->usdt.nusites : 1, sizeof *allowed);
      for (size_t c = 0; c < ncls && rc == 0; c++)
        {
          size_t nsub = 0;
          memset (allowed, 0, (rt->usdt.nusites ? rt->usdt.nusites : 1) * sizeof *allowed);
          for (size_t s = 0; s < nsites; s++)
            if (cls[s] == c)
              {
                sub[nsub++] = sites[s];
                allowed[sites[s].cookie] = true;
              }
          group_fixed_args (rt, sub, nsub);
          int fd = loader_program (&rt->cg, &rt->maps, rt->opt->verbose, PK_USDT, 0, &p->probes[i], name);
          rt->cg.fixed_args = 0;
          rt->cg.fixed_probe_id = 0;
          if (fd < 0)
            rc = -1;
          else
            {
              VEC_PUSH (rt->prog_fds, rt->nprog_fds, rt->prog_fds_cap) = fd;
              struct uprobe_attach_opts ao = { mode, false, 0 };
              if (scoped)
                rc = attach_group_per_pid (rt, i, fd, mode, allowed);
              else if (uprobe_attach (rt->att, fd, sub, nsub, &ao) != 0)
                rc = -1;
            }
        }
      rt->cg.pid_scoped = false;
      FREE_ALL (allowed, sub, cls, sites);
    }
  free (done);
  return rc;
}
