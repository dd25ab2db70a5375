/* SPDX-License-Identifier: MIT */
/*
 * task-offsets.c — struct task_struct's group_leader, comm, real_parent,
 * tgid and se.sum_exec_runtime offsets from the kernel's BTF, and for the
 * proc and sched providers pid, signal->live, exit_code, the state
 * (__state since Linux 5.14, state before) and the CPU (task-offsets.h).
 */
#include "consumer/runtime/task-offsets.h"

#include <bpf/btf.h>
#include <string.h>

/* The byte offset of member NAME of struct type T whose kind is KIND, or 0. */
static uint32_t
member_offset (const struct btf *btf, const struct btf_type *t, const char *name, unsigned kind)
{
  const struct btf_member *m = btf_members (t);
  for (unsigned i = 0; i < btf_vlen (t); i++, m++)
    {
      const char *mn = btf__name_by_offset (btf, m->name_off);
      if (!mn || strcmp (mn, name) != 0)
        continue;
      uint32_t bits = btf_member_bit_offset (t, i);
      const struct btf_type *mt = btf__type_by_id (btf, btf__resolve_type (btf, m->type));
      if (bits % 8 != 0 || !mt || btf_kind (mt) != kind)
        return 0;
      return bits / 8;
    }
  return 0;
}

/* Every offset this file finds, read once from the kernel's BTF. */
static struct {
  bool done;
  uint32_t leader, comm;                /* execname */
  uint32_t real_parent, tgid;           /* ppid */
  uint32_t se, sum_exec_runtime;        /* vtimestamp */
  struct task_kernel_offsets k;         /* proc, sched */
} found;

/* The task's CPU (task_cpu()): task_struct's own cpu before Linux 5.16,
 * then thread_info's, thread_info being task_struct's first member. */
static uint32_t
cpu_offset (const struct btf *btf, const struct btf_type *task)
{
  uint32_t off = member_offset (btf, task, "cpu", BTF_KIND_INT);
  if (off || btf_vlen (task) == 0)
    return off;
  const char *first = btf__name_by_offset (btf, btf_members (task)->name_off);
  int id = btf__find_by_name_kind (btf, "thread_info", BTF_KIND_STRUCT);
  const struct btf_type *ti = id > 0 ? btf__type_by_id (btf, (uint32_t) id) : NULL;
  if (!first || strcmp (first, "thread_info") != 0 || !ti)
    return 0;
  return member_offset (btf, ti, "cpu", BTF_KIND_INT);
}

/* The proc and sched providers' offsets (all or none). */
static void
find_kernel (const struct btf *btf, const struct btf_type *task)
{
  struct task_kernel_offsets *k = &found.k;
  k->pid = member_offset (btf, task, "pid", BTF_KIND_INT);
  k->signal = member_offset (btf, task, "signal", BTF_KIND_PTR);
  k->exit_code = member_offset (btf, task, "exit_code", BTF_KIND_INT);
  k->state = member_offset (btf, task, "__state", BTF_KIND_INT);
  k->state_size = 4;                    /* unsigned int __state */
  if (!k->state)
    {
      k->state = member_offset (btf, task, "state", BTF_KIND_INT);
      k->state_size = 8;                /* volatile long state */
    }
  int id = btf__find_by_name_kind (btf, "signal_struct", BTF_KIND_STRUCT);
  const struct btf_type *sig = id > 0 ? btf__type_by_id (btf, (uint32_t) id) : NULL;
  /* atomic_t live: a struct whose first member is the int counter */
  k->signal_live = sig ? member_offset (btf, sig, "live", BTF_KIND_STRUCT) : 0;
  if (!k->pid || !k->signal || !k->exit_code || !k->state || !k->signal_live)
    memset (k, 0, sizeof *k);
  /* exec-success's arguments: linux_binprm's p (the user address of the
   * argument strings once the new stack is set up) and argc */
  id = btf__find_by_name_kind (btf, "linux_binprm", BTF_KIND_STRUCT);
  const struct btf_type *bprm = id > 0 ? btf__type_by_id (btf, (uint32_t) id) : NULL;
  k->prio = member_offset (btf, task, "prio", BTF_KIND_INT);
  k->normal_prio = member_offset (btf, task, "normal_prio", BTF_KIND_INT);
  if (!k->prio || !k->normal_prio)
    k->prio = k->normal_prio = 0;
  k->cpu = cpu_offset (btf, task);
  k->binprm_p = bprm ? member_offset (btf, bprm, "p", BTF_KIND_INT) : 0;
  k->binprm_argc = bprm ? member_offset (btf, bprm, "argc", BTF_KIND_INT) : 0;
  if (!k->binprm_p || !k->binprm_argc)
    k->binprm_p = k->binprm_argc = 0;
}

static void
find_all (void)
{
  if (found.done)
    return;
  found.done = true;
  struct btf *btf = btf__load_vmlinux_btf ();   /* NULL on error (libbpf 1.x) */
  if (!btf)
    return;
  int id = btf__find_by_name_kind (btf, "task_struct", BTF_KIND_STRUCT);
  const struct btf_type *t = id > 0 ? btf__type_by_id (btf, (uint32_t) id) : NULL;
  if (t)
    {
      found.leader = member_offset (btf, t, "group_leader", BTF_KIND_PTR);
      found.comm = member_offset (btf, t, "comm", BTF_KIND_ARRAY);
      found.real_parent = member_offset (btf, t, "real_parent", BTF_KIND_PTR);
      found.tgid = member_offset (btf, t, "tgid", BTF_KIND_INT);
      found.se = member_offset (btf, t, "se", BTF_KIND_STRUCT);
      find_kernel (btf, t);
    }
  int se_id = btf__find_by_name_kind (btf, "sched_entity", BTF_KIND_STRUCT);
  const struct btf_type *se = se_id > 0 ? btf__type_by_id (btf, (uint32_t) se_id) : NULL;
  if (se)
    found.sum_exec_runtime = member_offset (btf, se, "sum_exec_runtime", BTF_KIND_INT);
  if (!found.leader || !found.comm)
    found.leader = found.comm = 0;
  if (!found.real_parent || !found.tgid)
    found.real_parent = found.tgid = 0;
  if (!found.se || !found.sum_exec_runtime)
    found.se = found.sum_exec_runtime = 0;
  btf__free (btf);
}

void
task_offsets_find (uint32_t *leader, uint32_t *comm)
{
  find_all ();
  *leader = found.leader;
  *comm = found.comm;
}

void
task_offsets_find_parent (uint32_t *real_parent, uint32_t *tgid)
{
  find_all ();
  *real_parent = found.real_parent;
  *tgid = found.tgid;
}

uint32_t
task_offsets_exec_runtime (void)
{
  find_all ();
  return found.se ? found.se + found.sum_exec_runtime : 0;
}

void
task_offsets_kernel (struct task_kernel_offsets *out)
{
  find_all ();
  *out = found.k;
}
