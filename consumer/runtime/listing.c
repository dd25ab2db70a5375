/* SPDX-License-Identifier: MIT */
/*
 * listing.c — consumer_list (-l): the probes the -n/-P/-m/-f descriptions
 * (or, with none, the given modules; with neither, everything in scope)
 * match: dtrace:::BEGIN/END/ERROR, the providers' probes, then the USDT
 * probes of the -p/-c processes or of every process.  A -c command is
 * created held, listed, and killed (as DTrace does).
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/output/probe-list.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/probes/providers.h"
#include "consumer/runtime/process.h"
#include "consumer/runtime/runtime-int.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

int
consumer_list (const struct consumer_options *opt, size_t nmodules, const char *const *modules)
{
  struct runtime rt;
  memset (&rt, 0, sizeof rt);
  rt.opt = opt;
  struct probe_macros macros = { macro_lookup, &rt };
  size_t nd = 0;
  struct probe_desc *descs = xcalloc (opt->nsources + nmodules + 1, sizeof *descs);
  int rc = 0;

  if (grab_processes (&rt) != 0)
    rc = 1;

  static const enum probe_field fields[] = {
    [SRC_SCRIPT] = PROBE_FIELD_NAME, [SRC_NAME] = PROBE_FIELD_NAME, [SRC_PROVIDER] = PROBE_FIELD_PROVIDER,
    [SRC_MODULE] = PROBE_FIELD_MODULE, [SRC_FUNCTION] = PROBE_FIELD_FUNCTION,
  };
  for (size_t i = 0; i < opt->nsources && rc == 0; i++)
    {
      char *e = NULL;
      if (opt->sources[i].kind == SRC_SCRIPT)
        continue;
      if (probe_desc_parse (opt->sources[i].text, fields[opt->sources[i].kind], &macros, &descs[nd], &e) != 0)
        {
          diag_error ("invalid probe description \"%s\": %s", opt->sources[i].text, e ? e : "syntax error");
          rc = 1;
        }
      else
        nd++;
      free (e);
    }
  for (size_t i = 0; i < nmodules && rc == 0; i++)
    {
      char *e = NULL;
      if (probe_desc_parse (modules[i], PROBE_FIELD_MODULE, &macros, &descs[nd], &e) == 0)
        nd++;
      free (e);
    }
  if (rc == 0)
    {
      struct probe_lister pl = { stdout, 0, opt->verbose, false };
      for (size_t x = 0; x < opt->nxopts; x++)
        pl.nodemangle |= strcmp (opt->xopts[x], "nodemangle") == 0;
      probe_list_header (&pl);
      static const char *const names[] = { "BEGIN", "END", "ERROR" };
      for (unsigned k = 0; k < 3; k++)
        {
          bool match = nd == 0;
          for (size_t i = 0; i < nd; i++)
            if (probe_field_match (descs[i].provider, "dtrace") && probe_field_match (descs[i].module, "")
                && probe_field_match (descs[i].function, "") && probe_field_match (descs[i].name, names[k]))
              match = true;
          struct listed_probe lp = { LISTED_DTRACE, "dtrace", "", "", names[k], NULL, 0, NULL, NULL };
          if (match)
            probe_list_print (&pl, &lp);
          else
            probe_list_skip (&pl);
        }
      if (providers_list (&pl, descs, nd, rt.procs, rt.nprocs) != 0)
        rc = 1;
      size_t nu = 0;
      struct probe_desc *udescs = xcalloc (nd + 1, sizeof *udescs);
      for (size_t i = 0; i < nd; i++)
        if (!providers_desc_exclusive (&descs[i]))
          udescs[nu++] = descs[i];
      struct usdt_probe_list l;
      memset (&l, 0, sizeof l);
      struct probe_desc all = { (char *) "", (char *) "", (char *) "", (char *) "" };
      struct usdt_scope scope = { rt.procs, rt.nprocs, NULL, 0, rt.nprocs == 0 };
      if (rc != 0 || (nd && !nu))
        ;   /* nothing for the USDT search */
      else if (usdt_probes_find (nd ? udescs : &all, nd ? nu : 1, &scope, NULL, &l) != 0)
        rc = 1;
      else
        {
          usdt_list_print (&pl, &l);
          usdt_probe_list_free (&l);
        }
      free (udescs);
    }
  for (size_t i = 0; i < nd; i++)
    probe_desc_free (&descs[i]);
  free (descs);
  for (size_t i = 0; i < rt.nprocs; i++)
    dt_proc_free (&rt.dtp[i]);
  free (rt.dtp);
  free (rt.procs);
  return rc;
}
