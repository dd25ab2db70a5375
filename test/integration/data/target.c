/* SPDX-License-Identifier: MIT */
/* target.c — the consumer tests' traced program: `target N [wait]` fires
 * tgt:::tick N times with i = 0..N-1, sq = i*i and name = one of three
 * words, and tgt:::neg for v = -3..3.  With "wait" it first waits until a
 * tracer has enabled tgt:::ready (its semaphore), so no hit is missed
 * (at most WAITS x 5 ms: `target N wait WAITS`).  It reports on stderr
 * whether it saw the probe enabled.  With TGT_SETTLE_MS set it waits that
 * long more once it sees the probe enabled (uprobe-PMU perf events raise the
 * semaphore a moment before their program is linked).  With TGT_LINGER_MS
 * set it stays that long after its last probe before it exits.  With
 * TGT_FORK set it forks once tgt:::ready has fired, and the child fires the
 * ticks and negs first, then the parent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "target.h"

static const char *const names[] = { "alpha", "beta", "gamma" };

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 10;
  int ready = 0;
  /* Touch the strings so their page is present: a BPF program cannot fault
   * a page in, and copyinstr() of a never-touched page reads nothing. */
  size_t warm = 0;
  for (int k = 0; k < 3; k++)
    for (const volatile char *c = names[k]; *c; c++)
      warm++;
  int waits = argc > 3 ? atoi (argv[3]) : 2000;
  if (argc > 2 && strcmp (argv[2], "wait") == 0)
    for (int t = 0; t < waits && !(ready = TGT_READY_ENABLED ()); t++)
      usleep (5000);
  const char *settle = getenv ("TGT_SETTLE_MS");
  if (ready && settle)
    usleep ((useconds_t) atoi (settle) * 1000);
  TGT_READY ();
  if (getenv ("TGT_FORK"))
    {
      pid_t child = fork ();
      if (child > 0)
        waitpid (child, NULL, 0);
    }
  for (int i = 0; i < n; i++)
    TGT_TICK (i, (long) i * i, names[i % 3]);
  for (int v = -3; v <= 3; v++)
    TGT_NEG (v);
  fprintf (stderr, "done %d %zu ready=%d\n", n, warm, ready ? 1 : 0);
  const char *linger = getenv ("TGT_LINGER_MS");
  if (linger)
    usleep ((useconds_t) atoi (linger) * 1000);
  return 0;
}
