/* SPDX-License-Identifier: MIT */
/*
 * arch-regs.c — struct pt_regs offsets of the registers argument specs
 * name, per machine (arch-regs.h).
 */
#include <elf.h>
#include <stddef.h>

#include "consumer/probes/arch-regs.h"
#include "sdt/arch.h"
#include "sdt/sdt.h"

#if defined __aarch64__
#define NATIVE_MACHINE EM_AARCH64
#else
#define NATIVE_MACHINE EM_X86_64
#endif

const struct sdt_arch *
arch_regs_notes_arch (int machine, int elf_class)
{
  if (machine == 0 || machine == EM_X86_64)
    return NULL;
  return sdt_arch_for_machine ((unsigned) machine, elf_class);
}

bool
arch_regs_native (const struct sdt_arch *arch)
{
  return (arch ? arch->machine : EM_X86_64) == NATIVE_MACHINE;
}

/* x86-64 struct pt_regs offsets of enum sdt_reg. */
static int
x86_64_offset (int r)
{
  static const int off[] = {
    [SDT_REG_RAX] = 80, [SDT_REG_RBX] = 40, [SDT_REG_RCX] = 88, [SDT_REG_RDX] = 96,
    [SDT_REG_RSI] = 104, [SDT_REG_RDI] = 112, [SDT_REG_RBP] = 32, [SDT_REG_RSP] = 152,
    [SDT_REG_R8] = 72, [SDT_REG_R9] = 64, [SDT_REG_R10] = 56, [SDT_REG_R11] = 48,
    [SDT_REG_R12] = 24, [SDT_REG_R13] = 16, [SDT_REG_R14] = 8, [SDT_REG_R15] = 0,
    [SDT_REG_RIP] = 128,
  };
  if (r < 0 || r > SDT_REG_RIP)
    return -1;
  return off[r];
}

/* aarch64 struct user_pt_regs: x0..x30 then sp (DWARF 31). */
static int
aarch64_offset (int r)
{
  return r >= 0 && r <= 31 ? r * 8 : -1;
}

const struct arch_abi arch_abi_x86_64 = {
  "x86_64", syscall_table_x86_64, 0,
  { 112, 104, 96, 56, 72, 64 }, 80, 120,         /* rdi rsi rdx r10 r8 r9; rax; orig_ax */
  { 112, 104, 96, 88, 72, 64 }, 6, 80,           /* rdi rsi rdx rcx r8 r9; rax */
  152, 8,                                         /* rsp; the return address */
};

const struct arch_abi arch_abi_aarch64 = {
  "aarch64", syscall_table_aarch64, 0,
  { 0, 8, 16, 24, 32, 40 }, 0, 280,               /* x0..x5; x0; syscallno */
  { 0, 8, 16, 24, 32, 40, 48, 56 }, 8, 0,         /* x0..x7; x0 */
  248, 0,                                         /* sp */
};

const struct arch_abi *
arch_abi_native (void)
{
  static struct arch_abi abi;
  if (!abi.name)
    {
#if defined __aarch64__
      abi = arch_abi_aarch64;
      abi.nsyscalls = syscall_table_aarch64_size;
#else
      abi = arch_abi_x86_64;
      abi.nsyscalls = syscall_table_x86_64_size;
#endif
    }
  return &abi;
}

int
arch_regs_ptregs_offset (const struct sdt_arch *arch, int reg)
{
  if (!arch_regs_native (arch))
    return -1;
  switch (arch ? arch->machine : EM_X86_64)
    {
    case EM_X86_64: return x86_64_offset (reg);
    case EM_AARCH64: return aarch64_offset (reg);
    default: return -1;
    }
}
