/* SPDX-License-Identifier: MIT */
/*
 * attach-providers.c — the programs of the pid, syscall, profile-N, proc
 * and sched probes (probes/providers.h): one per group of probes enabling the same
 * clauses, generated and loaded here, then handed to the provider's attach.
 * A syscall group's program reads its own call-number map, which the load
 * names MAP_SYSCALL_SITES.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "consumer/probes/providers.h"
#include "consumer/runtime/runtime-int.h"
#include "common/vec.h"
#include "common/xalloc.h"

static void
keep_prog (struct runtime *rt, int fd)
{
  VEC_PUSH (rt->prog_fds, rt->nprog_fds, rt->prog_fds_cap) = fd;
}

/* Generate and load a program for probe DP's clauses, with MAPS. */
static int
load_for (struct runtime *rt, const struct map_table *maps, const struct dprobe *dp, unsigned probe_id,
          const char *name)
{
  int fd = loader_program (&rt->cg, maps, rt->opt->verbose, dp->kind, probe_id, dp, name);
  if (fd >= 0)
    keep_prog (rt, fd);
  return fd;
}

/* One group, the one of probe I. */
static int
attach_group (struct runtime *rt, bool *done, size_t i, enum uprobe_mode mode)
{
  struct dprog *p = &rt->prog;
  struct dprobe *dp = &p->probes[i];
  char name[32];
  snprintf (name, sizeof name, "dt_p%u", (unsigned) (i % 100000));
  if (dp->kind == PK_PID)
    {
      /* pid probes are attached with their pid: when the kernel filters
       * those links, the program needs no tgid check */
      rt->cg.pid_scoped = mode == UPROBE_MODE_PERF || uprobe_features ()->multi_pid_filter;
      int fd = load_for (rt, &rt->maps, dp, 0, name);
      rt->cg.pid_scoped = false;
      if (fd < 0)
        return -1;
      return providers_attach_pid (rt->prov, p->probes, p->nprobes, done, i, fd, mode);
    }
  if (dp->kind == PK_SYSCALL_ENTRY || dp->kind == PK_SYSCALL_RETURN)
    {
      int map = providers_syscall_map (rt->prov, p->probes, p->nprobes, done, i);
      if (map < 0)
        return -1;
      struct map_table maps = rt->maps;   /* the runtime's maps and this group's calls */
      maps.fixed[MAP_SYSCALL_SITES] = map;
      int fd = load_for (rt, &maps, dp, 0, name);
      if (fd < 0)
        return -1;
      return providers_attach_syscall (rt->prov, dp->kind, fd);
    }
  if (dp->kind == PK_PROFILE)
    {
      done[i] = true;
      int fd = load_for (rt, &rt->maps, dp, dp->id, name);
      if (fd < 0)
        return -1;
      return providers_attach_profile (rt->prov, dp, fd);
    }
  if (dp->kind == PK_KERNEL)
    {
      /* one program per probe: the codegen shapes it by dp->kern; an fbt
       * function whose program the kernel refuses was warned about */
      done[i] = true;
      struct map_table maps = rt->maps;
      if (dp->begin_type)
        {
          /* lockstat: each thread's wait (its start and flags), the
           * program's own; the program keeps it alive */
          maps.fixed[MAP_LOCK_WAITS] = bpf_map_create (BPF_MAP_TYPE_HASH, "dt_lockwaits", 4, 16, 16384, NULL);
          if (maps.fixed[MAP_LOCK_WAITS] < 0)
            {
              diag_error ("could not enable tracing: cannot make the lockstat map: %s", strerror (errno));
              return -1;
            }
        }
      int fd = load_for (rt, &maps, dp, dp->id, name);
      if (dp->begin_type)
        close (maps.fixed[MAP_LOCK_WAITS]);
      if (fd < 0)
        return dp->kern == KP_FBT_ENTRY || dp->kern == KP_FBT_RETURN ? 0 : -1;
      return providers_attach_kernel (rt->prov, dp, fd);
    }
  return 0;
}

/* Does DP fire after another probe on the same tracepoint, in DTrace's
 * order?  A new process fires start, followed by lwp-start; its last
 * thread lwp-exit, followed by exit.  Programs on one tracepoint run in
 * the order they were attached, so these are attached last. */
static bool
fires_second (const struct dprobe *dp)
{
  return dp->kind == PK_KERNEL && (dp->kern == KP_PROC_LWP_START || dp->kern == KP_PROC_EXIT);
}

int
attach_providers (struct runtime *rt, enum uprobe_mode mode)
{
  struct dprog *p = &rt->prog;
  bool *done = xcalloc (p->nprobes ? p->nprobes : 1, sizeof *done);
  int rc = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < p->nprobes && rc == 0; i++)
      if (!done[i] && p->probes[i].nclauses != 0 && fires_second (&p->probes[i]) == (pass == 1))
        rc = attach_group (rt, done, i, mode);
  free (done);
  return rc;
}
