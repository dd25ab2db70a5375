/* SPDX-License-Identifier: MIT */
/*
 * sites.c — the timed program of bench/sites/run: per-hit and disabled cost
 * of each probe-site kind.  It times itself (CLOCK_MONOTONIC around the
 * loop), so a tracer's start-up never counts.
 *
 *   sites off KIND N      N iterations of a loop whose body is the site,
 *                         no tracer expected: ns per iteration
 *   sites guarded KIND N  the same behind the probe's *_ENABLED() test
 *   sites hit KIND N      the same loop, to be run under a tracer: ns per hit
 *
 * KIND: none (an empty asm), nop1 (`dtrace -h` site with
 * SDTKIT_NOP1_SITES: one 1-byte nop), fast (today's `dtrace -h` site: nop and
 * a guarded 5-byte nop), stap (systemtap's <sys/sdt.h>), call (a call-style
 * site: `dtrace -h -x callstyle`, made `nop; nopl 0x0(%rax)` by `dtrace -G`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void loop_none (long), loop_guarded_none (long);
void loop_nop1 (long), loop_guarded_nop1 (long);
void loop_fast (long), loop_guarded_fast (long);
void loop_stap (long), loop_guarded_stap (long);
void loop_call (long), loop_guarded_call (long);

static const struct kind {
  const char *name;
  void (*plain) (long);
  void (*guarded) (long);
} kinds[] = {
  { "none", loop_none, loop_guarded_none },
  { "nop1", loop_nop1, loop_guarded_nop1 },
  { "fast", loop_fast, loop_guarded_fast },
  { "stap", loop_stap, loop_guarded_stap },
  { "call", loop_call, loop_guarded_call },
};

int
main (int argc, char **argv)
{
  if (argc != 4)
    {
      fprintf (stderr, "usage: sites off|guarded|hit none|nop1|fast|stap|call N\n");
      return 2;
    }
  const struct kind *k = NULL;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp (argv[2], kinds[i].name) == 0)
      k = &kinds[i];
  long n = atol (argv[3]);
  if (!k || n <= 0)
    {
      fprintf (stderr, "sites: bad kind or count\n");
      return 2;
    }
  void (*fn) (long) = strcmp (argv[1], "guarded") == 0 ? k->guarded : k->plain;
  struct timespec a, b;
  clock_gettime (CLOCK_MONOTONIC, &a);
  fn (n);
  clock_gettime (CLOCK_MONOTONIC, &b);
  double ns = (double) (b.tv_sec - a.tv_sec) * 1e9 + (double) (b.tv_nsec - a.tv_nsec);
  printf ("%.3f\n", ns / (double) n);
  return 0;
}
