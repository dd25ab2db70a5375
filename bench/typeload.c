/* SPDX-License-Identifier: MIT */
/*
 * typeload.c — bench figure 8's in-process part: how long the DWARF type
 * reader takes on FILE (open: find the debug file; first lookup: index every
 * name, then convert one struct; second lookup: another struct, index
 * built).  Prints "open_ms first_ms second_ms names".
 * Usage: typeload FILE STRUCT1 STRUCT2
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "consumer/compile/ctype.h"
#include "consumer/probes/dwarf-types.h"

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    return 2;
  char *err = NULL;
  double t0 = now_ms ();
  struct dwarf_types *dt = dwarf_types_open (argv[1], "a.out", &err);
  double t1 = now_ms ();
  if (!dt)
    {
      fprintf (stderr, "typeload: %s\n", err);
      return 1;
    }
  struct ctype_table *t = ctype_table_new ();
  const struct ctype *a = dwarf_types_lookup (dt, t, CT_STRUCT, argv[2], &err);
  double t2 = now_ms ();
  const struct ctype *b = dwarf_types_lookup (dt, t, CT_STRUCT, argv[3], &err);
  double t3 = now_ms ();
  if (!a || !b)
    {
      fprintf (stderr, "typeload: struct %s or %s not found\n", argv[2], argv[3]);
      return 1;
    }
  printf ("%.3f %.3f %.3f %zu\n", t1 - t0, t2 - t1, t3 - t2, dwarf_types_indexed (dt));
  ctype_table_free (t);
  dwarf_types_free (dt);
  return 0;
}
