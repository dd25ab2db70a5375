/* SPDX-License-Identifier: MIT */
/* sdt-target.c — consumer-sdt.sh's process: raises its oom_score_adj to
 * 500 (a short in sdt:task::task_rename; lowering it needs
 * CAP_SYS_RESOURCE, which a container's root may lack), then renames itself
 * (PR_SET_NAME) to "sdt-renamed", then exits. */
#include <stdio.h>
#include <sys/prctl.h>

int
main (void)
{
  FILE *f = fopen ("/proc/self/oom_score_adj", "w");
  if (f)
    {
      fputs ("500\n", f);
      fclose (f);
    }
  prctl (PR_SET_NAME, "sdt-renamed", 0, 0, 0);
  return 0;
}
