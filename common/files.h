/* SPDX-License-Identifier: MIT */
/*
 * files.h — small helpers on file names and file contents shared by the
 * parts of sdtkit that read whole files (sources, objects, /proc).
 */
#ifndef SDTKIT_COMMON_FILES_H
#define SDTKIT_COMMON_FILES_H

#include <stddef.h>
#include <string.h>
#include <unistd.h>

/* The last component of PATH (after its last '/'), inside PATH. */
static inline const char *
path_base (const char *path)
{
  const char *s = strrchr (path, '/');
  return s ? s + 1 : path;
}

/* Close FD unless it is -1 (never opened, or closed already). */
static inline void
close_if_open (int fd)
{
  if (fd >= 0)
    close (fd);
}

/* Append everything FD yields until end of file to the buffer *BUF of
 * *LEN bytes (capacity *CAP, grown as common/vec.h does), keeping it
 * NUL-terminated; at most MAX bytes in all.  Returns 0, or -1 with errno
 * set: EFBIG when there were more than MAX bytes (the buffer then holds
 * MAX + 1 of them), else read's error.  SIZE_MAX: no limit. */
int read_fd_append (int fd, size_t max, char **buf, size_t *len, size_t *cap);

/* All of the regular file at PATH (at most MAX bytes): a malloc'd,
 * NUL-terminated buffer of *LEN bytes, or NULL with errno set as open or
 * read_fd_append set it, or EINVAL when PATH is not a regular file (a
 * FIFO or a device would block or never end). */
char *read_file (const char *path, size_t max, size_t *len);

#endif
