/* SPDX-License-Identifier: MIT */
/*
 * fbt-probes.c — the fbt provider's functions from the kernel's BTF,
 * matching, listing and attachment (see fbt-probes.h).  The list is read
 * once per run (about 60 ms), sorted by name.
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/fbt-probes.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/probes/perf-link.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

struct fbt_function {
  char *name;
  uint32_t btf_id;
  unsigned nargs;
  uint8_t widths[7];
};

/* The width of type ID (fbt-probes.h FBT_SIGNED): integers and enums
 * their size and sign, everything else 8 bytes. */
static uint8_t
width_of (const struct btf *btf, uint32_t id)
{
  const struct btf_type *t = btf__type_by_id (btf, id);
  while (t && (btf_is_mod (t) || btf_is_typedef (t)))
    t = btf__type_by_id (btf, t->type);
  if (!t)
    return 8;
  if (btf_is_int (t) && (t->size == 1 || t->size == 2 || t->size == 4))
    return (uint8_t) (t->size | ((btf_int_encoding (t) & BTF_INT_SIGNED) ? FBT_SIGNED : 0));
  if (btf_is_enum (t) && (t->size == 1 || t->size == 2 || t->size == 4))
    return (uint8_t) t->size;
  return 8;
}

static struct {
  bool read;
  struct fbt_function *f;
  size_t n, cap;
} funcs;

/* Functions a probe's own program may run (BPF, its maps and ring buffer,
 * fault-safe copies, RCU, spin locks, interrupt work, the clocks, stack
 * unwinding, sanitizers...): an fbt program there could recurse into
 * itself or wait on a lock its own CPU holds.  Kernels before 5.12 do not
 * stop a trampoline's program from recursing, so these are not probes. */
static const char *const unsafe[] = {
  "*bpf*", "*map_lookup_elem*", "*map_update_elem*", "*map_delete_elem*", "htab_*", "__htab_*",
  "array_map_*", "*ringbuf*", "*_nofault*", "do_strncpy_from_user", "ktime_get*", "*irq_work*",
  "*rcu*", "migrate_*", "*preempt*", "*spin_lock*", "*spin_unlock*", "*spin_trylock*",
  "*queued_spin*", "*queued_*lock*", "lock_acquire*", "lock_release*", "lock_is_held*", "lockdep_*",
  "*stack_trace*", "unwind_*", "__unwind_*", "*callchain*", "__get_task_comm", "*strscpy*",
  "__task_pid_nr_ns", "*irqs_disabled*", "*irq_save*", "*irq_restore*", "trace_hardirqs_*",
  "*kasan*", "*asan*", "*ubsan*", "__sanitizer_*", "*kcsan*", "*kmsan*", "debug_smp_processor_id",
  "check_preemption_disabled", "__x86_*", "*send_sig*", "*send_signal*", "perf_*", "__perf_*",
  "*ftrace*", "arch_ftrace_*", "*trampoline*", "*text_poke*", "get_task_pid", "__task_pid*",
};

static bool
is_unsafe (const char *name)
{
  for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++)
    if (fnmatch (unsafe[i], name, 0) == 0)
      return true;
  return false;
}

static int
by_name (const void *a, const void *b)
{
  return strcmp (((const struct fbt_function *) a)->name, ((const struct fbt_function *) b)->name);
}

/* The traceable-looking functions: a FUNC with a prototype of at most 6
 * parameters, not variadic.  False when the kernel has no BTF. */
static bool
read_functions (void)
{
  if (funcs.read)
    return funcs.f != NULL;
  funcs.read = true;
  struct btf *btf = btf__load_vmlinux_btf ();
  if (!btf)
    return false;
  uint32_t n = btf__type_cnt (btf);
  for (uint32_t id = 1; id < n; id++)
    {
      const struct btf_type *t = btf__type_by_id (btf, id);
      if (!btf_is_func (t))
        continue;
      const struct btf_type *proto = btf__type_by_id (btf, t->type);
      if (!proto || !btf_is_func_proto (proto) || btf_vlen (proto) > 6)
        continue;
      const struct btf_param *p = btf_params (proto);
      unsigned np = btf_vlen (proto);
      if (np > 0 && p[np - 1].type == 0)
        continue;                       /* variadic */
      const char *name = btf__name_by_offset (btf, t->name_off);
      if (!name || !name[0] || is_unsafe (name))
        continue;
      struct fbt_function f = { xstrdup (name), id, np, { 0 } };
      for (unsigned k = 0; k < np; k++)
        f.widths[k] = width_of (btf, p[k].type);
      f.widths[6] = proto->type ? width_of (btf, proto->type) : 8;
      VEC_PUSH (funcs.f, funcs.n, funcs.cap) = f;
    }
  btf__free (btf);
  if (funcs.n)
    qsort (funcs.f, funcs.n, sizeof *funcs.f, by_name);
  /* a name BTF holds twice (static functions of several files): once */
  size_t w = 0;
  for (size_t i = 0; i < funcs.n; i++)
    if (w > 0 && strcmp (funcs.f[w - 1].name, funcs.f[i].name) == 0)
      free (funcs.f[i].name);
    else
      funcs.f[w++] = funcs.f[i];
  funcs.n = w;
  if (!funcs.f)
    funcs.f = xcalloc (1, sizeof *funcs.f);
  return true;
}

void
fbt_forget (void)
{
  for (size_t i = 0; i < funcs.n; i++)
    free (funcs.f[i].name);
  free (funcs.f);
  memset (&funcs, 0, sizeof funcs);
}

bool
fbt_probe_match (const struct fbt_probe *p, const struct probe_desc *d)
{
  return probe_field_match (d->provider, "fbt") && probe_field_match (d->module, "vmlinux")
         && probe_field_match (d->function, p->name)
         && probe_field_match (d->name, p->is_return ? "return" : "entry");
}

bool
fbt_desc_exclusive (const struct probe_desc *d)
{
  return strcmp (d->provider, "fbt") == 0;
}

long
fbt_probes_find (const struct probe_desc *descs, size_t ndescs, struct fbt_probe **out)
{
  size_t n = 0, cap = 0;
  *out = NULL;
  bool any = false;
  for (size_t k = 0; k < ndescs; k++)
    any |= probe_desc_names_provider (&descs[k], "fbt");
  if (!any)
    return 0;                           /* `:::entry` alone does not read BTF */
  if (!kernel_feature (KF_FENTRY) && !kernel_feature (KF_KPROBE_PMU))
    {
      struct utsname u;
      diag_error ("the fbt provider needs fentry/fexit programs (Linux %s, ftrace direct calls) or "
                  "kprobes (Linux %s, CONFIG_KPROBES); this kernel (%s) has neither",
                  kernel_feature_version (KF_FENTRY), kernel_feature_version (KF_KPROBE_PMU),
                  uname (&u) == 0 ? u.release : "unknown");
      return -1;
    }
  if (!read_functions ())
    {
      diag_error ("the fbt provider needs the kernel's BTF (/sys/kernel/btf/vmlinux), which this kernel lacks");
      return -1;
    }
  for (size_t i = 0; i < funcs.n; i++)
    for (int r = 0; r < 2; r++)
      {
        struct fbt_probe p = { funcs.f[i].name, funcs.f[i].btf_id, funcs.f[i].nargs, r == 1, { 0 } };
        memcpy (p.widths, funcs.f[i].widths, sizeof p.widths);
        bool m = false;
        for (size_t k = 0; k < ndescs && !m; k++)
          m = fbt_probe_match (&p, &descs[k]);
        if (m)
          VEC_PUSH (*out, n, cap) = p;
      }
  return (long) n;
}

bool
fbt_kprobes (void)
{
  return !kernel_feature (KF_FENTRY) && kernel_feature (KF_KPROBE_PMU);
}

int
fbt_attach (const char *func, bool is_return, int prog_fd)
{
  int link = fbt_kprobes () ? perf_kprobe_attach (func, is_return, prog_fd)
             : bpf_raw_tracepoint_open (NULL, prog_fd);
  if (link < 0)
    diag_warn ("fbt:vmlinux:%s:%s is not enabled: the kernel does not trace this function (%s)",
               func, is_return ? "return" : "entry", strerror (errno));
  return link;
}

void
fbt_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  struct fbt_probe *p;
  long n = ndescs ? fbt_probes_find (descs, ndescs, &p) : 0;   /* plain -l: not the 100,000 */
  if (n <= 0)
    return;
  for (long i = 0; i < n; i++)
    {
      struct listed_probe lp = { LISTED_KERNEL, "fbt", "vmlinux", p[i].name,
                                 p[i].is_return ? "return" : "entry", NULL, 0, NULL, NULL };
      probe_list_print (pl, &lp);
    }
  free (p);
}
