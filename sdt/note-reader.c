/* SPDX-License-Identifier: MIT */
/*
 * note-reader.c — read `.note.stapsdt` probe notes out of an ELF file.
 *
 * Design (doc/probe-sites.md §1-§3):
 *  - Everything goes through libelf/gelf.  The file is opened with
 *    ELF_C_READ_MMAP; section headers (never PT_NOTE: the stapsdt section is
 *    not allocated) locate every SHT_NOTE section named `.note.stapsdt`
 *    (a relocatable object may hold several, one per COMDAT group), which are
 *    walked with gelf_getnote.  Notes are numbered across all of them.
 *  - Each note is validated on its own; a bad one is reported with
 *    "PATH: note N: REASON, skipped" and the walk goes on.  When a note's
 *    sizes are garbage the walk resynchronises on the next plausible
 *    stapsdt note header (4-byte aligned "namesz=8 … type=3 stapsdt\0"), so
 *    one corrupt note never hides the ones after it.
 *  - Addresses in the desc are read in the file's class (4 or 8 bytes) and
 *    byte order by hand: libelf translates only the note headers.
 *  - Linked files (ET_EXEC/ET_DYN): pc is corrected by .stapsdt.base when the
 *    section exists and the note's base is non-zero, then mapped to a file
 *    offset through the executable PT_LOAD holding it; the semaphore through
 *    the writable PT_LOAD whose file-backed part holds both of its bytes.
 *  - Relocatable objects (ET_REL): the semaphore symbol is taken from the
 *    relocation (RELA or REL) aimed at the note's semaphore word.
 *  - .note.gnu.property supplies GNU_PROPERTY_X86_FEATURE_1_AND (IBT/SHSTK),
 *    which `dtrace -G` copies into the object it writes.
 *  - Anything that is not ELF (archives, LLVM bitcode, garbage) is an error;
 *    damage inside an ELF file is a warning and the damaged part is skipped.
 */
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/elf-defs.h"
#include "sdt/sdt.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* One relocation aimed at a note section, as far as we need it. */
struct note_reloc {
  uint64_t offset;   /* r_offset within the note section */
  size_t sym;        /* symbol index */
  int64_t addend;    /* RELA addend (REL: taken from the note word) */
};

struct reader {
  const char *path;
  Elf *elf;
  struct sdt_file *f;
  bool msb;              /* big-endian file */
  size_t addrsize;       /* 4 or 8 */
  size_t shstrndx;
  bool have_shstrndx;
  GElf_Phdr *phdrs;
  size_t phnum;
  size_t cap;            /* allocated entries in f->notes */
  size_t next_index;     /* running note number across sections */
};

/* ------------------------------------------------------------------ */
/* Small helpers.                                                      */

static uint64_t
read_uint (const struct reader *r, const unsigned char *p, size_t n)
{
  uint64_t v = 0;
  if (r->msb)
    for (size_t i = 0; i < n; i++)
      v = (v << 8) | p[i];
  else
    for (size_t i = n; i-- > 0; )
      v = (v << 8) | p[i];
  return v;
}

static const char *
section_name (const struct reader *r, const GElf_Shdr *sh)
{
  if (!r->have_shstrndx)
    return NULL;
  return elf_strptr (r->elf, r->shstrndx, sh->sh_name);
}

static bool
starts_with (const char *s, const char *prefix)
{
  return s && strncmp (s, prefix, strlen (prefix)) == 0;
}

/* Is there a plausible stapsdt note header at OFF in DATA? */
static bool
plausible_note_at (const Elf_Data *data, size_t off)
{
  const unsigned char *b = data->d_buf;
  if (off % 4 != 0 || off > data->d_size || data->d_size - off < 20)
    return false;
  uint32_t namesz, type;
  memcpy (&namesz, b + off, 4);
  memcpy (&type, b + off + 8, 4);
  return namesz == 8 && type == NT_STAPSDT && memcmp (b + off + 12, "stapsdt", 8) == 0;
}

/* The first plausible note header at or after FROM (4-aligned), or d_size. */
static size_t
resync (const Elf_Data *data, size_t from)
{
  size_t off = (from + 3) & ~(size_t) 3;
  for (; off < data->d_size; off += 4)
    if (plausible_note_at (data, off))
      return off;
  return data->d_size;
}

static int
reloc_cmp (const void *a, const void *b)
{
  const struct note_reloc *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* ------------------------------------------------------------------ */
/* Relocations of a note section (ET_REL).                             */

struct reloc_set {
  struct note_reloc *v;
  size_t n;
  Elf_Scn *symtab;       /* the symbol table they refer to */
  bool is_rela;
};

static void
collect_relocs (struct reader *r, size_t note_ndx, struct reloc_set *rs)
{
  Elf_Scn *scn = NULL;
  memset (rs, 0, sizeof *rs);
  while ((scn = elf_nextscn (r->elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
        continue;
      if ((sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) || sh.sh_info != note_ndx)
        continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      if (!d)
        {
          diag_warn ("%s: cannot read the relocations of .note.stapsdt: %s",
                     r->path, elf_errmsg (-1));
          continue;
        }
      bool rela = sh.sh_type == SHT_RELA;
      size_t entsize = gelf_fsize (r->elf, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
      size_t count = entsize ? d->d_size / entsize : 0;
      rs->symtab = elf_getscn (r->elf, sh.sh_link);
      rs->is_rela = rela;
      rs->v = xrealloc (rs->v, (rs->n + count) * sizeof *rs->v);
      for (size_t i = 0; i < count; i++)
        {
          struct note_reloc *nr = &rs->v[rs->n];
          if (rela)
            {
              GElf_Rela ra;
              if (!gelf_getrela (d, (int) i, &ra))
                continue;
              nr->offset = ra.r_offset;
              nr->sym = GELF_R_SYM (ra.r_info);
              nr->addend = ra.r_addend;
            }
          else
            {
              GElf_Rel rl;
              if (!gelf_getrel (d, (int) i, &rl))
                continue;
              nr->offset = rl.r_offset;
              nr->sym = GELF_R_SYM (rl.r_info);
              nr->addend = 0;
            }
          rs->n++;
        }
      break;  /* one relocation section per target section */
    }
  if (rs->n > 1)
    qsort (rs->v, rs->n, sizeof *rs->v, reloc_cmp);
}

static const struct note_reloc *
find_reloc (const struct reloc_set *rs, uint64_t offset)
{
  struct note_reloc key = { offset, 0, 0 };
  if (!rs->n)
    return NULL;
  return bsearch (&key, rs->v, rs->n, sizeof *rs->v, reloc_cmp);
}

/* Name of symbol SYMNDX of RS's symbol table.  A section symbol (gas turns
 * references to local symbols into section + addend) is resolved back to the
 * symbol defined at that place, or spelled "section+0xADDEND". */
static char *
reloc_symbol_name (struct reader *r, const struct reloc_set *rs, size_t symndx, int64_t addend)
{
  GElf_Shdr symsh;
  if (!rs->symtab || !gelf_getshdr (rs->symtab, &symsh) || symndx == 0)
    return NULL;
  Elf_Data *d = elf_getdata (rs->symtab, NULL);
  if (!d)
    return NULL;
  GElf_Sym sym;
  if (!gelf_getsym (d, (int) symndx, &sym))
    return NULL;
  if (GELF_ST_TYPE (sym.st_info) != STT_SECTION)
    {
      const char *name = elf_strptr (r->elf, symsh.sh_link, sym.st_name);
      return name && *name ? xstrdup (name) : NULL;
    }
  /* Section symbol: look for a named object at that address. */
  size_t entsize = gelf_fsize (r->elf, ELF_T_SYM, 1, EV_CURRENT);
  size_t count = entsize ? d->d_size / entsize : 0;
  for (size_t i = 1; i < count; i++)
    {
      GElf_Sym s;
      if (!gelf_getsym (d, (int) i, &s))
        continue;
      if (s.st_shndx != sym.st_shndx || GELF_ST_TYPE (s.st_info) == STT_SECTION
          || s.st_value != (uint64_t) addend)
        continue;
      const char *name = elf_strptr (r->elf, symsh.sh_link, s.st_name);
      if (name && *name)
        return xstrdup (name);
    }
  Elf_Scn *target = elf_getscn (r->elf, sym.st_shndx);
  GElf_Shdr tsh;
  const char *sname = (target && gelf_getshdr (target, &tsh)) ? section_name (r, &tsh) : NULL;
  if (!sname)
    return NULL;
  return addend ? xasprintf ("%s+0x%" PRIx64, sname, (uint64_t) addend) : xstrdup (sname);
}

/* ------------------------------------------------------------------ */
/* Linked files: segments.                                             */

static void
load_phdrs (struct reader *r)
{
  size_t n;
  if (elf_getphdrnum (r->elf, &n) != 0)
    {
      diag_warn ("%s: cannot read the program headers: %s", r->path, elf_errmsg (-1));
      return;
    }
  r->phdrs = n ? xcalloc (n, sizeof *r->phdrs) : NULL;
  for (size_t i = 0; i < n; i++)
    if (gelf_getphdr (r->elf, (int) i, &r->phdrs[r->phnum]))
      r->phnum++;
}

static void
locate_in_segments (struct reader *r, struct sdt_note *n)
{
  const GElf_Phdr *ph;
  uint64_t pc = n->pc_adjusted;

  for (size_t i = 0; i < r->phnum; i++)
    {
      ph = &r->phdrs[i];
      if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)
          && pc >= ph->p_vaddr && pc - ph->p_vaddr < ph->p_filesz)
        {
          n->pc_valid = true;
          n->pc_offset = pc - ph->p_vaddr + ph->p_offset;
          break;
        }
    }
  if (!n->pc_valid)
    diag_warn ("%s: note %zu (%s:%s): pc 0x%" PRIx64 " is not in an executable segment%s",
               r->path, n->index, n->provider, n->name, pc,
               n->base == 0 ? " (its code was probably garbage-collected by the linker)" : "");

  if (n->semaphore == 0)
    return;
  uint64_t sem = n->semaphore;
  bool in_memory = false;
  for (size_t i = 0; i < r->phnum; i++)
    {
      ph = &r->phdrs[i];
      if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W) || sem < ph->p_vaddr)
        continue;
      uint64_t rel = sem - ph->p_vaddr;
      if (ph->p_filesz >= 2 && rel <= ph->p_filesz - 2)
        {
          n->sem_valid = true;
          n->sem_offset = rel + ph->p_offset;
          return;
        }
      if (rel < ph->p_memsz)
        in_memory = true;
    }
  if (in_memory)
    diag_warn ("%s: note %zu (%s:%s): semaphore 0x%" PRIx64 " has no file backing "
               "(.bss?); the kernel cannot count it", r->path, n->index, n->provider,
               n->name, sem);
  else
    diag_warn ("%s: note %zu (%s:%s): semaphore 0x%" PRIx64 " is not in a writable segment",
               r->path, n->index, n->provider, n->name, sem);
}

/* ------------------------------------------------------------------ */
/* The notes themselves.                                               */

/* Find the NUL ending the string at *POS in DESC[0..SIZE); advance past it. */
static const char *
desc_string (const unsigned char *desc, size_t size, size_t *pos)
{
  if (*pos >= size)
    return NULL;
  const unsigned char *nul = memchr (desc + *pos, '\0', size - *pos);
  if (!nul)
    return NULL;
  const char *s = (const char *) desc + *pos;
  *pos = (size_t) (nul - desc) + 1;
  return s;
}

/* Validate and record one note.  Returns false (after a warning) if skipped. */
static bool
take_note (struct reader *r, size_t index, const Elf_Data *data, const GElf_Nhdr *nh,
           size_t name_off, size_t desc_off, const struct reloc_set *rs, size_t *strings_end)
{
  const unsigned char *buf = data->d_buf;
  const char *why = NULL;
  char whybuf[96];

  if (nh->n_namesz != 8 || memcmp (buf + name_off, "stapsdt", 8) != 0)
    why = "owner is not \"stapsdt\"";
  else if (nh->n_type != NT_STAPSDT)
    {
      snprintf (whybuf, sizeof whybuf, "type %" PRIu32 " is not NT_STAPSDT (3)",
                (uint32_t) nh->n_type);
      why = whybuf;
    }
  else if (nh->n_descsz < 3 * r->addrsize + 3)
    {
      snprintf (whybuf, sizeof whybuf, "description too short (%" PRIu32 " bytes)",
                (uint32_t) nh->n_descsz);
      why = whybuf;
    }
  if (why)
    {
      diag_warn ("%s: note %zu: %s, skipped", r->path, index, why);
      return false;
    }

  const unsigned char *desc = buf + desc_off;
  size_t size = nh->n_descsz, pos = 3 * r->addrsize;
  const char *prov = desc_string (desc, size, &pos);
  const char *name = prov ? desc_string (desc, size, &pos) : NULL;
  const char *args = name ? desc_string (desc, size, &pos) : NULL;
  if (!prov)
    why = "provider string is not NUL-terminated";
  else if (!*prov)
    why = "empty provider name";
  else if (!name)
    why = "probe name is not NUL-terminated";
  else if (!*name)
    why = "empty probe name";
  else if (!args)
    why = "argument string is not NUL-terminated";
  if (why)
    {
      diag_warn ("%s: note %zu: %s, skipped", r->path, index, why);
      return false;
    }
  *strings_end = desc_off + pos;

  struct sdt_file *f = r->f;
  struct sdt_note *n = &VEC_PUSH (f->notes, f->nnotes, r->cap);
  memset (n, 0, sizeof *n);
  n->index = index;
  n->provider = xstrdup (prov);
  n->name = xstrdup (name);
  n->args = xstrdup (args);
  n->pc = read_uint (r, desc, r->addrsize);
  n->base = read_uint (r, desc + r->addrsize, r->addrsize);
  n->semaphore = read_uint (r, desc + 2 * r->addrsize, r->addrsize);
  n->pc_adjusted = n->pc;
  if (f->has_base_section && n->base != 0)
    n->pc_adjusted = n->pc + (f->base_addr - n->base);
  if (r->addrsize == 4)
    n->pc_adjusted &= 0xffffffffU;

  if (f->type == ET_EXEC || f->type == ET_DYN)
    locate_in_segments (r, n);
  else if (f->type == ET_REL)
    {
      const struct note_reloc *rel = find_reloc (rs, desc_off + 2 * r->addrsize);
      if (rel)
        n->sem_symbol = reloc_symbol_name (r, rs, rel->sym,
                                           rs->is_rela ? rel->addend : (int64_t) n->semaphore);
    }
  return true;
}

static void
read_note_section (struct reader *r, Elf_Scn *scn, size_t ndx)
{
  Elf_Data *data = elf_getdata (scn, NULL);
  if (!data)
    {
      diag_warn ("%s: cannot read section .note.stapsdt: %s; its notes are skipped",
                 r->path, elf_errmsg (-1));
      return;
    }
  if (!data->d_buf || data->d_size == 0)
    return;

  struct reloc_set rs = { NULL, 0, NULL, false };
  if (r->f->type == ET_REL)
    collect_relocs (r, ndx, &rs);

  size_t off = 0;
  while (off < data->d_size)
    {
      size_t index = r->next_index++;
      GElf_Nhdr nh;
      size_t name_off, desc_off;
      size_t next = gelf_getnote (data, off, &nh, &name_off, &desc_off);
      if (next == 0 || next <= off)
        {
          size_t at = resync (data, off + 4);
          diag_warn ("%s: note %zu: malformed note header at section offset 0x%zx, skipped%s",
                     r->path, index, off, at < data->d_size ? "" : " (and the rest of the section)");
          off = at;
          continue;
        }
      size_t strings_end = 0;
      bool ok = take_note (r, index, data, &nh, name_off, desc_off, &rs, &strings_end);
      /* A valid note's strings end (4- or 8-aligned) where the next note
       * starts; otherwise its size fields are damaged. */
      bool consistent = !ok ? plausible_note_at (data, next)
                            : (next == ((strings_end + 3) & ~(size_t) 3)
                               || next == ((strings_end + 7) & ~(size_t) 7)
                               || plausible_note_at (data, next));
      if (next < data->d_size && !consistent)
        {
          /* The sizes of this note cannot be trusted: the next one does not
           * start where they say.  Look for it after this note's strings
           * (when they made sense) or just past its header. */
          size_t at = resync (data, ok ? strings_end : off + 4);
          diag_warn ("%s: note %zu: its size does not match the note that follows; "
                     "%s at section offset 0x%zx", r->path, index,
                     at < data->d_size ? "resuming" : "no further note found", at);
          next = at;
        }
      off = next;
    }
  free (rs.v);
}

/* .note.gnu.property: pick up GNU_PROPERTY_X86_FEATURE_1_AND. */
static void
read_property_section (struct reader *r, Elf_Scn *scn)
{
  Elf_Data *data = elf_getdata (scn, NULL);
  if (!data || !data->d_buf)
    return;
  size_t align = r->addrsize == 8 ? 8 : 4;
  size_t off = 0;
  while (off < data->d_size)
    {
      GElf_Nhdr nh;
      size_t name_off, desc_off;
      size_t next = gelf_getnote (data, off, &nh, &name_off, &desc_off);
      if (next == 0 || next <= off)
        {
          diag_warn ("%s: malformed .note.gnu.property, ignored", r->path);
          return;
        }
      const unsigned char *buf = data->d_buf;
      if (nh.n_namesz == 4 && memcmp (buf + name_off, "GNU", 4) == 0
          && nh.n_type == NT_GNU_PROPERTY_TYPE_0)
        {
          const unsigned char *desc = buf + desc_off;
          size_t size = nh.n_descsz, pos = 0;
          while (size - pos >= 8)
            {
              uint32_t type = (uint32_t) read_uint (r, desc + pos, 4);
              uint32_t datasz = (uint32_t) read_uint (r, desc + pos + 4, 4);
              pos += 8;
              if (datasz > size - pos)
                break;
              if (type == GNU_PROPERTY_X86_FEATURE_1_AND && datasz >= 4)
                {
                  uint32_t v = (uint32_t) read_uint (r, desc + pos, 4);
                  r->f->x86_feature_1 = r->f->has_x86_feature_1 ? (r->f->x86_feature_1 & v) : v;
                  r->f->has_x86_feature_1 = true;
                }
              size_t step = (datasz + align - 1) & ~(align - 1);
              if (step > size - pos)
                break;
              pos += step;
            }
        }
      off = next;
    }
}

/* ------------------------------------------------------------------ */
/* Entry points.                                                       */

/* Explain a file libelf does not take as ELF, from its first bytes. */
static void
report_not_elf (const char *path, int fd, off_t size)
{
  unsigned char magic[8] = { 0 };
  ssize_t got = size > 0 ? pread (fd, magic, sizeof magic, 0) : 0;
  if (got == 8 && (memcmp (magic, "!<arch>\n", 8) == 0 || memcmp (magic, "!<thin>\n", 8) == 0))
    diag_error ("%s: archives are not supported; pass the member objects", path);
  else if (got >= 4 && (memcmp (magic, "BC\xc0\xde", 4) == 0
                        || memcmp (magic, "\xde\xc0\x17\x0b", 4) == 0))
    diag_error ("%s: not an ELF file (LLVM bitcode: compiled with -flto?)", path);
  else if (size == 0)
    diag_error ("%s: not an ELF file (empty)", path);
  else
    diag_error ("%s: not an ELF file", path);
}

/* Does the file open on FD start with the ELF magic? */
static bool
has_elf_magic (int fd)
{
  unsigned char magic[SELFMAG];
  return pread (fd, magic, SELFMAG, 0) == SELFMAG && memcmp (magic, ELFMAG, SELFMAG) == 0;
}

bool
sdt_file_is_elf (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool elf = has_elf_magic (fd);
  close (fd);
  return elf;
}

/* Open PATH as an ELF file for reading: *FD and the ELF handle, its
 * header in *EH.  NULL after an error; QUIET: none is printed for a file
 * that cannot be opened, is not regular or has no ELF magic. */
static Elf *
open_elf (const char *path, bool quiet, int *fd, uint64_t *file_size, GElf_Ehdr *eh)
{
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0)
    {
      if (!quiet)
        diag_error ("%s: cannot open: %s", path, strerror (errno));
      return NULL;
    }
  struct stat st;
  Elf *elf = NULL;
  if (fstat (*fd, &st) != 0)
    diag_error ("%s: cannot stat: %s", path, strerror (errno));
  else if (!S_ISREG (st.st_mode))
    {
      if (!quiet)
        diag_error ("%s: not a regular file", path);
    }
  else
    {
      elf = st.st_size > 0 ? elf_begin (*fd, ELF_C_READ_MMAP, NULL) : NULL;
      if (!elf || elf_kind (elf) != ELF_K_ELF)
        {
          if (quiet && !has_elf_magic (*fd))
            ;
          else if (elf && elf_kind (elf) == ELF_K_AR)
            diag_error ("%s: archives are not supported; pass the member objects", path);
          else
            report_not_elf (path, *fd, st.st_size);
        }
      else if (!gelf_getehdr (elf, eh) || !elf_getident (elf, NULL))
        diag_error ("%s: invalid ELF header: %s", path, elf_errmsg (-1));
      else
        {
          *file_size = (uint64_t) st.st_size;
          return elf;
        }
    }
  if (elf)
    elf_end (elf);
  close (*fd);
  *fd = -1;
  return NULL;
}

/* The number of sections to look at (0 when the table cannot be read,
 * after a warning), and the section-name table in R. */
static size_t
section_count (struct reader *r, const GElf_Ehdr *eh, uint64_t file_size)
{
  /* libelf quietly shows no sections when the section-header table lies
   * past the end of the file (a truncated copy): say so. */
  uint64_t sh_count = eh->e_shnum ? eh->e_shnum : 1;
  bool truncated = eh->e_shoff != 0
                   && (eh->e_shoff > file_size
                       || sh_count * eh->e_shentsize > file_size - eh->e_shoff);
  size_t shnum = 0;
  if (truncated)
    diag_warn ("%s: truncated file: its section headers (at offset 0x%" PRIx64
               ") lie beyond its end (%" PRIu64 " bytes); no probes read",
               r->path, (uint64_t) eh->e_shoff, file_size);
  else if (elf_getshdrnum (r->elf, &shnum) != 0)
    {
      diag_warn ("%s: cannot read the section headers: %s; no probes read",
                 r->path, elf_errmsg (-1));
      shnum = 0;
    }
  else if (shnum && elf_getshdrstrndx (r->elf, &r->shstrndx) == 0)
    r->have_shstrndx = true;
  else if (shnum)
    diag_warn ("%s: cannot read the section-name table: %s; no probes read",
               r->path, elf_errmsg (-1));
  return shnum;
}

/* First pass: what the file contains (.stapsdt.base, LTO IR, code, the
 * x86 feature property). */
static void
survey_sections (struct reader *r)
{
  struct sdt_file *out = r->f;
  bool gnu_lto = false, llvm_marker = false, has_text = false;
  size_t unnamed = 0;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (r->elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
        {
          diag_warn ("%s: section %zu: unreadable section header: %s",
                     r->path, elf_ndxscn (scn), elf_errmsg (-1));
          continue;
        }
      const char *name = section_name (r, &sh);
      if (!name)
        {
          unnamed++;
          continue;
        }
      if (strcmp (name, ".stapsdt.base") == 0 && !out->has_base_section)
        {
          out->has_base_section = true;
          out->base_addr = sh.sh_addr;
        }
      else if (starts_with (name, ".gnu.lto_"))
        gnu_lto = true;
      else if (strcmp (name, ".llvm.lto") == 0 || strcmp (name, ".llvmbc") == 0)
        llvm_marker = true;
      if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR) && sh.sh_size > 0)
        has_text = true;
      if (sh.sh_type == SHT_NOTE && strcmp (name, ".note.gnu.property") == 0)
        read_property_section (r, scn);
    }
  if (unnamed)
    diag_warn ("%s: the names of %zu section(s) cannot be read (corrupt file?); "
               "their contents are ignored", r->path, unnamed);
  out->is_lto_ir = out->type == ET_REL && (gnu_lto || llvm_marker) && !has_text;
}

/* The records of one .sdtkit.argtypes section (argtypes.c); a malformed
 * one is a warning, the records before it are kept. */
static void
read_argtypes_section (struct reader *r, Elf_Scn *scn)
{
  Elf_Data *d = elf_getdata (scn, NULL);
  if (!d || !d->d_buf)
    return;
  char *why = NULL;
  struct sdt_file *f = r->f;
  if (sdt_argtypes_parse (d->d_buf, d->d_size, &f->probe_types, &f->nprobe_types,
                          &f->probe_types_cap, &why) != 0)
    diag_warn ("%s: section %zu (%s): %s; the argument types from there on are ignored",
               r->path, elf_ndxscn (scn), SDT_ARGTYPES_SECTION, why);
  free (why);
}

/* Second pass: the probe notes of every .note.stapsdt section and the
 * declared argument types. */
static void
read_all_notes (struct reader *r)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (r->elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
        continue;
      const char *name = section_name (r, &sh);
      if (name && strcmp (name, SDT_ARGTYPES_SECTION) == 0)
        read_argtypes_section (r, scn);
      if (!name || strcmp (name, ".note.stapsdt") != 0)
        continue;
      if (sh.sh_type != SHT_NOTE)
        {
          diag_warn ("%s: section %zu: .note.stapsdt is not SHT_NOTE, ignored",
                     r->path, elf_ndxscn (scn));
          continue;
        }
      read_note_section (r, scn, elf_ndxscn (scn));
    }
}

/* sdt_file_read and sdt_module_read (sdt.h). */
static int
read_file (const char *path, bool quiet, struct sdt_file *out, struct sdt_symtab *syms, bool *have_syms)
{
  memset (out, 0, sizeof *out);
  if (syms)
    {
      memset (syms, 0, sizeof *syms);
      *have_syms = false;
    }

  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      diag_error ("%s: libelf initialisation failed: %s", path, elf_errmsg (-1));
      return -1;
    }
  int fd;
  uint64_t file_size = 0;
  GElf_Ehdr eh;
  Elf *elf = open_elf (path, quiet, &fd, &file_size, &eh);
  if (!elf)
    return -1;

  struct reader r;
  memset (&r, 0, sizeof r);
  r.path = path;
  r.elf = elf;
  r.f = out;
  r.msb = elf_getident (elf, NULL)[EI_DATA] == ELFDATA2MSB;
  out->path = xstrdup (path);
  out->elf_class = gelf_getclass (elf);
  out->machine = eh.e_machine;
  out->e_flags = (uint32_t) eh.e_flags;
  out->type = eh.e_type;
  r.addrsize = out->elf_class == ELFCLASS32 ? 4 : 8;

  size_t shnum = section_count (&r, &eh, file_size);
  if (r.have_shstrndx && shnum)
    survey_sections (&r);
  if (out->type == ET_EXEC || out->type == ET_DYN)
    load_phdrs (&r);
  if (r.have_shstrndx && shnum)
    read_all_notes (&r);
  if (syms && out->nnotes > 0)
    {
      sdt_symtab_read_elf (elf, syms);
      *have_syms = true;
    }

  free (r.phdrs);
  elf_end (elf);
  close (fd);
  return 0;
}

int
sdt_file_read (const char *path, struct sdt_file *out)
{
  return read_file (path, false, out, NULL, NULL);
}

int
sdt_module_read (const char *path, bool quiet, struct sdt_file *out, struct sdt_symtab *syms,
                 bool *have_syms)
{
  return read_file (path, quiet, out, syms, have_syms);
}

void
sdt_file_free (struct sdt_file *f)
{
  if (!f)
    return;
  for (size_t i = 0; i < f->nnotes; i++)
    FREE_ALL (f->notes[i].provider, f->notes[i].name, f->notes[i].args,
              f->notes[i].sem_symbol);
  free (f->notes);
  sdt_probe_types_free (f->probe_types, f->nprobe_types);
  free (f->path);
  memset (f, 0, sizeof *f);
}
