/* SPDX-License-Identifier: MIT */
/*
 * kernel-symbols.c — a kernel symbol's address by name, from
 * /proc/kallsyms (see kernel-symbols.h).  The file is scanned once per
 * lookup (a script names a handful of symbols); only the kernel's own
 * lines count (a module's end with "[module]").  With kptr_restrict (or
 * without CAP_SYSLOG) every address reads as 0: that is reported as such.
 */
#include "consumer/probes/kernel-symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

int
kernel_symbol_address (const char *name, uint64_t *addr, char **error)
{
  FILE *f = fopen ("/proc/kallsyms", "re");
  *error = NULL;
  if (!f)
    {
      *error = xstrdup ("cannot read /proc/kallsyms");
      return -1;
    }
  char line[512];
  bool found = false;
  while (!found && fgets (line, sizeof line, f))
    {
      uint64_t a;
      char type, sym[256];
      int used = 0;
      if (sscanf (line, "%" SCNx64 " %c %255s%n", &a, &type, sym, &used) != 3)
        continue;
      if (strcmp (sym, name) != 0 || strchr (line + used, '['))
        continue;
      found = true;
      *addr = a;
    }
  fclose (f);
  if (!found)
    {
      *error = xasprintf ("%s is not in /proc/kallsyms (a kernel lists its variables there only "
                          "when built with CONFIG_KALLSYMS_ALL)", name);
      return -1;
    }
  if (*addr == 0)
    {
      *error = xasprintf ("the kernel hides the address of %s (kptr_restrict, or no CAP_SYSLOG)", name);
      return -1;
    }
  return 0;
}
