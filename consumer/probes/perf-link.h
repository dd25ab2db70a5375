/* SPDX-License-Identifier: MIT */
/*
 * perf-link.h — a BPF program on a kernel perf event (a kprobe, a
 * tracepoint): a BPF perf-event link where the kernel has them (5.15),
 * else the event itself with the program set by PERF_EVENT_IOC_SET_BPF.
 * Either way one fd is the handle, and closing it removes the probe.
 */
#ifndef SDTKIT_CONSUMER_PERF_LINK_H
#define SDTKIT_CONSUMER_PERF_LINK_H

#include <stdbool.h>

/* Attach PROG_FD to the perf event PFD (which this takes over): the fd to
 * keep, or -1 with errno set (PFD closed). */
int perf_link (int prog_fd, int pfd);

/* A kprobe (with IS_RETURN a kretprobe) on the kernel function FUNC's
 * entry, PROG_FD attached (fbt on kprobes, sched:::enqueue, ...): the fd
 * to keep, or -1 with errno set (ENOENT: no kprobe PMU). */
int perf_kprobe_attach (const char *func, bool is_return, int prog_fd);

#endif
