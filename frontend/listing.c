/* SPDX-License-Identifier: MIT */
/*
 * listing.c — `dtrace -l -m FILE`: the USDT probes of ELF files, read from
 * their notes (the files need not be running).
 *
 * Notes are grouped into probes by (provider, function, name); the name is
 * the D spelling (`command-get` for the note's `command__get`).  Each probe
 * goes to the consumer's one -l printer (consumer/output/probe-list.h):
 * DTrace's row, and with -v DTrace's sections and the sites (address, file
 * offset, semaphore and ref_ctr offset, argument locations).
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/output/probe-list.h"
#include "frontend/listing.h"
#include "common/files.h"
#include "common/xalloc.h"
#include "sdt/arch.h"
#include "sdt/sdt.h"

static int
list_file (const char *path, struct probe_lister *pl)
{
  struct sdt_file f;
  if (sdt_file_read (path, &f) != 0)
    return -1;
  struct sdt_symtab syms;
  bool have_syms = sdt_symtab_load (path, &syms) == 0;
  const char *module = path_base (path);
  const struct sdt_arch *arch = sdt_arch_for_machine ((unsigned) f.machine, f.elf_class);
  if (!arch)
    arch = &sdt_arches[sdt_narches - 1];   /* an unknown machine: the generic reading */

  /* function name per note */
  const char **funcs = xcalloc (f.nnotes ? f.nnotes : 1, sizeof *funcs);
  bool *done = xcalloc (f.nnotes ? f.nnotes : 1, sizeof *done);
  struct listed_site *sites = xcalloc (f.nnotes ? f.nnotes : 1, sizeof *sites);
  for (size_t i = 0; i < f.nnotes; i++)
    {
      const struct sdt_symbol *s = have_syms ? sdt_symtab_function_at (&syms, f.notes[i].pc_adjusted) : NULL;
      funcs[i] = s ? s->name : "";
    }
  for (size_t i = 0; i < f.nnotes; i++)
    {
      if (done[i])
        continue;
      struct sdt_note *n = &f.notes[i];
      size_t nsites = 0;
      for (size_t j = i; j < f.nnotes; j++)
        {
          struct sdt_note *m = &f.notes[j];
          if (done[j] || strcmp (m->provider, n->provider) || strcmp (m->name, n->name)
              || strcmp (funcs[j], funcs[i]))
            continue;
          done[j] = true;
          sites[nsites++] = (struct listed_site) { path, m->pc_adjusted, m->pc_valid, m->pc_offset,
                                                   m->semaphore, m->sem_valid ? m->sem_offset : 0,
                                                   m->args, arch };
        }
      char *dname = sdt_name_to_d (n->name);
      struct listed_probe lp = { LISTED_USDT, n->provider, module, funcs[i], dname, sites, nsites,
                                 sdt_file_probe_types (&f, n->provider, n->name), NULL };
      probe_list_print (pl, &lp);
      free (dname);
    }
  FREE_ALL (sites, funcs, done);
  if (have_syms)
    sdt_symtab_free (&syms);
  sdt_file_free (&f);
  return 0;
}

int
dtrace_list (const struct dtrace_options *opt)
{
  struct probe_lister pl = { stdout, 0, opt->verbose, false };
  for (size_t x = 0; x < opt->nxopts; x++)
    pl.nodemangle |= strcmp (opt->xopts[x], "nodemangle") == 0;
  int rc = 0;
  probe_list_header (&pl);
  for (size_t i = 0; i < opt->nmodules; i++)
    if (list_file (opt->modules[i], &pl) != 0)
      rc = 1;
  return rc;
}
