/* SPDX-License-Identifier: MIT */
/*
 * sites.c — USDT sites as the programs see them.  A site spec (abi.h) is a
 * site's probe id and argument locations (pt_regs offsets, memory operands,
 * RIP-relative symbols), one per attach cookie in the sites map.  A site
 * that several processes' probes share is flagged and dt_siteprobes gives
 * each process its probe.  At attach time a probe group's sites are split
 * into classes with the same probe and argument registers, so each class's
 * program reads them at constant offsets, and attached per process when
 * the kernel filters by pid.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/runtime-int.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"
#include "consumer/probes/arch-regs.h"
#include "consumer/probes/fast-sites.h"

/* The site's argument locations, as the program reads them. */
void
site_spec_of (const struct usdt_site *site, unsigned probe_id, struct site_spec *out)
{
  memset (out, 0, sizeof *out);
  out->probe_id = probe_id;
  struct sdt_argspec spec;
  const struct sdt_arch *arch = arch_regs_notes_arch (site->file->elf.machine, site->file->elf.elf_class);
  sdt_argspec_parse_arch (arch, site->args, &spec);
  out->nargs = (uint32_t) (spec.nargs > 12 ? 12 : spec.nargs);
  for (size_t i = 0; i < out->nargs; i++)
    {
      const struct sdt_arg *a = &spec.args[i];
      struct site_arg *s = &out->args[i];
      s->size = (uint8_t) a->size;
      s->is_signed = a->is_signed;
      switch (a->kind)
        {
        case SDT_ARG_IMM:
          s->kind = ARGK_IMM;
          s->val = a->disp;
          break;
        case SDT_ARG_REG:
          if (a->base.high8 || arch_regs_ptregs_offset (arch, a->base.reg) < 0)
            {
              diag_warn ("%s: probe %s:%s argument %zu (%s) cannot be read yet; it reads as 0",
                         site->file->path, site->file->elf.notes[site->note].provider,
                         site->file->elf.notes[site->note].name, i, a->text);
              break;
            }
          s->kind = ARGK_REG;
          s->base_off = (uint16_t) arch_regs_ptregs_offset (arch, a->base.reg);
          break;
        case SDT_ARG_MEM:
          if ((a->base.reg != SDT_REG_NONE && arch_regs_ptregs_offset (arch, a->base.reg) < 0)
              || (a->index.reg != SDT_REG_NONE && arch_regs_ptregs_offset (arch, a->index.reg) < 0))
            {
              diag_warn ("%s: probe %s:%s argument %zu (%s) cannot be read yet; it reads as 0",
                         site->file->path, site->file->elf.notes[site->note].provider,
                         site->file->elf.notes[site->note].name, i, a->text);
              break;
            }
          s->kind = ARGK_MEM;
          s->val = a->disp;
          if (a->base.reg != SDT_REG_NONE)
            {
              s->flags |= ARGF_BASE;
              s->base_off = (uint16_t) arch_regs_ptregs_offset (arch, a->base.reg);
              if (!arch && a->base.reg == SDT_REG_RIP)
                s->val += 1;   /* relative to the next instruction: sites are 1-byte nops */
              /* attached inside the guard of a fast site (fast-sites.h) */
              if (!arch && site->attach_delta && a->base.reg == SDT_REG_RSP)
                s->val += FAST_SITE_RSP_DROP;
              if (!arch && site->attach_delta && a->base.reg == SDT_REG_RIP)
                s->val -= site->attach_delta;
            }
          if (a->index.reg != SDT_REG_NONE)
            {
              s->flags |= ARGF_INDEX;
              s->index_off = (uint16_t) arch_regs_ptregs_offset (arch, a->index.reg);
              s->scale_shift = (uint8_t) (a->scale == 8 ? 3 : a->scale == 4 ? 2 : a->scale == 2 ? 1 : 0);
            }
          break;
        case SDT_ARG_RIP_SYM:
          {
            const struct sdt_symbol *sym = site->file->have_syms
              ? sdt_symtab_find (&site->file->syms, a->symbol) : NULL;
            if (!sym)
              {
                diag_warn ("%s: symbol %s of argument %zu (%s) not found; it reads as 0",
                           site->file->path, a->symbol, i, a->text);
                break;
              }
            s->kind = ARGK_MEM;
            s->flags = ARGF_BASE;
            s->base_off = 128;
            s->val = (int64_t) (sym->value + (uint64_t) a->disp - site->pc - site->attach_delta);
            break;
          }
        default:
          diag_warn ("%s: probe %s:%s argument %zu (%s) is undecodable (%s); it reads as 0",
                     site->file->path, site->file->elf.notes[site->note].provider,
                     site->file->elf.notes[site->note].name, i, a->text,
                     a->error ? a->error : "unknown form");
          break;
        }
    }
  sdt_argspec_free (&spec);
}

/* Sites that probes of several processes share (tgt123:::tick and
 * tgt456:::tick are the one site of the file they both run): the sites
 * map entry keeps one probe id, flagged SITE_PROBE_BY_PID, and
 * dt_siteprobes gives each of those processes its own probe.  So is every
 * site attached by file, even with one process: a process that maps the file
 * later finds no probe of its own there and gets one (codegen.c). */
int
mark_shared_sites (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  size_t nu = rt->usdt.nusites;
  if (nu == 0)
    return 0;
  /* every (process, site, probe) of the process-scoped USDT probes */
  struct owner { uint32_t pid, usite, id; } *own = NULL;
  size_t nown = 0, cap = 0;
  for (size_t i = 3; i < p->nprobes; i++)
    {
      const struct usdt_probe *u = p->probes[i].sites;
      if (p->probes[i].kind != PK_USDT || u->pid <= 0)
        continue;
      for (size_t s = 0; s < u->nsites; s++)
        if (u->sites[s].usite < nu)
          {
            VEC_PUSH (own, nown, cap) = (struct owner) { (uint32_t) u->pid, (uint32_t) u->sites[s].usite, p->probes[i].id };
          }
    }
  uint32_t *first = xcalloc (nu, sizeof *first);
  bool *shared = xcalloc (nu, sizeof *shared);
  /* a site attached by file is every process's: those that map the file
   * later get probes of their own there (codegen's new_probes) */
  for (size_t i = 3; i < p->nprobes; i++)
    {
      const struct usdt_probe *u = p->probes[i].sites;
      if (p->probes[i].kind == PK_USDT && u->by_file)
        for (size_t s = 0; s < u->nsites; s++)
          if (u->sites[s].usite < nu)
            shared[u->sites[s].usite] = true;
    }
  for (size_t k = 0; k < nown; k++)
    {
      if (!first[own[k].usite])
        first[own[k].usite] = own[k].id;
      else if (first[own[k].usite] != own[k].id)
        shared[own[k].usite] = true;
    }
  size_t npairs = 0;
  for (size_t k = 0; k < nown; k++)
    npairs += shared[own[k].usite];
  int rc = 0;
  if (npairs)
    {
      rt->maps.fixed[MAP_SITE_PROBES] = make_map (BPF_MAP_TYPE_HASH, "dt_siteprobes", 8, 4, (unsigned) npairs, 0);
      if (rt->maps.fixed[MAP_SITE_PROBES] < 0)
        rc = -1;
      else
        rt->cg.have_siteprobes = true;
      for (size_t k = 0; k < nown && rc == 0; k++)
        if (shared[own[k].usite])
          {
            uint64_t key = (uint64_t) own[k].pid << 32 | own[k].usite;
            bpf_map_update_elem (rt->maps.fixed[MAP_SITE_PROBES], &key, &own[k].id, BPF_ANY);
          }
      for (size_t us = 0; us < nu && rc == 0; us++)
        {
          struct site_spec spec;
          uint32_t key = (uint32_t) us;
          if (shared[us] && bpf_map_lookup_elem (rt->maps.fixed[MAP_SITES], &key, &spec) == 0)
            {
              spec.probe_id |= SITE_PROBE_BY_PID;
              bpf_map_update_elem (rt->maps.fixed[MAP_SITES], &key, &spec, BPF_ANY);
            }
        }
    }
  FREE_ALL (own, first, shared);
  return rc;
}

/* Which arguments every one of SITES keeps in the same register (read from
 * the sites map, which is filled by now): cg.fixed_args and cg.fixed. */
void
group_fixed_args (struct runtime *rt, const struct uprobe_site *sites, size_t nsites)
{
  rt->cg.fixed_args = 0;
  rt->cg.fixed_probe_id = 0;
  if (rt->maps.fixed[MAP_SITES] < 0 || nsites == 0)
    return;
  unsigned id = 0;
  unsigned mask = (1u << 12) - 1;
  struct site_spec spec;
  for (size_t s = 0; s < nsites; s++)
    {
      uint32_t key = (uint32_t) sites[s].cookie;
      if (bpf_map_lookup_elem (rt->maps.fixed[MAP_SITES], &key, &spec) != 0)
        return;
      if (s == 0)                       /* (a shared site has no one probe: 0) */
        id = spec.probe_id & SITE_PROBE_BY_PID ? 0 : spec.probe_id;
      else if (spec.probe_id != id)
        id = 0;
      for (unsigned k = 0; k < 12; k++)
        {
          const struct site_arg *a = &spec.args[k], *f = &rt->cg.fixed[k];
          if (k >= spec.nargs || a->kind != ARGK_REG)
            mask &= ~(1u << k);
          else if (s == 0)
            rt->cg.fixed[k] = *a;
          else if (a->base_off != f->base_off || a->size != f->size || a->is_signed != f->is_signed)
            mask &= ~(1u << k);
        }
    }
  rt->cg.fixed_args = mask;
  rt->cg.fixed_probe_id = id;
}

/* Split a group's sites by probe and by where they keep their register
 * arguments, so that each class's program knows its probe id and reads the
 * arguments from constant context offsets (at most MAX_ARG_CLASSES programs
 * per group; beyond that, one generic program).  CLS[s] = the class of site
 * s; returns the number of classes. */
#define MAX_ARG_CLASSES 8
struct site_shape {
  uint32_t probe_id;
  struct site_arg args[12];
};

size_t
site_arg_classes (struct runtime *rt, const struct uprobe_site *sites, size_t nsites, size_t *cls)
{
  struct site_shape rep[MAX_ARG_CLASSES];
  size_t n = 0;
  for (size_t s = 0; s < nsites; s++)
    {
      struct site_spec spec;
      struct site_shape shape;
      uint32_t key = (uint32_t) sites[s].cookie;
      memset (&shape, 0, sizeof shape);
      if (bpf_map_lookup_elem (rt->maps.fixed[MAP_SITES], &key, &spec) == 0)
        {
          shape.probe_id = spec.probe_id;
          for (unsigned k = 0; k < 12 && k < spec.nargs; k++)
            if (spec.args[k].kind == ARGK_REG)
              {
                shape.args[k].kind = ARGK_REG;
                shape.args[k].size = spec.args[k].size;
                shape.args[k].is_signed = spec.args[k].is_signed;
                shape.args[k].base_off = spec.args[k].base_off;
              }
        }
      size_t c = 0;
      while (c < n && memcmp (&rep[c], &shape, sizeof shape) != 0)
        c++;
      if (c == n)
        {
          if (n == MAX_ARG_CLASSES)
            {
              memset (cls, 0, nsites * sizeof *cls);
              return 1;
            }
          rep[n++] = shape;
        }
      cls[s] = c;
    }
  return n ? n : 1;
}

bool
same_group (const struct dprobe *a, const struct dprobe *b)
{
  return a->nclauses == b->nclauses
         && memcmp (a->clauses, b->clauses, a->nclauses * sizeof *a->clauses) == 0;
}

/* Attach the USDT group of probe FIRST one link set per process its probes
 * belong to (provPID, or -p/-c targets): the unique sites of that process's
 * probes, filtered by the kernel to its pid (a -c child is held before its
 * exec: its pid is already known).  Other processes running the same file
 * do not trap at all. */
int
attach_group_per_pid (struct runtime *rt, size_t first, int fd, enum uprobe_mode mode,
                      const bool *allowed)
{
  struct dprog *p = &rt->prog;
  size_t nus = rt->usdt.nusites ? rt->usdt.nusites : 1;
  int rc = 0;
  for (size_t t = first; t < p->nprobes && rc == 0; t++)
    {
      if (p->probes[t].kind != PK_USDT || !same_group (&p->probes[t], &p->probes[first]))
        continue;
      pid_t pid = ((const struct usdt_probe *) p->probes[t].sites)->pid;
      bool dup = false;
      for (size_t u = first; u < t && !dup; u++)
        dup = p->probes[u].kind == PK_USDT && same_group (&p->probes[u], &p->probes[first])
              && ((const struct usdt_probe *) p->probes[u].sites)->pid == pid;
      /* a -p process that exited while earlier groups were attached:
       * nothing of it can fire any more (the runtime notices it is gone) */
      if (dup || (kill (pid, 0) != 0 && errno == ESRCH))
        continue;
      bool *taken = xcalloc (nus, sizeof *taken);
      struct uprobe_site *sites = NULL;
      size_t nsites = 0, sites_cap = 0;
      for (size_t j = first; j < p->nprobes; j++)
        {
          if (p->probes[j].kind != PK_USDT || !same_group (&p->probes[j], &p->probes[first]))
            continue;
          const struct usdt_probe *u = p->probes[j].sites;
          if (u->pid != pid)
            continue;
          for (size_t s = 0; s < u->nsites; s++)
            {
              size_t us = u->sites[s].usite;
              if (taken[us] || !allowed[us])
                continue;
              taken[us] = true;
              VEC_PUSH (sites, nsites, sites_cap) = rt->usdt.usites[us];
            }
        }
      struct uprobe_attach_opts ao = { mode, false, pid };
      if (nsites && uprobe_attach (rt->att, fd, sites, nsites, &ao) != 0 && errno != ESRCH)
        rc = -1;
      free (sites);
      free (taken);
    }
  return rc;
}
