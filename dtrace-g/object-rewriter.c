/* SPDX-License-Identifier: MIT */
/*
 * object-rewriter.c — read a relocatable object into memory, change it
 * there, write it as a new file (see object-rewriter.h).
 *
 * Reading is done by hand from the file's bytes (either byte order,
 * ELFCLASS64 or ELFCLASS32, RELA or REL relocations), every offset and size checked against the file first; writing goes
 * through libelf (ELF_C_WRITE on a fresh file, libelf choosing the layout),
 * every section's contents handed over as raw bytes (ELF_T_BYTE) so that
 * nothing is translated: unchanged sections are copied byte for byte.
 */
#include "dtrace-g/object-rewriter.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"

/* Entry sizes by class: 64-bit, 32-bit. */
#define EHDR_SIZE(o) ((o)->is32 ? 52u : 64u)
#define SHDR_SIZE(o) ((o)->is32 ? 40u : 64u)
#define SYM_SIZE(o) ((o)->is32 ? 16u : 24u)
#define SYM_SIZE_MAX 24

size_t
obj_reloc_size (const struct elf_object *o, size_t s)
{
  bool rel = o->sec[s].sh.sh_type == SHT_REL;
  return o->is32 ? (rel ? 8 : 12) : (rel ? 16 : 24);
}

static int
corrupt (const char *path, const char *why)
{
  diag_error ("%s: truncated or corrupt ELF file: %s", path, why);
  return -1;
}

/* a + b <= limit, without overflow */
static bool
fits (uint64_t a, uint64_t b, uint64_t limit)
{
  return a <= limit && b <= limit - a;
}

static void
read_shdr (const struct elf_object *o, const unsigned char *p, GElf_Shdr *sh)
{
  if (o->is32)
    {
      sh->sh_name = (GElf_Word) obj_get (o->msb, p + 0, 4);
      sh->sh_type = (GElf_Word) obj_get (o->msb, p + 4, 4);
      sh->sh_flags = obj_get (o->msb, p + 8, 4);
      sh->sh_addr = obj_get (o->msb, p + 12, 4);
      sh->sh_offset = obj_get (o->msb, p + 16, 4);
      sh->sh_size = obj_get (o->msb, p + 20, 4);
      sh->sh_link = (GElf_Word) obj_get (o->msb, p + 24, 4);
      sh->sh_info = (GElf_Word) obj_get (o->msb, p + 28, 4);
      sh->sh_addralign = obj_get (o->msb, p + 32, 4);
      sh->sh_entsize = obj_get (o->msb, p + 36, 4);
      return;
    }
  sh->sh_name = (GElf_Word) obj_get (o->msb, p + 0, 4);
  sh->sh_type = (GElf_Word) obj_get (o->msb, p + 4, 4);
  sh->sh_flags = obj_get (o->msb, p + 8, 8);
  sh->sh_addr = obj_get (o->msb, p + 16, 8);
  sh->sh_offset = obj_get (o->msb, p + 24, 8);
  sh->sh_size = obj_get (o->msb, p + 32, 8);
  sh->sh_link = (GElf_Word) obj_get (o->msb, p + 40, 4);
  sh->sh_info = (GElf_Word) obj_get (o->msb, p + 44, 4);
  sh->sh_addralign = obj_get (o->msb, p + 48, 8);
  sh->sh_entsize = obj_get (o->msb, p + 56, 8);
}

static int check_ehdr (const char *path, size_t size, const struct elf_object *o);

/* The ELF header of IMAGE into O->eh (and O->is32), checked.  Returns 0 or -1. */
static int
parse_ehdr (const char *path, const unsigned char *p, size_t size, struct elf_object *o)
{
  if (size < 64 || memcmp (p, ELFMAG, SELFMAG) != 0)
    return corrupt (path, "no ELF header");
  if ((p[EI_CLASS] != ELFCLASS64 && p[EI_CLASS] != ELFCLASS32)
      || (p[EI_DATA] != ELFDATA2LSB && p[EI_DATA] != ELFDATA2MSB))
    {
      diag_error ("%s: not an ELF object of a known class and byte order", path);
      return -1;
    }
  o->is32 = p[EI_CLASS] == ELFCLASS32;
  o->msb = p[EI_DATA] == ELFDATA2MSB;
  GElf_Ehdr *eh = &o->eh;
  memcpy (eh->e_ident, p, EI_NIDENT);
  if (o->is32)
    {
      eh->e_type = (GElf_Half) obj_get (o->msb, p + 16, 2);
      eh->e_machine = (GElf_Half) obj_get (o->msb, p + 18, 2);
      eh->e_version = (GElf_Word) obj_get (o->msb, p + 20, 4);
      eh->e_entry = obj_get (o->msb, p + 24, 4);
      eh->e_phoff = obj_get (o->msb, p + 28, 4);
      eh->e_shoff = obj_get (o->msb, p + 32, 4);
      eh->e_flags = (GElf_Word) obj_get (o->msb, p + 36, 4);
      eh->e_ehsize = (GElf_Half) obj_get (o->msb, p + 40, 2);
      eh->e_phentsize = (GElf_Half) obj_get (o->msb, p + 42, 2);
      eh->e_phnum = (GElf_Half) obj_get (o->msb, p + 44, 2);
      eh->e_shentsize = (GElf_Half) obj_get (o->msb, p + 46, 2);
      eh->e_shnum = (GElf_Half) obj_get (o->msb, p + 48, 2);
      eh->e_shstrndx = (GElf_Half) obj_get (o->msb, p + 50, 2);
      return check_ehdr (path, size, o);
    }
  eh->e_type = (GElf_Half) obj_get (o->msb, p + 16, 2);
  eh->e_machine = (GElf_Half) obj_get (o->msb, p + 18, 2);
  eh->e_version = (GElf_Word) obj_get (o->msb, p + 20, 4);
  eh->e_entry = obj_get (o->msb, p + 24, 8);
  eh->e_phoff = obj_get (o->msb, p + 32, 8);
  eh->e_shoff = obj_get (o->msb, p + 40, 8);
  eh->e_flags = (GElf_Word) obj_get (o->msb, p + 48, 4);
  eh->e_ehsize = (GElf_Half) obj_get (o->msb, p + 52, 2);
  eh->e_phentsize = (GElf_Half) obj_get (o->msb, p + 54, 2);
  eh->e_phnum = (GElf_Half) obj_get (o->msb, p + 56, 2);
  eh->e_shentsize = (GElf_Half) obj_get (o->msb, p + 58, 2);
  eh->e_shnum = (GElf_Half) obj_get (o->msb, p + 60, 2);
  eh->e_shstrndx = (GElf_Half) obj_get (o->msb, p + 62, 2);
  return check_ehdr (path, size, o);
}

/* The header's fields checked against a file of SIZE bytes. */
static int
check_ehdr (const char *path, size_t size, const struct elf_object *o)
{
  const GElf_Ehdr *eh = &o->eh;
  if (eh->e_ident[EI_VERSION] != EV_CURRENT || eh->e_version != EV_CURRENT)
    return corrupt (path, "unknown ELF version");
  if (eh->e_type != ET_REL)
    {
      diag_error ("%s: not a relocatable object (ELF type %u)", path, eh->e_type);
      return -1;
    }
  if (eh->e_shoff == 0)
    return corrupt (path, "no section header table");
  if (eh->e_shentsize != SHDR_SIZE (o))
    return corrupt (path, "unexpected section header size");
  if (!fits (eh->e_shoff, SHDR_SIZE (o), size))
    return corrupt (path, "the section header table lies beyond the end of the file");
  return 0;
}

/* "section I (NAME) WHY": an error naming PATH. */
static int
corrupt_section (const char *path, const struct elf_object *o, size_t i, const char *why)
{
  const char *name = o->sec[i].name;
  char *msg = name && *name ? xasprintf ("section %zu (%s) %s", i, name, why)
                            : xasprintf ("section %zu %s", i, why);
  corrupt (path, msg);
  free (msg);
  return -1;
}

/* Section I's header against a file of SIZE bytes: its contents (whatever
 * its type, NOBITS aside) inside the file, alignment a power of two and no
 * larger than the file, a whole number of entries, links to sections that
 * exist.  libelf writes what the header says it may read, so nothing may
 * be let through here.  (Assemblers place every section, NOBITS included,
 * at a non-zero multiple of its alignment inside the file; libelf pads the
 * object it writes the same way, so a 2^32 alignment would make a 1 KB
 * object 4 GB.)  Returns NULL, or what is wrong. */
static const char *
shdr_problem (const GElf_Shdr *sh, size_t nsec, uint64_t size)
{
  if (sh->sh_type != SHT_NOBITS && !fits (sh->sh_offset, sh->sh_size, size))
    return "lies beyond the end of the file";
  if (sh->sh_addralign & (sh->sh_addralign - 1))
    return "has an impossible alignment";
  if (sh->sh_addralign > size)
    return "has an alignment larger than the file";
  if (sh->sh_entsize && sh->sh_size % sh->sh_entsize != 0)
    return "has an impossible entry size";
  if (sh->sh_link >= nsec)
    return "links to a section that does not exist";
  if ((sh->sh_type == SHT_REL || sh->sh_type == SHT_RELA || (sh->sh_flags & SHF_INFO_LINK))
      && sh->sh_info >= nsec)
    return "applies to a section that does not exist";
  return NULL;
}

/* Read the section headers and names into O, each checked against the
 * file.  Returns 0 or -1. */
static int
read_sections (const char *path, const unsigned char *p, size_t size, struct elf_object *o)
{
  const GElf_Ehdr *eh = &o->eh;
  GElf_Shdr sh0;
  read_shdr (o, p + eh->e_shoff, &sh0);
  uint64_t shnum = eh->e_shnum ? eh->e_shnum : sh0.sh_size;
  if (shnum == 0 || shnum > (size - eh->e_shoff) / SHDR_SIZE (o))
    return corrupt (path, "the section header table lies beyond the end of the file");
  uint64_t shstrndx = eh->e_shstrndx == SHN_XINDEX ? sh0.sh_link : eh->e_shstrndx;
  if (shstrndx == 0 || shstrndx >= shnum)
    return corrupt (path, "no section name table");

  o->nsec = o->nsec_orig = o->sec_cap = (size_t) shnum;
  o->sec = xcalloc (o->nsec, sizeof *o->sec);
  for (size_t i = 0; i < o->nsec; i++)
    {
      struct obj_section *s = &o->sec[i];
      s->name = "";
      read_shdr (o, p + eh->e_shoff + i * SHDR_SIZE (o), &s->sh);
      /* Section 0 holds only the extended counts: no contents. */
      s->size = i == 0 || s->sh.sh_type == SHT_NOBITS ? 0 : (size_t) s->sh.sh_size;
    }
  o->shstrndx = (size_t) shstrndx;
  const GElf_Shdr *strsh = &o->sec[o->shstrndx].sh;
  if (shdr_problem (strsh, o->nsec, size))
    return corrupt_section (path, o, o->shstrndx, shdr_problem (strsh, o->nsec, size));
  if (strsh->sh_type != SHT_STRTAB)
    return corrupt (path, "the section name table is not a string table");
  for (size_t i = 0; i < o->nsec; i++)
    {
      const char *n = obj_string (o, o->shstrndx, o->sec[i].sh.sh_name);
      o->sec[i].name = n ? n : "";
    }
  for (size_t i = 1; i < o->nsec; i++)
    {
      const char *why = shdr_problem (&o->sec[i].sh, o->nsec, size);
      if (why)
        return corrupt_section (path, o, i, why);
    }
  return 0;
}

/* The symbol table, relocation sections, groups and extended section
 * indexes: well-formed, and where they are.  Returns 0 or -1. */
static int
check_tables (const char *path, struct elf_object *o)
{
  for (size_t i = 1; i < o->nsec; i++)
    {
      const GElf_Shdr *sh = &o->sec[i].sh;
      switch (sh->sh_type)
        {
        case SHT_SYMTAB:
          if (o->symtab)
            return corrupt (path, "two symbol tables");
          if (sh->sh_entsize != SYM_SIZE (o) || sh->sh_size % SYM_SIZE (o) != 0 || sh->sh_size == 0)
            return corrupt (path, "malformed symbol table");
          if (sh->sh_link == 0 || sh->sh_link >= o->nsec
              || o->sec[sh->sh_link].sh.sh_type != SHT_STRTAB)
            return corrupt (path, "the symbol table has no string table");
          o->symtab = i;
          o->strtab = sh->sh_link;
          o->nsyms = o->nsyms_orig = (size_t) (sh->sh_size / SYM_SIZE (o));
          if (sh->sh_info > o->nsyms)
            return corrupt (path, "malformed symbol table");
          break;
        case SHT_RELA:
        case SHT_REL:
          if (sh->sh_entsize != obj_reloc_size (o, i) || sh->sh_size % obj_reloc_size (o, i) != 0)
            return corrupt (path, "malformed relocation section");
          if (sh->sh_info >= o->nsec)
            return corrupt (path, "a relocation section applies to no section");
          break;
        case SHT_GROUP:
          if (sh->sh_size < 4 || sh->sh_size % 4 != 0)
            return corrupt (path, "malformed section group");
          break;
        default:
          break;
        }
    }
  for (size_t i = 1; i < o->nsec; i++)
    {
      const GElf_Shdr *sh = &o->sec[i].sh;
      if (sh->sh_type == SHT_SYMTAB_SHNDX && o->symtab && sh->sh_link == o->symtab)
        {
          if (sh->sh_size != (uint64_t) o->nsyms * 4)
            return corrupt (path, "malformed extended section index table");
          o->symtab_shndx = i;
        }
    }
  return 0;
}

/* Every symbol a relocation names and every group member exists. */
static int
check_references (const char *path, const struct elf_object *o)
{
  for (size_t i = 1; i < o->nsec; i++)
    {
      const GElf_Shdr *sh = &o->sec[i].sh;
      bool reloc = sh->sh_type == SHT_RELA || sh->sh_type == SHT_REL;
      if ((reloc || sh->sh_type == SHT_GROUP) && sh->sh_link != o->symtab)
        continue;   /* not ours to read */
      if (reloc)
        {
          size_t n = obj_rela_count (o, i);
          for (size_t k = 0; k < n; k++)
            {
              GElf_Rela r;
              obj_get_rela (o, i, k, &r);
              if (GELF_R_SYM (r.r_info) >= o->nsyms)
                return corrupt (path, "a relocation names a symbol that does not exist");
            }
        }
      if (sh->sh_type == SHT_GROUP)
        {
          const unsigned char *d = obj_data (o, i);
          for (size_t k = 1; k < o->sec[i].size / 4; k++)
            {
              uint64_t m = obj_get (o->msb, d + 4 * k, 4);
              if (m == 0 || m >= o->nsec)
                return corrupt (path, "a section group names a section that does not exist");
            }
          if (sh->sh_info >= o->nsyms)
            return corrupt (path, "a section group has no signature symbol");
        }
    }
  return 0;
}

int
obj_parse (const char *path, unsigned char *image, size_t size, struct elf_object *o)
{
  memset (o, 0, sizeof *o);
  o->path = xstrdup (path);
  o->image = image;
  o->image_size = size;
  if (parse_ehdr (path, image, size, o) != 0 || read_sections (path, image, size, o) != 0
      || check_tables (path, o) != 0 || check_references (path, o) != 0)
    return -1;
  return 0;
}

void
obj_free (struct elf_object *o)
{
  for (size_t i = 0; o->sec && i < o->nsec; i++)
    if (o->sec[i].owned)
      free (o->sec[i].data);
  FREE_ALL (o->sec, o->image, o->path);
  memset (o, 0, sizeof *o);
}

const unsigned char *
obj_data (const struct elf_object *o, size_t i)
{
  const struct obj_section *s = &o->sec[i];
  if (s->owned)
    return s->data;
  if (s->sh.sh_type == SHT_NOBITS || s->size == 0)
    return NULL;
  return o->image + s->sh.sh_offset;
}

unsigned char *
obj_data_mut (struct elf_object *o, size_t i)
{
  struct obj_section *s = &o->sec[i];
  if (!s->owned)
    {
      unsigned char *copy = xmalloc (s->size ? s->size : 1);
      const unsigned char *d = obj_data (o, i);
      if (d && s->size)
        memcpy (copy, d, s->size);
      s->data = copy;
      s->owned = true;
    }
  return s->data;
}

size_t
obj_append (struct elf_object *o, size_t i, const void *bytes, size_t n)
{
  obj_data_mut (o, i);
  struct obj_section *s = &o->sec[i];
  size_t at = s->size;
  s->data = xrealloc (s->data, at + n ? at + n : 1);
  if (n)
    memcpy (s->data + at, bytes, n);
  s->size = at + n;
  s->sh.sh_size = s->size;
  return at;
}

const char *
obj_string (const struct elf_object *o, size_t i, size_t off)
{
  if (i == 0 || i >= o->nsec)
    return NULL;
  const unsigned char *d = obj_data (o, i);
  size_t n = o->sec[i].size;
  if (!d || off >= n || !memchr (d + off, '\0', n - off))
    return NULL;
  return (const char *) d + off;
}

/* Offset of NAME in string section I, appended when absent. */
static size_t
add_string (struct elf_object *o, size_t i, const char *name)
{
  const unsigned char *d = obj_data (o, i);
  size_t n = o->sec[i].size, len = strlen (name);
  /* An existing string, or the tail of one ("…\0.note.stapsdt\0" inside
   * ".rela.note.stapsdt"). */
  for (size_t off = 0; d && off + len < n; off++)
    if (d[off + len] == '\0' && memcmp (d + off, name, len) == 0)
      return off;
  if (n == 0)
    obj_append (o, i, "", 1), n = 1;
  return obj_append (o, i, name, len + 1);
}

size_t
obj_add_section (struct elf_object *o, const char *name, GElf_Word type, GElf_Xword flags,
                 GElf_Word link, GElf_Word info, GElf_Xword align, GElf_Xword entsize,
                 unsigned char *data, size_t size)
{
  size_t name_off = add_string (o, o->shstrndx, name);
  struct obj_section *s = &VEC_PUSH (o->sec, o->nsec, o->sec_cap);
  memset (s, 0, sizeof *s);
  s->sh.sh_name = (GElf_Word) name_off;
  s->sh.sh_type = type;
  s->sh.sh_flags = flags;
  s->sh.sh_link = link;
  s->sh.sh_info = info;
  s->sh.sh_addralign = align;
  s->sh.sh_entsize = entsize;
  s->sh.sh_size = size;
  s->name = "";
  s->data = data;
  s->size = size;
  s->owned = true;
  return o->nsec - 1;
}

void
obj_get_sym (const struct elf_object *o, size_t i, GElf_Sym *sym)
{
  const unsigned char *p = obj_data (o, o->symtab) + i * SYM_SIZE (o);
  if (o->is32)
    {
      sym->st_name = (GElf_Word) obj_get (o->msb, p, 4);
      sym->st_value = obj_get (o->msb, p + 4, 4);
      sym->st_size = obj_get (o->msb, p + 8, 4);
      sym->st_info = p[12];
      sym->st_other = p[13];
      sym->st_shndx = (GElf_Half) obj_get (o->msb, p + 14, 2);
      return;
    }
  sym->st_name = (GElf_Word) obj_get (o->msb, p, 4);
  sym->st_info = p[4];
  sym->st_other = p[5];
  sym->st_shndx = (GElf_Half) obj_get (o->msb, p + 6, 2);
  sym->st_value = obj_get (o->msb, p + 8, 8);
  sym->st_size = obj_get (o->msb, p + 16, 8);
}

void
obj_put_sym (struct elf_object *o, size_t i, const GElf_Sym *sym)
{
  unsigned char *p = obj_data_mut (o, o->symtab) + i * SYM_SIZE (o);
  if (o->is32)
    {
      obj_put (o->msb, p, sym->st_name, 4);
      obj_put (o->msb, p + 4, sym->st_value, 4);
      obj_put (o->msb, p + 8, sym->st_size, 4);
      p[12] = sym->st_info;
      p[13] = sym->st_other;
      obj_put (o->msb, p + 14, sym->st_shndx, 2);
      return;
    }
  obj_put (o->msb, p, sym->st_name, 4);
  p[4] = sym->st_info;
  p[5] = sym->st_other;
  obj_put (o->msb, p + 6, sym->st_shndx, 2);
  obj_put (o->msb, p + 8, sym->st_value, 8);
  obj_put (o->msb, p + 16, sym->st_size, 8);
}

size_t
obj_sym_shndx (const struct elf_object *o, size_t i)
{
  GElf_Sym s;
  obj_get_sym (o, i, &s);
  if (s.st_shndx == SHN_XINDEX)
    return o->symtab_shndx ? (size_t) obj_get (o->msb, obj_data (o, o->symtab_shndx) + 4 * i, 4) : 0;
  return s.st_shndx;
}

const char *
obj_sym_name (const struct elf_object *o, size_t i)
{
  GElf_Sym s;
  obj_get_sym (o, i, &s);
  if (GELF_ST_TYPE (s.st_info) == STT_SECTION && s.st_name == 0)
    {
      size_t k = obj_sym_shndx (o, i);
      return k > 0 && k < o->nsec ? o->sec[k].name : "";
    }
  const char *n = obj_string (o, o->strtab, s.st_name);
  return n ? n : "";
}

size_t
obj_add_sym (struct elf_object *o, const char *name, unsigned char info, unsigned char other,
             GElf_Half shndx, GElf_Addr value, GElf_Xword size)
{
  GElf_Sym s = { 0 };
  s.st_name = (GElf_Word) add_string (o, o->strtab, name);
  s.st_info = info;
  s.st_other = other;
  s.st_shndx = shndx;
  s.st_value = value;
  s.st_size = size;
  unsigned char zero[SYM_SIZE_MAX] = { 0 };
  obj_append (o, o->symtab, zero, SYM_SIZE (o));
  size_t i = o->nsyms++;
  obj_put_sym (o, i, &s);
  if (o->symtab_shndx)
    obj_append (o, o->symtab_shndx, zero, 4);
  return i;
}

size_t
obj_rela_count (const struct elf_object *o, size_t s)
{
  return o->sec[s].size / obj_reloc_size (o, s);
}

void
obj_get_rela (const struct elf_object *o, size_t s, size_t i, GElf_Rela *r)
{
  const unsigned char *p = obj_data (o, s) + i * obj_reloc_size (o, s);
  bool rel = o->sec[s].sh.sh_type == SHT_REL;
  if (o->is32)
    {
      uint32_t info = (uint32_t) obj_get (o->msb, p + 4, 4);
      r->r_offset = obj_get (o->msb, p, 4);
      r->r_info = GELF_R_INFO (ELF32_R_SYM (info), ELF32_R_TYPE (info));
      r->r_addend = rel ? 0 : (GElf_Sxword) (int32_t) obj_get (o->msb, p + 8, 4);
      return;
    }
  r->r_offset = obj_get (o->msb, p, 8);
  r->r_info = obj_get (o->msb, p + 8, 8);
  r->r_addend = rel ? 0 : (GElf_Sxword) obj_get (o->msb, p + 16, 8);
}

void
obj_put_rela (struct elf_object *o, size_t s, size_t i, const GElf_Rela *r)
{
  unsigned char *p = obj_data_mut (o, s) + i * obj_reloc_size (o, s);
  bool rel = o->sec[s].sh.sh_type == SHT_REL;
  if (o->is32)
    {
      obj_put (o->msb, p, r->r_offset, 4);
      obj_put (o->msb, p + 4, ELF32_R_INFO (GELF_R_SYM (r->r_info), GELF_R_TYPE (r->r_info)), 4);
      if (!rel)
        obj_put (o->msb, p + 8, (uint64_t) r->r_addend, 4);
      return;
    }
  obj_put (o->msb, p, r->r_offset, 8);
  obj_put (o->msb, p + 8, r->r_info, 8);
  if (!rel)
    obj_put (o->msb, p + 16, (uint64_t) r->r_addend, 8);
}

int
obj_write_fail (const char *display, const char *what, int sys_errno)
{
  diag_error ("cannot write %s: %s: %s", display, what,
              sys_errno ? strerror (sys_errno) : elf_errmsg (-1));
  return -1;
}

static int
write_fail (const char *display, const char *what)
{
  return obj_write_fail (display, what, 0);
}

/* The size of the file libelf lays O out into (ELF_C_WRITE, libelf
 * choosing the layout): the ELF header, each section in order at the next
 * multiple of its alignment, then the section headers. */
static uint64_t
laid_out_size (const struct elf_object *o)
{
  uint64_t off = EHDR_SIZE (o);
  for (size_t i = 1; i < o->nsec; i++)
    {
      const struct obj_section *s = &o->sec[i];
      uint64_t align = s->sh.sh_addralign ? s->sh.sh_addralign : 1;
      off = (off + align - 1) / align * align;
      if (s->sh.sh_type != SHT_NOBITS)
        off += s->size;
    }
  return (off + 7) / 8 * 8 + (uint64_t) o->nsec * SHDR_SIZE (o);
}

int
obj_write (const struct elf_object *o, int fd, const char *display)
{
  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      diag_error ("libelf is out of date");
      return -1;
    }
  /* libelf reads every block it is given: none may reach past the image
   * (obj_parse has checked the headers; this guards the invariant). */
  for (size_t i = 1; i < o->nsec; i++)
    {
      const struct obj_section *s = &o->sec[i];
      if (!s->owned && s->sh.sh_type != SHT_NOBITS && s->size
          && !fits (s->sh.sh_offset, s->size, o->image_size))
        {
          diag_error ("cannot write %s: section %zu (%s) lies beyond the end of %s", display,
                      i, s->name, o->path);
          return -1;
        }
    }
  /* Alignment padding is all libelf adds, and for a real object that is
   * less than the object itself (its assembler padded it the same way).
   * Sections that claim large alignments (each checked against the file,
   * but many of them) must not blow a small corrupt object up into a huge
   * one. */
  uint64_t contents = 0;
  for (size_t i = 1; i < o->nsec; i++)
    if (o->sec[i].sh.sh_type != SHT_NOBITS)
      contents += o->sec[i].size;
  uint64_t laid = laid_out_size (o);
  if (laid > 2 * ((uint64_t) o->image_size + contents) + (64u << 10))
    {
      diag_error ("cannot write %s: the alignments of the sections of %s would make it %" PRIu64
                  " bytes (corrupt file?)", display, o->path, laid);
      return -1;
    }
  Elf *e = elf_begin (fd, ELF_C_WRITE, NULL);
  if (!e)
    return write_fail (display, "elf_begin");
  int rc = -1;
  GElf_Ehdr eh;
  if (!gelf_newehdr (e, o->is32 ? ELFCLASS32 : ELFCLASS64) || !gelf_getehdr (e, &eh))
    {
      write_fail (display, "gelf_newehdr");
      goto out;
    }
  memcpy (eh.e_ident, o->eh.e_ident, EI_NIDENT);
  eh.e_type = o->eh.e_type;
  eh.e_machine = o->eh.e_machine;
  eh.e_version = o->eh.e_version;
  eh.e_entry = o->eh.e_entry;
  eh.e_flags = o->eh.e_flags;
  eh.e_phoff = 0;
  bool xnum = o->nsec >= SHN_LORESERVE;
  eh.e_shstrndx = o->shstrndx >= SHN_LORESERVE ? SHN_XINDEX : (GElf_Half) o->shstrndx;

  for (size_t i = 1; i < o->nsec; i++)
    {
      const struct obj_section *s = &o->sec[i];
      Elf_Scn *scn = elf_newscn (e);
      if (!scn)
        {
          write_fail (display, "elf_newscn");
          goto out;
        }
      bool nobits = s->sh.sh_type == SHT_NOBITS;
      size_t size = nobits ? (size_t) s->sh.sh_size : s->size;
      if (size > 0)
        {
          Elf_Data *d = elf_newdata (scn);
          if (!d)
            {
              write_fail (display, "elf_newdata");
              goto out;
            }
          /* libelf only reads d_buf while writing. */
          d->d_buf = nobits ? NULL : (void *) obj_data (o, i);
          d->d_size = size;
          d->d_type = ELF_T_BYTE;
          d->d_align = s->sh.sh_addralign ? s->sh.sh_addralign : 1;
          d->d_off = 0;
          d->d_version = EV_CURRENT;
        }
      GElf_Shdr sh = s->sh;
      sh.sh_offset = 0;
      sh.sh_size = size;
      if (!gelf_update_shdr (scn, &sh))
        {
          write_fail (display, "gelf_update_shdr");
          goto out;
        }
    }
  if (xnum || o->shstrndx >= SHN_LORESERVE)
    {
      /* Extended numbering: the real count and name-table index live in
       * section 0. */
      Elf_Scn *scn0 = elf_getscn (e, 0);
      GElf_Shdr sh0;
      if (!scn0 || !gelf_getshdr (scn0, &sh0))
        {
          write_fail (display, "section 0");
          goto out;
        }
      if (xnum)
        sh0.sh_size = o->nsec;
      if (o->shstrndx >= SHN_LORESERVE)
        sh0.sh_link = (GElf_Word) o->shstrndx;
      if (!gelf_update_shdr (scn0, &sh0))
        {
          write_fail (display, "section 0");
          goto out;
        }
    }
  if (!gelf_update_ehdr (e, &eh))
    {
      write_fail (display, "gelf_update_ehdr");
      goto out;
    }
  /* libelf keeps no errno: a failed write leaves the system's reason. */
  errno = 0;
  if (elf_update (e, ELF_C_WRITE) < 0)
    {
      obj_write_fail (display, "elf_update", errno);
      goto out;
    }
  rc = 0;
out:
  elf_end (e);
  return rc;
}
