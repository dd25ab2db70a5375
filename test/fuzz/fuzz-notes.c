/* SPDX-License-Identifier: MIT */
/*
 * fuzz-notes.c — libFuzzer harness: the probe-note model (sdt/) on
 * arbitrary bytes.
 *
 *  - The input as an ELF file: the note reader (sdt_file_read) and the
 *    symbol table loader (sdt_symtab_load) read it through a path, as dtrace
 *    does.  The file is a memfd (no disk, nothing left behind), rewritten
 *    each iteration and reached as /proc/self/fd/N.  Every note read back
 *    has its argument string parsed and formatted, and its name mapped to
 *    D and back.
 *  - The input as an argument string: sdt_argspec_parse (as x86-64 and as
 *    every machine of sdt/arch.c), then formatting.
 *    For every argument that decodes, formatting is a fixed point: the
 *    canonical text parses to the same canonical text (abort otherwise, so
 *    the fuzzer reports it).
 *
 * libelf reads the file through mmap and is not instrumented, so a read by
 * libelf a little past the end of the file is not an ASan report; a read by
 * sdt/ out of what libelf hands over is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sdt/arch.h"
#include "sdt/sdt.h"
#include "test/fuzz/fuzz-util.h"

static int elf_fd = -1;
static char elf_path[64];

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_quiet ();
  elf_fd = memfd_create ("fuzz-notes", MFD_CLOEXEC);
  if (elf_fd < 0)
    {
      perror ("fuzz-notes: memfd_create");
      abort ();
    }
  snprintf (elf_path, sizeof elf_path, "/proc/self/fd/%d", elf_fd);
  return 0;
}

/* Parse TEXT as an argument string of ARCH (NULL: x86-64) and check that
 * the canonical form of every decodable argument is stable. */
static void
argspec_arch (const struct sdt_arch *arch, const char *text)
{
  struct sdt_argspec spec;
  sdt_argspec_parse_arch (arch, text, &spec);
  if (spec.nargs != sdt_args_count (text))
    abort ();
  free (sdt_argspec_format (&spec));
  for (size_t i = 0; i < spec.nargs; i++)
    {
      const struct sdt_arg *a = &spec.args[i];
      if (a->kind == SDT_ARG_UNDECODABLE)
        continue;
      char *once = sdt_arg_format (a);
      struct sdt_arg again;
      sdt_arg_parse_arch (arch, once, &again);
      char *twice = sdt_arg_format (&again);
      if (again.kind != a->kind || strcmp (once, twice) != 0)
        {
          fprintf (stderr, "fuzz-notes: %s: \"%s\" formats as \"%s\", which formats as \"%s\"\n",
                   arch ? arch->name : "x86-64", a->text, once, twice);
          abort ();
        }
      free (once);
      free (twice);
      sdt_arg_free (&again);
    }
  sdt_argspec_free (&spec);
}

/* ... as read on every machine of sdt/arch.c. */
static void
argspec (const char *text)
{
  argspec_arch (NULL, text);
  for (size_t i = 0; i < sdt_narches; i++)
    argspec_arch (&sdt_arches[i], text);
}

static void
read_elf (const uint8_t *data, size_t size)
{
  if (ftruncate (elf_fd, 0) != 0 || pwrite (elf_fd, data, size, 0) != (ssize_t) size)
    {
      perror ("fuzz-notes: memfd");
      abort ();
    }
  struct sdt_file f;
  if (sdt_file_read (elf_path, &f) == 0)
    {
      for (size_t i = 0; i < f.nnotes; i++)
        {
          const struct sdt_note *n = &f.notes[i];
          argspec (n->args);
          char *d = sdt_name_to_d (n->name);
          free (sdt_name_from_d (d));
          free (d);
        }
      sdt_file_free (&f);
    }
  struct sdt_symtab tab;
  if (sdt_symtab_load (elf_path, &tab) == 0)
    {
      if (tab.nsyms)
        {
          sdt_symtab_function_at (&tab, tab.syms[tab.nsyms / 2].value);
          sdt_symtab_find (&tab, tab.syms[0].name);
        }
      sdt_symtab_free (&tab);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  read_elf (data, size);
  char *text = fuzz_string (data, size);
  argspec (text);
  free (text);
  return 0;
}
