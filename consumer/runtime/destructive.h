/* SPDX-License-Identifier: MIT */
/*
 * destructive.h — DTrace's destructive actions (they need -w or
 * `#pragma D option destructive`).
 *
 * system(fmt, ...) is carried out here, by the consumer, when its record is
 * consumed: the format's items travel in the record like printf's, the
 * command is formatted, dtrace's output is flushed, and the command runs
 * (sh -c) with dtrace's stdout, so its output lands in record order.
 * raise(sig), stop(), copyout() and copyoutstr() act in the probe context
 * (codegen.c: bpf_send_signal_thread, bpf_send_signal with SIGSTOP,
 * bpf_probe_write_user) and leave nothing for the consumer.
 */
#ifndef SDTKIT_CONSUMER_DESTRUCTIVE_H
#define SDTKIT_CONSUMER_DESTRUCTIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "consumer/output/dformat.h"
#include "consumer/compile/dprog.h"

/* Does the program use a destructive action? */
bool destructive_used (const struct dprog *p);

/* Before enabling: without permission, "could not enable tracing:
 * Destructive actions not allowed" and -1.  With it (and not quiet), the
 * notice "allowing destructive actions". */
int destructive_permit (const struct dprog *p);

/* Can the kernel's programs write user memory (bpf_probe_write_user)?
 * Kernels in lockdown refuse it; the consumer then does copyout(). */
bool destructive_kernel_can_write (void);

/* A copyout()/copyoutstr() record done by the consumer: write the bytes
 * into the process (which the program stopped with SIGSTOP right after
 * the record left, so the write lands before it runs on), then SIGCONT. */
void destructive_copyout (const struct dprog *p, const void *rec, size_t size, const struct daction *a);

/* Format and run one system() action. */
void destructive_system (struct dfmt_out *out, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                         const struct dfmt_value *vals, size_t nvals);

#endif
