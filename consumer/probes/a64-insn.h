/* SPDX-License-Identifier: MIT */
/*
 * a64-insn.h — the aarch64 instructions the pid provider may probe.
 *
 * AArch64 instructions are 4 bytes, aligned: an offset into a function is
 * an instruction boundary when it is a multiple of 4.  What is left is the
 * kernel's rule for a uprobe on arm64 (arch/arm64/kernel/probes): the
 * probed instruction is either single-stepped out of line, simulated
 * (branches, ADR/ADRP, LDR/LDRSW of a literal), or refused.  Some
 * instructions would run wrongly out of line without the kernel noticing
 * (a SIMD load of a PC-relative literal reads the slot's neighbourhood),
 * so the check here is stricter than the kernel's where that matters: a
 * traced process must never execute something different.
 */
#ifndef SDTKIT_CONSUMER_A64_INSN_H
#define SDTKIT_CONSUMER_A64_INSN_H

#include <stdbool.h>
#include <stdint.h>

/* False for an instruction a uprobe must not be placed on: exception
 * generation (svc, brk, ...), eret, msr, mrs of DAIF, hints other than
 * nop/BTI/PAC-signing ones, exclusive loads and stores, PC-relative
 * literal loads the kernel does not simulate (SIMD, prfm). */
bool a64_insn_uprobe_ok (uint32_t insn);

/* True for ret (of any register), retaa, retab. */
bool a64_insn_is_return (uint32_t insn);

#endif
