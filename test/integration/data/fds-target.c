/* SPDX-License-Identifier: MIT */
/* fds-target DIR: opens files of several kinds in DIR (which must hold
 * sub/f.txt), then calls ioctl(fd, FDS_MARK) on each descriptor the test
 * names, so consumer-fds.sh reads fds[fd] at syscall::ioctl:entry. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#define FDS_MARK 0x5a5a5a

int
main (int argc, char **argv)
{
  int p[2];
  if (argc != 2 || chdir (argv[1]) != 0)
    return 2;
  for (int fd = 3; fd < 20; fd++)
    close (fd);
  int f = open ("sub/f.txt", O_RDONLY);                    /* 3 */
  if (f != 3 || lseek (f, 5, SEEK_SET) != 5)
    return 3;
  if (open ("/dev/null", O_WRONLY | O_APPEND) != 4)      /* 4 */
    return 4;
  if (pipe (p) != 0 || p[0] != 5)                         /* 5, 6 */
    return 5;
  if (socket (AF_UNIX, SOCK_STREAM, 0) != 7)              /* 7 */
    return 7;
  if (open ("/proc/self/mem", O_RDONLY) != 8)             /* 8 */
    return 8;
  if (open (".", O_RDONLY | O_DIRECTORY) != 9)            /* 9 */
    return 9;
  if (open ("/", O_RDONLY | O_DIRECTORY) != 10)           /* 10 */
    return 10;
  int fds[] = { 3, 4, 5, 7, 8, 9, 10, 11, -1, 1 << 20 };
  for (unsigned i = 0; i < sizeof fds / sizeof fds[0]; i++)
    ioctl (fds[i], FDS_MARK, 0);
  return 0;
}
