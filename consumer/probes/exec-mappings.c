/* SPDX-License-Identifier: MIT */
/*
 * exec-mappings.c — executable file mappings of a process
 * (exec-mappings.h).
 */
#include "consumer/probes/exec-mappings.h"
#include "common/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

bool
dt_maps_parse_line (const char *line, struct dt_mapping *m)
{
  char perms[8];
  int n = 0;
  memset (m, 0, sizeof *m);
  if (sscanf (line, "%llx-%llx %7s %llx %x:%x %llu %n", &m->start, &m->end, perms, &m->offset,
              &m->dev_major, &m->dev_minor, &m->ino, &n) < 7 || n == 0)
    return false;
  m->exec = strlen (perms) >= 3 && perms[2] == 'x';
  if (line[n] != '/')
    return true;
  static const char deleted[] = " (deleted)";
  m->path = line + n;
  m->path_len = strlen (m->path);
  if (m->path_len > sizeof deleted - 1
      && strcmp (m->path + m->path_len - (sizeof deleted - 1), deleted) == 0)
    {
      m->deleted = true;
      m->path_len -= sizeof deleted - 1;
    }
  return true;
}

int
exec_mappings_scan (pid_t pid, exec_mapping_fn *fn, void *arg)
{
  char mpath[64];
  snprintf (mpath, sizeof mpath, "/proc/%d/maps", (int) pid);
  FILE *fp = fopen (mpath, "re");
  if (!fp)
    return -1;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline (&line, &cap, fp)) > 0)
    {
      if (line[len - 1] == '\n')
        line[--len] = '\0';
      struct dt_mapping m;
      if (!dt_maps_parse_line (line, &m) || !m.exec || m.ino == 0 || !m.path)
        continue;
      struct exec_mapping em = { pid, &m, makedev (m.dev_major, m.dev_minor), (ino_t) m.ino };
      fn (&em, arg);
    }
  free (line);
  fclose (fp);
  return 0;
}

bool
exec_mapping_same_file (const char *path, dev_t dev, ino_t ino)
{
  struct stat st;
  return stat (path, &st) == 0 && st.st_dev == dev && st.st_ino == ino;
}

char *
exec_mapping_open_path (const struct exec_mapping *em)
{
  const struct dt_mapping *m = em->m;
  if (!m->deleted && exec_mapping_same_file (m->path, em->dev, em->ino))
    return xstrdup (m->path);
  char *root = xasprintf ("/proc/%d/root%s", (int) em->pid, m->path);
  if (!m->deleted && exec_mapping_same_file (root, em->dev, em->ino))
    return root;
  char *mf = xasprintf ("/proc/%d/map_files/%llx-%llx", (int) em->pid, m->start, m->end);
  if (exec_mapping_same_file (mf, em->dev, em->ino))
    {
      free (root);
      return mf;
    }
  free (mf);
  if (!m->deleted && access (root, R_OK) == 0)
    return root;
  free (root);
  return NULL;
}
