/* SPDX-License-Identifier: MIT */
/*
 * pid-libs.c — the shared libraries a program will map, found before it
 * runs (a -c child is held before its exec, so its maps show nothing yet).
 *
 * The search follows the dynamic loader's rules: PT_INTERP; then for each
 * DT_NEEDED name (breadth first, every object once): a name with '/' as
 * it is; else DT_RPATH of the object when it has no DT_RUNPATH,
 * LD_LIBRARY_PATH, DT_RUNPATH, the directories of /etc/ld.so.conf (and the
 * files it includes), then the default directories.  $ORIGIN is expanded.
 * Only ELF shared objects of dtrace's own machine qualify.  What the loader's cache would
 * pick differently (hwcaps subdirectories) is not modelled; libraries opened
 * later with dlopen are not known either: name those by path.
 */
#include "consumer/probes/pid-libs.h"
#include "common/strset.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <fcntl.h>
#include <gelf.h>
#include <glob.h>
#include <libelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct strv {
  size_t n;
  char **v;
  size_t cap;
};

static void
sv_add (struct strv *s, const char *x)
{
  VEC_PUSH (s->v, s->n, s->cap) = xstrdup (x);
}

static bool
sv_has (const struct strv *s, const char *x)
{
  return str_list_has ((const char *const *) s->v, s->n, x);
}

static void
sv_free (struct strv *s)
{
  VEC_FREE_ALL (s->v, s->n);
  memset (s, 0, sizeof *s);
}

/* Split a ':'-separated list, expanding $ORIGIN / ${ORIGIN} to ORIGIN. */
static void
add_path_list (struct strv *dirs, const char *list, const char *origin)
{
  if (!list)
    return;
  char *copy = xstrdup (list);
  for (char *save = NULL, *d = strtok_r (copy, ":;", &save); d; d = strtok_r (NULL, ":;", &save))
    {
      const char *o = strstr (d, "$ORIGIN") ? "$ORIGIN" : strstr (d, "${ORIGIN}") ? "${ORIGIN}" : NULL;
      if (o && origin)
        {
          char *at = strstr (d, o);
          char *x = xasprintf ("%.*s%s%s", (int) (at - d), d, origin, at + strlen (o));
          sv_add (dirs, x);
          free (x);
        }
      else if (!o)
        sv_add (dirs, d);
    }
  free (copy);
}

static void
read_ld_conf (struct strv *dirs, const char *file, int depth)
{
  FILE *f = fopen (file, "re");
  if (!f)
    return;
  char line[PATH_MAX];
  while (fgets (line, sizeof line, f))
    {
      line[strcspn (line, "#\n")] = '\0';
      char *s = line;
      while (*s == ' ' || *s == '\t')
        s++;
      size_t n = strlen (s);
      while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
      if (!*s)
        continue;
      if (strncmp (s, "include", 7) == 0 && (s[7] == ' ' || s[7] == '\t'))
        {
          if (depth > 4)
            continue;
          char *pat = s + 8;
          while (*pat == ' ' || *pat == '\t')
            pat++;
          glob_t g;
          if (glob (pat, 0, NULL, &g) == 0)
            for (size_t i = 0; i < g.gl_pathc; i++)
              read_ld_conf (dirs, g.gl_pathv[i], depth + 1);
          globfree (&g);
        }
      else if (s[0] == '/')
        sv_add (dirs, s);
    }
  fclose (f);
}

/* The machine dtrace runs on: its programs' ELF machine and the Debian
 * multiarch directory of their libraries. */
#if defined(__aarch64__)
#define NATIVE_EM EM_AARCH64
#define MULTIARCH_LIB "/lib/aarch64-linux-gnu"
#define MULTIARCH_USR_LIB "/usr/lib/aarch64-linux-gnu"
#else
#define NATIVE_EM EM_X86_64
#define MULTIARCH_LIB "/lib/x86_64-linux-gnu"
#define MULTIARCH_USR_LIB "/usr/lib/x86_64-linux-gnu"
#endif

struct dyninfo {
  bool ok;
  char *interp;
  struct strv needed;
  char *rpath, *runpath;
};

static void
dyn_free (struct dyninfo *d)
{
  free (d->interp);
  sv_free (&d->needed);
  free (d->rpath);
  free (d->runpath);
}

/* The dynamic information of the 64-bit ELF file PATH of this machine
 * (x86-64 or aarch64; ok false when it is not one). */
static void
read_dyn (const char *path, struct dyninfo *out)
{
  memset (out, 0, sizeof *out);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  elf_version (EV_CURRENT);
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  GElf_Ehdr eh;
  if (!e || elf_kind (e) != ELF_K_ELF || !gelf_getehdr (e, &eh) || eh.e_machine != NATIVE_EM
      || gelf_getclass (e) != ELFCLASS64)
    goto done;
  out->ok = true;
  size_t nph = 0;
  elf_getphdrnum (e, &nph);
  for (size_t i = 0; i < nph; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (e, (int) i, &ph) && ph.p_type == PT_INTERP && ph.p_filesz > 1 && ph.p_filesz < PATH_MAX)
        {
          char *b = xcalloc (1, ph.p_filesz + 1);
          if (pread (fd, b, ph.p_filesz, (off_t) ph.p_offset) == (ssize_t) ph.p_filesz)
            out->interp = b;
          else
            free (b);
        }
    }
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (e, scn)) != NULL; )
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh) || sh.sh_type != SHT_DYNAMIC)
        continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      if (!data || sh.sh_entsize == 0)
        continue;
      size_t n = sh.sh_size / sh.sh_entsize;
      for (size_t i = 0; i < n; i++)
        {
          GElf_Dyn dyn;
          if (!gelf_getdyn (data, (int) i, &dyn))
            continue;
          if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_RPATH && dyn.d_tag != DT_RUNPATH)
            continue;
          const char *s = elf_strptr (e, sh.sh_link, dyn.d_un.d_val);
          if (!s)
            continue;
          if (dyn.d_tag == DT_NEEDED)
            sv_add (&out->needed, s);
          else if (dyn.d_tag == DT_RPATH && !out->rpath)
            out->rpath = xstrdup (s);
          else if (dyn.d_tag == DT_RUNPATH && !out->runpath)
            out->runpath = xstrdup (s);
        }
    }
 done:
  if (e)
    elf_end (e);
  close (fd);
}

static bool
is_native_elf (const char *path)
{
  struct dyninfo d;
  read_dyn (path, &d);
  bool ok = d.ok;
  dyn_free (&d);
  return ok;
}

char *
pid_interpreter (const char *exec_path)
{
  struct dyninfo d;
  read_dyn (exec_path, &d);
  char *interp = d.ok && d.interp ? realpath (d.interp, NULL) : NULL;
  dyn_free (&d);
  return interp;
}

size_t
pid_needed_libs (const char *exec_path, char ***paths)
{
  struct strv sys = { 0, NULL, 0 };
  read_ld_conf (&sys, "/etc/ld.so.conf", 0);
  static const char *const defaults[] = {
    MULTIARCH_LIB, MULTIARCH_USR_LIB, "/lib64", "/usr/lib64", "/lib", "/usr/lib",
  };
  for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
    if (!sv_has (&sys, defaults[i]))
      sv_add (&sys, defaults[i]);

  struct strv done = { 0, NULL, 0 }, queue = { 0, NULL, 0 };
  char *real = realpath (exec_path, NULL);
  sv_add (&queue, real ? real : exec_path);
  free (real);
  struct strv result = { 0, NULL, 0 };
  for (size_t q = 0; q < queue.n && q < 512; q++)
    {
      const char *obj = queue.v[q];
      if (sv_has (&done, obj))
        continue;
      sv_add (&done, obj);
      if (q > 0)
        sv_add (&result, obj);
      struct dyninfo d;
      read_dyn (obj, &d);
      if (!d.ok)
        {
          dyn_free (&d);
          continue;
        }
      char *dir = xstrdup (obj);
      char *slash = strrchr (dir, '/');
      if (slash)
        *slash = '\0';
      struct strv dirs = { 0, NULL, 0 };
      if (d.rpath && !d.runpath)
        add_path_list (&dirs, d.rpath, dir);
      add_path_list (&dirs, getenv ("LD_LIBRARY_PATH"), NULL);
      add_path_list (&dirs, d.runpath, dir);
      for (size_t i = 0; i < sys.n; i++)
        sv_add (&dirs, sys.v[i]);
      if (q == 0 && d.interp)
        {
          char *ri = realpath (d.interp, NULL);
          if (ri)
            sv_add (&queue, ri);
          free (ri);
        }
      for (size_t k = 0; k < d.needed.n; k++)
        {
          const char *name = d.needed.v[k];
          char *found = NULL;
          if (strchr (name, '/'))
            found = realpath (name, NULL);
          for (size_t i = 0; !found && i < dirs.n; i++)
            {
              char *cand = xasprintf ("%s/%s", dirs.v[i], name);
              if (access (cand, R_OK) == 0 && is_native_elf (cand))
                found = realpath (cand, NULL);
              free (cand);
            }
          if (found && !sv_has (&queue, found))
            sv_add (&queue, found);
          free (found);
        }
      sv_free (&dirs);
      free (dir);
      dyn_free (&d);
    }
  sv_free (&done);
  sv_free (&queue);
  sv_free (&sys);
  *paths = result.v;
  return result.n;
}
