/* SPDX-License-Identifier: MIT */
/*
 * sdt — the probe-note model: the one interface of the sdt/ library.
 *
 * A probe site is a single instruction plus one `.note.stapsdt` ELF note
 * (systemtap v3 layout: owner "stapsdt", type 3, desc = pc, _.stapsdt.base
 * address, semaphore address, then "provider\0name\0args\0").  This library
 * reads those notes out of any ELF file (relocatable object, executable, PIE,
 * shared library) with libelf/gelf, computes the file offsets the kernel's
 * uprobe PMU wants (probe offset and semaphore ref_ctr offset), and parses and
 * formats the assembler-operand argument strings ("-4@%edi 8@8(%rsp) ...").
 */
#ifndef SDTKIT_SDT_H
#define SDTKIT_SDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Argument specs (sdt/argspec.c).                                     */

#define SDT_MAX_ARGS 12

/* x86-64 registers, in the order of the kernel's struct pt_regs slots
 * is NOT implied; the consumer maps these to pt_regs offsets. */
enum sdt_reg {
  SDT_REG_NONE = -1,
  SDT_REG_RAX = 0, SDT_REG_RBX, SDT_REG_RCX, SDT_REG_RDX,
  SDT_REG_RSI, SDT_REG_RDI, SDT_REG_RBP, SDT_REG_RSP,
  SDT_REG_R8, SDT_REG_R9, SDT_REG_R10, SDT_REG_R11,
  SDT_REG_R12, SDT_REG_R13, SDT_REG_R14, SDT_REG_R15,
  SDT_REG_RIP,
  SDT_REG_XMM0, /* .. SDT_REG_XMM0 + 15 */
  SDT_REG_COUNT = SDT_REG_XMM0 + 16
};

enum sdt_arg_kind {
  SDT_ARG_UNDECODABLE = 0, /* text kept in ->text, reason in ->error */
  SDT_ARG_REG,             /* %reg                                 */
  SDT_ARG_IMM,             /* $imm            value in ->disp      */
  SDT_ARG_MEM,             /* disp(%base[,%index[,scale]]), (,%index,scale) */
  SDT_ARG_RIP_SYM,         /* sym[+-off](%rip): address of sym + disp */
};

struct sdt_reg_ref {
  enum sdt_reg reg;  /* SDT_REG_NONE if absent */
  int width;         /* bytes named by the operand: 1, 2, 4, 8 (16 for xmm) */
  bool high8;        /* %ah %bh %ch %dh: bits 8..15 of the register */
};

struct sdt_arg {
  enum sdt_arg_kind kind;
  int size;          /* 1, 2, 4 or 8: the width before '@' governs */
  bool is_signed;    /* leading '-' */
  bool is_float;     /* 'f' flag */
  struct sdt_reg_ref base;   /* REG: the register; MEM: base register (may be NONE) */
  struct sdt_reg_ref index;  /* MEM: index register or NONE */
  int scale;         /* MEM: 1, 2, 4, 8 */
  int64_t disp;      /* IMM: the value; MEM: displacement; RIP_SYM: offset */
  char *symbol;      /* RIP_SYM: symbol name; NULL otherwise */
  char *text;        /* the original text of this argument ("-4@%edi") */
  char *error;       /* UNDECODABLE: why; NULL otherwise */
  /* The machine whose operand syntax and registers these are (sdt/arch.h);
   * NULL: x86-64.  On the non-x86 machines base.reg and index.reg hold
   * DWARF register numbers, not enum sdt_reg values. */
  const struct sdt_arch *arch;
};

struct sdt_argspec {
  size_t nargs;
  struct sdt_arg *args;
};

/* Parse a whole argument string (args separated by blanks).  Never fails:
 * every argument that cannot be decoded is SDT_ARG_UNDECODABLE with a
 * reason; nargs is always the number of blank-separated words. */
void sdt_argspec_parse (const char *text, struct sdt_argspec *out);
void sdt_argspec_free (struct sdt_argspec *spec);
/* Parse one argument word ("-4@%edi"). */
void sdt_arg_parse (const char *word, struct sdt_arg *out);
/* The same for the machine ARCH (NULL: x86-64): "-4@x0", "8@[sp, 16]",
 * "-4@i5", "8@160(%r15)"... (sdt/argspec-risc.c). */
struct sdt_arch;
void sdt_argspec_parse_arch (const struct sdt_arch *arch, const char *text,
                             struct sdt_argspec *out);
void sdt_arg_parse_arch (const struct sdt_arch *arch, const char *word, struct sdt_arg *out);
void sdt_arg_free (struct sdt_arg *arg);
/* Format back to canonical text; returns a malloc'd string.  Formatting a
 * parsed argument reproduces the input for every form the compilers emit. */
char *sdt_arg_format (const struct sdt_arg *arg);
char *sdt_argspec_format (const struct sdt_argspec *spec);
/* Register name helpers: "rax" for (SDT_REG_RAX, 8); "eax" for width 4 ... */
const char *sdt_reg_name (enum sdt_reg reg, int width, bool high8);

/* ------------------------------------------------------------------ */
/* Declared argument types (sdt/argtypes.c): records of the non-alloc   */
/* section .sdtkit.argtypes, "provider\0probe\0index\0type\0" each.     */

#define SDT_ARGTYPES_SECTION ".sdtkit.argtypes"
#define SDT_ARGTYPES_NAME_MAX 256
#define SDT_ARGTYPES_TYPE_MAX 1024

struct sdt_probe_types {
  char *provider;
  char *name;                   /* raw note name ("req__start") */
  size_t nargs;                 /* the highest index recorded + 1 */
  char *types[SDT_MAX_ARGS];    /* "struct request *"; NULL: not recorded */
  bool conflict;                /* two records give one argument two types */
};

/* Add the records of one section (DATA, SIZE bytes) to the list (*LIST,
 * *N, *CAP), merging records of one probe.  0, or -1 with *WHY (malloc'd)
 * at the first malformed record; the records before it are kept. */
int sdt_argtypes_parse (const void *data, size_t size, struct sdt_probe_types **list, size_t *n,
                        size_t *cap, char **why);
/* Append one record to the byte buffer (*BUF, *LEN), for writers. */
void sdt_argtypes_append (char **buf, size_t *len, const char *provider, const char *name,
                          size_t index, const char *type);
void sdt_probe_types_free (struct sdt_probe_types *list, size_t n);

/* ------------------------------------------------------------------ */
/* Notes (sdt/note-reader.c).                                          */

struct sdt_note {
  size_t index;          /* position among the section's notes, from 0 */
  char *provider;
  char *name;            /* raw, as stored: "command__get" */
  char *args;            /* raw argument string ("" for none) */
  uint64_t pc;           /* as stored (in ET_REL: addend-less 0) */
  uint64_t base;         /* as stored */
  uint64_t semaphore;    /* as stored; 0 = none */
  uint64_t pc_adjusted;  /* pc corrected by .stapsdt.base (== pc when no correction) */
  /* Linked files only (ET_EXEC / ET_DYN): */
  bool pc_valid;         /* pc lies in an executable PT_LOAD */
  uint64_t pc_offset;    /* file offset of the probe instruction */
  bool sem_valid;        /* semaphore lies in a writable, file-backed PT_LOAD */
  uint64_t sem_offset;   /* file offset of the semaphore (ref_ctr_offset) */
  /* Relocatable objects only (ET_REL): symbol the semaphore word is relocated
   * against (e.g. "prov_name_semaphore"), or NULL. */
  char *sem_symbol;
};

struct sdt_file {
  char *path;
  int elf_class;         /* ELFCLASS32 / ELFCLASS64 */
  int machine;           /* e_machine */
  uint32_t e_flags;      /* e_flags (the ABI: riscv float ABI, arm EABI, ppc64 ELFv2) */
  int type;              /* ET_REL, ET_EXEC, ET_DYN */
  bool is_lto_ir;        /* relocatable object holding only LTO IR (.gnu.lto_* sections) */
  bool has_base_section; /* .stapsdt.base present */
  uint64_t base_addr;    /* its sh_addr */
  /* .note.gnu.property GNU_PROPERTY_X86_FEATURE_1_AND, if present */
  bool has_x86_feature_1;
  uint32_t x86_feature_1;
  size_t nnotes;
  struct sdt_note *notes;
  /* the probes' declared argument types (.sdtkit.argtypes, argtypes.c) */
  size_t nprobe_types, probe_types_cap;
  struct sdt_probe_types *probe_types;
};

/* True if PATH opens and starts with the ELF magic. */
bool sdt_file_is_elf (const char *path);
/* Read every .note.stapsdt note of PATH.  Returns 0 on success.  A file that
 * cannot be opened or is not ELF gives -1 with an error printed
 * ("dtrace: PATH: not an ELF file", ...).  A malformed note is skipped with a
 * warning naming the file and the note index; the rest are returned. */
int sdt_file_read (const char *path, struct sdt_file *out);
/* sdt_file_read for a module of a process (its executable or a library it
 * maps), in one open of the file.  QUIET: a file that cannot be opened, is
 * not a regular file or does not start with the ELF magic (memfd code, a
 * script mapped executable) gives -1 without a message.  SYMS (not NULL):
 * when the file has notes, its symbol table as sdt_symtab_load reads it,
 * *HAVE_SYMS true; otherwise SYMS is empty and *HAVE_SYMS false. */
struct sdt_symtab;
int sdt_module_read (const char *path, bool quiet, struct sdt_file *out, struct sdt_symtab *syms,
                     bool *have_syms);
void sdt_file_free (struct sdt_file *f);
/* The declared types of probe PROVIDER/NAME (raw note names) in F, or NULL. */
const struct sdt_probe_types *sdt_file_probe_types (const struct sdt_file *f, const char *provider,
                                                    const char *name);

/* Number of arguments in a raw argument string (blank-separated words;
 * blanks inside [...] do not separate: "8@[sp, 16]" is one word). */
size_t sdt_args_count (const char *args);
/* The end of the argument word starting at P (sdt_args_count's rule). */
const char *sdt_arg_word_end (const char *p);

/* Probe-name mapping: D name "command-get" <-> note name "command__get". */
char *sdt_name_to_d (const char *note_name);   /* "__" -> "-" */
char *sdt_name_from_d (const char *d_name);    /* "-" -> "__" */

/* ------------------------------------------------------------------ */
/* Symbols (sdt/symbols.c): function and object symbols of an ELF file, */
/* for "which function holds this probe site" and sym(%rip) arguments. */

struct sdt_symbol {
  char *name;
  uint64_t value;        /* link-time virtual address */
  uint64_t size;
  bool is_func;
  bool is_local;
};

struct sdt_symtab {
  size_t nsyms;
  struct sdt_symbol *syms;   /* sorted by value */
};

/* Load .symtab (or .dynsym when stripped).  Returns 0, or -1 after an error. */
int sdt_symtab_load (const char *path, struct sdt_symtab *out);
/* The same, from ELF already open (libelf's Elf; never fails). */
struct Elf;
void sdt_symtab_read_elf (struct Elf *elf, struct sdt_symtab *out);
void sdt_symtab_free (struct sdt_symtab *tab);
/* The function containing ADDR (value <= addr < value + size; a zero-sized
 * symbol covers up to the next one), or NULL. */
const struct sdt_symbol *sdt_symtab_function_at (const struct sdt_symtab *tab, uint64_t addr);
/* A symbol by name (global preferred over local), or NULL. */
const struct sdt_symbol *sdt_symtab_find (const struct sdt_symtab *tab, const char *name);

#endif
