/* SPDX-License-Identifier: MIT */
/* stacks.c — consumer-stacks.sh's traced program: a known call chain
 * main -> a -> b -> stk:::hit (arg1 = &b + i), then main -> stk_lib_call (in
 * libstkcb.so) -> c -> stk:::hit (arg1 = &c + i), N times each; then stk:::done
 * (arg0 = 1 with "last").  `stacks N [wait] [last]`: with "wait" it first
 * waits (at most 10 s) until a tracer has enabled stk:::hit or stk:::done.  Built
 * with -O0 -fno-omit-frame-pointer so the kernel's frame-pointer walk
 * sees every frame.  It exits 300 ms after its last probe. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "stacks.h"

void stk_lib_call (void (*fn) (int), int i);

__attribute__ ((noinline)) void
b (int i)
{
  STK_HIT (i, (char *) &b + i);   /* a pc inside b */
}

__attribute__ ((noinline)) void
a (int i)
{
  b (i);
}

__attribute__ ((noinline)) void
c (int i)
{
  STK_HIT (i, (char *) &c + i);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 3;
  int last = 0;
  for (int k = 2; k < argc; k++)
    {
      if (strcmp (argv[k], "wait") == 0)
        for (int t = 0; t < 2000 && !STK_HIT_ENABLED () && !STK_DONE_ENABLED (); t++)
          usleep (5000);
      if (strcmp (argv[k], "last") == 0)
        last = 1;
    }
  for (int i = 0; i < n; i++)
    a (i);
  for (int i = 0; i < n; i++)
    stk_lib_call (c, i);
  STK_DONE (last);
  /* Live on a little: dtrace reads a -c process's mappings (libraries
   * loaded by ld.so included) every 100 ms while it lives. */
  usleep (300000);
  return 0;
}
