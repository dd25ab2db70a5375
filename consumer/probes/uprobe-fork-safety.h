/* SPDX-License-Identifier: MIT */
/*
 * uprobe-fork-safety.h — may a uprobe be placed where the kernel will
 * optimize it, without harming the traced program's children?
 *
 * Kernels from Linux 6.18 on (x86-64) rewrite a probed 5-byte nop, after
 * its first hit, into a `call` of a trampoline page the kernel maps into
 * that process ("optimized uprobes").  On 6.18 that page is not copied on
 * fork: a child forked after its parent hit the site inherits the `call`
 * into an unmapped page and dies by SIGSEGV when it reaches the site, also
 * after the tracer has gone (doc/probe-sites.md §9).  Whether a kernel has
 * that defect cannot be read from its version (distributions backport), so
 * dtrace tests it: once per boot, a helper process optimizes a site of
 * dtrace's own text, forks, and watches the children run the site while
 * the uprobe is attached and after it is gone.  The verdict is cached in
 * /run/sdtkit (root's, keyed by the boot id).
 *
 * Until a kernel passes, no uprobe of ours goes on an instruction the
 * kernel could optimize: USDT sites are attached at the 1-byte nop (the
 * int3 path) and sites that are bare 5-byte nops are refused with a
 * warning.
 */
#ifndef SDTKIT_CONSUMER_UPROBE_FORK_SAFETY_H
#define SDTKIT_CONSUMER_UPROBE_FORK_SAFETY_H

#include <stdbool.h>

enum uprobe_fork_verdict {
  UPROBE_FORK_NO_OPTIMIZATION = 0, /* the kernel never rewrites a probed site */
  UPROBE_FORK_SAFE,                /* optimized sites: children ran them unharmed */
  UPROBE_FORK_UNSAFE,              /* a child crashed, or the test could not tell */
};

/* True if this kernel has the `uprobe` system call of optimized uprobes
 * (x86-64, Linux 6.18+).  Probed once. */
bool uprobe_kernel_optimizes (void);

/* The fork verdict for this boot: NO_OPTIMIZATION when the kernel does not
 * optimize; otherwise the cached or freshly measured self-test result.
 * Environment: SDTKIT_FAST_SITES=force says SAFE without testing (for the
 * test suite's control case only: it lets the kernel crash children);
 * SDTKIT_FAST_SITES=retest ignores the cache. */
enum uprobe_fork_verdict uprobe_fork_verdict (void);

/* True when a uprobe must not be placed on an instruction the kernel
 * optimizes: the kernel optimizes and the verdict is not SAFE. */
bool uprobe_optimization_unsafe (void);

/* A one-line description of the verdict, for dtrace -V-style reports and
 * the test suite: "no-optimization", "safe", "unsafe". */
const char *uprobe_fork_verdict_name (enum uprobe_fork_verdict v);

#endif
