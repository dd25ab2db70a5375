/* SPDX-License-Identifier: MIT */
/*
 * dtrace-g — `dtrace -G`, the link step.
 *
 * Writes, directly with libelf (no compiler is ever spawned), a relocatable
 * ELF object that defines every is-enabled semaphore of every provider in the
 * program: `unsigned short <prov>_<probe>_semaphore` in PROGBITS `.probes`,
 * weak (two -G objects in one link do not clash), hidden (default visibility
 * under -DSTAP_SDT_V1/V2), retained under --gc-sections.  It reads the object
 * operands' probe notes to check them against the `.d`; it modifies an
 * operand only to link call-style probe sites in it (call-site-linker.c),
 * and then atomically.  The result is byte-for-byte reproducible.
 */
#ifndef SDTKIT_DTRACE_G_H
#define SDTKIT_DTRACE_G_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct d_program;

struct dtrace_g_options {
  int elf_class;            /* ELFCLASS32/64 from -32/-64, or 0 = decide */
  bool default_visibility;  /* -DSTAP_SDT_V1 or -DSTAP_SDT_V2 seen */
  const char *cflags;       /* $CFLAGS (for -fcf-protection, -m32/-m64), may be NULL */
  const char *output;       /* the -G object's name, for messages; may be NULL */
  size_t nobjects;          /* object operands */
  char **objects;
};

/* The decisions taken from the operands, exposed for tests. */
struct dtrace_g_target {
  int elf_class;            /* ELFCLASS64 / ELFCLASS32 */
  int machine;              /* EM_X86_64, EM_386, EM_AARCH64, ... */
  int elf_data;             /* ELFDATA2LSB / ELFDATA2MSB; 0 = the machine's usual one */
  uint32_t e_flags;         /* the first object's e_flags (its ABI), 0 without objects */
  bool has_x86_feature_1;   /* emit .note.gnu.property */
  uint32_t x86_feature_1;   /* GNU_PROPERTY_X86_FEATURE_1_AND value (IBT|SHSTK bits) */
};

/* Check the object operands against PROG (errors for undeclared probes of a
 * declared provider and arity mismatches, warnings for missing operands) and
 * decide the target.  Returns 0, or -1 after printing errors. */
int dtrace_g_check_objects (const struct d_program *prog, const struct dtrace_g_options *opt,
                            struct dtrace_g_target *target);

/* Write the semaphore object to FD (a fresh file owned by the caller).
 * Besides the semaphores it defines, for x86-64 targets, one hidden weak
 * function `int __dtraceenabled_<prov>___<probe>(void)` per probe returning
 * the semaphore (the is-enabled test of Solaris-style headers), and, for
 * every target, the prelink anchor `_.stapsdt.base` (a 1-byte COMDAT
 * section, as <sys/sdt.h> sites make it) that call-style notes refer to.
 * Returns 0, or -1 after printing an error. */
int dtrace_g_write_object (const struct d_program *prog, const struct dtrace_g_options *opt,
                           const struct dtrace_g_target *target, int fd);

/* ---- Call-style probes (dtrace-g/call-site-linker.c) ----
 * Link the call-style probe sites (calls of __dtrace_<prov>___<probe>) of
 * the object operands: each object that has sites of PROG's probes is
 * rewritten (sites turned into no-ops, relocations neutralised, one
 * .note.stapsdt note per site) into a new file beside it that has no name
 * yet (O_TMPFILE).  Nothing is replaced yet: dtrace_g_linker_commit() names
 * the new files over the objects, dtrace_g_linker_free() drops those not
 * committed.  Objects
 * without such sites, or already linked by an earlier run, are not touched.
 * Read-only objects and unwritable directories are errors before anything
 * is written.  Returns 0 (*OUT set; it may hold no object), or -1 after
 * printing errors (nothing written). */
struct dtrace_g_linker;
int dtrace_g_link_sites (const struct d_program *prog, const struct dtrace_g_options *opt,
                         struct dtrace_g_linker **out);
/* Number of objects waiting to be replaced. */
size_t dtrace_g_linker_count (const struct dtrace_g_linker *l);
/* Replace the objects.  Returns 0, or -1 after printing an error. */
int dtrace_g_linker_commit (struct dtrace_g_linker *l);
void dtrace_g_linker_free (struct dtrace_g_linker *l);
/* Does the file PATH mention `__dtrace` anywhere (call-style sites in LTO
 * IR cannot be linked)? */
bool dtrace_g_mentions_probe_calls (const char *path);

#endif
