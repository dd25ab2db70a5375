/* SPDX-License-Identifier: MIT */
/*
 * site-check.c — `dtrace -G`: read the object operands, check their probe
 * sites against the `.d`, and decide what object to write.
 *
 * Operands are only ever opened read-only here (R4: Ruby's `cmp` test and
 * Perl's defensive copies depend on objects staying byte-identical, mtime
 * included); only call-site-linker.c replaces objects, those with
 * call-style probe sites.
 * Per operand:
 *   - missing           -> warning, ignored (PHP's non-PIC pass names objects
 *                          that were never built);
 *   - not a regular file-> error (a FIFO would block the build);
 *   - an ar archive     -> error (its members would need checking one by one);
 *   - LLVM bitcode      -> warning: clang -flto output has no notes to check
 *                          (an error when it calls __dtrace_* functions:
 *                          call-style sites cannot be linked in IR);
 *   - truncated ELF     -> error (libelf alone would just see fewer sections);
 *   - not ELF           -> error from sdt_file_read;
 *   - ELF holding only GCC LTO IR -> warning, the sites cannot be checked
 *                          (an error with call-style sites, as above).
 * Each `.note.stapsdt` note whose provider the program declares must name a
 * declared probe and carry as many arguments as the declaration; notes of
 * other providers (libstdcxx, other headers) are none of our business.  Each
 * distinct problem is reported once per object; every object is checked so
 * that one run shows all errors.
 *
 * The target: ELF class, machine and data encoding come from the first
 * readable ELF operand (a 32/64-bit or machine mix is an error; -32/-64
 * contradicting the objects only warns), else -32/-64, else the
 * CFLAGS words -m32/-m64/-mx32, else the host this tool was built for.  The
 * x86 CET property (GNU_PROPERTY_X86_FEATURE_1_AND) follows what ld does when
 * merging: with ELF operands, it is kept only if every one carries it, with
 * the AND of the values (dropped when that is 0); without, `-fcf-protection`
 * in CFLAGS decides, last word winning.
 */
#include "dtrace-g/dtrace-g.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dlang/dlang.h"
#include "common/hash.h"
#include "common/xalloc.h"
#include "common/strset.h"
#include "sdt/elf-defs.h"
#include "sdt/sdt.h"


/* ------------------------------------------------------------------ */
/* Hashing and two small open-addressing tables.                       */

/* Hash of (PROV, NAME); NAME NULL stands for "the provider itself". */
static uint64_t
hash_pair (const char *prov, const char *name)
{
  uint64_t h = fnv1a_str (FNV1A_INIT, prov);
  h = (h ^ (name ? 0x01U : 0x02U)) * FNV1A_PRIME;
  return name ? fnv1a_str (h, name) : h;
}

/* The declared probes, and one entry per declared provider (name NULL). */
struct decl_slot {
  const char *prov;
  const char *name;
  const struct d_probe_decl *decl;
  const struct d_provider *provider;
};

struct decl_index {
  struct decl_slot *slots;
  size_t cap;   /* power of two, more than twice the entries */
};

/* The slot of (PROV, NAME): the entry, or the empty slot it would take. */
static struct decl_slot *
decl_index_find (const struct decl_index *ix, const char *prov, const char *name)
{
  size_t i = (size_t) hash_pair (prov, name) & (ix->cap - 1);
  while (ix->slots[i].prov)
    {
      struct decl_slot *s = &ix->slots[i];
      if (strcmp (s->prov, prov) == 0
          && (name ? s->name && strcmp (s->name, name) == 0 : !s->name))
        break;
      i = (i + 1) & (ix->cap - 1);
    }
  return &ix->slots[i];
}

static void
decl_index_put (struct decl_index *ix, const struct d_provider *pv,
                const struct d_probe_decl *decl)
{
  const char *name = decl ? decl->name : NULL;
  struct decl_slot *s = decl_index_find (ix, pv->name, name);
  if (!s->prov)   /* else the first declaration wins */
    *s = (struct decl_slot) { pv->name, name, decl, pv };
}

static const struct decl_slot *
decl_index_get (const struct decl_index *ix, const char *prov, const char *name)
{
  const struct decl_slot *s = decl_index_find (ix, prov, name);
  return s->prov ? s : NULL;
}

static void
decl_index_build (struct decl_index *ix, const struct d_program *prog)
{
  size_t n = 0;
  for (size_t p = 0; prog && p < prog->nproviders; p++)
    n += 1 + prog->providers[p].nprobes;
  ix->cap = hash_table_cap (n);
  ix->slots = xcalloc (ix->cap, sizeof *ix->slots);
  for (size_t p = 0; prog && p < prog->nproviders; p++)
    {
      const struct d_provider *pv = &prog->providers[p];
      if (!pv->name)
        continue;
      decl_index_put (ix, pv, NULL);
      for (size_t j = 0; j < pv->nprobes; j++)
        if (pv->probes[j].name)
          decl_index_put (ix, pv, &pv->probes[j]);
    }
}

/* ------------------------------------------------------------------ */
/* Targets.                                                             */

struct arch {
  int elf_class, machine, data;
};

/* The machine this tool runs on (and, by default, builds for): what the
 * ELF header of our own program says (the linker defines __ehdr_start at
 * it, in the program's first loaded segment). */
extern const ElfW (Ehdr) __ehdr_start;

static struct arch
host_arch (void)
{
  const ElfW (Ehdr) *self = &__ehdr_start;
  return (struct arch) { self->e_ident[EI_CLASS], self->e_machine, self->e_ident[EI_DATA] };
}

/* The host's machine for class CLS (-32 on x86-64 means i386, not x32). */
static struct arch
host_arch_for_class (int cls)
{
  struct arch h = host_arch ();
  if (cls == h.elf_class)
    return h;
  /* The machines with one e_machine per class; the others (s390, riscv,
   * mips...) keep theirs. */
  static const struct { int m64, m32; } pairs[] = {
    { EM_X86_64, EM_386 }, { EM_AARCH64, EM_ARM }, { EM_PPC64, EM_PPC }, { EM_SPARCV9, EM_SPARC },
  };
  struct arch a = { cls, h.machine, h.data };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (h.machine == pairs[i].m64 || h.machine == pairs[i].m32)
      a.machine = cls == ELFCLASS64 ? pairs[i].m64 : pairs[i].m32;
  return a;
}

static bool
is_x86 (int machine)
{
  return machine == EM_X86_64 || machine == EM_386;
}

/* Split CFLAGS into words: blanks separate, '…' and "…" quote, a backslash
 * escapes the next character, and backslash-newline is dropped (rpmbuild,
 * systemtap PR21063); cflags_word() looks at each. */
struct cflags_state {
  int elf_class;          /* 0, or from -m32/-m64/-mx32 */
  bool x32;
  bool cf_seen;
  uint32_t cf_features;
};

static void
cflags_word (struct cflags_state *st, const char *w)
{
  if (strcmp (w, "-m32") == 0)
    st->elf_class = ELFCLASS32, st->x32 = false;
  else if (strcmp (w, "-m64") == 0)
    st->elf_class = ELFCLASS64, st->x32 = false;
  else if (strcmp (w, "-mx32") == 0)
    st->elf_class = ELFCLASS32, st->x32 = true;
  else if (strcmp (w, "-fcf-protection") == 0 || strcmp (w, "-fcf-protection=full") == 0)
    st->cf_seen = true, st->cf_features = GNU_PROPERTY_X86_FEATURE_1_IBT
                                          | GNU_PROPERTY_X86_FEATURE_1_SHSTK;
  else if (strcmp (w, "-fcf-protection=branch") == 0)
    st->cf_seen = true, st->cf_features = GNU_PROPERTY_X86_FEATURE_1_IBT;
  else if (strcmp (w, "-fcf-protection=return") == 0)
    st->cf_seen = true, st->cf_features = GNU_PROPERTY_X86_FEATURE_1_SHSTK;
  else if (strcmp (w, "-fcf-protection=none") == 0)
    st->cf_seen = true, st->cf_features = 0;
}

static void
cflags_scan (const char *cflags, struct cflags_state *st)
{
  memset (st, 0, sizeof *st);
  if (!cflags)
    return;
  size_t len = strlen (cflags);
  char *word = xmalloc (len + 1);
  size_t n = 0;
  bool in_word = false;
  char quote = 0;
  for (const char *p = cflags; *p; p++)
    {
      char c = *p;
      if (c == '\\' && p[1] == '\n')
        {
          p++;
          continue;
        }
      if (quote)
        {
          if (c == quote)
            quote = 0;
          else if (c == '\\' && quote == '"' && p[1])
            word[n++] = *++p;
          else
            word[n++] = c;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\n')
        {
          if (in_word)
            {
              word[n] = '\0';
              cflags_word (st, word);
              n = 0;
              in_word = false;
            }
          continue;
        }
      in_word = true;
      if (c == '\'' || c == '"')
        quote = c;
      else if (c == '\\' && p[1])
        word[n++] = *++p;
      else
        word[n++] = c;
    }
  if (in_word)
    {
      word[n] = '\0';
      cflags_word (st, word);
    }
  free (word);
}

/* ------------------------------------------------------------------ */
/* Operands.                                                            */

enum operand_kind { OPERAND_ELF, OPERAND_ARCHIVE, OPERAND_BITCODE, OPERAND_OTHER };

/* Look at the first bytes of PATH.  *DATA gets EI_DATA for ELF files. */
static enum operand_kind
operand_kind (const char *path, int *data)
{
  unsigned char buf[EI_NIDENT];
  size_t n = 0;
  *data = 0;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return OPERAND_OTHER;   /* sdt_file_read reports it */
  while (n < sizeof buf)
    {
      ssize_t r = read (fd, buf + n, sizeof buf - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      n += (size_t) r;
    }
  close (fd);
  if (n >= 8 && (memcmp (buf, "!<arch>\n", 8) == 0 || memcmp (buf, "!<thin>\n", 8) == 0))
    return OPERAND_ARCHIVE;
  /* LLVM bitcode, raw ("BC\xC0\xDE") or in the wrapper (0x0B17C0DE LE). */
  if (n >= 4 && (memcmp (buf, "BC\xC0\xDE", 4) == 0 || memcmp (buf, "\xDE\xC0\x17\x0B", 4) == 0))
    return OPERAND_BITCODE;
  if (n >= EI_NIDENT && memcmp (buf, ELFMAG, SELFMAG) == 0)
    {
      if (buf[EI_DATA] == ELFDATA2LSB || buf[EI_DATA] == ELFDATA2MSB)
        *data = buf[EI_DATA];
      return OPERAND_ELF;
    }
  return OPERAND_OTHER;
}

/* Is the section header table, and every section with file contents,
 * inside the file?  libelf reads truncated files without complaint (it
 * just sees fewer sections), which would let a half-written object pass
 * for one without probe sites. */
static bool
elf_intact (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return true;   /* sdt_file_read reports it */
  bool ok = false;
  struct stat st;
  Elf *elf = NULL;
  if (fstat (fd, &st) != 0)
    goto out;
  uint64_t size = (uint64_t) st.st_size;
  elf = elf_begin (fd, ELF_C_READ, NULL);
  GElf_Ehdr eh;
  if (!elf || elf_kind (elf) != ELF_K_ELF || !gelf_getehdr (elf, &eh))
    goto out;
  if (eh.e_shoff == 0)
    {
      ok = eh.e_type != ET_REL;   /* an object without sections is broken */
      goto out;
    }
  /* e_shnum itself: libelf reports 0 sections when the table is cut off.
   * 0 means "extended numbering", the count being in section 0. */
  size_t shnum = eh.e_shnum;
  if (shnum == 0 && (elf_getshdrnum (elf, &shnum) != 0 || shnum == 0))
    goto out;
  uint64_t entsize = eh.e_shentsize;
  if (eh.e_shoff > size || entsize == 0
      || (shnum ? shnum : 1) > (size - eh.e_shoff) / entsize)
    goto out;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
        goto out;
      if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL
          && (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset))
        goto out;
    }
  ok = true;
out:
  if (elf)
    elf_end (elf);
  close (fd);
  return ok;
}

/* Call-style probe sites (calls of __dtrace_*) inside LTO IR: no machine
 * code to rewrite, and the final link would fail on undefined symbols. */
static void
lto_call_sites_error (const char *path)
{
  diag_error ("%s: compiled with -flto: dtrace -G cannot rewrite call-style probe sites inside "
              "LTO IR; build the files that use call-style probes without -flto (or with "
              "-ffat-lto-objects, and link without -flto), or use the default header "
              "(dtrace -h without -x callstyle)", path);
}

/* Check the notes of F against the declarations. */
static int
check_notes (const struct sdt_file *f, const char *path, const struct decl_index *ix)
{
  int rc = 0;
  struct strset seen = { 0 };
  for (size_t i = 0; i < f->nnotes; i++)
    {
      const struct sdt_note *note = &f->notes[i];
      if (!note->provider || !note->name)
        continue;
      const struct decl_slot *pv = decl_index_get (ix, note->provider, NULL);
      if (!pv)
        continue;   /* a provider of somebody else */
      const struct decl_slot *pr = decl_index_get (ix, note->provider, note->name);
      if (!pr)
        {
          if (strset_add (&seen, xasprintf ("%s\n%s\n?", note->provider, note->name)))
            diag_error ("%s: probe %s:%s is not declared in %s", path, note->provider,
                        note->name, pv->provider->loc.file ? pv->provider->loc.file : "the script");
          rc = -1;
          continue;
        }
      size_t nargs = sdt_args_count (note->args ? note->args : "");
      if (nargs != pr->decl->nargs)
        {
          if (strset_add (&seen, xasprintf ("%s\n%s\n%zu", note->provider, note->name, nargs)))
            diag_error ("%s: probe %s:%s has %zu argument%s at a site, %s:%d declares %zu",
                        path, note->provider, note->name, nargs, nargs == 1 ? "" : "s",
                        pr->decl->loc.file ? pr->decl->loc.file : "the script",
                        pr->decl->loc.line, pr->decl->nargs);
          rc = -1;
        }
    }
  strset_clear (&seen);
  return rc;
}

/* What the operands say about the target. */
struct votes {
  const char *first;         /* the operand that decided the class */
  struct arch obj;
  uint32_t e_flags;          /* the first object's */
  size_t nprop;              /* ELF operands looked at for the property */
  bool prop_all;
  uint32_t prop_and;
};

/* Can operand PATH be read for notes?  1 yes (*DATA: its EI_DATA), 0 no
 * (skipped, with a warning), -1 no (after an error). */
static int
operand_usable (const char *path, int *data)
{
  struct stat st;
  if (stat (path, &st) != 0)
    {
      if (errno == ENOENT || errno == ENOTDIR)
        {
          diag_warn ("%s: no such file, ignored", path);
          return 0;
        }
      diag_error ("%s: %s", path, strerror (errno));
      return -1;
    }
  if (S_ISDIR (st.st_mode))
    {
      diag_error ("%s: is a directory, not an object file", path);
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      diag_error ("%s: not a regular file", path);   /* a FIFO would block */
      return -1;
    }
  switch (operand_kind (path, data))
    {
    case OPERAND_ARCHIVE:
      diag_error ("%s: is an archive; pass the objects it holds instead", path);
      return -1;
    case OPERAND_BITCODE:
      if (dtrace_g_mentions_probe_calls (path))
        {
          lto_call_sites_error (path);
          return -1;
        }
      diag_warn ("%s: holds only LLVM bitcode (LTO); its probe sites cannot be checked", path);
      return 0;
    case OPERAND_ELF:
      if (!elf_intact (path))
        {
          diag_error ("%s: truncated or corrupt ELF file", path);
          return -1;
        }
      break;
    case OPERAND_OTHER:
      break;
    }
  return 1;
}

/* Check operand PATH and count its vote for the target.  Returns 0 or -1
 * (after errors). */
static int
check_operand (const char *path, const struct decl_index *ix, struct votes *v)
{
  int data;
  int usable = operand_usable (path, &data);
  if (usable <= 0)
    return usable;
  struct sdt_file f;
  memset (&f, 0, sizeof f);
  if (sdt_file_read (path, &f) != 0)
    return -1;

  int rc = 0;
  if (!v->first)
    {
      v->first = path;
      v->obj.elf_class = f.elf_class;
      v->obj.machine = f.machine;
      v->obj.data = data;
      v->e_flags = f.e_flags;
    }
  else if (f.elf_class != v->obj.elf_class)
    {
      diag_error ("cannot mix 32-bit and 64-bit objects (%s, %s)", v->first, path);
      rc = -1;
    }
  else if (f.machine != v->obj.machine)
    {
      diag_error ("cannot mix objects for different machines (%s, %s)", v->first, path);
      rc = -1;
    }

  if (f.is_lto_ir && dtrace_g_mentions_probe_calls (path))
    {
      lto_call_sites_error (path);
      rc = -1;
    }
  else if (f.is_lto_ir)
    diag_warn ("%s: holds only LTO IR; its probe sites cannot be checked", path);

  v->nprop++;
  if (f.has_x86_feature_1)
    v->prop_and &= f.x86_feature_1;
  else
    v->prop_all = false;

  if (check_notes (&f, path, ix) != 0)
    rc = -1;
  sdt_file_free (&f);
  return rc;
}

/* The target: from the operands, else -32/-64, else CFLAGS, else the
 * host.  Returns 0 or -1. */
static int
decide_target (const struct dtrace_g_options *opt, const struct votes *v,
               struct dtrace_g_target *target)
{
  struct cflags_state cf;
  cflags_scan (opt ? opt->cflags : NULL, &cf);

  int want_class = opt && (opt->elf_class == ELFCLASS32 || opt->elf_class == ELFCLASS64)
                   ? opt->elf_class : 0;
  if (v->first)
    {
      if (v->obj.elf_class != ELFCLASS32 && v->obj.elf_class != ELFCLASS64)
        {
          diag_error ("%s: unknown ELF class %d", v->first, v->obj.elf_class);
          return -1;
        }
      if (want_class && want_class != v->obj.elf_class)
        diag_warn ("-%d ignored: %s is a %d-bit object", want_class == ELFCLASS64 ? 64 : 32,
                   v->first, v->obj.elf_class == ELFCLASS64 ? 64 : 32);
      target->elf_class = v->obj.elf_class;
      target->machine = v->obj.machine;
      target->elf_data = v->obj.data;
      target->e_flags = v->e_flags;
    }
  else
    {
      struct arch a;
      if (want_class)
        a = host_arch_for_class (want_class);
      else if (cf.elf_class)
        {
          a = host_arch_for_class (cf.elf_class);
          if (cf.x32 && is_x86 (a.machine))
            a.machine = EM_X86_64;
        }
      else
        a = host_arch ();
      if (a.machine == EM_NONE)
        {
          diag_error ("cannot tell the target machine; pass the object files to -G");
          return -1;
        }
      target->elf_class = a.elf_class;
      target->machine = a.machine;
      target->elf_data = a.data;
    }

  if (is_x86 (target->machine))
    {
      if (v->nprop > 0)
        {
          target->has_x86_feature_1 = v->prop_all && v->prop_and != 0;
          target->x86_feature_1 = target->has_x86_feature_1 ? v->prop_and : 0;
        }
      else if (cf.cf_seen && cf.cf_features != 0)
        {
          target->has_x86_feature_1 = true;
          target->x86_feature_1 = cf.cf_features;
        }
    }
  return 0;
}

int
dtrace_g_check_objects (const struct d_program *prog, const struct dtrace_g_options *opt,
                        struct dtrace_g_target *target)
{
  memset (target, 0, sizeof *target);
  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      diag_error ("libelf is out of date");
      return -1;
    }

  struct decl_index ix;
  decl_index_build (&ix, prog);
  int rc = 0;
  struct votes v = { NULL, { 0, 0, 0 }, 0, 0, true, ~0U };
  size_t nobjects = opt ? opt->nobjects : 0;
  for (size_t i = 0; i < nobjects; i++)
    if (opt->objects[i] && check_operand (opt->objects[i], &ix, &v) != 0)
      rc = -1;
  free (ix.slots);

  if (decide_target (opt, &v, target) != 0)
    return -1;
  return rc;
}
