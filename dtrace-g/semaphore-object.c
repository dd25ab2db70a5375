/*
 * semaphore-object.c — the `dtrace -G` output: a relocatable ELF object that
 * defines the is-enabled semaphores, written directly with libelf.
 *
 * Layout (section indexes fixed, so the result depends only on the program,
 * the options and the target):
 *
 *   0  NULL
 *   1  .text               PROGBITS AX, empty: tools expect one in an object
 *   2  .probes             PROGBITS WA + SHF_GNU_RETAIN, align 2,
 *                          2 zero bytes per semaphore
 *   3  .note.GNU-stack     PROGBITS, no flags: "no executable stack"
 *  [4] .note.gnu.property  NOTE A, only for x86 targets that asked for it
 *                          (one NT_GNU_PROPERTY_TYPE_0 note carrying
 *                          GNU_PROPERTY_X86_FEATURE_1_AND)
 *   .  .symtab / .strtab / .shstrtab
 *
 * Symbols: the null symbol, a local STT_SECTION symbol for .probes, then one
 * `<provider>_<probe>_semaphore` per probe in declaration order: STT_OBJECT,
 * size 2, STB_WEAK (several -G objects of one .d may meet in one link, R23),
 * STV_HIDDEN (one semaphore per DSO) or STV_DEFAULT under -DSTAP_SDT_V1/V2.
 * Names that occur twice (a provider declared in two scripts, or
 * "a_b"+"c" against "a"+"b_c") get one definition: a symbol defined twice in
 * one object would be ambiguous.
 *
 * Why SHF_GNU_RETAIN: the semaphores are referenced only from probe notes and
 * `_ENABLED()` tests; --gc-sections and LTO must never discard them (R24).
 * As gas does for an object using the flag, EI_OSABI is ELFOSABI_GNU.
 *
 * Reproducibility: no timestamps, no file names, no FILE symbol; libelf's
 * own layout is a pure function of the sections built here.  The image is
 * written straight into FD when it is a regular file; otherwise (`-o
 * /dev/null`, a pipe) libelf cannot ftruncate it, so the image is built in an
 * anonymous memory file and copied.
 */
#include "dtrace-g/dtrace-g.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "provider-compiler/provider-compiler.h"
#include "sdt/sdt.h"

#ifndef SHF_GNU_RETAIN
#define SHF_GNU_RETAIN (1U << 21)
#endif
#ifndef NT_GNU_PROPERTY_TYPE_0
#define NT_GNU_PROPERTY_TYPE_0 5
#endif
#ifndef GNU_PROPERTY_X86_FEATURE_1_AND
#define GNU_PROPERTY_X86_FEATURE_1_AND 0xc0000002U
#endif
#ifndef ELFOSABI_GNU
#define ELFOSABI_GNU 3
#endif

/* ------------------------------------------------------------------ */
/* A growable string table ("\0name\0name\0...").                      */

struct strtab {
  char *buf;
  size_t len, cap;
};

static size_t
strtab_add (struct strtab *t, const char *s)
{
  size_t n = strlen (s) + 1;
  if (t->len + n > t->cap)
    {
      size_t cap = t->cap ? t->cap : 64;
      while (cap < t->len + n)
        cap *= 2;
      t->buf = xrealloc (t->buf, cap);
      t->cap = cap;
    }
  size_t off = t->len;
  memcpy (t->buf + off, s, n);
  t->len += n;
  return off;
}

/* ------------------------------------------------------------------ */
/* A set of strings (open addressing), to define each name once.       */

struct name_set {
  const char **slots;
  size_t cap;      /* power of two */
};

static uint64_t
hash_str (const char *s)
{
  uint64_t h = 1469598103934665603ULL;   /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 1099511628211ULL;
  return h;
}

/* Insert S (not copied); returns false when it was already present. */
static bool
name_set_insert (struct name_set *set, const char *s)
{
  size_t i = (size_t) hash_str (s) & (set->cap - 1);
  while (set->slots[i])
    {
      if (strcmp (set->slots[i], s) == 0)
        return false;
      i = (i + 1) & (set->cap - 1);
    }
  set->slots[i] = s;
  return true;
}

/* ------------------------------------------------------------------ */

static bool
is_x86 (int machine)
{
  return machine == EM_X86_64 || machine == EM_386;
}

/* The data encoding of TARGET: explicit, else the usual one of its machine. */
static int
target_data (const struct dtrace_g_target *target)
{
  if (target->elf_data == ELFDATA2LSB || target->elf_data == ELFDATA2MSB)
    return target->elf_data;
  switch (target->machine)
    {
    case EM_S390: case EM_SPARC: case EM_SPARC32PLUS: case EM_SPARCV9:
    case EM_PPC: case EM_68K:
      return ELFDATA2MSB;
    default:
      return ELFDATA2LSB;
    }
}

static void
put32 (unsigned char *p, uint32_t v, int data)
{
  for (int i = 0; i < 4; i++)
    p[data == ELFDATA2MSB ? 3 - i : i] = (unsigned char) (v >> (8 * i));
}

/* Fill BUF (32 or 28 bytes) with the GNU property note; returns its size. */
static size_t
make_property_note (unsigned char *buf, int elf_class, int data, uint32_t features)
{
  size_t align = elf_class == ELFCLASS64 ? 8 : 4;
  size_t descsz = 8 + ((4 + align - 1) / align) * align;   /* pr_type, pr_datasz, data+pad */
  memset (buf, 0, 12 + 4 + descsz);
  put32 (buf + 0, 4, data);                          /* n_namesz: "GNU\0" */
  put32 (buf + 4, (uint32_t) descsz, data);          /* n_descsz */
  put32 (buf + 8, NT_GNU_PROPERTY_TYPE_0, data);     /* n_type */
  memcpy (buf + 12, "GNU", 4);
  put32 (buf + 16, GNU_PROPERTY_X86_FEATURE_1_AND, data);
  put32 (buf + 20, 4, data);                         /* pr_datasz */
  put32 (buf + 24, features, data);
  return 12 + 4 + descsz;
}

/* One section to create: header fields and its single data block. */
struct section_spec {
  const char *name;
  GElf_Word type;
  GElf_Xword flags;
  GElf_Xword align;
  GElf_Xword entsize;
  void *buf;              /* may be NULL when size is 0 */
  size_t size;
  Elf_Type dtype;
};

static int
elf_fail (const char *what)
{
  diag_error ("cannot write the -G object: %s: %s", what, elf_errmsg (-1));
  return -1;
}

/* Copy everything from SRC (rewound) to DST. */
static int
copy_fd (int src, int dst)
{
  char buf[8192];
  off_t pos = 0;
  for (;;)
    {
      ssize_t n = pread (src, buf, sizeof buf, pos);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return -1;
      if (n == 0)
        return 0;
      pos += n;
      for (ssize_t done = 0; done < n;)
        {
          ssize_t w = write (dst, buf + done, (size_t) (n - done));
          if (w < 0 && errno == EINTR)
            continue;
          if (w <= 0)
            return -1;
          done += w;
        }
    }
}

/* Build the whole ELF image into FD, which must be a regular (or memory)
 * file: sections SPECS[0..NSPECS) get indexes 1..NSPECS, .shstrtab comes
 * last.  The section numbering must keep .probes at index 2. */
static int
write_image (int fd, const struct dtrace_g_target *target, int data,
             struct section_spec *specs, size_t nspecs)
{
  int rc = -1;
  Elf *elf = elf_begin (fd, ELF_C_WRITE, NULL);
  if (!elf)
    return elf_fail ("elf_begin");

  if (!gelf_newehdr (elf, target->elf_class))
    {
      elf_fail ("gelf_newehdr");
      goto out;
    }
  GElf_Ehdr eh;
  if (!gelf_getehdr (elf, &eh))
    {
      elf_fail ("gelf_getehdr");
      goto out;
    }
  eh.e_ident[EI_DATA] = (unsigned char) data;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_ident[EI_OSABI] = ELFOSABI_GNU;   /* SHF_GNU_RETAIN is used */
  eh.e_ident[EI_ABIVERSION] = 0;
  eh.e_type = ET_REL;
  eh.e_machine = (GElf_Half) target->machine;
  eh.e_version = EV_CURRENT;
  eh.e_entry = 0;
  eh.e_phoff = 0;
  eh.e_flags = 0;

  /* The section names, and the index of each spec's section (1-based). */
  struct strtab shstr = { 0 };
  strtab_add (&shstr, "");
  size_t *name_off = xcalloc (nspecs + 1, sizeof *name_off);
  for (size_t i = 0; i < nspecs; i++)
    name_off[i] = strtab_add (&shstr, specs[i].name);
  size_t shstr_name = strtab_add (&shstr, ".shstrtab");

  size_t symtab_idx = 0, strtab_idx = 0;
  for (size_t i = 0; i < nspecs; i++)
    {
      if (strcmp (specs[i].name, ".symtab") == 0)
        symtab_idx = i + 1;
      else if (strcmp (specs[i].name, ".strtab") == 0)
        strtab_idx = i + 1;
    }

  bool ok = true;
  for (size_t i = 0; ok && i <= nspecs; i++)
    {
      bool is_shstr = i == nspecs;
      Elf_Scn *scn = elf_newscn (elf);
      GElf_Shdr sh;
      if (!scn || !gelf_getshdr (scn, &sh))
        {
          ok = false;
          elf_fail ("elf_newscn");
          break;
        }
      const struct section_spec *s = is_shstr ? NULL : &specs[i];
      void *buf = is_shstr ? shstr.buf : s->buf;
      size_t size = is_shstr ? shstr.len : s->size;
      if (size > 0)
        {
          Elf_Data *d = elf_newdata (scn);
          if (!d)
            {
              ok = false;
              elf_fail ("elf_newdata");
              break;
            }
          d->d_buf = buf;
          d->d_size = size;
          d->d_type = is_shstr ? ELF_T_BYTE : s->dtype;
          d->d_align = is_shstr ? 1 : s->align;
          d->d_off = 0;
          d->d_version = EV_CURRENT;
        }
      sh.sh_name = (GElf_Word) (is_shstr ? shstr_name : name_off[i]);
      sh.sh_type = is_shstr ? SHT_STRTAB : s->type;
      sh.sh_flags = is_shstr ? 0 : s->flags;
      sh.sh_addr = 0;
      sh.sh_addralign = is_shstr ? 1 : s->align;
      sh.sh_entsize = is_shstr ? 0 : s->entsize;
      sh.sh_link = 0;
      sh.sh_info = 0;
      if (!is_shstr && i + 1 == symtab_idx)
        {
          /* Locals: the null symbol and the .probes section symbol. */
          sh.sh_link = (GElf_Word) strtab_idx;
          sh.sh_info = 2;
        }
      if (!gelf_update_shdr (scn, &sh))
        {
          ok = false;
          elf_fail ("gelf_update_shdr");
        }
    }
  eh.e_shstrndx = (GElf_Half) (nspecs + 1);
  if (ok && !gelf_update_ehdr (elf, &eh))
    {
      ok = false;
      elf_fail ("gelf_update_ehdr");
    }
  if (ok && elf_update (elf, ELF_C_WRITE) < 0)
    {
      ok = false;
      elf_fail ("elf_update");
    }
  rc = ok ? 0 : -1;
  elf_end (elf);
  elf = NULL;
  free (shstr.buf);
  free (name_off);
out:
  if (elf)
    elf_end (elf);
  return rc;
}

int
dtrace_g_write_object (const struct d_program *prog, const struct dtrace_g_options *opt,
                       const struct dtrace_g_target *target, int fd)
{
  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      diag_error ("libelf is out of date");
      return -1;
    }
  if (!target || (target->elf_class != ELFCLASS32 && target->elf_class != ELFCLASS64)
      || target->machine == EM_NONE)
    {
      diag_error ("cannot write the -G object: no target machine decided");
      return -1;
    }
  int data = target_data (target);
  bool visible = opt && opt->default_visibility;

  /* Count the probes, then collect the distinct semaphore names. */
  size_t total = 0;
  for (size_t p = 0; prog && p < prog->nproviders; p++)
    total += prog->providers[p].nprobes;

  struct name_set set = { NULL, 16 };
  while (set.cap < 2 * total + 1)
    set.cap *= 2;
  set.slots = xcalloc (set.cap, sizeof *set.slots);
  char **names = xcalloc (total + 1, sizeof *names);
  size_t nsem = 0;
  for (size_t p = 0; prog && p < prog->nproviders; p++)
    {
      const struct d_provider *pv = &prog->providers[p];
      for (size_t j = 0; pv->name && j < pv->nprobes; j++)
        {
          if (!pv->probes[j].name)
            continue;
          char *name = xasprintf ("%s_%s_semaphore", pv->name, pv->probes[j].name);
          if (name_set_insert (&set, name))
            names[nsem++] = name;
          else
            free (name);   /* defined once already: the probes share it */
        }
    }

  /* .strtab and .symtab. */
  struct strtab str = { 0 };
  strtab_add (&str, "");
  size_t nsyms = 2 + nsem;
  /* The symbols are built in libelf's memory representation (native
   * structs, native byte order); elf_update converts them to the file's
   * encoding because the data block is typed ELF_T_SYM. */
  size_t symsz = target->elf_class == ELFCLASS64 ? sizeof (Elf64_Sym) : sizeof (Elf32_Sym);
  unsigned char *symbuf = xcalloc (nsyms, symsz);
  const size_t probes_idx = 2;
  for (size_t i = 0; i < nsyms; i++)
    {
      GElf_Sym s;
      memset (&s, 0, sizeof s);
      if (i == 1)
        {
          s.st_info = GELF_ST_INFO (STB_LOCAL, STT_SECTION);
          s.st_shndx = probes_idx;
        }
      else if (i >= 2)
        {
          s.st_name = (GElf_Word) strtab_add (&str, names[i - 2]);
          s.st_info = GELF_ST_INFO (STB_WEAK, STT_OBJECT);
          s.st_other = visible ? STV_DEFAULT : STV_HIDDEN;
          s.st_shndx = probes_idx;
          s.st_value = 2 * (GElf_Addr) (i - 2);
          s.st_size = 2;
        }
      if (target->elf_class == ELFCLASS64)
        {
          Elf64_Sym *o = (Elf64_Sym *) (symbuf + i * symsz);
          o->st_name = s.st_name;
          o->st_info = s.st_info;
          o->st_other = s.st_other;
          o->st_shndx = s.st_shndx;
          o->st_value = s.st_value;
          o->st_size = s.st_size;
        }
      else
        {
          Elf32_Sym *o = (Elf32_Sym *) (symbuf + i * symsz);
          o->st_name = s.st_name;
          o->st_info = s.st_info;
          o->st_other = s.st_other;
          o->st_shndx = s.st_shndx;
          o->st_value = (Elf32_Addr) s.st_value;
          o->st_size = (Elf32_Word) s.st_size;
        }
    }

  unsigned char *probes = xcalloc (nsem ? nsem : 1, 2);
  unsigned char note[32];
  bool want_note = target->has_x86_feature_1 && is_x86 (target->machine);
  size_t note_size = want_note
    ? make_property_note (note, target->elf_class, data, target->x86_feature_1) : 0;

  struct section_spec specs[7];
  size_t n = 0;
  specs[n++] = (struct section_spec) { ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
                                       1, 0, NULL, 0, ELF_T_BYTE };
  specs[n++] = (struct section_spec) { ".probes", SHT_PROGBITS,
                                       SHF_WRITE | SHF_ALLOC | SHF_GNU_RETAIN,
                                       2, 0, probes, 2 * nsem, ELF_T_BYTE };
  specs[n++] = (struct section_spec) { ".note.GNU-stack", SHT_PROGBITS, 0,
                                       1, 0, NULL, 0, ELF_T_BYTE };
  if (want_note)
    specs[n++] = (struct section_spec) { ".note.gnu.property", SHT_NOTE, SHF_ALLOC,
                                         target->elf_class == ELFCLASS64 ? 8 : 4, 0,
                                         note, note_size, ELF_T_BYTE };
  specs[n++] = (struct section_spec) { ".symtab", SHT_SYMTAB, 0,
                                       target->elf_class == ELFCLASS64 ? 8 : 4, symsz,
                                       symbuf, nsyms * symsz, ELF_T_SYM };
  specs[n++] = (struct section_spec) { ".strtab", SHT_STRTAB, 0, 1, 0, str.buf, str.len,
                                       ELF_T_BYTE };

  /* libelf must ftruncate its output: only regular files allow that. */
  struct stat st;
  int rc;
  if (fstat (fd, &st) != 0)
    {
      diag_error ("cannot write the -G object: %s", strerror (errno));
      rc = -1;
    }
  else if (S_ISREG (st.st_mode))
    rc = write_image (fd, target, data, specs, n);
  else
    {
      int mfd = memfd_create ("dtrace-g", MFD_CLOEXEC);
      if (mfd < 0)
        {
          diag_error ("cannot write the -G object: memfd_create: %s", strerror (errno));
          rc = -1;
        }
      else
        {
          rc = write_image (mfd, target, data, specs, n);
          if (rc == 0 && copy_fd (mfd, fd) != 0)
            {
              diag_error ("cannot write the -G object: %s", strerror (errno));
              rc = -1;
            }
          close (mfd);
        }
    }

  for (size_t i = 0; i < nsem; i++)
    free (names[i]);
  free (names);
  free (set.slots);
  free (str.buf);
  free (symbuf);
  free (probes);
  return rc;
}
