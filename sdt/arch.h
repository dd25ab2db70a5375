/* SPDX-License-Identifier: MIT */
/*
 * arch.h — the one description of each machine sdtkit builds probes for.
 *
 * Everything that differs between architectures lives in one table entry
 * (sdt/arch.c), read by all three parts:
 *   - sdt/argspec.c decodes a note's argument operands with the entry's
 *     operand syntax, immediate prefix and register names;
 *   - provider-compiler/header-gen.c emits one `#elif defined __xxx__` branch
 *     per entry: the asm constraint, the operand template (the x86 `%q`/`%k`
 *     modifiers, ppc's `%I`, the generic `%n`/`%` elsewhere) and the site
 *     instruction;
 *   - dtrace-g/call-site-linker.c links call-style sites with the entry's
 *     call relocations, instruction patterns, no-op bytes, note relocation
 *     and argument registers (only entries with `calls` set can be linked).
 * Registers of the non-x86 machines are numbered as DWARF numbers them
 * (aarch64 x0..x30 = 0..30, sp = 31; arm r0..r15; ppc r0..r31; s390x
 * r0..r15; riscv x0..x31).  x86 keeps sdt.h's enum sdt_reg.
 */
#ifndef SDTKIT_SDT_ARCH_H
#define SDTKIT_SDT_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How memory operands are spelled. */
enum sdt_syntax {
  SDT_SYNTAX_ATT,      /* x86 AT&T: %reg, $imm, disp(%base,%index,scale) */
  SDT_SYNTAX_BRACKET,  /* aarch64, arm: reg, [#]imm, [base] / [base, [#]disp] */
  SDT_SYNTAX_PAREN,    /* ppc, s390x, riscv: reg, [prefix]imm, disp(base) / disp(index,base) */
};

/* Register names: PREFIX followed by the decimal N for FIRST <= N <= LAST
 * name register NUMBER + (N - FIRST); FIRST < 0: PREFIX alone names
 * register NUMBER.  WIDTH: the bytes the name stands for.  A table ends
 * with a NULL prefix; for formatting, the first match wins. */
struct sdt_reg_names {
  const char *prefix;
  int first, last;
  int number;
  int width;
};

/* One form of a call or tail call to a `__dtrace_` function: relocation
 * RTYPE (or RTYPE2) at BEFORE bytes into an instruction of LEN bytes whose
 * bytes, under MASK, are PATTERN; ADDEND the relocation's addend.  BYTES is
 * what `dtrace -G` writes there (the probe on its first byte), OLDER what
 * older sdtkits wrote (still recognised as linked; all zero: none). */
struct sdt_call_form {
  unsigned rtype, rtype2, rtype3;
  unsigned char before, len;
  int64_t addend;
  bool tail;
  unsigned char pattern[8], mask[8];
  unsigned char bytes[8], older[8];
  const char *what;
  const char *refused;         /* not NULL: this form cannot be linked, and why */
  const char *mismatch;        /* why, when the relocation is RTYPE but no form's bytes match */
};

struct sdt_arch {
  const char *name;            /* "aarch64" */
  unsigned machine;            /* e_machine */
  int elf_class, elf_data;     /* ELFCLASS64, ELFDATA2LSB ... */
  /* The -h header's branch. */
  const char *cpp_test;        /* "defined __aarch64__" */
  const char *constraint;      /* the operand constraint ("nor") */
  const char *clang_constraint;   /* clang's, when it differs (NULL: the same) */
  const char *argf;            /* body of _SDTKIT_ARGF(s, a): size then operand */
  bool size_negated;           /* the size operand is printed with %n */
  const char *site;            /* the site's asm ("990:nop\n") */
  const char *site_fast;       /* the site unless SDTKIT_NOP1_SITES (x86-64), or NULL */
  /* Argument specs. */
  enum sdt_syntax syntax;
  const char *imm_prefix;      /* "$", "#", "i", "" */
  const struct sdt_reg_names *regs;   /* NULL for x86 (argspec.c's own) */
  /* Call-style linking (calls NULL: not supported on this machine). */
  const struct sdt_call_form *calls;
  size_t ncalls;
  int calls_class, calls_data; /* the ELF class and byte order the forms are for */
  unsigned reloc_none;         /* the relocation type a linked call gets */
  unsigned reloc_abs64;        /* the note's address relocation */
  const char *const *arg_regs; /* integer argument registers, in order */
  size_t narg_regs;
  const char *stack_arg;       /* printf of a stack argument's operand (%u: offset) */
  const char *stack_arg0;      /* ... at offset 0 */
  unsigned stack_base;         /* the first stack argument's offset (ppc64: its save area) */
  unsigned stack_slot;         /* bytes per stack argument */
  unsigned tail_stack_bias;    /* extra offset at a former tail call (x86: return address) */
  bool rel_objects;            /* objects carry REL relocations (addends in the bytes) */
  bool pair_align;             /* 8-byte arguments take an even register pair (arm AAPCS) */
  bool char_unsigned;          /* plain char is unsigned in the ABI (call-style argument signs) */
  bool site_symbols;           /* each note's pc needs a symbol at its site: the linker's
                                  relaxation moves code under section-relative addends (riscv) */
};

/* The architectures, in the order the header tests them; the last entry is
 * the generic fallback (machine 0). */
extern const struct sdt_arch sdt_arches[];
extern const size_t sdt_narches;

/* The entry for e_machine MACHINE in class ELF_CLASS (0: any), or NULL. */
const struct sdt_arch *sdt_arch_for_machine (unsigned machine, int elf_class);
/* x86-64: what argument specs without a known machine are read as. */
const struct sdt_arch *sdt_arch_default (void);
/* The name of e_machine MACHINE ("aarch64", "EM_SPARCV9"...); static. */
const char *sdt_machine_name (unsigned machine);

/* Register names of ARCH: look NAME (LEN bytes) up; true and *NUMBER,
 * *WIDTH set when known. */
bool sdt_arch_reg_lookup (const struct sdt_arch *arch, const char *name, size_t len, int *number,
                          int *width);
/* The name of register NUMBER at WIDTH bytes (any width when none
 * matches), or NULL; writes into BUF (at least 16 bytes). */
const char *sdt_arch_reg_name (const struct sdt_arch *arch, int number, int width, char *buf);

#endif
