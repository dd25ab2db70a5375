/* SPDX-License-Identifier: MIT */
/*
 * cpu-topology.c — each CPU's package and NUMA node (cpu-topology.h).
 *
 * The possible CPUs are /sys/devices/system/cpu/possible (a list of
 * ranges; only its highest number matters here).  A CPU's package is its
 * topology/physical_package_id (missing for a CPU that is not present:
 * 0); its node the nodeN link in its directory (none without NUMA: 0).
 * A negative package id (some virtual machines say -1) is kept as it is.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/cpu-topology.h"
#include "common/xalloc.h"

#define CPU_DIR "/sys/devices/system/cpu"

/* The highest CPU number of sysfs's possible list, or -1. */
static long
highest_possible (void)
{
  FILE *f = fopen (CPU_DIR "/possible", "r");
  if (!f)
    return -1;
  char line[4096];
  long highest = -1;
  if (fgets (line, sizeof line, f))
    for (char *p = line, *end;; p = end + 1)
      {
        long v = strtol (p, &end, 10);
        if (end == p)
          break;
        if (v > highest)
          highest = v;
        if (*end != '-' && *end != ',')
          break;
      }
  fclose (f);
  return highest;
}

static int32_t
package_of (unsigned cpu)
{
  char path[128];
  snprintf (path, sizeof path, CPU_DIR "/cpu%u/topology/physical_package_id", cpu);
  FILE *f = fopen (path, "r");
  long v = 0;
  if (f)
    {
      if (fscanf (f, "%ld", &v) != 1)
        v = 0;
      fclose (f);
    }
  return (int32_t) v;
}

static int32_t
node_of (unsigned cpu)
{
  char path[128];
  snprintf (path, sizeof path, CPU_DIR "/cpu%u", cpu);
  DIR *d = opendir (path);
  long node = 0;
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir (d));)
    {
      char *end;
      if (strncmp (e->d_name, "node", 4) != 0 || !e->d_name[4])
        continue;
      long v = strtol (e->d_name + 4, &end, 10);
      if (*end == '\0')
        {
          node = v;
          break;
        }
    }
  closedir (d);
  return (int32_t) node;
}

void
cpu_topology_read (const int32_t **chip, const int32_t **node, unsigned *ncpus)
{
  static int32_t *c, *m;        /* read once */
  static unsigned n;
  static bool done;
  if (!done)
    {
      done = true;
      long highest = highest_possible ();
      if (highest >= 0 && highest < 65536)
        {
          n = (unsigned) highest + 1;
          c = xcalloc (n, sizeof *c);
          m = xcalloc (n, sizeof *m);
          for (unsigned k = 0; k < n; k++)
            {
              c[k] = package_of (k);
              m[k] = node_of (k);
            }
        }
    }
  *chip = c;
  *node = m;
  *ncpus = n;
}
