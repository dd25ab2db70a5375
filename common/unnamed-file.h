/* SPDX-License-Identifier: MIT */
/*
 * unnamed-file.h — write a file that has no name until it is complete.
 *
 * A file replaced atomically used to be written under a temp name beside
 * its target and renamed over it; a process killed (SIGKILL, the OOM
 * killer) before the rename left that temp file behind.  Here the new file
 * is created unnamed in the target's directory (Linux O_TMPFILE): however
 * the process dies while writing it, it vanishes with the process.  Only
 * once it is complete does it get a name (linkat of /proc/self/fd/N to a
 * fresh temp name), renamed over the target at once, by a helper process
 * that finishes the naming even if the caller is killed meanwhile (so no
 * kill of ours leaves that temp name behind).
 *
 * Fallback: a filesystem or kernel without O_TMPFILE (EOPNOTSUPP, EISDIR)
 * gets the old way, a named temp file (mkstemp) renamed into place; the
 * caller may want to remove it from a signal handler (unnamed_file.tmp).
 */
#ifndef SDTKIT_COMMON_UNNAMED_FILE_H
#define SDTKIT_COMMON_UNNAMED_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct unnamed_file {
  int fd;           /* open read-write while the file is written; -1 once closed */
  char *tmp;        /* fallback only: the named temp file; NULL with O_TMPFILE */
};

/* Create an empty file in the directory of TARGET, with MODE less the
 * umask.  Returns 0, or -1 with errno set. */
int unnamed_open (struct unnamed_file *u, const char *target, mode_t mode);
/* Give the file the name TARGET, atomically replacing whatever is there
 * (SIGINT, SIGTERM, SIGHUP wait meanwhile).  FD stays open.  Returns 0, or
 * -1 with errno set (no new name left behind). */
int unnamed_link (struct unnamed_file *u, const char *target);
/* unnamed_link for V[0..N) to TARGETS[0..N), in order, in one helper
 * process that finishes even when the caller is killed meanwhile.  Returns
 * how many were named (N on success; else errno is set for the next). */
size_t unnamed_link_all (struct unnamed_file *const *v, const char *const *targets, size_t n);
/* Name files in this process, not in a helper: for the fuzz harnesses
 * (test/fuzz/), which name files millions of times and are never killed
 * half-way on purpose.  dtrace never calls it. */
void unnamed_set_in_process (bool in_process);
/* Close FD (when open); returns close's result, errno set on failure. */
int unnamed_close (struct unnamed_file *u);
/* Give up: close, and remove the fallback temp file if it is not linked. */
void unnamed_discard (struct unnamed_file *u);

#endif
