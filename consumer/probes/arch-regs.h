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
#include <stddef.h>
#include <stdint.h>

#include "consumer/probes/syscall-probes.h"

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

/* The calling conventions of a machine, as struct pt_regs offsets. */
struct arch_abi {
  const char *name;                        /* "x86_64", "aarch64" */
  const struct syscall_name *syscalls;     /* its system call table */
  size_t nsyscalls;
  uint16_t syscall_args[6];                /* a system call's arguments */
  uint16_t syscall_ret;                    /* ... and its return value */
  uint16_t syscall_nr;                     /* the call's number, kept for sys_exit */
  uint16_t call_args[8];                   /* a function's integer arguments */
  unsigned ncall_args;
  uint16_t call_ret;                       /* its return value */
  uint16_t sp;                             /* the stack pointer */
  unsigned stack_args_skip;                /* bytes at [sp] before the first stack
                                              argument at function entry (x86: the
                                              return address) */
};

/* The machine dtrace runs on; arch_abi_x86_64/_aarch64 for tests. */
const struct arch_abi *arch_abi_native (void);
extern const struct arch_abi arch_abi_x86_64, arch_abi_aarch64;

#endif
