/* SPDX-License-Identifier: MIT */
/*
 * files.c — reading whole files (files.h).
 */
#include "common/files.h"
#include "common/vec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int
read_fd_append (int fd, size_t max, char **buf, size_t *len, size_t *cap)
{
  VEC_RESERVE (*buf, *len, *cap, 1);
  (*buf)[*len] = '\0';
  for (;;)
    {
      if (*cap - *len < 4096)
        VEC_RESERVE (*buf, *len, *cap, 65536);
      size_t room = *cap - *len - 1;
      /* Never more than one byte past the limit. */
      if (room > max - *len)
        room = max - *len + 1;
      ssize_t r = read (fd, *buf + *len, room);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        return -1;
      if (r == 0)
        return 0;
      *len += (size_t) r;
      (*buf)[*len] = '\0';
      if (*len > max)
        {
          errno = EFBIG;
          return -1;
        }
    }
}

char *
read_file (const char *path, size_t max, size_t *len)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return NULL;
  struct stat st;
  char *buf = NULL;
  size_t n = 0, cap = 0;
  int rc = -1;
  if (fstat (fd, &st) != 0)
    ;
  else if (!S_ISREG (st.st_mode))
    errno = EINVAL;
  else
    rc = read_fd_append (fd, max, &buf, &n, &cap);
  int err = errno;
  close (fd);
  if (rc != 0)
    {
      free (buf);
      errno = err;
      return NULL;
    }
  *len = n;
  return buf;
}
