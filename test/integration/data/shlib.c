/* SPDX-License-Identifier: MIT */
/* shlib.c — libshl.so, a shared library whose probes are its own:
 * shl_fire(N) fires shl:::hit N times (i = 0..N-1); its initializer fires
 * shl:::init when the dynamic linker runs it. */
#include "shlib.h"

void shl_fire (int n);
int shl_enabled (void);

__attribute__ ((constructor)) static void
shl_init (void)
{
  SHL_INIT ();
}

void
shl_fire (int n)
{
  SHL_READY ();
  for (int i = 0; i < n; i++)
    SHL_HIT (i);
}

int
shl_enabled (void)
{
  return SHL_HIT_ENABLED ();
}
