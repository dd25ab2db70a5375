/* SPDX-License-Identifier: MIT */
/*
 * providers.c — the pid, syscall and profile-N providers for the runtime
 * (see providers.h).
 *
 * Programs (generated and loaded by runtime/attach-providers.c): one per
 * group of probes enabling the same clauses (in program order), as for
 * USDT.  pid groups attach entry/offset sites and return sites
 * (uretprobes) of each process with the same program; syscall groups
 * attach to sys_enter or sys_exit with their own call-number map; a
 * profile-N probe attaches to a CPU-clock event on every CPU.
 */
#include "consumer/probes/providers.h"
#include "consumer/probes/fbt-probes.h"
#include "consumer/probes/sdt-probes.h"
#include "consumer/probes/kernel-probes.h"
#include "consumer/probes/pid-probes.h"
#include "consumer/probes/profile-probes.h"
#include "consumer/probes/syscall-probes.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

struct providers {
  struct pid_probe_list pid;
  bool have_pid;
  size_t nsys;
  struct syscall_probe *sys;
  unsigned base;                /* sites-map index of pid probe 0 */
  struct uprobe_attachment *att;
  int *fds;                     /* raw tracepoint links, perf events, syscall maps */
  size_t nfds, fds_cap;
};

struct providers *
providers_new (void)
{
  return xcalloc (1, sizeof (struct providers));
}

struct uprobe_attachment *
providers_take_uprobe_links (struct providers *pv)
{
  return pv ? TAKE (pv->att) : NULL;
}

void
providers_detach (struct providers *pv)
{
  if (!pv)
    return;
  if (pv->att)
    uprobe_detach (pv->att);
  pv->att = NULL;
  for (size_t i = 0; i < pv->nfds; i++)
    close (pv->fds[i]);
  VEC_CLEAR (pv->fds, pv->nfds, pv->fds_cap);
}

void
providers_free (struct providers *pv)
{
  if (!pv)
    return;
  providers_detach (pv);
  if (pv->have_pid)
    pid_probe_list_free (&pv->pid);
  free (pv->sys);
  free (pv);
  fbt_forget ();
  sdt_forget ();
}

bool
providers_desc_exclusive (const struct probe_desc *d)
{
  return pid_desc_pid (d) != 0 || syscall_desc_exclusive (d) || profile_desc_exclusive (d)
         || kernel_desc_exclusive (d) || fbt_desc_exclusive (d)
         || sdt_desc_exclusive (d);
}

/* The probe table being appended to. */
struct table {
  struct dprobe **probes;
  size_t *nprobes;
};

static struct dprobe *
new_probe (struct table *p, enum probe_kind kind, const char *prov, const char *mod,
           const char *func, const char *name)
{
  if (*p->nprobes % 64 == 0)
    *p->probes = xrealloc (*p->probes, (*p->nprobes + 64) * sizeof **p->probes);
  struct dprobe *dp = &(*p->probes)[*p->nprobes];
  memset (dp, 0, sizeof *dp);
  dp->id = (unsigned) *p->nprobes + 1;
  dp->kind = kind;
  dp->prov = xstrdup (prov);
  dp->mod = xstrdup (mod);
  dp->func = xstrdup (func);
  dp->name = xstrdup (name);
  (*p->nprobes)++;
  return dp;
}

/* The sdt probes the descriptions name, each with its fields. */
static int
add_sdt_probes (struct table *p, const struct probe_desc *descs, size_t nd)
{
  struct sdt_probe *sp;
  long ns = sdt_probes_find (descs, nd, &sp);
  if (ns < 0)
    return -1;
  if (ns > SDT_MAX_ENABLED)
    {
      diag_error ("the sdt descriptions match %ld probes: at most %d can be enabled at once "
                  "(each is its own program and perf event); name fewer tracepoints", ns, SDT_MAX_ENABLED);
      free (sp);
      return -1;
    }
  for (long i = 0; i < ns; i++)
    {
      const struct sdt_layout *l = sdt_layout (sp[i].group, sp[i].name);
      if (!l)
        {
          diag_error ("the sdt probe sdt:%s::%s has no readable format file in tracefs", sp[i].group, sp[i].name);
          free (sp);
          return -1;
        }
      struct dprobe *dp = new_probe (p, PK_KERNEL, "sdt", sp[i].group, "", sp[i].name);
      dp->kern = KP_SDT;
      dp->sdt = l;
    }
  free (sp);
  return 0;
}

int
providers_resolve (struct providers *pv, struct dprobe **probes, size_t *nprobes,
                   const struct probe_desc *descs, size_t nd, const struct usdt_proc *procs,
                   size_t nprocs)
{
  struct table t = { probes, nprobes }, *p = &t;
  /* new_probe grows the array in steps of 64: make the size a multiple */
  *probes = xrealloc (*probes, ((*nprobes + 63) / 64 * 64 + 64) * sizeof **probes);

  bool any_pid = false;
  for (size_t i = 0; i < nd; i++)
    any_pid |= pid_desc_pid (&descs[i]) != 0;
  if (any_pid)
    {
      if (pid_probes_find (descs, nd, procs, nprocs, &pv->pid) != 0)
        {
          pid_probe_list_free (&pv->pid);
          return -1;
        }
      pv->have_pid = true;
      for (size_t i = 0; i < pv->pid.nprobes; i++)
        {
          const struct pid_probe *pp = &pv->pid.probes[i];
          struct dprobe *dp = new_probe (p, PK_PID, pp->provider, pp->file->module, pp->function, pp->name);
          dp->sites = (void *) pp;
        }
    }

  pv->nsys = syscall_probes_find (descs, nd, &pv->sys);
  for (size_t i = 0; i < pv->nsys; i++)
    {
      struct dprobe *dp = new_probe (p, pv->sys[i].is_return ? PK_SYSCALL_RETURN : PK_SYSCALL_ENTRY,
                                     "syscall", "vmlinux", pv->sys[i].name,
                                     pv->sys[i].is_return ? "return" : "entry");
      dp->sites = &pv->sys[i];
    }

  char **names;
  size_t nn = profile_names_find (descs, nd, &names);
  for (size_t i = 0; i < nn; i++)
    {
      struct dprobe *dp = new_probe (p, PK_PROFILE, "profile", "", "", names[i]);
      dp->tick_ns = profile_interval (names[i], "profile");
      free (names[i]);
    }
  free (names);

  if (kernel_probes_refuse_missing (descs, nd) != 0)
    return -1;
  enum kernel_probe *kern;
  size_t nk = kernel_probes_find (descs, nd, &kern);
  for (size_t i = 0; i < nk; i++)
    {
      const struct kernel_probe_def *k = kernel_probe_def (kern[i]);
      const struct sdt_layout *l = k->group ? sdt_layout (k->group, k->tracepoint) : NULL;
      long begin = k->since && l ? sdt_event_id ("lock", "contention_begin") : 0;
      if (k->group && (!l || begin < 0))
        {
          struct utsname u;
          if (k->since)
            diag_error ("%s:::%s needs Linux %s or later (the tracepoints %s:%s and contention_begin); "
                        "this kernel is %s", k->provider, k->name, k->since, k->group, k->tracepoint,
                        uname (&u) == 0 ? u.release : "unknown");
          else
            diag_error ("%s:::%s needs the kernel's tracepoint %s:%s, which this kernel lacks or tracefs "
                        "(/sys/kernel/tracing) does not show", k->provider, k->name, k->group, k->tracepoint);
          free (kern);
          return -1;
        }
      struct dprobe *dp = new_probe (p, PK_KERNEL, k->provider, "vmlinux", "", k->name);
      dp->kern = kern[i];
      dp->sdt = l;
      dp->begin_type = (uint32_t) begin;
    }
  free (kern);

  struct fbt_probe *fbt;
  long nf = fbt_probes_find (descs, nd, &fbt);
  if (nf < 0)
    return -1;
  if (nf > FBT_MAX_ENABLED)
    {
      diag_error ("the fbt descriptions match %ld probes: at most %d can be enabled at once "
                  "(each is its own program and link); name fewer functions", nf, FBT_MAX_ENABLED);
      free (fbt);
      return -1;
    }
  for (long i = 0; i < nf; i++)
    {
      struct dprobe *dp = new_probe (p, PK_KERNEL, "fbt", "vmlinux", fbt[i].name,
                                     fbt[i].is_return ? "return" : "entry");
      dp->kern = fbt[i].is_return ? KP_FBT_RETURN : KP_FBT_ENTRY;
      dp->btf_id = fbt[i].btf_id;
      dp->nargs = fbt[i].nargs;
      memcpy (dp->widths, fbt[i].widths, sizeof dp->widths);
    }
  free (fbt);
  return add_sdt_probes (p, descs, nd);
}

bool
providers_probe_match (const struct dprobe *dp, const struct probe_desc *d)
{
  switch (dp->kind)
    {
    case PK_PID:
      return pid_probe_match (dp->sites, d);
    case PK_SYSCALL_ENTRY:
    case PK_SYSCALL_RETURN:
      return syscall_probe_match (dp->sites, d);
    case PK_PROFILE:
      return probe_field_match (d->provider, "profile") && probe_field_match (d->module, "")
             && probe_field_match (d->function, "") && d->name[0] && probe_field_match (d->name, dp->name);
    case PK_KERNEL:
      if (dp->kern == KP_FBT_ENTRY || dp->kern == KP_FBT_RETURN)
        {
          struct fbt_probe fp = { dp->func, dp->btf_id, dp->nargs, dp->kern == KP_FBT_RETURN, { 0 } };
          return fbt_probe_match (&fp, d);
        }
      if (dp->kern == KP_SDT)
        return sdt_probe_match (dp->mod, dp->name, d);
      return kernel_probe_match (dp->kern, d);
    default:
      return false;
    }
}

size_t
providers_nsites (const struct providers *pv)
{
  return pv->have_pid ? pv->pid.nprobes : 0;
}

void
providers_fill_sites (struct providers *pv, const struct dprobe *probes, size_t nprobes, int sites_fd,
                      unsigned base)
{
  pv->base = base;
  for (size_t i = 0; i < nprobes; i++)
    {
      const struct dprobe *dp = &probes[i];
      if (dp->kind != PK_PID)
        continue;
      const struct pid_probe *pp = dp->sites;
      struct site_spec spec;
      pid_site_spec (pp, dp->id, &spec);
      uint32_t key = base + (uint32_t) (pp - pv->pid.probes);
      bpf_map_update_elem (sites_fd, &key, &spec, BPF_ANY);
    }
}

static bool
same_clauses (const struct dprobe *a, const struct dprobe *b)
{
  return a->nclauses == b->nclauses
         && memcmp (a->clauses, b->clauses, a->nclauses * sizeof *a->clauses) == 0;
}

static void
keep_fd (struct providers *pv, int fd)
{
  VEC_PUSH (pv->fds, pv->nfds, pv->fds_cap) = fd;
}

/* One pid group: sites of each process, entry/offset and return apart. */
static bool
pid_member (const struct dprobe *probes, size_t j, size_t first, int ret)
{
  if (probes[j].kind != PK_PID || !same_clauses (&probes[j], &probes[first]))
    return false;
  const struct pid_probe *pp = probes[j].sites;
  return (pp->type == PIDP_RETURN) == (ret == 1);
}

int
providers_attach_pid (struct providers *pv, const struct dprobe *probes, size_t nprobes, bool *done,
                      size_t first, int prog_fd, enum uprobe_mode mode)
{
  if (!pv->att)
    pv->att = uprobe_attachment_new ();
  bool *handled = xcalloc (nprobes, sizeof *handled);
  int rc = 0;
  for (int ret = 0; ret < 2 && rc == 0; ret++)
    for (size_t j = first; j < nprobes && rc == 0; j++)
      {
        if (handled[j] || !pid_member (probes, j, first, ret))
          continue;
        pid_t pid = ((const struct pid_probe *) probes[j].sites)->pid;
        struct uprobe_site *sites = NULL;
        size_t nsites = 0, cap = 0;
        for (size_t k = j; k < nprobes; k++)
          {
            const struct pid_probe *pp = probes[k].sites;
            if (handled[k] || !pid_member (probes, k, first, ret) || pp->pid != pid)
              continue;
            handled[k] = done[k] = true;
            bool dup = false;
            for (size_t s = 0; s < nsites && !dup; s++)
              dup = sites[s].dev == pp->file->dev && sites[s].ino == pp->file->ino
                    && sites[s].offset == pp->offset;
            if (dup)
              continue;
            VEC_PUSH (sites, nsites, cap) = (struct uprobe_site) {
              pp->file->path, pp->file->dev, pp->file->ino, pp->offset, 0,
              pv->base + (uint64_t) (pp - pv->pid.probes) };
          }
        struct uprobe_attach_opts ao = { mode, ret == 1, pid };
        if (uprobe_attach (pv->att, prog_fd, sites, nsites, &ao) != 0 && !(pid > 0 && errno == ESRCH))
          rc = -1;                /* (a process that has exited is not an error) */
        free (sites);
      }
  free (handled);
  return rc;
}

int
providers_syscall_map (struct providers *pv, const struct dprobe *probes, size_t nprobes, bool *done,
                       size_t first)
{
  const struct dprobe *dp = &probes[first];
  size_t n = 0;
  for (size_t j = first; j < nprobes; j++)
    if (probes[j].kind == dp->kind && same_clauses (&probes[j], dp))
      n++;
  LIBBPF_OPTS (bpf_map_create_opts, mo);
  int map = bpf_map_create (BPF_MAP_TYPE_HASH, "dt_syscalls", 4, sizeof (struct site_spec),
                            (unsigned) n, &mo);
  if (map < 0)
    {
      diag_error ("could not enable tracing: cannot create BPF map dt_syscalls: %s", strerror (errno));
      return -1;
    }
  keep_fd (pv, map);
  for (size_t j = first; j < nprobes; j++)
    if (probes[j].kind == dp->kind && same_clauses (&probes[j], dp))
      {
        const struct syscall_probe *sp = probes[j].sites;
        struct site_spec spec;
        syscall_site_spec (sp, probes[j].id, &spec);
        uint32_t key = (uint32_t) sp->nr;
        bpf_map_update_elem (map, &key, &spec, BPF_ANY);
        done[j] = true;
      }
  return map;
}

int
providers_attach_syscall (struct providers *pv, enum probe_kind kind, int prog_fd)
{
  const char *tp = kind == PK_SYSCALL_ENTRY ? "sys_enter" : "sys_exit";
  int link = bpf_raw_tracepoint_open (tp, prog_fd);
  if (link < 0)
    {
      diag_error ("could not enable tracing: cannot attach to the raw tracepoint %s: %s", tp,
                  strerror (errno));
      return -1;
    }
  keep_fd (pv, link);
  return 0;
}

int
providers_attach_profile (struct providers *pv, const struct dprobe *dp, int prog_fd)
{
  int *fds = NULL;
  size_t nfds = 0;
  int rc = profile_attach (prog_fd, dp->tick_ns, &fds, &nfds);
  for (size_t i = 0; i < nfds; i++)
    keep_fd (pv, fds[i]);
  free (fds);
  return rc;
}

int
providers_attach_kernel (struct providers *pv, const struct dprobe *dp, int prog_fd)
{
  if (dp->kern == KP_SCHED_TICK)
    {
      int *fds = NULL;
      size_t nfds = 0;
      int rc = profile_attach (prog_fd, 1000000000ull / SCHED_TICK_HZ, &fds, &nfds);
      for (size_t i = 0; i < nfds; i++)
        keep_fd (pv, fds[i]);
      free (fds);
      return rc;
    }
  const struct kernel_probe_def *kd = kernel_probe_def (dp->kern);
  if (kd && kd->kprobes)
    {
      int *fds = NULL;
      size_t nfds = 0;
      int rc = kernel_probe_attach_kprobes (dp->kern, prog_fd, &fds, &nfds);
      for (size_t i = 0; i < nfds; i++)
        keep_fd (pv, fds[i]);
      free (fds);
      return rc;
    }
  bool fbt = dp->kern == KP_FBT_ENTRY || dp->kern == KP_FBT_RETURN;
  int link = fbt ? fbt_attach (dp->func, dp->kern == KP_FBT_RETURN, prog_fd)
             : dp->kern == KP_SDT ? sdt_attach (dp->mod, dp->name, prog_fd)
             : kernel_probe_attach (dp->kern, prog_fd);
  if (link < 0)
    return fbt ? 0 : -1;          /* an fbt function the kernel will not trace: warned */
  keep_fd (pv, link);
  if (dp->begin_type)
    {
      /* lockstat: the same program sees each wait's start too */
      link = sdt_attach ("lock", "contention_begin", prog_fd);
      if (link < 0)
        return -1;
      keep_fd (pv, link);
    }
  return 0;
}

int
providers_list (struct probe_lister *pl, const struct probe_desc *descs, size_t nd,
                const struct usdt_proc *procs, size_t nprocs)
{
  syscall_list_print (pl, descs, nd);
  profile_list_print (pl, descs, nd);
  kernel_list_print (pl, descs, nd);
  fbt_list_print (pl, descs, nd);
  fbt_forget ();
  sdt_list_print (pl, descs, nd);
  sdt_forget ();
  bool any_pid = false;
  for (size_t i = 0; i < nd; i++)
    any_pid |= pid_desc_pid (&descs[i]) != 0;
  if (!any_pid)
    return 0;
  struct pid_probe_list l;
  int rc = pid_probes_find (descs, nd, procs, nprocs, &l);
  if (rc == 0)
    pid_list_print (pl, &l);
  pid_probe_list_free (&l);
  return rc;
}
