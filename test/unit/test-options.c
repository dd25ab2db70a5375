/* SPDX-License-Identifier: MIT */
/*
 * test-options.c — the dtrace command line as real builds spell it
 * (doc/build-requirements.md R1-R8).
 */
#include <gelf.h>
#include <stdlib.h>

#include "frontend/options.h"
#include "test/unit/unit.h"

static int
parse (struct dtrace_options *o, const char *const *words)
{
  char *argv[64];
  int argc = 0;
  argv[argc++] = (char *) "dtrace";
  for (; *words; words++)
    argv[argc++] = (char *) *words;
  argv[argc] = NULL;
  FILE *saved = stderr;
  stderr = fopen ("/dev/null", "w");
  int rc = dtrace_options_parse (argc, argv, o);
  fclose (stderr);
  stderr = saved;
  return rc;
}

int
main (void)
{
  struct dtrace_options o;

  {
    const char *w[] = { "-C", "-G", "-s", "utils/probes.d", "a.o", "b.o", "-o", "utils/probes.o", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "PostgreSQL: -o after the operands");
    UNIT_INTEQ (o.mode, MODE_LINK, "  mode is -G");
    UNIT_CHECK (o.preprocess, "  -C seen");
    UNIT_STREQ (o.output, "utils/probes.o", "  output");
    UNIT_INTEQ (o.noperands, 2, "  two object operands");
    UNIT_STREQ (o.scripts[0], "utils/probes.d", "  script");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-G", "-xnolibs", "-s", "x.d", "obj.o", "-o", "out.o", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "Node/Solaris: -G -xnolibs -s x.d obj -o out");
    UNIT_INTEQ (o.nxopts, 1, "  -xnolibs recorded");
    UNIT_STREQ (o.xopts[0], "nolibs", "  -x value");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-x", "nolibs", "-h", "-s", "x.d", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "libmemcached: -x nolibs (separate word)");
    UNIT_INTEQ (o.mode, MODE_HEADER, "  mode is -h");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-64", "-fPIC", "-fpic", "-k", "--types", "--no-pyparsing", "-G", "-s", "p.d", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "accepted and ignored: -64 -fPIC -fpic -k --types --no-pyparsing");
    UNIT_INTEQ (o.elf_class, 64, "  -64 picks the ELF class");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-DSTAP_SDT_V2", "-o", "out.h", "-h", "-s", "t.dtrace", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "QEMU: -DSTAP_SDT_V2 without -C");
    UNIT_CHECK (o.stap_sdt_v1_v2, "  STAP_SDT_V2 noticed");
    UNIT_STREQ (o.cpp_args[0], "-DSTAP_SDT_V2", "  kept for cpp");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-h", "-C", "-D", "X=1", "-I", "inc", "-Iinc2", "-UY", "-sprobes.d", "-oprobes.h", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "split -D/-I, joined -I/-U/-s/-o");
    UNIT_INTEQ (o.ncpp, 4, "  four cpp words");
    UNIT_STREQ (o.cpp_args[0], "-DX=1", "  -D X=1 joined");
    UNIT_STREQ (o.cpp_args[1], "-Iinc", "  -I inc joined");
    UNIT_STREQ (o.cpp_args[3], "-UY", "  -UY kept");
    UNIT_STREQ (o.scripts[0], "probes.d", "  -sFILE");
    UNIT_STREQ (o.output, "probes.h", "  -oFILE");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-h", "-K", "-s", "x.d", NULL };
    UNIT_INTEQ (parse (&o, w), 2, "unknown option -K: exit 2");
  }
  {
    const char *w[] = { "--frobnicate", NULL };
    UNIT_INTEQ (parse (&o, w), 2, "unknown long option: exit 2");
  }
  {
    const char *w[] = { "-h", "-G", "-s", "x.d", NULL };
    UNIT_INTEQ (parse (&o, w), 2, "-h with -G is a usage error");
  }
  {
    const char *w[] = { "-s", NULL };
    UNIT_INTEQ (parse (&o, w), 2, "-s without its argument: exit 2");
  }
  {
    const char *w[] = { NULL };
    UNIT_INTEQ (parse (&o, w), 2, "no arguments: usage, exit 2");
  }
  {
    const char *w[] = { "-V", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "-V parses");
    UNIT_INTEQ (o.mode, MODE_VERSION, "  version mode");
    dtrace_options_free (&o);
  }
  {
    const char *w[] = { "-l", "-v", "-m", "/bin/true", NULL };
    UNIT_INTEQ (parse (&o, w), 0, "-l -v -m FILE");
    UNIT_INTEQ (o.mode, MODE_LIST, "  list mode");
    UNIT_CHECK (o.verbose, "  verbose");
    dtrace_options_free (&o);
  }
  return unit_exit ();
}
