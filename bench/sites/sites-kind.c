/* SPDX-License-Identifier: MIT */
/*
 * sites-kind.c — one probe-site kind's loops, compiled once per kind by
 * bench/sites/run: KIND (a C identifier) names the functions; the site is
 * SITE(i), the guard GUARD() (see sites.c).
 */
#include "sites-kind.h"

void
CAT (loop_, KIND) (long n)
{
  for (long i = 0; i < n; i++)
    SITE (i);
}

void
CAT (loop_guarded_, KIND) (long n)
{
  for (long i = 0; i < n; i++)
    if (GUARD ())
      SITE (i);
}
