/* SPDX-License-Identifier: MIT */
/*
 * unwind.h — user stacks from ustack() captures (doc/unwinding.md).
 *
 * A capture (consumer/abi.h) is the user registers and a copy of the user
 * stack from %rsp taken when the probe fired.  The unwinder replays the
 * call chain from it in user space: for each frame it finds the module
 * holding the pc (through the symbolizer's view of the process's
 * mappings), the DWARF call-frame information for that pc (.eh_frame, else
 * .debug_frame, in the file or its separate debug file found by build-id or
 * .gnu_debuglink, read with libdwarf once per module and cached), computes
 * the caller's CFA and restores the return address and callee-saved
 * registers from the copied bytes.  A module without CFI for the pc is
 * walked through its frame pointer.  The walk stops cleanly at the stack's
 * end (the return address rule is undefined: _start, clone), when a value
 * lies outside the copied bytes, or when the stack pointer stops growing.
 */
#ifndef SDTKIT_CONSUMER_UNWIND_H
#define SDTKIT_CONSUMER_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "consumer/output/symbolize.h"

struct unwinder;

/* S resolves pcs to files; it must outlive the unwinder. */
struct unwinder *unwinder_new (struct symbolizer *s);
void unwinder_free (struct unwinder *u);

/* Unwind capture CAP (LEN bytes) of process PID: at most MAX pcs into PCS,
 * the innermost first (the first is the pc the probe fired at, the others
 * are return addresses).  Returns the number of pcs. */
size_t unwinder_unwind (struct unwinder *u, int32_t pid, const uint8_t *cap, size_t len,
                        uint64_t *pcs, size_t max);

#endif
