/* SPDX-License-Identifier: MIT */
/*
 * syscall-probes.c — syscall provider probe matching and argument
 * locations (see syscall-probes.h).  The table is syscall-table-x86_64.c.
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/syscall-probes.h"
#include "consumer/probes/arch-regs.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdlib.h>
#include <string.h>

bool
syscall_probe_match (const struct syscall_probe *p, const struct probe_desc *d)
{
  return probe_field_match (d->provider, "syscall") && probe_field_match (d->module, "vmlinux")
         && probe_field_match (d->function, p->name)
         && probe_field_match (d->name, p->is_return ? "return" : "entry");
}

bool
syscall_desc_exclusive (const struct probe_desc *d)
{
  return strcmp (d->provider, "syscall") == 0;
}

size_t
syscall_probes_find (const struct probe_desc *descs, size_t ndescs, struct syscall_probe **out)
{
  size_t n = 0, cap = 0;
  *out = NULL;
  const struct arch_abi *abi = arch_abi_native ();
  for (size_t i = 0; i < abi->nsyscalls; i++)
    for (int r = 0; r < 2; r++)
      {
        struct syscall_probe p = { abi->syscalls[i].nr, abi->syscalls[i].name, r == 1 };
        bool m = false;
        for (size_t k = 0; k < ndescs && !m; k++)
          m = syscall_probe_match (&p, &descs[k]);
        if (!m)
          continue;
        VEC_PUSH (*out, n, cap) = p;
      }
  return n;
}

void
syscall_site_spec (const struct syscall_probe *p, unsigned probe_id, struct site_spec *out)
{
  /* struct pt_regs offsets of the syscall argument registers; openat and
   * openat2 put the path first */
  const struct arch_abi *abi = arch_abi_native ();
  const uint16_t *in = abi->syscall_args;
  const uint16_t path_first[6] = { in[1], in[2], in[3], in[0], in[4], in[5] };
  memset (out, 0, sizeof *out);
  out->probe_id = probe_id;
  out->nargs = 6;
  const uint16_t *regs = strcmp (p->name, "openat") == 0 || strcmp (p->name, "openat2") == 0
    ? path_first : in;
  for (unsigned k = 0; k < 6; k++)
    {
      struct site_arg *a = &out->args[k];
      a->size = 8;
      if (p->is_return && k >= 2)
        continue;
      a->kind = ARGK_REG;
      a->base_off = p->is_return ? abi->syscall_ret : regs[k];
    }
}

void
syscall_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  struct probe_desc all = { (char *) "", (char *) "", (char *) "", (char *) "" };
  struct syscall_probe *p;
  size_t n = syscall_probes_find (ndescs ? descs : &all, ndescs ? ndescs : 1, &p);
  for (size_t i = 0; i < n; i++)
    {
      struct listed_probe lp = { LISTED_SYSCALL, "syscall", "vmlinux", p[i].name,
                                 p[i].is_return ? "return" : "entry", NULL, 0, NULL, NULL };
      probe_list_print (pl, &lp);
    }
  free (p);
}
