/*
 * listing.c — `dtrace -l -m FILE`: the USDT probes of ELF files.
 *
 * One row per probe (provider, module, function, name), in DTrace's `-l`
 * layout ("%5s %10s %17s %33s %s").  The name column shows the D spelling
 * (`command-get` for the note's `command__get`).  With -v each probe is
 * followed by its sites: address, file offset, semaphore and ref_ctr offset,
 * and each argument with its decoded location (or why it cannot be decoded).
 * Listing the probes of running processes and of the kernel arrives with the
 * consumer.
 */
#include <stdlib.h>
#include <string.h>

#include "frontend/listing.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

struct probe_row {
  const char *provider, *name, *function;
  size_t first_note;        /* notes are grouped by (provider, function, name) */
};

static const char *
base_name (const char *path)
{
  const char *s = strrchr (path, '/');
  return s ? s + 1 : path;
}

static void
print_arg (const struct sdt_arg *a, size_t i)
{
  char *text = sdt_arg_format (a);
  printf ("\t\targ%zu: %-16s ", i, a->kind == SDT_ARG_UNDECODABLE ? a->text : text);
  switch (a->kind)
    {
    case SDT_ARG_UNDECODABLE:
      printf ("undecodable: %s\n", a->error ? a->error : "unknown form");
      break;
    default:
      printf ("%d-byte %s%s\n", a->size, a->is_float ? "float" : a->is_signed ? "signed" : "unsigned",
              a->kind == SDT_ARG_IMM ? " constant" : "");
      break;
    }
  free (text);
}

static int
list_file (const char *path, bool verbose, unsigned *id)
{
  struct sdt_file f;
  if (sdt_file_read (path, &f) != 0)
    return -1;
  struct sdt_symtab syms;
  bool have_syms = sdt_symtab_load (path, &syms) == 0;
  const char *module = base_name (path);

  /* function name per note */
  const char **funcs = xcalloc (f.nnotes ? f.nnotes : 1, sizeof *funcs);
  bool *done = xcalloc (f.nnotes ? f.nnotes : 1, sizeof *done);
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
      char *dname = sdt_name_to_d (n->name);
      printf ("%5u %10s %17s %33s %s\n", ++*id, n->provider, module, funcs[i], dname);
      free (dname);
      for (size_t j = i; j < f.nnotes; j++)
        {
          struct sdt_note *m = &f.notes[j];
          if (done[j] || strcmp (m->provider, n->provider) || strcmp (m->name, n->name)
              || strcmp (funcs[j], funcs[i]))
            continue;
          done[j] = true;
          if (!verbose)
            continue;
          printf ("\tsite 0x%llx", (unsigned long long) m->pc_adjusted);
          if (m->pc_valid)
            printf (" (file offset 0x%llx)", (unsigned long long) m->pc_offset);
          if (m->semaphore)
            {
              printf (", semaphore 0x%llx", (unsigned long long) m->semaphore);
              if (m->sem_valid)
                printf (" (ref_ctr offset 0x%llx)", (unsigned long long) m->sem_offset);
            }
          else
            printf (", no semaphore");
          printf (", %zu argument%s\n", sdt_args_count (m->args), sdt_args_count (m->args) == 1 ? "" : "s");
          struct sdt_argspec spec;
          sdt_argspec_parse (m->args, &spec);
          for (size_t a = 0; a < spec.nargs; a++)
            print_arg (&spec.args[a], a);
          sdt_argspec_free (&spec);
        }
    }
  free (funcs);
  free (done);
  if (have_syms)
    sdt_symtab_free (&syms);
  sdt_file_free (&f);
  return 0;
}

int
dtrace_list (const struct dtrace_options *opt)
{
  if (opt->nmodules == 0)
    {
      diag_error ("-l lists the USDT probes of ELF files given with -m FILE; "
                  "listing kernel and process probes arrives with the consumer");
      return 1;
    }
  unsigned id = 0;
  int rc = 0;
  printf ("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
  for (size_t i = 0; i < opt->nmodules; i++)
    if (list_file (opt->modules[i], opt->verbose, &id) != 0)
      rc = 1;
  return rc;
}
