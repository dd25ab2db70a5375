/* SPDX-License-Identifier: MIT */
/*
 * perf-link.c — a BPF program on a kernel perf event (see perf-link.h).
 */
#include "consumer/probes/perf-link.h"
#include "consumer/probes/kernel-features.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
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
