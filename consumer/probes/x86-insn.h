/* SPDX-License-Identifier: MIT */
/*
 * x86-insn.h — x86-64 instruction lengths, enough to tell whether an
 * offset into a function is an instruction boundary (pid provider offset
 * probes: a breakpoint in the middle of an instruction would change what
 * the traced process executes).
 *
 * The decoder knows the legacy prefixes, REX, VEX (C4/C5) and EVEX (62),
 * the one-byte map and the 0F, 0F38 and 0F3A maps: ModRM/SIB/displacement
 * forms and immediate sizes.  It does not validate operands; an opcode it
 * does not know makes the answer "unknown".
 */
#ifndef SDTKIT_CONSUMER_X86_INSN_H
#define SDTKIT_CONSUMER_X86_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length of the instruction at CODE (at most N bytes), or -1 when it cannot
 * be decoded. */
int x86_insn_length (const uint8_t *code, size_t n);
/* 1 when OFF is the start of an instruction of the code CODE[0..N) decoded
 * from its start, 0 when it falls inside one, -1 when decoding failed
 * before reaching it. */
int x86_insn_boundary (const uint8_t *code, size_t n, size_t off);

/* False when the kernel's x86 uprobes refuse an instruction like the one
 * at CODE (they fail the whole uprobe_multi attach with ENOTSUPP): lock and
 * ES/CS/SS/DS segment prefixes, int3/int n/into/int1, mov to SS, or an
 * instruction this decoder does not know. */
bool x86_insn_uprobe_ok (const uint8_t *code, size_t n);

/* True when the instruction at CODE is 5 bytes long and a no-op of a form
 * that kernels with optimized uprobes (Linux 6.18+) rewrite into a call of
 * their trampoline once probed: nop with prefixes, nopl, and (for later
 * kernels' broader test) a lea, mov or xchg of a register with itself.
 * Such an instruction must not be probed where that rewrite is unsafe for
 * forked children (uprobe-fork-safety.h). */
bool x86_insn_optimizable_nop (const uint8_t *code, size_t n);

#endif
