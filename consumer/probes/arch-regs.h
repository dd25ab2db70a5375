/* SPDX-License-Identifier: MIT */
/*
 * arch-regs.h — the consumer's per-architecture register layout, beside
 * the build side's machine table (sdt/arch.h): where the kernel's
 * struct pt_regs (the uprobe program's context) keeps each register an
 * argument spec names.
 *
 * x86-64: enum sdt_reg values, struct pt_regs' slots.  aarch64: DWARF
 * numbers x0..x30 (0..30) and sp (31), struct user_pt_regs (regs[31], sp,
 * pc, pstate).  A note of a machine other than the one dtrace runs on
 * cannot fire here (its files are for another CPU): its registers have no
 * offset.
 */
#ifndef SDTKIT_CONSUMER_PROBES_ARCH_REGS_H
#define SDTKIT_CONSUMER_PROBES_ARCH_REGS_H

#include <stdbool.h>

struct sdt_arch;

/* The machine table entry of the notes of a file with e_machine MACHINE
 * and ELF class ELF_CLASS, for sdt_argspec_parse_arch (NULL: x86-64). */
const struct sdt_arch *arch_regs_notes_arch (int machine, int elf_class);

/* The byte offset in struct pt_regs of register REG (as sdt_arg's base.reg
 * and index.reg hold it for ARCH), or -1: not kept there, or not a
 * register of the machine dtrace runs on. */
int arch_regs_ptregs_offset (const struct sdt_arch *arch, int reg);

/* Is ARCH (NULL: x86-64) the machine dtrace runs on? */
bool arch_regs_native (const struct sdt_arch *arch);

#endif
