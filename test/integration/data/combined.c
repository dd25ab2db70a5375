/* SPDX-License-Identifier: MIT */
/* combined.c — a request loop for consumer-combined.sh: each request is a
 * USDT probe pair around handle(), which opens and reads a file.  argv[1] is
 * a directory holding "a" (6 bytes) and "b" (231 bytes); request 2 asks for
 * a file that does not exist, so handle() returns -1 for it only. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "combined.h"

__attribute__ ((noinline)) int handle (int id, const char *path);

__attribute__ ((noinline)) int
handle (int id, const char *path)
{
  char buf[512];
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return -1;
  ssize_t n = read (fd, buf, sizeof buf);
  close (fd);
  return id >= 0 ? (int) n : 0;
}

int
main (int argc, char **argv)
{
  static const char *const names[] = { "a", "missing", "b" };
  char path[4096];
  if (argc < 2)
    return 2;
  for (int id = 1; id <= 3; id++)
    {
      snprintf (path, sizeof path, "%s/%s", argv[1], names[id - 1]);
      APP_REQUEST_START (id, path);
      int r = handle (id, path);
      APP_REQUEST_DONE (id, r);
    }
  return 0;
}
