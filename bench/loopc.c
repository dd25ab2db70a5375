/* SPDX-License-Identifier: MIT */
/* loopc.c — the call-style probe loop of loop.c (benchc.h is made by
 * `dtrace -h -x callstyle`; after `dtrace -G` the call is a 5-byte nop). */
#include "benchc.h"

__attribute__ ((noinline)) void loop_call (long n);

void
loop_call (long n)
{
  for (long i = 0; i < n; i++)
    {
      __asm__ volatile ("" : : "r" (i));
      BENCHC_HIT ((int) i, (int) (i & 15));
    }
}
