/* SPDX-License-Identifier: MIT */
/*
 * arch.c — the architecture table (sdt/arch.h): one entry per machine, with
 * every fact the header writer, the argument-spec reader and the call-style
 * linker need about it, and the register-name lookups over it.
 *
 * The operand spellings are those GCC prints for `<sys/sdt.h>`'s operands
 * (measured with Debian 12's cross compilers, doc/probe-sites.md §10):
 *   x86-64  -4@%edi  8@8(%rsp)  -4@$5         (%c size, %q operand, "nr")
 *   i386    -4@%eax  4@8(%esp)  -4@$5         (%k: the 32-bit name)
 *   aarch64 -4@x0    8@[sp, 16] -4@5
 *   arm     -4@r0    4@[fp, #-8] -4@#5       ("g": with "nor" GCC puts constants
 *                                             in the literal pool, `.L9`; clang 14
 *                                             prints an address as a bare symbol
 *                                             under "g", so "nor" for clang)
 *   ppc64   -4@3     8@16(1)    -4@i5         (%I prints the `i`; "nZr")
 *   s390x   -4@%r2   8@160(%r15) -4@5         (`nop 0`: its nop takes an operand)
 *   riscv   -4@a0    8@16(sp)   -4@5         (clang 14 fails on "o" operands:
 *                                             "nr" for clang)
 * Only the size's modifier differs from sys/sdt.h's (it uses assembler
 * macros around %n); our header prints the size directly with %c or %n.
 */
#include "sdt/arch.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "sdt/elf-defs.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif
#ifndef EM_AARCH64
#define EM_AARCH64 183
#endif
#ifndef R_ARM_THM_CALL
#define R_ARM_THM_CALL 10   /* <elf.h>: R_ARM_THM_PC22 */
#endif
#ifndef R_ARM_THM_JUMP24
#define R_ARM_THM_JUMP24 30
#endif
#ifndef R_ARM_CALL
#define R_ARM_CALL 28
#endif
#ifndef R_ARM_JUMP24
#define R_ARM_JUMP24 29
#endif
#ifndef R_PPC64_REL24_NOTOC
#define R_PPC64_REL24_NOTOC 116
#endif
#ifndef R_AARCH64_CALL26
#define R_AARCH64_CALL26 283
#endif
#ifndef R_AARCH64_JUMP26
#define R_AARCH64_JUMP26 282
#endif
#ifndef R_AARCH64_ABS64
#define R_AARCH64_ABS64 257
#endif

/* ------------------------------------------------------------------ */
/* Register names.                                                      */

static const struct sdt_reg_names aarch64_regs[] = {
  { "x", 0, 30, 0, 8 }, { "w", 0, 30, 0, 4 }, { "sp", -1, -1, 31, 8 }, { "wsp", -1, -1, 31, 4 },
  { NULL, 0, 0, 0, 0 },
};
static const struct sdt_reg_names arm_regs[] = {
  { "fp", -1, -1, 11, 4 }, { "ip", -1, -1, 12, 4 }, { "sp", -1, -1, 13, 4 },
  { "lr", -1, -1, 14, 4 }, { "pc", -1, -1, 15, 4 }, { "r", 0, 15, 0, 4 },
  { "sl", -1, -1, 10, 4 }, { "sb", -1, -1, 9, 4 },
  { NULL, 0, 0, 0, 0 },
};
/* GCC prints bare numbers (without -mregnames). */
static const struct sdt_reg_names ppc_regs[] = {
  { "", 0, 31, 0, 8 }, { "%r", 0, 31, 0, 8 }, { "r", 0, 31, 0, 8 },
  { NULL, 0, 0, 0, 0 },
};
static const struct sdt_reg_names s390_regs[] = {
  { "%r", 0, 15, 0, 8 },
  { NULL, 0, 0, 0, 0 },
};
static const struct sdt_reg_names riscv_regs[] = {
  { "zero", -1, -1, 0, 8 }, { "ra", -1, -1, 1, 8 }, { "sp", -1, -1, 2, 8 },
  { "gp", -1, -1, 3, 8 }, { "tp", -1, -1, 4, 8 }, { "t", 0, 2, 5, 8 }, { "s", 0, 1, 8, 8 },
  { "a", 0, 7, 10, 8 }, { "s", 2, 11, 18, 8 }, { "t", 3, 6, 28, 8 }, { "fp", -1, -1, 8, 8 },
  { "x", 0, 31, 0, 8 },
  { NULL, 0, 0, 0, 0 },
};

/* ------------------------------------------------------------------ */
/* Call-style sites.                                                    */

static const struct sdt_call_form x86_64_calls[] = {
  { R_X86_64_PC32, R_X86_64_PLT32, R_X86_64_PC32, 1, 5, -4, false,
    { 0xe8 }, { 0xff }, { 0x90, 0x0f, 0x1f, 0x40, 0x00 }, { 0x0f, 0x1f, 0x44, 0x00, 0x00 },
    "call", NULL, "is not a call or jump (its address is used?)" },
  { R_X86_64_PC32, R_X86_64_PLT32, R_X86_64_PC32, 1, 5, -4, true,
    { 0xe9 }, { 0xff }, { 0x90, 0xc3, 0xcc, 0xcc, 0xcc }, { 0 }, "tail call", NULL, NULL },
  { R_X86_64_GOTPCRELX, R_X86_64_REX_GOTPCRELX, R_X86_64_GOTPCREL, 2, 6, -4, false,
    { 0xff, 0x15 }, { 0xff, 0xff }, { 0x90, 0x0f, 0x1f, 0x40, 0x00, 0x90 },
    { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x90 }, "call through the GOT", NULL,
    "loads the function's address from the GOT instead of calling it" },
  { R_X86_64_GOTPCRELX, R_X86_64_REX_GOTPCRELX, R_X86_64_GOTPCREL, 2, 6, -4, true,
    { 0xff, 0x25 }, { 0xff, 0xff }, { 0x90, 0xc3, 0xcc, 0xcc, 0xcc, 0xcc }, { 0 },
    "tail call through the GOT", NULL, NULL },
  { R_X86_64_PC32, R_X86_64_PLT32, R_X86_64_PC32, 2, 6, -4, true,
    { 0x0f, 0x80 }, { 0xff, 0xf0 }, { 0 }, { 0 }, "conditional tail call",
    "is a conditional tail call, which cannot be rewritten in place "
    "(compile this file with -fno-optimize-sibling-calls)", NULL },
};
static const char *const x86_64_arg_regs[] = { "%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9" };

/* i386 (REL: the -4 addend is in the call's bytes): the x86-64 call and
 * tail call, to a nop; arguments all on the stack, (%esp) up at a call,
 * 4(%esp) up at a tail call.  (-fno-plt's call *x@GOT(%ebx) is not
 * linked: "not a call or jump".) */
static const struct sdt_call_form i386_calls[] = {
  { R_386_PC32, R_386_PLT32, R_386_PC32, 1, 5, 0, false,
    { 0xe8 }, { 0xff }, { 0x90, 0x0f, 0x1f, 0x40, 0x00 }, { 0 }, "call", NULL,
    "is not a call or jump (its address is used?)" },
  { R_386_PC32, R_386_PLT32, R_386_PC32, 1, 5, 0, true,
    { 0xe9 }, { 0xff }, { 0x90, 0xc3, 0xcc, 0xcc, 0xcc }, { 0 }, "tail call", NULL, NULL },
};

/* arm (REL).  ARM state: bl (cond AL: 0xeb......, R_ARM_CALL; blx imm
 * 0xfa/0xfb......) -> nop (0xe320f000); b (0xea......, R_ARM_JUMP24, a
 * tail call) -> bx lr (0xe12fff1e).  Thumb-2 (Debian's armhf default):
 * bl/blx (R_ARM_THM_CALL: 11110S.. then 11J1J.. / 11J0J..) -> nop.w
 * (0xf3af 0x8000); b.w (R_ARM_THM_JUMP24: 10J1J..) -> nop; bx lr
 * (0xbf00 0x4770).  Little-endian halfwords.  Arguments r0..r3 (8-byte
 * ones in an even pair), then [sp], [sp, #4]... */
static const struct sdt_call_form arm_calls[] = {
  { R_ARM_THM_CALL, R_ARM_THM_CALL, R_ARM_THM_CALL, 0, 4, 0, false,
    { 0, 0xf0, 0, 0xd0 }, { 0, 0xf8, 0, 0xd0 }, { 0xaf, 0xf3, 0x00, 0x80 }, { 0 }, "call", NULL,
    "is not a bl or blx instruction" },
  { R_ARM_THM_CALL, R_ARM_THM_CALL, R_ARM_THM_CALL, 0, 4, 0, false,
    { 0, 0xf0, 0, 0xc0 }, { 0, 0xf8, 0, 0xd0 }, { 0xaf, 0xf3, 0x00, 0x80 }, { 0 }, "call", NULL,
    NULL },
  { R_ARM_THM_JUMP24, R_ARM_THM_JUMP24, R_ARM_THM_JUMP24, 0, 4, 0, true,
    { 0, 0xf0, 0, 0x90 }, { 0, 0xf8, 0, 0xd0 }, { 0x00, 0xbf, 0x70, 0x47 }, { 0 }, "tail call",
    NULL, "is not a b.w instruction (a conditional tail call?)" },
  { R_ARM_CALL, R_ARM_CALL, R_ARM_CALL, 0, 4, 0, false,
    { 0, 0, 0, 0xeb }, { 0, 0, 0, 0xff }, { 0x00, 0xf0, 0x20, 0xe3 }, { 0 }, "call", NULL,
    "is not a bl instruction (a conditional call?)" },
  { R_ARM_CALL, R_ARM_CALL, R_ARM_CALL, 0, 4, 0, false,
    { 0, 0, 0, 0xfa }, { 0, 0, 0, 0xfe }, { 0x00, 0xf0, 0x20, 0xe3 }, { 0 }, "call", NULL, NULL },
  { R_ARM_JUMP24, R_ARM_JUMP24, R_ARM_JUMP24, 0, 4, 0, true,
    { 0, 0, 0, 0xea }, { 0, 0, 0, 0xff }, { 0x1e, 0xff, 0x2f, 0xe1 }, { 0 }, "tail call", NULL,
    "is not a b instruction (a conditional tail call?)" },
};
static const char *const arm_arg_regs[] = { "r0", "r1", "r2", "r3" };

/* s390x (big-endian): brasl %r14 (c0 e5 + 4, R_390_PLT32DBL/PC32DBL at
 * +2, addend 2) -> nop 0; nopr (47000000 0700); a tail jg (c0 f4 + 4) ->
 * nop 0; br %r14 (47000000 07fe).  Arguments %r2..%r6, then the caller's
 * parameter area: 160(%r15), 168(%r15)... */
static const struct sdt_call_form s390x_calls[] = {
  { R_390_PLT32DBL, R_390_PC32DBL, R_390_PLT32DBL, 2, 6, 2, false,
    { 0xc0, 0xe5 }, { 0xff, 0xff }, { 0x47, 0, 0, 0, 0x07, 0x00 }, { 0 }, "call", NULL,
    "is not a brasl %r14 instruction" },
  { R_390_PLT32DBL, R_390_PC32DBL, R_390_PLT32DBL, 2, 6, 2, true,
    { 0xc0, 0xf4 }, { 0xff, 0xff }, { 0x47, 0, 0, 0, 0x07, 0xfe }, { 0 }, "tail call", NULL,
    NULL },
};
static const char *const s390x_arg_regs[] = { "%r2", "%r3", "%r4", "%r5", "%r6" };

/* bl (0x94000000 | imm26) -> nop (0xd503201f); b (0x14000000 | imm26), a
 * tail call -> ret (0xd65f03c0): x30 already holds the caller's return
 * address, as the callee would have found it.  Little-endian bytes. */
static const struct sdt_call_form aarch64_calls[] = {
  { R_AARCH64_CALL26, R_AARCH64_CALL26, R_AARCH64_CALL26, 0, 4, 0, false,
    { 0, 0, 0, 0x94 }, { 0, 0, 0, 0xfc }, { 0x1f, 0x20, 0x03, 0xd5 }, { 0 }, "call", NULL,
    "is not a bl instruction" },
  { R_AARCH64_JUMP26, R_AARCH64_JUMP26, R_AARCH64_JUMP26, 0, 4, 0, true,
    { 0, 0, 0, 0x14 }, { 0, 0, 0, 0xfc }, { 0xc0, 0x03, 0x5f, 0xd6 }, { 0 }, "tail call", NULL,
    "is not a b instruction" },
};
static const char *const aarch64_arg_regs[] = { "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7" };

/* ppc64 ELFv2 (little-endian objects): bl (0x48000001 | li) -> nop
 * (0x60000000); the nop after it, the TOC restore slot ld would turn into
 * `ld r2,24(r1)`, stays a nop (nothing was called, r2 is intact).  A tail
 * b (0x48000000 | li) -> blr (0x4e800020).  Arguments r3..r10, then the
 * parameter save area: argument N at 32 + 8N(r1). */
static const struct sdt_call_form ppc64_calls[] = {
  { R_PPC64_REL24, R_PPC64_REL24_NOTOC, R_PPC64_REL24, 0, 4, 0, false,
    { 0x01, 0, 0, 0x48 }, { 0x03, 0, 0, 0xfc }, { 0x00, 0x00, 0x00, 0x60 }, { 0 }, "call", NULL,
    "is not a bl instruction" },
  { R_PPC64_REL24, R_PPC64_REL24_NOTOC, R_PPC64_REL24, 0, 4, 0, true,
    { 0x00, 0, 0, 0x48 }, { 0x03, 0, 0, 0xfc }, { 0x20, 0x00, 0x80, 0x4e }, { 0 }, "tail call",
    NULL, NULL },
};
static const char *const ppc64_arg_regs[] = { "3", "4", "5", "6", "7", "8", "9", "10" };

/* riscv: `call` is auipc ra + jalr ra (R_RISCV_CALL/CALL_PLT on the
 * auipc, 8 bytes) -> nop; nop (0x00000013); `tail` is auipc t1 + jr t1 ->
 * nop; ret (0x00008067).  The R_RISCV_RELAX beside the relocation stays:
 * alone it relaxes nothing.  Arguments a0..a7, then 0(sp), 8(sp)... */
static const struct sdt_call_form riscv_calls[] = {
  { R_RISCV_CALL, R_RISCV_CALL_PLT, R_RISCV_CALL, 0, 8, 0, false,
    { 0x97, 0x00, 0, 0, 0xe7, 0x80, 0x00 }, { 0xff, 0x0f, 0, 0, 0xff, 0xff, 0x0f },
    { 0x13, 0, 0, 0, 0x13, 0, 0, 0 }, { 0 }, "call", NULL,
    "is not an auipc ra + jalr ra pair" },
  { R_RISCV_CALL, R_RISCV_CALL_PLT, R_RISCV_CALL, 0, 8, 0, true,
    { 0x17, 0x03, 0, 0, 0x67, 0x00, 0x03 }, { 0xff, 0x0f, 0, 0, 0xff, 0xff, 0x0f },
    { 0x13, 0, 0, 0, 0x67, 0x80, 0, 0 }, { 0 }, "tail call", NULL, NULL },
};
static const char *const riscv_arg_regs[] = { "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7" };

/* ------------------------------------------------------------------ */
/* The table.                                                           */

#define ARGF_X86_64 "\"%c\" #s \"@%q\" #a"
#define ARGF_I386 "\"%c\" #s \"@%k\" #a"
#define ARGF_PPC "\"%n\" #s \"@%I\" #a \"%\" #a"
#define ARGF_PLAIN "\"%n\" #s \"@%\" #a"

const struct sdt_arch sdt_arches[] = {
  { "x86-64", EM_X86_64, ELFCLASS64, ELFDATA2LSB, "defined __x86_64__", "nr", NULL, ARGF_X86_64, false,
    "990:nop\\n",
    "990:nop\\n.byte 72,141,100,36,128,15,31,68,0,0,72,141,164,36,128,0,0,0\\n",
    SDT_SYNTAX_ATT, "$", NULL,
    x86_64_calls, sizeof x86_64_calls / sizeof x86_64_calls[0], ELFCLASS64, ELFDATA2LSB,
    R_X86_64_NONE, R_X86_64_64,
    x86_64_arg_regs, 6, "%u(%%rsp)", "(%%rsp)", 0, 8, 8, false, false, false, false },
  { "i386", EM_386, ELFCLASS32, ELFDATA2LSB, "defined __i386__", "nor", NULL, ARGF_I386, false,
    "990:nop\\n", NULL, SDT_SYNTAX_ATT, "$", NULL,
    i386_calls, sizeof i386_calls / sizeof i386_calls[0], ELFCLASS32, ELFDATA2LSB,
    R_386_NONE, R_386_32,
    NULL, 0, "%u(%%esp)", "(%%esp)", 0, 4, 4, true, false, false, false },
  { "aarch64", EM_AARCH64, ELFCLASS64, ELFDATA2LSB, "defined __aarch64__", "nor", NULL, ARGF_PLAIN, true,
    "990:nop\\n", NULL, SDT_SYNTAX_BRACKET, "", aarch64_regs,
    aarch64_calls, sizeof aarch64_calls / sizeof aarch64_calls[0], ELFCLASS64, ELFDATA2LSB,
    R_AARCH64_NONE,
    R_AARCH64_ABS64, aarch64_arg_regs, 8, "[sp, %u]", "[sp]", 0, 8, 0, false, false, true, false },
  { "arm", EM_ARM, ELFCLASS32, ELFDATA2LSB, "defined __arm__", "g", "nor", ARGF_PLAIN, true,
    "990:nop\\n", NULL, SDT_SYNTAX_BRACKET, "#", arm_regs,
    arm_calls, sizeof arm_calls / sizeof arm_calls[0], ELFCLASS32, ELFDATA2LSB,
    R_ARM_NONE, R_ARM_ABS32,
    arm_arg_regs, 4, "[sp, #%u]", "[sp]", 0, 4, 0, true, true, true, false },
  { "ppc64", EM_PPC64, ELFCLASS64, 0, "defined __powerpc64__", "nZr", NULL, ARGF_PPC, true,
    "990:nop\\n", NULL, SDT_SYNTAX_PAREN, "i", ppc_regs,
    ppc64_calls, sizeof ppc64_calls / sizeof ppc64_calls[0], ELFCLASS64, ELFDATA2LSB,
    R_PPC64_NONE, R_PPC64_ADDR64,
    ppc64_arg_regs, 8, "%u(1)", "0(1)", 96, 8, 0, false, false, true, false },
  { "ppc", EM_PPC, ELFCLASS32, ELFDATA2MSB, "defined __powerpc__", "nZr", NULL, ARGF_PPC, true,
    "990:nop\\n", NULL, SDT_SYNTAX_PAREN, "i", ppc_regs,
    NULL, 0, 0, 0, 0, 0, NULL, 0, NULL, NULL, 0, 0, 0, false, false, true, false },
  { "s390x", EM_S390, 0, ELFDATA2MSB, "defined __s390__", "nor", NULL, ARGF_PLAIN, true,
    "990:nop 0\\n", NULL, SDT_SYNTAX_PAREN, "", s390_regs,
    s390x_calls, sizeof s390x_calls / sizeof s390x_calls[0], ELFCLASS64, ELFDATA2MSB,
    R_390_NONE, R_390_64, s390x_arg_regs, 5, "%u(%%r15)", "0(%%r15)", 160, 8, 0,
    false, false, true, false },
  { "riscv", EM_RISCV, 0, ELFDATA2LSB, "defined __riscv", "nor", "nr", ARGF_PLAIN, true,
    "990:nop\\n", NULL, SDT_SYNTAX_PAREN, "", riscv_regs,
    riscv_calls, sizeof riscv_calls / sizeof riscv_calls[0], ELFCLASS64, ELFDATA2LSB,
    R_RISCV_NONE, R_RISCV_64,
    riscv_arg_regs, 8, "%u(sp)", "0(sp)", 0, 8, 0, false, false, true, true },
  /* Any other GCC target: sys/sdt.h's generic form. */
  { "generic", 0, 0, 0, NULL, "nor", NULL, ARGF_PLAIN, true,
    "990:nop\\n", NULL, SDT_SYNTAX_PAREN, "", NULL,
    NULL, 0, 0, 0, 0, 0, NULL, 0, NULL, NULL, 0, 0, 0, false, false, false, false },
};
const size_t sdt_narches = sizeof sdt_arches / sizeof sdt_arches[0];

const struct sdt_arch *
sdt_arch_for_machine (unsigned machine, int elf_class)
{
  for (size_t i = 0; i + 1 < sdt_narches; i++)
    if (sdt_arches[i].machine == machine
        && (!elf_class || !sdt_arches[i].elf_class || sdt_arches[i].elf_class == elf_class))
      return &sdt_arches[i];
  return NULL;
}

const struct sdt_arch *
sdt_arch_default (void)
{
  return &sdt_arches[0];
}

const char *
sdt_machine_name (unsigned machine)
{
  static const struct { unsigned m; const char *name; } others[] = {
    { EM_SPARC, "sparc" }, { EM_SPARCV9, "sparc64" }, { EM_MIPS, "mips" }, { EM_IA_64, "ia64" },
    { EM_68K, "m68k" }, { EM_ALPHA, "alpha" }, { EM_PARISC, "hppa" }, { EM_SH, "sh" },
  };
  const struct sdt_arch *a = sdt_arch_for_machine (machine, 0);
  if (a)
    return a->name;
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
    if (others[i].m == machine)
      return others[i].name;
  return "an unknown machine";
}

/* ------------------------------------------------------------------ */
/* Register lookups.                                                    */

bool
sdt_arch_reg_lookup (const struct sdt_arch *arch, const char *name, size_t len, int *number,
                     int *width)
{
  if (!arch || !arch->regs)
    return false;
  for (const struct sdt_reg_names *r = arch->regs; r->prefix; r++)
    {
      size_t pl = strlen (r->prefix);
      if (len < pl || memcmp (name, r->prefix, pl) != 0)
        continue;
      if (r->first < 0)
        {
          if (len != pl)
            continue;
          *number = r->number;
          *width = r->width;
          return true;
        }
      const char *d = name + pl;
      size_t dl = len - pl;
      if (dl == 0 || dl > 2 || (dl == 2 && d[0] == '0'))
        continue;
      int n = 0;
      bool digits = true;
      for (size_t i = 0; i < dl; i++)
        {
          if (d[i] < '0' || d[i] > '9')
            digits = false;
          n = n * 10 + (d[i] - '0');
        }
      if (!digits || n < r->first || n > r->last)
        continue;
      *number = r->number + (n - r->first);
      *width = r->width;
      return true;
    }
  return false;
}

const char *
sdt_arch_reg_name (const struct sdt_arch *arch, int number, int width, char *buf)
{
  if (!arch || !arch->regs)
    return NULL;
  for (int pass = 0; pass < 2; pass++)
    for (const struct sdt_reg_names *r = arch->regs; r->prefix; r++)
      {
        if (pass == 0 && r->width != width)
          continue;
        if (r->first < 0 && r->number == number)
          return r->prefix;
        if (r->first >= 0 && number >= r->number && number <= r->number + (r->last - r->first))
          {
            snprintf (buf, 16, "%s%d", r->prefix, r->first + (number - r->number));
            return buf;
          }
      }
  return NULL;
}
