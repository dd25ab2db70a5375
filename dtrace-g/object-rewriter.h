/* SPDX-License-Identifier: MIT */
/*
 * object-rewriter.h — private to dtrace-g/: a relocatable object
 * held in memory, changed there, and written out as a NEW file.
 *
 * The object is never edited in place (elfutils' in-place update paths have
 * corrupted objects for Solaris-style -G implementations, doc/probe-sites.md §8.4).
 * Instead the original bytes are read once, every change goes to private
 * copies of the sections concerned, and obj_write() builds a fresh ELF with
 * libelf: the same sections in the same order with the same indices (so
 * every sh_link, sh_info, st_shndx and group member stays valid), then the
 * sections added here.  Symbols are only ever appended to .symtab (they are
 * global, so the local-before-global order holds and no existing symbol
 * index moves: relocations, groups and .llvm_addrsig stay valid).
 *
 * ET_REL files of either byte order and class, with RELA or REL
 * relocations, are accepted; the reader checks
 * every header, offset and size against the file before using it, so a
 * corrupt or truncated object gives an error, never a crash.
 */
#ifndef SDTKIT_DTRACE_G_OBJECT_REWRITER_H
#define SDTKIT_DTRACE_G_OBJECT_REWRITER_H

#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct obj_section {
  GElf_Shdr sh;             /* current header; sh_offset/sh_size are recomputed on write */
  const char *name;         /* "" when unnamed or unreadable */
  unsigned char *data;      /* private copy once changed (or a new section's bytes) */
  size_t size;              /* current size of the contents */
  bool owned;               /* data is a private copy */
};

struct elf_object {
  char *path;
  unsigned char *image;     /* the whole original file */
  size_t image_size;
  GElf_Ehdr eh;
  size_t nsec;              /* sections, added ones included (index 0 is the null section) */
  size_t nsec_orig;
  struct obj_section *sec;
  size_t sec_cap;           /* allocated entries of sec */
  size_t shstrndx;
  size_t symtab;            /* index of SHT_SYMTAB, 0 when none */
  size_t strtab;            /* its string table */
  size_t symtab_shndx;      /* SHT_SYMTAB_SHNDX of symtab, 0 when none */
  size_t nsyms;             /* current number of symbols */
  size_t nsyms_orig;
  bool is32;                /* ELFCLASS32 */
  bool msb;                 /* ELFDATA2MSB (s390x): every multi-byte field big-endian */
};

/* Parse IMAGE (taken over: freed by obj_free) as the object PATH.
 * Returns 0; or -1 after printing an error naming PATH ("PATH: truncated
 * or corrupt ELF file: ...") when it is not a well-formed little-endian
 * relocatable object. */
int obj_parse (const char *path, unsigned char *image, size_t size, struct elf_object *o);
void obj_free (struct elf_object *o);

/* Contents of section I as they are now (NULL for NOBITS / empty). */
const unsigned char *obj_data (const struct elf_object *o, size_t i);
/* The same, made private and writable. */
unsigned char *obj_data_mut (struct elf_object *o, size_t i);
/* Append N bytes to section I; returns the offset they start at. */
size_t obj_append (struct elf_object *o, size_t i, const void *bytes, size_t n);

/* Add a section (appended after every existing one); DATA (may be NULL
 * when SIZE is 0) is taken over.  Returns its index. */
size_t obj_add_section (struct elf_object *o, const char *name, GElf_Word type,
                        GElf_Xword flags, GElf_Word link, GElf_Word info, GElf_Xword align,
                        GElf_Xword entsize, unsigned char *data, size_t size);

/* The NUL-terminated string at OFF of string section I, or NULL when out of
 * range.  Valid until section I next grows. */
const char *obj_string (const struct elf_object *o, size_t i, size_t off);

/* Symbols (0 <= i < nsyms). */
void obj_get_sym (const struct elf_object *o, size_t i, GElf_Sym *sym);
void obj_put_sym (struct elf_object *o, size_t i, const GElf_Sym *sym);
/* The name of symbol I ("" when none; STT_SECTION symbols: the section's name). */
const char *obj_sym_name (const struct elf_object *o, size_t i);
/* The section index of symbol I (resolving SHN_XINDEX), or SHN_UNDEF. */
size_t obj_sym_shndx (const struct elf_object *o, size_t i);
/* Append a symbol; returns its index. */
size_t obj_add_sym (struct elf_object *o, const char *name, unsigned char info,
                    unsigned char other, GElf_Half shndx, GElf_Addr value, GElf_Xword size);

/* Relocations of SHT_RELA or SHT_REL section S (0 <= i < count); a REL
 * relocation reads with addend 0 (its addend is in the bytes it patches),
 * and r_info is always in GELF_R_INFO's encoding. */
size_t obj_rela_count (const struct elf_object *o, size_t s);
/* Bytes per relocation of section S. */
size_t obj_reloc_size (const struct elf_object *o, size_t s);
void obj_get_rela (const struct elf_object *o, size_t s, size_t i, GElf_Rela *r);
void obj_put_rela (struct elf_object *o, size_t s, size_t i, const GElf_Rela *r);

/* Write the object to FD (a fresh, empty regular file).  Returns 0, or -1
 * after printing an error naming DISPLAY. */
int obj_write (const struct elf_object *o, int fd, const char *display);

/* "cannot write DISPLAY: WHAT: REASON" (an error; returns -1): the
 * system's reason SYS_ERRNO when a write failed ("No space left on
 * device"), else (0) libelf's. */
int obj_write_fail (const char *display, const char *what, int sys_errno);

/* Byte-order helpers: MSB (big-endian) or little-endian fields of N bytes. */
static inline uint64_t
obj_get (bool msb, const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v = (v << 8) | p[msb ? i : n - 1 - i];
  return v;
}

static inline void
obj_put (bool msb, unsigned char *p, uint64_t v, int n)
{
  for (int i = 0; i < n; i++)
    p[msb ? n - 1 - i : i] = (unsigned char) (v >> (8 * i));
}

/* Little-endian helpers. */
static inline uint64_t
obj_le (const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

static inline void
obj_put_le (unsigned char *p, uint64_t v, int n)
{
  for (int i = 0; i < n; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

#endif
