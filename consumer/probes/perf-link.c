/* SPDX-License-Identifier: MIT */
/*
 * perf-link.c — a BPF program on a kernel perf event, and the kprobe
 * PMU's events (see perf-link.h).
 */
#include "consumer/probes/perf-link.h"
#include "consumer/probes/kernel-features.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int
perf_link (int prog_fd, int pfd)
{
  if (kernel_feature (KF_ATTACH_COOKIE))
    {
      int lfd = bpf_link_create (prog_fd, pfd, BPF_PERF_EVENT, NULL);
      int err = errno;
      close (pfd);
      errno = err;
      return lfd;
    }
  if (ioctl (pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) != 0 || ioctl (pfd, PERF_EVENT_IOC_ENABLE, 0) != 0)
    {
      int err = errno;
      close (pfd);
      errno = err;
      return -1;
    }
  return pfd;
}

/* An integer from a one-line sysfs file (after PREFIX), or -1. */
static long
sysfs_long (const char *path, const char *prefix)
{
  FILE *f = fopen (path, "r");
  long v = -1;
  char line[64];
  size_t pl = strlen (prefix);
  if (f && fgets (line, sizeof line, f) && strncmp (line, prefix, pl) == 0)
    v = strtol (line + pl, NULL, 10);
  if (f)
    fclose (f);
  return v;
}

/* A kprobe (or with IS_RETURN a kretprobe) on FUNC's entry through the
 * kprobe PMU, PROG_FD attached: a BPF perf-event link (5.15), else the
 * perf event itself with the program set by ioctl.  The fd to keep, or -1
 * with errno set.  Closing it removes the probe: nothing is left behind. */
int
perf_kprobe_attach (const char *func, bool is_return, int prog_fd)
{
  long type = sysfs_long ("/sys/bus/event_source/devices/kprobe/type", "");
  long bit = is_return ? sysfs_long ("/sys/bus/event_source/devices/kprobe/format/retprobe", "config:") : 0;
  if (type < 0 || bit < 0 || bit > 63)
    {
      errno = ENOENT;
      return -1;
    }
  struct perf_event_attr a;
  memset (&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = (uint32_t) type;
  a.config = is_return ? 1ull << bit : 0;
  a.config1 = (uint64_t) (uintptr_t) func;      /* kprobe_func */
  a.config2 = 0;                                /* probe_offset */
  int pfd = (int) syscall (__NR_perf_event_open, &a, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
  if (pfd < 0)
    return -1;
  return perf_link (prog_fd, pfd);
}
