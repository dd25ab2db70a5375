/* SPDX-License-Identifier: MIT */
#ifndef SDTKIT_CONSUMER_KERNEL_MACHINERY_H
#define SDTKIT_CONSUMER_KERNEL_MACHINERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Is NAME (a kallsyms function name) part of the kernel's tracing machinery,
 * the code between a tracepoint and a BPF program? */
bool kernel_machinery_name (const char *name);

/* Fill PAIRS (CAP pairs of u64: first address, address past the end) with
 * the machinery's address ranges from /proc/kallsyms, sorted, adjacent ones
 * merged; the pairs not used are (UINT64_MAX, UINT64_MAX).  Returns the
 * number of ranges (0 when kallsyms cannot be read or hides addresses);
 * *DROPPED, the ranges beyond CAP left out. */
size_t kernel_machinery_ranges (uint64_t *pairs, size_t cap, size_t *dropped);
/* The same from F, text in kallsyms' format. */
size_t kernel_machinery_ranges_from (FILE *f, uint64_t *pairs, size_t cap, size_t *dropped);

#endif
