/* SPDX-License-Identifier: MIT */
/*
 * symbolize.c — addresses to modules and symbols (see symbolize.h).
 *
 * A user pc maps to a file through the process's mapping that holds it:
 * file offset = pc - mapping start + mapping offset; the PT_LOAD segment
 * holding that offset turns it into the link-time address the symbol table
 * speaks of (so PIE executables, shared libraries and fixed-address
 * executables all work the same way).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "consumer/output/demangle.h"
#include "consumer/output/symbolize.h"
#include "consumer/probes/exec-mappings.h"
#include "common/files.h"
#include "common/search.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

struct seg {
  uint64_t off, vaddr, filesz;
};

struct sym_file {
  char *path;
  const char *base;            /* basename, inside path */
  uint64_t dev, ino;
  bool loaded, ok;
  struct sdt_symtab tab;
  char **demangled;            /* per symbol: its demangled name, NOT_MANGLED, or NULL: not tried */
  size_t nsegs, segs_cap;
  struct seg *segs;
};

struct sym_map {
  uint64_t start, end, off;
  size_t file;                 /* index in files */
};

struct sym_proc {
  int32_t pid;
  uint64_t starttime;
  char *text;                  /* the maps text last parsed */
  uint64_t missed_ns;          /* when a miss last re-read the maps */
  size_t nmaps, maps_cap;
  struct sym_map *maps;
};

struct ksym {
  uint64_t addr;
  char *name;
  const char *mod;             /* "vmlinux" or the module's name (inside name's block) */
  uint64_t base;               /* the lowest address of mod's symbols (mod() keys) */
};

static char not_mangled[1];
#define NOT_MANGLED not_mangled

struct symbolizer {
  bool nodemangle;             /* -x nodemangle */
  size_t nfiles, files_cap;
  struct sym_file *files;
  size_t nprocs, procs_cap;
  struct sym_proc *procs;
  bool kloaded;
  size_t nksyms;
  struct ksym *ksyms;
};

struct symbolizer *
symbolizer_new (void)
{
  return xcalloc (1, sizeof (struct symbolizer));
}

static void
proc_clear (struct sym_proc *p)
{
  free (p->text);
  p->text = NULL;
  VEC_CLEAR (p->maps, p->nmaps, p->maps_cap);
}

void
symbolizer_free (struct symbolizer *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < s->nfiles; i++)
    {
      free (s->files[i].path);
      if (s->files[i].demangled)
        for (size_t k = 0; k < s->files[i].tab.nsyms; k++)
          if (s->files[i].demangled[k] != NOT_MANGLED)
            free (s->files[i].demangled[k]);
      free (s->files[i].demangled);
      sdt_symtab_free (&s->files[i].tab);
      free (s->files[i].segs);
    }
  free (s->files);
  for (size_t i = 0; i < s->nprocs; i++)
    proc_clear (&s->procs[i]);
  free (s->procs);
  for (size_t i = 0; i < s->nksyms; i++)
    free (s->ksyms[i].name);
  free (s->ksyms);
  free (s);
}

/* ------------------------------------------------------------------ */
/* Files                                                                 */

/* Read the PT_LOAD segments; true when PATH is an ELF file. */
static bool
load_segments (struct sym_file *f)
{
  int fd = open (f->path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool ok = false;
  Elf *elf = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  size_t n = 0;
  if (elf && elf_kind (elf) == ELF_K_ELF && elf_getphdrnum (elf, &n) == 0)
    {
      ok = true;
      for (size_t i = 0; i < n; i++)
        {
          GElf_Phdr ph;
          if (!gelf_getphdr (elf, (int) i, &ph) || ph.p_type != PT_LOAD)
            continue;
          VEC_PUSH (f->segs, f->nsegs, f->segs_cap) = (struct seg) { ph.p_offset, ph.p_vaddr, ph.p_filesz };
        }
    }
  if (elf)
    elf_end (elf);
  close (fd);
  return ok;
}

static struct sym_file *
file_loaded (struct symbolizer *s, size_t i)
{
  struct sym_file *f = &s->files[i];
  if (!f->loaded)
    {
      f->loaded = true;
      if (elf_version (EV_CURRENT) != EV_NONE && load_segments (f))
        f->ok = sdt_symtab_load (f->path, &f->tab) == 0;
    }
  return f;
}

static size_t
file_index (struct symbolizer *s, const char *path, uint64_t dev, uint64_t ino)
{
  for (size_t i = 0; i < s->nfiles; i++)
    if (s->files[i].dev == dev && s->files[i].ino == ino && strcmp (s->files[i].path, path) == 0)
      return i;
  VEC_GROW (s->files, s->nfiles, s->files_cap);
  struct sym_file *f = &s->files[s->nfiles];
  memset (f, 0, sizeof *f);
  f->path = xstrdup (path);
  f->base = path_base (f->path);
  f->dev = dev;
  f->ino = ino;
  return s->nfiles++;
}

/* ------------------------------------------------------------------ */
/* Processes                                                             */

/* Field 22 of /proc/PID/stat (0 when the process is gone). */
static uint64_t
starttime (int32_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%" PRId32 "/stat", pid);
  size_t len;
  char *t = read_file (path, SIZE_MAX, &len);
  if (!t)
    return 0;
  uint64_t v = 0;
  char *p = strrchr (t, ')');
  if (p)
    {
      p++;
      for (int field = 3; field <= 22 && p; field++)
        {
          while (*p == ' ')
            p++;
          if (field == 22)
            v = strtoull (p, NULL, 10);
          p = strchr (p, ' ');
        }
    }
  free (t);
  return v;
}

static void
parse_maps (struct symbolizer *s, struct sym_proc *p, char *text)
{
  VEC_CLEAR (p->maps, p->nmaps, p->maps_cap);
  free (p->text);
  p->text = text;
  char *line = text;
  while (line && *line)
    {
      char *nl = strchr (line, '\n');
      if (nl)
        *nl = '\0';
      struct dt_mapping m;
      if (dt_maps_parse_line (line, &m) && m.path)
        {
          char *path = xstrndup (m.path, m.path_len);
          VEC_PUSH (p->maps, p->nmaps, p->maps_cap) = (struct sym_map) {
            m.start, m.end, m.offset,
            file_index (s, path, ((uint64_t) m.dev_major << 32) | m.dev_minor, m.ino)
          };
          free (path);
        }
      if (nl)
        *nl = '\n';
      line = nl ? nl + 1 : NULL;
    }
}

static struct sym_proc *
find_proc (struct symbolizer *s, int32_t pid)
{
  for (size_t i = 0; i < s->nprocs; i++)
    if (s->procs[i].pid == pid)
      return &s->procs[i];
  return NULL;
}

/* Re-read PID's mappings if it lives; returns its (possibly old) cache. */
static struct sym_proc *
refresh (struct symbolizer *s, int32_t pid)
{
  struct sym_proc *p = find_proc (s, pid);
  uint64_t st = starttime (pid);
  char path[64];
  snprintf (path, sizeof path, "/proc/%" PRId32 "/maps", pid);
  size_t len;
  char *text = st ? read_file (path, SIZE_MAX, &len) : NULL;
  if (!text || !*text)
    {
      free (text);
      return p;               /* gone (or a zombie): keep what we knew */
    }
  if (!p)
    {
      p = &VEC_PUSH (s->procs, s->nprocs, s->procs_cap);
      memset (p, 0, sizeof *p);
      p->pid = pid;
    }
  else if (p->starttime != st)
    proc_clear (p);             /* the pid was reused */
  p->starttime = st;
  if (p->text && strcmp (p->text, text) == 0)
    {
      free (text);
      return p;
    }
  parse_maps (s, p, text);
  return p;
}

void
symbolizer_prime (struct symbolizer *s, int32_t pid)
{
  if (s && pid > 0)
    refresh (s, pid);
}

static const struct sym_map *
map_of (const struct sym_proc *p, uint64_t pc)
{
  if (!p)
    return NULL;
  for (size_t i = 0; i < p->nmaps; i++)
    if (pc >= p->maps[i].start && pc < p->maps[i].end)
      return &p->maps[i];
  return NULL;
}

/* The mapping of PC in PID, re-reading the maps when it is in none. */
static const struct sym_map *
user_map (struct symbolizer *s, int32_t pid, uint64_t pc, struct sym_proc **procp)
{
  struct sym_proc *p = find_proc (s, pid);
  const struct sym_map *m = map_of (p, pc);
  if (!m && p)
    {
      /* a new mapping (dlopen), or a pc in none (a broken frame-pointer
       * chain): re-read the maps, but at most every 10 ms */
      struct timespec ts;
      clock_gettime (CLOCK_MONOTONIC, &ts);
      uint64_t now = (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
      if (now - p->missed_ns >= 10000000u)
        {
          p->missed_ns = now;
          p = refresh (s, pid);
          m = map_of (p, pc);
        }
    }
  else if (!m)
    {
      p = refresh (s, pid);
      m = map_of (p, pc);
    }
  *procp = p;
  return m;
}

/* The link-time address of file offset FILEOFF in F, or false. */
static bool
file_vaddr (const struct sym_file *f, uint64_t fileoff, uint64_t *vaddr)
{
  for (size_t i = 0; i < f->nsegs; i++)
    {
      const struct seg *sg = &f->segs[i];
      if (fileoff >= sg->off && fileoff < sg->off + sg->filesz)
        {
          *vaddr = fileoff - sg->off + sg->vaddr;
          return true;
        }
    }
  return false;
}

/* SYM's name demangled, once per symbol. */
static const char *
demangled (struct sym_file *f, const struct sdt_symbol *sym)
{
  size_t k = (size_t) (sym - f->tab.syms);
  if (k >= f->tab.nsyms)
    return sym->name;
  if (!f->demangled)
    f->demangled = xcalloc (f->tab.nsyms, sizeof *f->demangled);
  if (!f->demangled[k])
    {
      char *d = demangle_cxx (sym->name);
      f->demangled[k] = d ? d : NOT_MANGLED;
    }
  return f->demangled[k] == NOT_MANGLED ? sym->name : f->demangled[k];
}

void
symbolizer_set_demangle (struct symbolizer *s, bool demangle)
{
  s->nodemangle = !demangle;
}

bool
symbolizer_user_file (struct symbolizer *s, int32_t pid, uint64_t pc, const char **path,
                      uint64_t *vaddr)
{
  struct sym_proc *p = NULL;
  const struct sym_map *m = pid > 0 ? user_map (s, pid, pc, &p) : NULL;
  if (!m)
    return false;
  struct sym_file *f = file_loaded (s, m->file);
  *path = f->path;
  return f->nsegs && file_vaddr (f, pc - m->start + m->off, vaddr);
}

static bool
lookup_user (struct symbolizer *s, int32_t pid, uint64_t pc, struct dfmt_symbol *out)
{
  if (pid <= 0)
    return false;
  struct sym_proc *p = NULL;
  const struct sym_map *m = user_map (s, pid, pc, &p);
  if (!m)
    return false;
  struct sym_file *f = file_loaded (s, m->file);
  out->module = f->base;
  out->base = m->start;
  for (size_t i = 0; i < p->nmaps; i++)
    if (p->maps[i].file == m->file && p->maps[i].start < out->base)
      out->base = p->maps[i].start;
  if (!f->ok)
    return true;
  uint64_t vaddr;
  if (file_vaddr (f, pc - m->start + m->off, &vaddr))
    {
      const struct sdt_symbol *sym = sdt_symtab_function_at (&f->tab, vaddr);
      if (sym)
        {
          out->name = s->nodemangle ? sym->name : demangled (f, sym);
          out->offset = vaddr - sym->value;
        }
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* Kernel                                                                */

static int
ksym_cmp (const void *a, const void *b)
{
  const struct ksym *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void
load_kallsyms (struct symbolizer *s)
{
  s->kloaded = true;
  FILE *fp = fopen ("/proc/kallsyms", "re");
  if (!fp)
    return;
  char line[512];
  size_t cap = 0;
  while (fgets (line, sizeof line, fp))
    {
      unsigned long long addr;
      char type, name[256], mod[128] = "";
      if (sscanf (line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod) < 3 || addr == 0)
        continue;
      if (type != 't' && type != 'T' && type != 'w' && type != 'W')
        continue;
      if (s->nksyms == cap)
        s->ksyms = xrealloc (s->ksyms, (cap = cap ? cap * 2 : 4096) * sizeof *s->ksyms);
      const char *m = *mod ? mod : "vmlinux";
      size_t nl = strlen (name);
      char *block = xmalloc (nl + 1 + strlen (m) + 1);
      memcpy (block, name, nl + 1);
      strcpy (block + nl + 1, m);
      s->ksyms[s->nksyms++] = (struct ksym) { addr, block, block + nl + 1, 0 };
    }
  fclose (fp);
  if (!s->nksyms)
    return;
  qsort (s->ksyms, s->nksyms, sizeof *s->ksyms, ksym_cmp);
  /* each module's base: the first (lowest) address seen for its name; a
   * module's symbols are mostly adjacent, so the last match is tried first */
  struct { const char *mod; uint64_t base; } *bases = NULL;
  size_t nb = 0, nb_cap = 0, last = 0;
  for (size_t i = 0; i < s->nksyms; i++)
    {
      struct ksym *k = &s->ksyms[i];
      size_t j = nb;
      if (nb && strcmp (bases[last].mod, k->mod) == 0)
        j = last;
      else
        for (j = 0; j < nb && strcmp (bases[j].mod, k->mod) != 0; j++)
          ;
      if (j == nb)
        {
          VEC_GROW (bases, nb, nb_cap);
          bases[nb].mod = k->mod;
          bases[nb++].base = k->addr;
        }
      last = j;
      k->base = bases[j].base;
    }
  free (bases);
}

static bool
lookup_kernel (struct symbolizer *s, uint64_t pc, struct dfmt_symbol *out)
{
  if (!s->kloaded)
    load_kallsyms (s);
  size_t lo = sorted_count_le (s->ksyms, s->nksyms, sizeof *s->ksyms,
                               offsetof (struct ksym, addr), pc);
  if (lo == 0)
    return false;
  const struct ksym *k = &s->ksyms[lo - 1];
  out->module = k->mod;
  out->name = k->name;
  out->offset = pc - k->addr;
  out->base = k->base;
  return true;
}

bool
symbolizer_lookup (void *arg, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *out)
{
  struct symbolizer *s = arg;
  memset (out, 0, sizeof *out);
  return user ? lookup_user (s, pid, pc, out) : lookup_kernel (s, pc, out);
}
