/* SPDX-License-Identifier: MIT */
/*
 * exec-mappings.h — the lines of /proc/PID/maps; among them the
 * executable, file-backed mappings of a process, and a path that opens the
 * file of each from our mount namespace.  Both the pid provider (pid-probes.c) and USDT discovery
 * (usdt-probes.c) find their files this way.
 *
 * The path: the mapped path itself when it is the same file (dev, inode);
 * else /proc/PID/root/PATH when that is the same file; else
 * /proc/PID/map_files/START-END when that is; else, since overlay file
 * systems report another identity through stat, /proc/PID/root/PATH if
 * the file is there at all.  A deleted file has only map_files.
 */
#ifndef SDTKIT_CONSUMER_EXEC_MAPPINGS_H
#define SDTKIT_CONSUMER_EXEC_MAPPINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* One line of /proc/PID/maps. */
struct dt_mapping {
  unsigned long long start, end, offset, ino;
  unsigned dev_major, dev_minor;
  bool exec;               /* mapped executable */
  const char *path;        /* into the line: the rest of it; NULL when anonymous or [special] */
  size_t path_len;         /* without a " (deleted)" suffix */
  bool deleted;            /* the file was deleted after it was mapped */
};

/* Parse LINE (newline already cut; not modified) into M.  Returns false
 * when it is not a mapping line. */
bool dt_maps_parse_line (const char *line, struct dt_mapping *m);

struct exec_mapping {
  pid_t pid;
  const struct dt_mapping *m;   /* the maps line: m->path is never NULL */
  dev_t dev;                    /* the file's identity */
  ino_t ino;
};

typedef void exec_mapping_fn (const struct exec_mapping *em, void *arg);

/* Call FN for each executable mapping of a file (inode != 0) by PID, in
 * the order of its maps.  Returns 0, or -1 with errno set when the maps
 * cannot be read (ENOENT: no such process). */
int exec_mappings_scan (pid_t pid, exec_mapping_fn *fn, void *arg);

/* A malloc'd path that opens the file of EM from our namespace, or NULL
 * when there is none. */
char *exec_mapping_open_path (const struct exec_mapping *em);

/* Is PATH the file DEV/INO? */
bool exec_mapping_same_file (const char *path, dev_t dev, ino_t ino);

#endif
