/* SPDX-License-Identifier: MIT */
/* shortlived.c — a program gone within a millisecond: three getppid()
 * calls from one site (main -> f -> getppid), then exit.  For
 * consumer-stacks-exited.sh: its stacks must still print whole. */
#include <unistd.h>

__attribute__ ((noinline)) static void
f (void)
{
  getppid ();
  __asm__ volatile ("" ::: "memory");
}

int
main (void)
{
  for (int i = 0; i < 3; i++)
    f ();
  return 0;
}
