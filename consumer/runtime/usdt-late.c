/* SPDX-License-Identifier: MIT */
/*
 * usdt-late.c — the USDT probes of libraries that -c and -p processes map
 * after dtrace attached (dlopen).  The dynamic linker's hook (lib-loads.h)
 * reports a process whose link map changed (lib-events.c); its maps are searched again
 * for the descriptions that name USDT probes, and the probes of files not
 * yet attached for it become new probes (ids and sites from the room
 * maps.c keeps), enabled with the clauses whose descriptions match them, a
 * program per clause list attached to their sites for that process only.
 * A -c command stopped by the hook is continued once that is done
 * (lib-events.c).  Under -Z a system-wide script's new processes are
 * searched the same way, reported at their exec (lib-events.c); files that
 * were attached by file at start (marked pid 0) already cover them.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/runtime-int.h"
#include "common/vec.h"
#include "common/xalloc.h"

struct late_file {
  pid_t pid;
  dev_t dev;
  ino_t ino;
};

struct late {
  size_t nfiles, files_cap;
  struct late_file *files;        /* (process, file) already attached */
  size_t nlists, lists_cap;
  struct usdt_probe_list **lists; /* keep the late probes' strings alive */
  unsigned next_id, next_cookie;
  bool full_warned;
};

static bool
file_attached (const struct late *lt, pid_t pid, const struct usdt_file *f)
{
  for (size_t i = 0; i < lt->nfiles; i++)
    if (lt->files[i].pid == pid && lt->files[i].dev == f->dev && lt->files[i].ino == f->ino)
      return true;
  return false;
}

static void
file_mark (struct late *lt, pid_t pid, const struct usdt_file *f)
{
  if (!file_attached (lt, pid, f))
    VEC_PUSH (lt->files, lt->nfiles, lt->files_cap) = (struct late_file) { pid, f->dev, f->ino };
}

void
usdt_late_init (struct runtime *rt)
{
  if ((!rt->libwatch && !rt->watch_execs) || !rt->have_usdt || rt->late_limit_cookie == rt->late_first_cookie)
    return;
  struct late *lt = xcalloc (1, sizeof *lt);
  rt->late = lt;
  lt->next_id = rt->late_first_id;
  lt->next_cookie = rt->late_first_cookie;
  /* the files attached at start */
  for (size_t i = 0; i < rt->usdt.nprobes; i++)
    {
      const struct usdt_probe *u = &rt->usdt.probes[i];
      for (size_t s = 0; s < u->nsites; s++)
        file_mark (lt, rt->watch_execs ? 0 : u->pid, u->sites[s].file);   /* 0: by file */
    }
}

/* A new probe for U (in L): its id, names, clauses and sites (cookies from
 * BASE + its unique-site index).  Returns its index in the probe table, or
 * 0 when there is no room left or no clause wants it. */
static size_t
add_probe (struct runtime *rt, const struct usdt_probe *u, unsigned base)
{
  struct late *lt = rt->late;
  struct dprog *p = &rt->prog;
  if (lt->next_id >= rt->late_limit_id)
    {
      if (!lt->full_warned)
        diag_warn ("probes of libraries loaded later: at most %u; more are not traced",
                   rt->late_limit_id - rt->late_first_id);
      lt->full_warned = true;
      return 0;
    }
  p->probes = xrealloc (p->probes, (p->nprobes + 1) * sizeof *p->probes);
  size_t j = p->nprobes;
  struct dprobe *dp = &p->probes[j];
  resolve_usdt_dprobe (dp, u, 0);         /* its id once a clause is enabled */
  p->nprobes++;
  if (resolve_enable_late_probe (rt, j) == 0)
    return 0;                  /* (left without clauses: never attached) */
  dp->id = lt->next_id++;
  unsigned ss = p->strsize;
  char *ps = xcalloc (1, PROBESTR_SIZE (ss));
  strncpy (ps, dp->prov, ss - 1);
  strncpy (ps + ss, dp->mod, ss - 1);
  strncpy (ps + 2 * ss, dp->func, ss - 1);
  strncpy (ps + 3 * ss, dp->name, ss - 1);
  bpf_map_update_elem (rt->maps.fixed[MAP_PROBESTR], &dp->id, ps, BPF_ANY);
  free (ps);
  for (size_t s = 0; s < u->nsites; s++)
    {
      struct site_spec spec;
      site_spec_of (&u->sites[s], dp->id, &spec);
      uint32_t key = base + (uint32_t) u->sites[s].usite;
      bpf_map_update_elem (rt->maps.fixed[MAP_SITES], &key, &spec, BPF_ANY);
    }
  return j;
}

/* Attach the new probes FIRST.. of the table for PID: one program per
 * clause list, on the sites of its probes. */
static void
attach_new (struct runtime *rt, size_t first, pid_t pid, unsigned base)
{
  struct dprog *p = &rt->prog;
  enum uprobe_mode mode = uprobe_mode_resolve (UPROBE_MODE_AUTO);
  bool kfilter = mode == UPROBE_MODE_PERF || uprobe_features ()->multi_pid_filter;
  bool *done = xcalloc (p->nprobes, sizeof *done);
  if (!rt->att)
    rt->att = uprobe_attachment_new ();
  for (size_t i = first; i < p->nprobes; i++)
    {
      if (done[i] || p->probes[i].nclauses == 0)
        continue;
      struct uprobe_site *sites = NULL;
      size_t nsites = 0, cap = 0;
      for (size_t j = i; j < p->nprobes; j++)
        {
          if (done[j] || !same_group (&p->probes[j], &p->probes[i]))
            continue;
          done[j] = true;
          const struct usdt_probe *u = p->probes[j].sites;
          for (size_t s = 0; s < u->nsites; s++)
            {
              const struct usdt_site *st = &u->sites[s];
              VEC_PUSH (sites, nsites, cap) = (struct uprobe_site) {
                st->file->path, st->file->dev, st->file->ino, st->offset, st->ref_ctr_offset,
                base + st->usite };
            }
        }
      rt->cg.fixed_args = 0;
      rt->cg.fixed_probe_id = 0;
      rt->cg.pid_scoped = kfilter;
      int fd = loader_program (&rt->cg, &rt->maps, rt->opt->verbose, PK_USDT, 0, &p->probes[i], "dt_late");
      rt->cg.pid_scoped = false;
      if (fd >= 0)
        {
          VEC_PUSH (rt->prog_fds, rt->nprog_fds, rt->prog_fds_cap) = fd;
          struct uprobe_attach_opts ao = { mode, false, pid };
          (void) uprobe_attach (rt->att, fd, sites, nsites, &ao);   /* errors are reported */
        }
      free (sites);
    }
  free (done);
}

/* PID's maps, searched again: probes of files not attached for it yet. */
void
usdt_late_look (struct runtime *rt, pid_t pid)
{
  struct late *lt = rt->late;
  if (!lt)
    return;
  struct probe_desc *descs;
  size_t nd = resolve_usdt_descs (rt, &descs);
  struct usdt_proc up = { pid, NULL };
  struct usdt_scope scope = { &up, 1, NULL, 0, false };
  struct usdt_probe_list *l = xcalloc (1, sizeof *l);
  /* a process reported by the exec watch may be gone already: quietly */
  diag_set_silent (rt->watch_execs);
  int found = nd ? usdt_probes_find (descs, nd, &scope, rt->usdt.cache, l) : -1;
  diag_set_silent (false);
  if (found != 0)
    {
      free (descs);
      free (l);
      return;
    }
  free (descs);
  if (lt->next_cookie + l->nusites > rt->late_limit_cookie)
    {
      if (!lt->full_warned)
        diag_warn ("probes of libraries loaded later: at most %u sites; more are not traced",
                   rt->late_limit_cookie - rt->late_first_cookie);
      lt->full_warned = true;
      usdt_probe_list_free (l);
      free (l);
      return;
    }
  unsigned base = lt->next_cookie;
  size_t first = rt->prog.nprobes;
  bool any = false;
  for (size_t i = 0; i < l->nprobes; i++)
    if (l->probes[i].nsites && !file_attached (lt, pid, l->probes[i].sites[0].file)
        && !file_attached (lt, 0, l->probes[i].sites[0].file))
      any |= add_probe (rt, &l->probes[i], base) != 0;
  for (size_t i = 0; i < l->nprobes; i++)
    if (l->probes[i].nsites)
      file_mark (lt, pid, l->probes[i].sites[0].file);
  if (!any)
    {
      /* nothing new: drop the probes added without clauses */
      struct dprog *p = &rt->prog;
      for (size_t j = first; j < p->nprobes; j++)
        resolve_dprobe_fini (&p->probes[j]);
      p->nprobes = first;
      usdt_probe_list_free (l);
      free (l);
      return;
    }
  lt->next_cookie += (unsigned) l->nusites;
  attach_new (rt, first, pid, base);
  VEC_PUSH (lt->lists, lt->nlists, lt->lists_cap) = l;
}

void
usdt_late_free (struct runtime *rt)
{
  struct late *lt = rt->late;
  if (!lt)
    return;
  for (size_t i = 0; i < lt->nlists; i++)
    {
      usdt_probe_list_free (lt->lists[i]);
      free (lt->lists[i]);
    }
  FREE_ALL (lt->lists, lt->files, lt);
  rt->late = NULL;
}
