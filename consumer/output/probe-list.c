/* SPDX-License-Identifier: MIT */
/*
 * probe-list.c — the one `-l` printer (probe-list.h).
 *
 * A row per probe in DTrace's columns.  With -v, DTrace's three sections
 * and sdtkit's sites.  The stability of a probe description is the lowest
 * of the attributes of the fields the probe has (an empty module or
 * function does not count), per provider family, from the stability
 * tables of DTrace's provider documentation; USDT notes carry no
 * attributes, so USDT probes are Private/Private/Unknown throughout, as
 * DTrace shows a provider declared without `#pragma D attributes`.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/kernel-argtypes.h"
#include "consumer/output/demangle.h"
#include "consumer/output/probe-list.h"
#include "sdt/sdt.h"

/* Stability levels and dependency classes, lowest first. */
enum stab { ST_INTERNAL, ST_PRIVATE, ST_OBSOLETE, ST_EXTERNAL, ST_UNSTABLE, ST_EVOLVING, ST_STABLE,
            ST_STANDARD };
enum dep { DC_UNKNOWN, DC_CPU, DC_PLATFORM, DC_GROUP, DC_ISA, DC_COMMON };

static const char *const stab_names[] = {
  "Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"
};
static const char *const dep_names[] = { "Unknown", "CPU", "Platform", "Group", "ISA", "Common" };

struct attr {
  enum stab names, data;
  enum dep dep;
};

/* Per family: the provider, module, function, name and argument
 * attributes (every family's identifier names and data semantics share
 * one stability). */
enum { F_PROV, F_MOD, F_FUNC, F_NAME, F_ARGS, NFIELDS };
#define A(s, c) { ST_##s, ST_##s, DC_##c }
static const struct attr family_attrs[][NFIELDS] = {
  [LISTED_DTRACE] = { A (STABLE, COMMON), A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN),
                      A (STABLE, COMMON), A (STABLE, COMMON) },
  [LISTED_SYSCALL] = { A (EVOLVING, COMMON), A (PRIVATE, UNKNOWN), A (PRIVATE, ISA),
                       A (EVOLVING, COMMON), A (PRIVATE, ISA) },
  [LISTED_PROFILE] = { A (EVOLVING, COMMON), A (UNSTABLE, COMMON), A (PRIVATE, UNKNOWN),
                       A (EVOLVING, COMMON), A (EVOLVING, COMMON) },
  [LISTED_PID] = { A (EVOLVING, ISA), A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN),
                   A (EVOLVING, ISA), A (PRIVATE, UNKNOWN) },
  [LISTED_USDT] = { A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN),
                    A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN) },
  [LISTED_KERNEL] = { A (EVOLVING, ISA), A (PRIVATE, UNKNOWN), A (PRIVATE, UNKNOWN),
                      A (EVOLVING, ISA), A (EVOLVING, ISA) },
};
#undef A

static void
attr_lower (struct attr *a, const struct attr *b)
{
  if (b->names < a->names)
    a->names = b->names;
  if (b->data < a->data)
    a->data = b->data;
  if (b->dep < a->dep)
    a->dep = b->dep;
}

static void
print_attr (FILE *out, const char *title, const struct attr *a)
{
  fprintf (out, "\n\t%s\n", title);
  fprintf (out, "\t\tIdentifier Names: %s\n", stab_names[a->names]);
  fprintf (out, "\t\tData Semantics:   %s\n", stab_names[a->data]);
  fprintf (out, "\t\tDependency Class: %s\n", dep_names[a->dep]);
}

/* The C type an argument of SIZE bytes (signed, float) stands for. */
static const char *
arg_type (const struct sdt_arg *a)
{
  static const char *const sint[] = { "int8_t", "int16_t", "int32_t", "int64_t" };
  static const char *const uint[] = { "uint8_t", "uint16_t", "uint32_t", "uint64_t" };
  int k = a->size == 1 ? 0 : a->size == 2 ? 1 : a->size == 4 ? 2 : a->size == 8 ? 3 : -1;
  if (a->kind == SDT_ARG_UNDECODABLE || k < 0)
    return "(unknown)";
  if (a->is_float)
    return a->size == 4 ? "float" : a->size == 8 ? "double" : "(unknown)";
  return a->is_signed ? sint[k] : uint[k];
}

static void
print_arg_types (FILE *out, const struct listed_probe *p)
{
  fprintf (out, "\n\tArgument Types\n");
  if (p->kernel)
    {
      size_t i = 0;
      for (; i < KERNEL_ARGTYPES_MAX && p->kernel->types[i]; i++)
        fprintf (out, "\t\targs[%zu]: %s\n", i, p->kernel->types[i]);
      if (i == 0)
        fprintf (out, "\t\tNone\n");
      return;
    }
  struct sdt_argspec spec = { 0, NULL };
  if (p->nsites)
    sdt_argspec_parse_arch (p->sites[0].arch, p->sites[0].args, &spec);
  /* the provider's declaration when the program carries it, else the
   * integer type of the note's width and sign */
  const struct sdt_probe_types *d = p->declared && !p->declared->conflict ? p->declared : NULL;
  for (size_t i = 0; i < spec.nargs; i++)
    fprintf (out, "\t\targs[%zu]: %s\n", i,
             d && i < d->nargs && d->types[i] ? d->types[i] : arg_type (&spec.args[i]));
  if (spec.nargs == 0)
    fprintf (out, "\t\tNone\n");
  if (p->nsites)
    sdt_argspec_free (&spec);
}

static void
print_site_arg (FILE *out, const struct sdt_arg *a, size_t i)
{
  char *text = sdt_arg_format (a);
  fprintf (out, "\t\t\targ%zu: %-16s ", i, a->kind == SDT_ARG_UNDECODABLE ? a->text : text);
  if (a->kind == SDT_ARG_UNDECODABLE)
    fprintf (out, "undecodable: %s\n", a->error ? a->error : "unknown form");
  else
    fprintf (out, "%d-byte %s%s\n", a->size,
             a->is_float ? "float" : a->is_signed ? "signed" : "unsigned",
             a->kind == SDT_ARG_IMM ? " constant" : "");
  free (text);
}

/* sdtkit's section: where each site is and where its arguments are. */
static void
print_sites (FILE *out, const struct listed_probe *p)
{
  fprintf (out, "\n\tSites\n");
  for (size_t s = 0; s < p->nsites; s++)
    {
      const struct listed_site *site = &p->sites[s];
      if (s == 0 || strcmp (site->file, p->sites[s - 1].file) != 0)
        fprintf (out, "\t\tfile %s\n", site->file);
      size_t nargs = sdt_args_count (site->args);
      fprintf (out, "\t\tsite 0x%llx", (unsigned long long) site->pc);
      if (site->have_offset)
        fprintf (out, " (file offset 0x%llx)", (unsigned long long) site->offset);
      if (site->semaphore)
        {
          fprintf (out, ", semaphore 0x%llx", (unsigned long long) site->semaphore);
          if (site->ref_ctr)
            fprintf (out, " (ref_ctr offset 0x%llx)", (unsigned long long) site->ref_ctr);
          else
            fprintf (out, " (unusable)");
        }
      else
        fprintf (out, ", no semaphore");
      fprintf (out, ", %zu argument%s\n", nargs, nargs == 1 ? "" : "s");
      struct sdt_argspec spec;
      sdt_argspec_parse_arch (site->arch, site->args, &spec);
      for (size_t a = 0; a < spec.nargs; a++)
        print_site_arg (out, &spec.args[a], a);
      sdt_argspec_free (&spec);
    }
}

void
probe_list_header (struct probe_lister *l)
{
  fprintf (l->out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
}

void
probe_list_skip (struct probe_lister *l)
{
  l->id++;
}

void
probe_list_print (struct probe_lister *l, const struct listed_probe *p)
{
  FILE *out = l->out;
  char *func = l->nodemangle ? NULL : demangle_cxx (p->function);
  fprintf (out, "%5u %10s %17s %33s %s\n", ++l->id, p->provider, p->module, func ? func : p->function, p->name);
  free (func);
  if (!l->verbose)
    return;
  const struct attr *fa = family_attrs[p->family];
  struct attr desc = fa[F_PROV];
  if (p->module[0])
    attr_lower (&desc, &fa[F_MOD]);
  if (p->function[0])
    attr_lower (&desc, &fa[F_FUNC]);
  attr_lower (&desc, &fa[F_NAME]);
  print_attr (out, "Probe Description Attributes", &desc);
  print_attr (out, "Argument Attributes", &fa[F_ARGS]);
  print_arg_types (out, p);
  if (p->nsites)
    print_sites (out, p);
  fputc ('\n', out);
}
