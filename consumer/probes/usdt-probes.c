/* SPDX-License-Identifier: MIT */
/*
 * usdt-probes.c — USDT probe discovery in processes and files.
 *
 * The work is done in three steps:
 *  1. contexts: the (pid, file) pairs in scope.  Processes come from their
 *     maps (executable, file-backed mappings), or from the exec path of a
 *     held -c child; files given by path stand alone (pid 0) or are added to
 *     every process in scope.  Files are read once per (dev, inode) into a
 *     cache, notes and symbols from one open; a file that is not ELF is
 *     remembered as such and skipped silently (memfd JIT code, scripts
 *     mapped executable, ...).  The runtime shares one cache between its
 *     calls and the compiler's args[N] typing (usdt_cache_notes), which
 *     reads a file before any mapping or path names it: the first of those
 *     to find it names it.
 *  2. matching: every valid note of every context against every
 *     description; matches are grouped per context by (provider, function,
 *     name) in order of first appearance.
 *  3. unique sites: all sites sorted by (dev, ino, offset) and numbered; the
 *     numbers are the attach cookies.
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/usdt-probes.h"
#include "consumer/probes/exec-mappings.h"
#include "consumer/probes/fast-sites.h"
#include "common/vec.h"
#include "common/files.h"
#include "common/xalloc.h"

#include <ctype.h>
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* The file cache.                                                     */

struct bad_file {
  dev_t dev;
  ino_t ino;
};

struct usdt_cache {
  int refs;
  size_t nfiles, cap;
  struct usdt_file **files;
  size_t nbad, badcap;
  struct bad_file *bad;
};

struct usdt_cache *
usdt_cache_new (void)
{
  struct usdt_cache *c = xcalloc (1, sizeof *c);
  c->refs = 1;
  return c;
}

static void
file_free (struct usdt_file *f)
{
  FREE_ALL (f->path, f->shown_path, f->module);
  sdt_file_free (&f->elf);
  if (f->have_syms)
    sdt_symtab_free (&f->syms);
  free (f);
}

void
usdt_cache_unref (struct usdt_cache *c)
{
  if (!c || --c->refs > 0)
    return;
  for (size_t i = 0; i < c->nfiles; i++)
    file_free (c->files[i]);
  FREE_ALL (c->files, c->bad, c);
}

static struct usdt_file *
cache_lookup (struct usdt_cache *c, dev_t dev, ino_t ino, bool *bad)
{
  *bad = false;
  for (size_t i = 0; i < c->nfiles; i++)
    if (c->files[i]->dev == dev && c->files[i]->ino == ino)
      return c->files[i];
  for (size_t i = 0; i < c->nbad; i++)
    if (c->bad[i].dev == dev && c->bad[i].ino == ino)
      *bad = true;
  return NULL;
}

static void
cache_mark_bad (struct usdt_cache *c, dev_t dev, ino_t ino)
{
  VEC_PUSH (c->bad, c->nbad, c->badcap) = (struct bad_file) { dev, ino };
}

/* Name F: the path that opens it, the path it is shown by, and its module
 * ("libfoo.so (deleted)" -> "libfoo.so"). */
static void
file_name (struct usdt_file *f, const char *open_path, const char *shown_path)
{
  char *path = xstrdup (open_path), *shown = xstrdup (shown_path);   /* either may be F's own */
  FREE_ALL (f->path, f->shown_path, f->module);
  f->path = path;
  f->shown_path = shown;
  char *module = xstrdup (path_base (shown_path));
  size_t ml = strlen (module);
  static const char deleted[] = " (deleted)";
  if (ml > sizeof deleted - 1 && strcmp (module + ml - (sizeof deleted - 1), deleted) == 0)
    module[ml - (sizeof deleted - 1)] = '\0';
  f->module = module;
  f->named = true;
}

/* Read the file at OPEN_PATH (identity DEV/INO) into the cache: its notes
 * and, when it has some, its symbols, in one open.  QUIET: a file that is
 * not ELF or cannot be opened is skipped without a message.  Returns the
 * file, or NULL. */
static struct usdt_file *
cache_add (struct usdt_cache *c, dev_t dev, ino_t ino, const char *open_path,
           const char *shown_path, bool quiet)
{
  struct usdt_file *f = xcalloc (1, sizeof *f);
  if (sdt_module_read (open_path, quiet, &f->elf, &f->syms, &f->have_syms) != 0)
    {
      free (f);
      cache_mark_bad (c, dev, ino);
      return NULL;
    }
  f->dev = dev;
  f->ino = ino;
  file_name (f, open_path, shown_path);
  VEC_PUSH (c->files, c->nfiles, c->cap) = f;
  return f;
}

const struct sdt_file *
usdt_cache_notes (struct usdt_cache *c, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    return NULL;
  bool bad;
  struct usdt_file *f = cache_lookup (c, st.st_dev, st.st_ino, &bad);
  if (!f && !bad)
    {
      f = cache_add (c, st.st_dev, st.st_ino, path, path, true);
      if (f)
        f->named = false;
    }
  return f ? &f->elf : NULL;
}

/* ------------------------------------------------------------------ */
/* Contexts.                                                           */

struct context {
  pid_t pid;
  struct usdt_file *file;
  bool from_scan;          /* found by the system-wide /proc scan */
};

struct contexts {
  size_t n, cap;
  struct context *v;
};

static void
ctx_add (struct contexts *cs, pid_t pid, struct usdt_file *f, bool from_scan)
{
  /* A process's contexts are added together: look back over its own. */
  for (size_t i = cs->n; i > 0 && cs->v[i - 1].pid == pid; i--)
    if (cs->v[i - 1].file == f)
      return;
  VEC_PUSH (cs->v, cs->n, cs->cap) = (struct context) { pid, f, from_scan };
}

struct scan {
  struct usdt_cache *c;
  struct contexts *cs;
  bool from_scan;
};

static void
scan_mapping (const struct exec_mapping *em, void *arg)
{
  struct scan *sc = arg;
  bool bad;
  struct usdt_file *f = cache_lookup (sc->c, em->dev, em->ino, &bad);
  if (f && !f->named)
    file_name (f, f->path, em->m->path);   /* the path already opens it */
  if (!f && !bad)
    {
      char *op = exec_mapping_open_path (em);
      if (op)
        {
          f = cache_add (sc->c, em->dev, em->ino, op, em->m->path, true);
          free (op);
        }
      else
        cache_mark_bad (sc->c, em->dev, em->ino);
    }
  if (f)
    ctx_add (sc->cs, em->pid, f, sc->from_scan);
}

/* Add the executable file mappings of PID.  Returns 0, or -1 with errno
 * when its maps cannot be read. */
static int
scan_process (struct usdt_cache *c, struct contexts *cs, pid_t pid, bool from_scan)
{
  struct scan sc = { c, cs, from_scan };
  return exec_mappings_scan (pid, scan_mapping, &sc);
}

/* A file named by the user.  Errors are reported. */
static struct usdt_file *
file_by_path (struct usdt_cache *c, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    {
      diag_error ("failed to open %s: %s", path, strerror (errno));
      return NULL;
    }
  bool bad;
  struct usdt_file *f = cache_lookup (c, st.st_dev, st.st_ino, &bad);
  char *real = f && f->named ? NULL : realpath (path, NULL);
  if (f && !f->named)
    file_name (f, real ? real : path, path);
  if (f)
    {
      free (real);
      return f;
    }
  f = cache_add (c, st.st_dev, st.st_ino, real ? real : path, path, false);
  free (real);
  return f;
}

static bool
is_path (const char *module)
{
  return module && strchr (module, '/') != NULL;
}

/* ------------------------------------------------------------------ */
/* Matching and grouping.                                              */

struct match {
  size_t note;
  char *provider;          /* owned */
  const char *function;
  char *dname;             /* owned */
};

static int
match_cmp (const void *x, const void *y)
{
  const struct match *a = x, *b = y;
  int c = strcmp (a->provider, b->provider);
  if (!c)
    c = strcmp (a->function, b->function);
  if (!c)
    c = strcmp (a->dname, b->dname);
  if (!c)
    c = a->note < b->note ? -1 : a->note > b->note;
  return c;
}

struct group {
  size_t first, count;     /* range in the sorted match array */
  size_t first_note;
};

static int
group_cmp (const void *x, const void *y)
{
  const struct group *a = x, *b = y;
  return a->first_note < b->first_note ? -1 : a->first_note > b->first_note;
}

struct desc_info {
  const struct probe_desc *d;
  bool path_module;
  dev_t dev;
  ino_t ino;
};

static bool
desc_matches (const struct desc_info *di, const struct context *ctx, const char *provider,
              const char *function, const char *note_name)
{
  if (di->path_module)
    {
      if (ctx->from_scan || ctx->file->dev != di->dev || ctx->file->ino != di->ino)
        return false;
    }
  else if (!probe_field_match (di->d->module, ctx->file->module))
    return false;
  return probe_field_match (di->d->provider, provider)
         && probe_field_match (di->d->function, function)
         && probe_name_match (di->d->name, note_name);
}

static void
match_context (const struct context *ctx, const struct desc_info *dis, size_t ndescs,
               struct usdt_probe_list *l, size_t *cap)
{
  const struct usdt_file *f = ctx->file;
  if (f->elf.nnotes == 0)
    return;
  struct match *m = xcalloc (f->elf.nnotes, sizeof *m);
  size_t nm = 0;
  for (size_t i = 0; i < f->elf.nnotes; i++)
    {
      const struct sdt_note *n = &f->elf.notes[i];
      if (!n->pc_valid)
        continue;
      const struct sdt_symbol *sym = f->have_syms ? sdt_symtab_function_at (&f->syms, n->pc_adjusted) : NULL;
      const char *function = sym ? sym->name : "";
      char *provider = ctx->pid > 0 ? xasprintf ("%s%d", n->provider, (int) ctx->pid) : xstrdup (n->provider);
      bool any = false;
      for (size_t d = 0; d < ndescs && !any; d++)
        any = desc_matches (&dis[d], ctx, provider, function, n->name);
      if (!any)
        {
          free (provider);
          continue;
        }
      m[nm].note = i;
      m[nm].provider = provider;
      m[nm].function = function;
      m[nm].dname = sdt_name_to_d (n->name);
      nm++;
    }
  qsort (m, nm, sizeof *m, match_cmp);
  struct group *g = xcalloc (nm ? nm : 1, sizeof *g);
  size_t ng = 0;
  for (size_t i = 0; i < nm; )
    {
      size_t j = i + 1;
      size_t first_note = m[i].note;
      while (j < nm && strcmp (m[i].provider, m[j].provider) == 0
             && strcmp (m[i].function, m[j].function) == 0 && strcmp (m[i].dname, m[j].dname) == 0)
        {
          if (m[j].note < first_note)
            first_note = m[j].note;
          j++;
        }
      g[ng].first = i;
      g[ng].count = j - i;
      g[ng].first_note = first_note;
      ng++;
      i = j;
    }
  qsort (g, ng, sizeof *g, group_cmp);
  int fd = ng && fast_site_kernel_support () ? open (f->path, O_RDONLY | O_CLOEXEC) : -1;
  for (size_t k = 0; k < ng; k++)
    {
      const struct match *first = &m[g[k].first];
      const struct sdt_note *n0 = &f->elf.notes[first->note];
      struct usdt_probe p;
      memset (&p, 0, sizeof p);
      p.provider = xstrdup (first->provider);
      p.note_provider = n0->provider;
      p.pid = ctx->pid;
      p.module = f->module;
      p.function = first->function;
      p.name = xstrdup (first->dname);
      p.note_name = n0->name;
      p.nsites = g[k].count;
      p.sites = xcalloc (p.nsites, sizeof *p.sites);
      for (size_t s = 0; s < p.nsites; s++)
        {
          const struct sdt_note *n = &f->elf.notes[m[g[k].first + s].note];
          struct usdt_site *site = &p.sites[s];
          site->file = f;
          site->note = n->index;
          site->pc = n->pc_adjusted;
          site->offset = n->pc_offset;
          site->ref_ctr_offset = n->semaphore && n->sem_valid ? n->sem_offset : 0;
          site->args = n->args;
          site->attach_delta = fast_site_delta (fd, n->pc_offset, n->args);
        }
      VEC_PUSH (l->probes, l->nprobes, *cap) = p;
    }
  if (fd >= 0)
    close (fd);
  for (size_t i = 0; i < nm; i++)
    {
      free (m[i].provider);
      free (m[i].dname);
    }
  free (m);
  free (g);
}

/* ------------------------------------------------------------------ */
/* Unique sites.                                                       */

struct site_ref {
  struct usdt_site *site;
};

static int
site_ref_cmp (const void *x, const void *y)
{
  const struct usdt_site *a = ((const struct site_ref *) x)->site;
  const struct usdt_site *b = ((const struct site_ref *) y)->site;
  if (a->file->dev != b->file->dev)
    return a->file->dev < b->file->dev ? -1 : 1;
  if (a->file->ino != b->file->ino)
    return a->file->ino < b->file->ino ? -1 : 1;
  if (a->offset != b->offset)
    return a->offset < b->offset ? -1 : 1;
  return 0;
}

static void
build_unique_sites (struct usdt_probe_list *l)
{
  size_t total = 0;
  for (size_t i = 0; i < l->nprobes; i++)
    total += l->probes[i].nsites;
  if (total == 0)
    return;
  struct site_ref *refs = xcalloc (total, sizeof *refs);
  size_t k = 0;
  for (size_t i = 0; i < l->nprobes; i++)
    for (size_t s = 0; s < l->probes[i].nsites; s++)
      refs[k++].site = &l->probes[i].sites[s];
  qsort (refs, total, sizeof *refs, site_ref_cmp);
  l->usites = xcalloc (total, sizeof *l->usites);
  for (size_t i = 0; i < total; i++)
    {
      if (i == 0 || site_ref_cmp (&refs[i - 1], &refs[i]) != 0)
        {
          const struct usdt_site *s = refs[i].site;
          struct uprobe_site *u = &l->usites[l->nusites];
          u->path = s->file->path;
          u->dev = s->file->dev;
          u->ino = s->file->ino;
          u->offset = s->offset + s->attach_delta;
          u->ref_ctr_offset = s->ref_ctr_offset;
          u->cookie = l->nusites;
          l->nusites++;
        }
      refs[i].site->usite = l->nusites - 1;
    }
  free (refs);
}

/* ------------------------------------------------------------------ */

static void
scan_all_processes (struct usdt_cache *c, struct contexts *cs)
{
  DIR *d = opendir ("/proc");
  if (!d)
    {
      diag_warn ("cannot read /proc: %s", strerror (errno));
      return;
    }
  pid_t *pids = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir (d)) != NULL)
    {
      char *end;
      long v = strtol (e->d_name, &end, 10);
      if (*end != '\0' || v <= 0 || v > INT_MAX)
        continue;
      VEC_PUSH (pids, n, cap) = (pid_t) v;
    }
  closedir (d);
  for (size_t i = 0; i < n; i++)
    (void) scan_process (c, cs, pids[i], true);   /* kernel threads have empty maps */
  free (pids);
}

int
usdt_probes_find (const struct probe_desc *descs, size_t ndescs, const struct usdt_scope *scope,
                  struct usdt_cache *cache, struct usdt_probe_list *out)
{
  memset (out, 0, sizeof *out);
  if (cache)
    cache->refs++;
  else
    cache = usdt_cache_new ();
  out->cache = cache;
  static const struct usdt_scope empty_scope;
  if (!scope)
    scope = &empty_scope;

  int rc = 0;
  struct desc_info *dis = xcalloc (ndescs ? ndescs : 1, sizeof *dis);
  bool any_plain = false;
  /* Files named by path: the scope's modules, then module fields. */
  struct usdt_file **pathfiles = xcalloc (scope->nmodules + ndescs + 1, sizeof *pathfiles);
  size_t npathfiles = 0;
  for (size_t i = 0; i < scope->nmodules; i++)
    {
      struct usdt_file *f = file_by_path (cache, scope->modules[i]);
      if (!f)
        rc = -1;
      else
        pathfiles[npathfiles++] = f;
    }
  for (size_t i = 0; i < ndescs; i++)
    {
      dis[i].d = &descs[i];
      if (!is_path (descs[i].module))
        {
          any_plain = true;
          continue;
        }
      dis[i].path_module = true;
      struct usdt_file *f = file_by_path (cache, descs[i].module);
      if (!f)
        {
          rc = -1;
          continue;
        }
      dis[i].dev = f->dev;
      dis[i].ino = f->ino;
      pathfiles[npathfiles++] = f;
    }

  struct contexts cs = { 0, 0, NULL };
  if (rc == 0 && scope->nprocs > 0)
    {
      for (size_t i = 0; i < scope->nprocs && rc == 0; i++)
        {
          const struct usdt_proc *p = &scope->procs[i];
          if (p->exec_path)
            {
              struct usdt_file *f = file_by_path (cache, p->exec_path);
              if (!f)
                rc = -1;
              else
                ctx_add (&cs, p->pid, f, false);
            }
          else if (scan_process (cache, &cs, p->pid, false) != 0)
            {
              diag_error ("failed to grab pid %d: %s", (int) p->pid,
                          errno == ENOENT ? strerror (ESRCH) : strerror (errno));
              rc = -1;
            }
          for (size_t k = 0; k < npathfiles; k++)
            ctx_add (&cs, p->pid, pathfiles[k], false);
        }
    }
  else if (rc == 0)
    {
      for (size_t k = 0; k < npathfiles; k++)
        ctx_add (&cs, 0, pathfiles[k], false);
      /* Scan every process only for descriptions not tied to a file; with
       * -m FILE (scope modules) the files are the whole scope. */
      if (scope->system_wide && any_plain && scope->nmodules == 0)
        scan_all_processes (cache, &cs);
    }

  if (rc == 0)
    {
      size_t cap = 0;
      for (size_t i = 0; i < cs.n; i++)
        match_context (&cs.v[i], dis, ndescs, out, &cap);
      build_unique_sites (out);
    }
  FREE_ALL (cs.v, pathfiles, dis);
  if (rc != 0)
    usdt_probe_list_free (out);
  return rc;
}

void
usdt_probe_list_free (struct usdt_probe_list *l)
{
  for (size_t i = 0; i < l->nprobes; i++)
    FREE_ALL (l->probes[i].provider, l->probes[i].name, l->probes[i].sites);
  free (l->probes);
  free (l->usites);
  usdt_cache_unref (l->cache);
  memset (l, 0, sizeof *l);
}

/* ------------------------------------------------------------------ */
/* Listing.                                                            */

void
usdt_list_print (struct probe_lister *pl, const struct usdt_probe_list *l)
{
  for (size_t i = 0; i < l->nprobes; i++)
    {
      const struct usdt_probe *p = &l->probes[i];
      struct listed_site *ls = xcalloc (p->nsites ? p->nsites : 1, sizeof *ls);
      for (size_t s = 0; s < p->nsites; s++)
        {
          const struct usdt_site *site = &p->sites[s];
          ls[s] = (struct listed_site) { site->file->shown_path, site->pc, true, site->offset,
                                         site->file->elf.notes[site->note].semaphore,
                                         site->ref_ctr_offset, site->args, NULL };
        }
      const struct sdt_probe_types *declared
        = p->nsites ? sdt_file_probe_types (&p->sites[0].file->elf, p->note_provider, p->note_name) : NULL;
      struct listed_probe lp = { LISTED_USDT, p->provider, p->module, p->function, p->name,
                                 ls, p->nsites, declared, NULL };
      probe_list_print (pl, &lp);
      free (ls);
    }
}

/* ------------------------------------------------------------------ */
/* ELF helpers.                                                        */

/* PATH opened for reading as an ELF file (its descriptor in *FD), or NULL. */
static Elf *
elf_open_read (const char *path, int *fd)
{
  *fd = -1;
  if (elf_version (EV_CURRENT) == EV_NONE)
    return NULL;
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0)
    return NULL;
  Elf *elf = elf_begin (*fd, ELF_C_READ_MMAP, NULL);
  if (elf && elf_kind (elf) == ELF_K_ELF)
    return elf;
  if (elf)
    elf_end (elf);
  close (*fd);
  *fd = -1;
  return NULL;
}

static void
elf_close_read (Elf *elf, int fd)
{
  if (elf)
    elf_end (elf);
  if (fd >= 0)
    close (fd);
}

/* VADDR's file offset in one of ELF's executable PT_LOAD segments. */
static int
exec_vaddr_to_offset (Elf *elf, uint64_t vaddr, uint64_t *offset)
{
  size_t phnum;
  if (elf_getphdrnum (elf, &phnum) != 0)
    return -1;
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (!gelf_getphdr (elf, (int) i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
        continue;
      if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_filesz)
        {
          *offset = vaddr - ph.p_vaddr + ph.p_offset;
          return 0;
        }
    }
  return -1;
}

int
usdt_elf_vaddr_to_offset (const char *path, uint64_t vaddr, uint64_t *offset)
{
  int fd;
  Elf *elf = elf_open_read (path, &fd);
  int rc = elf ? exec_vaddr_to_offset (elf, vaddr, offset) : -1;
  elf_close_read (elf, fd);
  return rc;
}

int
usdt_elf_entry_offset (const char *path, uint64_t *offset)
{
  int fd;
  Elf *elf = elf_open_read (path, &fd);
  GElf_Ehdr eh;
  int rc = elf && gelf_getehdr (elf, &eh) ? exec_vaddr_to_offset (elf, eh.e_entry, offset) : -1;
  elf_close_read (elf, fd);
  return rc;
}

int
usdt_elf_function_offset (const char *path, const char *symbol, uint64_t *offset)
{
  int fd;
  Elf *elf = elf_open_read (path, &fd);
  if (!elf)
    return -1;
  struct sdt_symtab tab;
  sdt_symtab_read_elf (elf, &tab);
  const struct sdt_symbol *s = sdt_symtab_find (&tab, symbol);
  int rc = s && s->is_func ? exec_vaddr_to_offset (elf, s->value, offset) : -1;
  sdt_symtab_free (&tab);
  elf_close_read (elf, fd);
  return rc;
}
