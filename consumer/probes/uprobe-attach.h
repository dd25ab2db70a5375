/* SPDX-License-Identifier: MIT */
/*
 * uprobe-attach.h — attach a loaded BPF program (BPF_PROG_TYPE_KPROBE) to
 * user-space probe sites, and detach everything again.
 *
 * Two kernel mechanisms (doc/probe-sites.md §6), never tracefs:
 *  - UPROBE_MODE_MULTI: one BPF_LINK_TYPE_UPROBE_MULTI link per file (Linux
 *    6.6+), carrying every site's file offset, ref_ctr (semaphore) offset and
 *    BPF cookie.  The program must have been loaded with
 *    expected_attach_type = uprobe_prog_expected_attach_type(UPROBE_MODE_MULTI).
 *  - UPROBE_MODE_PERF: one uprobe-PMU perf event per site plus one
 *    BPF_PERF_EVENT link carrying the cookie (Linux 5.15+); the program is
 *    loaded with expected_attach_type 0.
 * Either way the kernel undoes everything when the fds close, including when
 * the tracer is killed: nothing is left behind.
 *
 * Scope: pid 0 attaches by inode for every process, present and future.  A
 * pid > 0 is filtered by the kernel when it can be (perf events always;
 * uprobe_multi from Linux 6.10, whose pid filter was broken before); when it
 * cannot, the sites are attached for every process and
 * uprobe_attachment_pid_filtered() says false: the program must then compare
 * the tgid itself.
 */
#ifndef SDTKIT_CONSUMER_UPROBE_ATTACH_H
#define SDTKIT_CONSUMER_UPROBE_ATTACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The attach type value of BPF_TRACE_UPROBE_MULTI (Linux 6.6 uapi); the
 * installed <linux/bpf.h> may predate it. */
#define UPROBE_BPF_TRACE_UPROBE_MULTI 48

enum uprobe_mode {
  UPROBE_MODE_AUTO = 0,   /* MULTI when the kernel has it, else PERF */
  UPROBE_MODE_MULTI,
  UPROBE_MODE_PERF
};

struct uprobe_features {
  bool multi;             /* BPF_TRACE_UPROBE_MULTI links work */
  bool multi_pid_filter;  /* ... and filter by pid correctly (Linux >= 6.10) */
  bool pmu;               /* /sys/bus/event_source/devices/uprobe exists */
  int pmu_type;           /* its perf type number, or -1 */
  bool ref_ctr;           /* the PMU takes ref_ctr_offset (semaphores) */
  int retprobe_bit;       /* config bit of "retprobe" */
  int ref_ctr_shift;      /* first config bit of "ref_ctr_offset" */
  int kernel_major, kernel_minor;
};

/* Probe the kernel once (cached).  Never fails; absent features read false. */
const struct uprobe_features *uprobe_features (void);
/* AUTO -> MULTI or PERF by the features; other modes are returned as is.
 * The environment variable SDTKIT_UPROBE_MODE=perf|multi overrides AUTO. */
enum uprobe_mode uprobe_mode_resolve (enum uprobe_mode mode);
/* The expected_attach_type to load the program with for MODE (resolved). */
unsigned uprobe_prog_expected_attach_type (enum uprobe_mode mode);
const char *uprobe_mode_name (enum uprobe_mode mode);

struct uprobe_site {
  const char *path;        /* a path the kernel resolves to the file (symlinks
                              and /proc/PID/root/... are fine) */
  dev_t dev;               /* file identity: sites with equal (dev, ino) share */
  ino_t ino;               /* one uprobe_multi link; 0/0 groups by path */
  uint64_t offset;         /* file offset of the probed instruction */
  uint64_t ref_ctr_offset; /* file offset of the semaphore, 0 for none */
  uint64_t cookie;         /* what bpf_get_attach_cookie() returns */
};

struct uprobe_attach_opts {
  enum uprobe_mode mode;   /* must match how the program was loaded */
  bool retprobe;           /* return probes (only meaningful at function entry) */
  pid_t pid;               /* 0: every process; > 0: that process only */
};

struct uprobe_attachment;

/* On kernels without attach cookies (kernel-features.h KF_ATTACH_COOKIE),
 * the program to attach at a site is FN (PROG_FD, the site's cookie): a
 * copy of PROG_FD's program with the cookie built in (loader.c).  FN
 * returns PROG_FD itself for a program that reads no cookie. */
void uprobe_set_cookie_programs (int (*fn) (int prog_fd, uint64_t cookie));

struct uprobe_attachment *uprobe_attachment_new (void);
/* Attach PROG_FD to N sites and add the links to H.  All or nothing: on
 * failure the links this call made are closed, H keeps what it had, an
 * error has been reported through diag_error, and -1 is returned; except
 * when OPTS names a process that has exited: then nothing is reported and
 * errno is ESRCH (a target that ends while dtrace attaches is not an
 * error: the runtime sees it exit).  The caller passes each site once (equal file and offset twice would fire the
 * program twice per hit). */
int uprobe_attach (struct uprobe_attachment *h, int prog_fd,
                   const struct uprobe_site *sites, size_t n,
                   const struct uprobe_attach_opts *opts);
/* False when some pid-scoped attach in H could not be filtered by the kernel
 * (uprobe_multi before 6.10): the program must filter by tgid. */
bool uprobe_attachment_pid_filtered (const struct uprobe_attachment *h);
/* Number of kernel objects (link fds) held. */
size_t uprobe_attachment_nlinks (const struct uprobe_attachment *h);
/* Move FROM's links into INTO and free FROM (NULL is fine): one
 * uprobe_detach of INTO then closes them all in parallel. */
void uprobe_attachment_absorb (struct uprobe_attachment *into, struct uprobe_attachment *from);
/* Detach everything (close every fd) and free H.  NULL is fine. */
void uprobe_detach (struct uprobe_attachment *h);

#endif
