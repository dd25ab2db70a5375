/* SPDX-License-Identifier: MIT */
/*
 * uprobe-attach.c — uprobe_multi links, with a per-site uprobe-PMU perf event
 * fallback (doc/probe-sites.md §4, §6).
 *
 * libbpf 1.1 (Debian 12) knows neither BPF_TRACE_UPROBE_MULTI nor the
 * uprobe_multi member of the BPF_LINK_CREATE attributes, so that one call is
 * a raw bpf(2) with a private copy of the kernel's attribute layout.  Program
 * loading (feature probe) and perf-event links go through libbpf.  The
 * perf_event_open uprobe PMU is a raw syscall by nature (libbpf 1.1 exports
 * no function for it).
 *
 * Each perf event is closed right after its BPF link is made: the link holds
 * the event file, so a site costs one fd, and closing the link removes the
 * uprobe (and lowers the semaphore) in every process.  The kernel installs
 * the uprobe (raising the semaphore) at perf_event_open, before the link
 * exists: a hit in between runs no program.  uprobe_multi has no such
 * window (the program is attached before the uprobes are registered).
 */
#include "consumer/probes/uprobe-attach.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/probes/uprobe-fork-safety.h"
#include "consumer/probes/x86-insn.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#define UPROBE_PMU_DIR "/sys/bus/event_source/devices/uprobe"

/* Flag of link_create.uprobe_multi.flags: return probes (Linux 6.6 uapi). */
#define UPROBE_MULTI_F_RETURN 1u

/* The BPF_LINK_CREATE attributes with the uprobe_multi member, laid out as
 * in Linux 6.6+ <linux/bpf.h> (union bpf_attr, link_create): prog_fd,
 * target_fd, attach_type, flags, then at offset 16 the uprobe_multi struct
 * { path, offsets, ref_ctr_offsets, cookies (all __aligned_u64), cnt, flags,
 * pid (__u32) }.  Private because the installed uapi headers (6.1) predate
 * it; the trailing padding is zero, as the kernel requires of unused bytes. */
struct uprobe_multi_link_attr {
  uint32_t prog_fd;
  uint32_t target_fd;
  uint32_t attach_type;
  uint32_t link_flags;
  uint64_t path;
  uint64_t offsets;
  uint64_t ref_ctr_offsets;
  uint64_t cookies;
  uint32_t cnt;
  uint32_t flags;
  uint32_t pid;
  uint32_t pad;
};

_Static_assert (sizeof (struct uprobe_multi_link_attr) == 64, "uprobe_multi attr layout");

struct uprobe_attachment {
  int *fds;
  size_t nfds, cap;
  bool unfiltered;       /* a pid-scoped attach that the kernel does not filter */
};

/* ------------------------------------------------------------------ */
/* Features.                                                           */

static int
read_small_file (const char *path, char *buf, size_t size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n = read (fd, buf, size - 1);
  close (fd);
  if (n < 0)
    return -1;
  buf[n] = '\0';
  return 0;
}

/* "config:N" or "config:N-M": the first bit, or -1. */
static int
read_format_bit (const char *name)
{
  char path[256], buf[64];
  snprintf (path, sizeof path, UPROBE_PMU_DIR "/format/%s", name);
  if (read_small_file (path, buf, sizeof buf) != 0)
    return -1;
  int bit;
  if (sscanf (buf, "config:%d", &bit) != 1 || bit < 0 || bit > 63)
    return -1;
  return bit;
}

static int
sys_link_create_multi (struct uprobe_multi_link_attr *attr)
{
  return (int) syscall (__NR_bpf, BPF_LINK_CREATE, attr, sizeof *attr);
}

static bool
probe_uprobe_multi (void)
{
  const struct bpf_insn insns[] = {
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
    { .code = BPF_JMP | BPF_EXIT },
  };
  LIBBPF_OPTS (bpf_prog_load_opts, popts, .expected_attach_type = UPROBE_BPF_TRACE_UPROBE_MULTI);
  int prog = bpf_prog_load (BPF_PROG_TYPE_KPROBE, "sdtkit_probe", "GPL", insns, 2, &popts);
  if (prog < 0)
    return false;
  /* A uprobe_multi link on "/" (not a regular file) fails with EBADF on a
   * kernel that knows the attach type, and with EINVAL on one that does
   * not. */
  unsigned long offset = 0;
  struct uprobe_multi_link_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.prog_fd = (uint32_t) prog;
  attr.attach_type = UPROBE_BPF_TRACE_UPROBE_MULTI;
  attr.path = (uint64_t) (uintptr_t) "/";
  attr.offsets = (uint64_t) (uintptr_t) &offset;
  attr.cnt = 1;
  int link = sys_link_create_multi (&attr);
  int err = errno;
  bool ok = false;
  if (link >= 0)
    {
      close (link);
      ok = true;
    }
  else
    ok = err == EBADF;
  close (prog);
  return ok;
}

const struct uprobe_features *
uprobe_features (void)
{
  static struct uprobe_features f;
  static bool done;
  if (done)
    return &f;
  done = true;
  memset (&f, 0, sizeof f);
  f.pmu_type = -1;
  struct utsname u;
  if (uname (&u) == 0)
    sscanf (u.release, "%d.%d", &f.kernel_major, &f.kernel_minor);
  char buf[64];
  if (read_small_file (UPROBE_PMU_DIR "/type", buf, sizeof buf) == 0)
    {
      f.pmu = true;
      f.pmu_type = atoi (buf);
    }
  f.retprobe_bit = read_format_bit ("retprobe");
  if (f.retprobe_bit < 0)
    f.retprobe_bit = 0;
  f.ref_ctr_shift = read_format_bit ("ref_ctr_offset");
  f.ref_ctr = f.ref_ctr_shift >= 0;
  if (!f.ref_ctr)
    f.ref_ctr_shift = 32;
  f.multi = probe_uprobe_multi ();
  /* The uprobe_multi pid filter is correct from Linux 6.10 (46ba0e49b642);
   * there is no cheap behavioural test, so go by the version. */
  f.multi_pid_filter = f.multi && (f.kernel_major > 6 || (f.kernel_major == 6 && f.kernel_minor >= 10));
  return &f;
}

enum uprobe_mode
uprobe_mode_resolve (enum uprobe_mode mode)
{
  if (mode != UPROBE_MODE_AUTO)
    return mode;
  const char *env = getenv ("SDTKIT_UPROBE_MODE");
  if (env && strcmp (env, "perf") == 0)
    return UPROBE_MODE_PERF;
  if (env && strcmp (env, "multi") == 0)
    return UPROBE_MODE_MULTI;
  return kernel_feature (KF_UPROBE_MULTI) ? UPROBE_MODE_MULTI : UPROBE_MODE_PERF;
}

unsigned
uprobe_prog_expected_attach_type (enum uprobe_mode mode)
{
  return uprobe_mode_resolve (mode) == UPROBE_MODE_MULTI ? UPROBE_BPF_TRACE_UPROBE_MULTI : 0;
}

const char *
uprobe_mode_name (enum uprobe_mode mode)
{
  switch (mode)
    {
    case UPROBE_MODE_MULTI: return "uprobe_multi";
    case UPROBE_MODE_PERF: return "perf_event";
    default: return "auto";
    }
}

/* ------------------------------------------------------------------ */
/* The handle.                                                         */

struct uprobe_attachment *
uprobe_attachment_new (void)
{
  return xcalloc (1, sizeof (struct uprobe_attachment));
}

static void
handle_add_fd (struct uprobe_attachment *h, int fd)
{
  VEC_PUSH (h->fds, h->nfds, h->cap) = fd;
}

/* Close the fds added after the first KEEP. */
static void
handle_truncate (struct uprobe_attachment *h, size_t keep)
{
  while (h->nfds > keep)
    close (h->fds[--h->nfds]);
}

bool
uprobe_attachment_pid_filtered (const struct uprobe_attachment *h)
{
  return !h->unfiltered;
}

size_t
uprobe_attachment_nlinks (const struct uprobe_attachment *h)
{
  return h->nfds;
}

/* Closing a uprobe link (a perf event or a uprobe_multi link) waits for
 * an RCU-tasks grace period (tens of ms); closes from several threads
 * share grace periods, so links are closed in parallel: one thread per
 * link up to 64, then several links per thread.  Two uprobe_multi links
 * (a script's probes and the dynamic linker's hook) cost one grace period,
 * not two. */
struct closer {
  const int *fds;
  size_t n, stride;
};

static void *
closer_run (void *arg)
{
  const struct closer *c = arg;
  for (size_t i = 0; i < c->n; i += c->stride)
    close (c->fds[i]);
  return NULL;
}

static void
close_all (int *fds, size_t n)
{
  enum { MAX_THREADS = 64 };
  size_t nthreads = n;
  if (nthreads > MAX_THREADS)
    nthreads = MAX_THREADS;
  pthread_t tids[MAX_THREADS];
  struct closer cl[MAX_THREADS];
  size_t started = 0;
  if (n == 0)
    return;   /* FDS may be NULL: not even FDS + 0 is defined then */
  if (nthreads >= 2)
    for (size_t t = 0; t < nthreads; t++)
      {
        cl[t].fds = fds + t;
        cl[t].n = n - t;
        cl[t].stride = nthreads;
        if (pthread_create (&tids[t], NULL, closer_run, &cl[t]) != 0)
          break;
        started++;
      }
  /* Whatever no thread took is closed here. */
  for (size_t t = started; t < (nthreads >= 2 ? nthreads : 1); t++)
    {
      struct closer mine = { fds + t, n - t, nthreads >= 2 ? nthreads : 1 };
      closer_run (&mine);
    }
  for (size_t t = 0; t < started; t++)
    pthread_join (tids[t], NULL);
}

void
uprobe_attachment_absorb (struct uprobe_attachment *into, struct uprobe_attachment *from)
{
  if (!from)
    return;
  for (size_t i = 0; i < from->nfds; i++)
    VEC_PUSH (into->fds, into->nfds, into->cap) = from->fds[i];
  into->unfiltered |= from->unfiltered;
  free (from->fds);
  free (from);
}

void
uprobe_detach (struct uprobe_attachment *h)
{
  if (!h)
    return;
  close_all (h->fds, h->nfds);
  h->nfds = 0;
  free (h->fds);
  free (h);
}

/* ------------------------------------------------------------------ */
/* Errors.                                                             */

static bool
offset_beyond_file (const char *path, uint64_t offset)
{
  struct stat st;
  return stat (path, &st) == 0 && offset >= (uint64_t) st.st_size;
}

/* Explain ERR for an attach to PATH (at OFFSET when HAVE_OFFSET). */
static void
report_attach_error (const char *path, bool have_offset, uint64_t offset, size_t nsites,
                     pid_t pid, int err, const char *how)
{
  char where[96];
  if (have_offset)
    snprintf (where, sizeof where, "the probe site at offset 0x%llx", (unsigned long long) offset);
  else
    snprintf (where, sizeof where, "%zu probe site%s", nsites, nsites == 1 ? "" : "s");
  switch (err)
    {
    case EINVAL:
      if (have_offset && offset_beyond_file (path, offset))
        diag_error ("%s: cannot attach %s: the offset is beyond the end of the file", path, where);
      else if (have_offset)
        diag_error ("%s: cannot attach %s: another tracer attached this site with a "
                    "different or no semaphore", path, where);
      else
        diag_error ("%s: cannot attach %s (%s): %s", path, where, how, strerror (err));
      break;
    case EPERM:
    case EACCES:
      diag_error ("%s: cannot attach %s: %s (uprobes need root, or CAP_BPF with CAP_PERFMON)",
                  path, where, strerror (err));
      break;
    case ESRCH:
      if (pid > 0)
        break;                /* the process has gone: the caller decides (uprobe-attach.h) */
      diag_error ("%s: cannot attach %s: pid %d: %s", path, where, (int) pid, strerror (err));
      break;
    case EMFILE:
    case ENFILE:
      diag_error ("%s: cannot attach %s: %s (raise the open-file limit, or use a kernel with "
                  "uprobe_multi links)", path, where, strerror (err));
      break;
    default:
      diag_error ("%s: cannot attach %s (%s): %s", path, where, how, strerror (err));
      break;
    }
}

/* ------------------------------------------------------------------ */
/* uprobe_multi.                                                       */

static int
multi_link (int prog_fd, const char *path, const unsigned long *offsets,
            const unsigned long *ref_ctrs, const uint64_t *cookies, size_t n,
            bool retprobe, pid_t pid)
{
  struct uprobe_multi_link_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.prog_fd = (uint32_t) prog_fd;
  attr.attach_type = UPROBE_BPF_TRACE_UPROBE_MULTI;
  attr.path = (uint64_t) (uintptr_t) path;
  attr.offsets = (uint64_t) (uintptr_t) offsets;
  attr.ref_ctr_offsets = (uint64_t) (uintptr_t) ref_ctrs;
  attr.cookies = (uint64_t) (uintptr_t) cookies;
  attr.cnt = (uint32_t) n;
  attr.flags = retprobe ? UPROBE_MULTI_F_RETURN : 0;
  attr.pid = pid > 0 ? (uint32_t) pid : 0;
  return sys_link_create_multi (&attr);
}

/* After a whole-file link failed with EINVAL, find out why.  The kernel
 * checks the program and the flags before it resolves the path, so the same
 * link aimed at "/" failing with EBADF clears them; what is left is a site
 * the kernel refused: an offset past the end of the file, or a ref_ctr
 * mismatch with another tracer.  Sites are tried one at a time (bounded) to
 * name the one. */
static void
diagnose_multi_einval (int prog_fd, const char *path, const unsigned long *offsets,
                       const unsigned long *ref_ctrs, const uint64_t *cookies, size_t n,
                       bool retprobe, pid_t pid)
{
  int fd = multi_link (prog_fd, "/", offsets, ref_ctrs, cookies, 1, retprobe, 0);
  int err = errno;
  if (fd >= 0)
    close (fd);
  if (fd >= 0 || err != EBADF)
    {
      diag_error ("%s: cannot attach %zu probe site%s (uprobe_multi): %s (is the program loaded "
                  "with expected_attach_type BPF_TRACE_UPROBE_MULTI?)", path, n, n == 1 ? "" : "s",
                  strerror (EINVAL));
      return;
    }
  size_t limit = n < 256 ? n : 256;
  for (size_t i = 0; i < limit; i++)
    {
      fd = multi_link (prog_fd, path, &offsets[i], &ref_ctrs[i], &cookies[i], 1, retprobe, pid);
      if (fd >= 0)
        {
          close (fd);
          continue;
        }
      report_attach_error (path, true, offsets[i], 1, pid, errno, "uprobe_multi");
      return;
    }
  diag_error ("%s: cannot attach %zu probe sites (uprobe_multi): %s (another tracer may have "
              "attached one of them with a different or no semaphore)", path, n, strerror (EINVAL));
}

static int
site_group_cmp (const struct uprobe_site *a, const struct uprobe_site *b)
{
  if (a->dev || a->ino || b->dev || b->ino)
    {
      if (a->dev != b->dev)
        return a->dev < b->dev ? -1 : 1;
      if (a->ino != b->ino)
        return a->ino < b->ino ? -1 : 1;
      if (a->dev || a->ino)
        return 0;
    }
  return strcmp (a->path, b->path);
}

static int
sort_sites_cmp (const void *x, const void *y, void *arg)
{
  const struct uprobe_site *sites = arg;
  size_t i = *(const size_t *) x, j = *(const size_t *) y;
  int c = site_group_cmp (&sites[i], &sites[j]);
  if (c)
    return c;
  return i < j ? -1 : i > j;
}

static int
attach_multi (struct uprobe_attachment *h, int prog_fd, const struct uprobe_site *sites,
              size_t n, bool retprobe, pid_t pid)
{
  size_t *order = xcalloc (n, sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  qsort_r (order, n, sizeof *order, sort_sites_cmp, (void *) sites);

  unsigned long *offsets = xcalloc (n, sizeof *offsets);
  unsigned long *ref_ctrs = xcalloc (n, sizeof *ref_ctrs);
  uint64_t *cookies = xcalloc (n, sizeof *cookies);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; )
    {
      size_t j = i;
      while (j < n && site_group_cmp (&sites[order[i]], &sites[order[j]]) == 0)
        j++;
      size_t cnt = j - i;
      for (size_t k = 0; k < cnt; k++)
        {
          const struct uprobe_site *s = &sites[order[i + k]];
          offsets[k] = (unsigned long) s->offset;
          ref_ctrs[k] = (unsigned long) s->ref_ctr_offset;
          cookies[k] = s->cookie;
        }
      const char *path = sites[order[i]].path;
      int fd = multi_link (prog_fd, path, offsets, ref_ctrs, cookies, cnt, retprobe, pid);
      if (fd < 0)
        {
          int err = errno;
          if (err == EINVAL)
            diagnose_multi_einval (prog_fd, path, offsets, ref_ctrs, cookies, cnt, retprobe, pid);
          else
            report_attach_error (path, false, 0, cnt, pid, err, "uprobe_multi");
          rc = -1;
          break;
        }
      handle_add_fd (h, fd);
      i = j;
    }
  FREE_ALL (offsets, ref_ctrs, cookies, order);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Perf events.                                                        */

static size_t
count_open_fds (void)
{
  size_t n = 0;
  char path[64];
  /* Cheap and good enough: probe the first descriptors. */
  for (int fd = 0; fd < 1024; fd++)
    {
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
      if (access (path, F_OK) == 0)
        n++;
    }
  return n;
}

/* Make room for NEED more descriptors; a warning if that is impossible. */
static void
raise_nofile (size_t need)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) != 0)
    return;
  rlim_t want = (rlim_t) (count_open_fds () + need + 64);
  if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur >= want)
    return;
  if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= want)
    {
      rl.rlim_cur = want;
      if (setrlimit (RLIMIT_NOFILE, &rl) == 0)
        return;
    }
  struct rlimit big = { want, want };
  if (setrlimit (RLIMIT_NOFILE, &big) == 0)
    return;
  if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur < rl.rlim_max)
    {
      rl.rlim_cur = rl.rlim_max;
      (void) setrlimit (RLIMIT_NOFILE, &rl);
    }
  diag_warn ("cannot raise the open-file limit to %llu for %zu uprobe links",
             (unsigned long long) want, need);
}

static int
perf_uprobe_open (const struct uprobe_features *f, const struct uprobe_site *s, bool retprobe,
                  pid_t pid)
{
  struct perf_event_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = (uint32_t) f->pmu_type;
  attr.config = (retprobe ? 1ULL << f->retprobe_bit : 0)
                | (s->ref_ctr_offset << f->ref_ctr_shift);
  attr.config1 = (uint64_t) (uintptr_t) s->path;
  attr.config2 = s->offset;
  attr.sample_period = 1;
  /* pid -1 / cpu 0: every process mapping the file, now and later (the BPF
   * program runs on every CPU); pid > 0 / cpu -1: that process only. */
  return (int) syscall (__NR_perf_event_open, &attr, pid > 0 ? pid : -1, pid > 0 ? -1 : 0, -1,
                        PERF_FLAG_FD_CLOEXEC);
}

static int (*cookie_program) (int prog_fd, uint64_t cookie);

void
uprobe_set_cookie_programs (int (*fn) (int prog_fd, uint64_t cookie))
{
  cookie_program = fn;
}

/* Attach PROG_FD to the uprobe perf event PFD, for site S: a BPF link with
 * S's cookie; on kernels without attach cookies and perf-event links
 * (Linux < 5.15), the program's copy for that cookie through the
 * PERF_EVENT_IOC_SET_BPF ioctl, and PFD is the handle.  Returns the fd to
 * keep (PFD is closed when it is not that), or -1 with errno set. */
static int
link_perf_event (int prog_fd, int pfd, const struct uprobe_site *s)
{
  if (kernel_feature (KF_ATTACH_COOKIE))
    {
      LIBBPF_OPTS (bpf_link_create_opts, lopts, .perf_event.bpf_cookie = s->cookie);
      int lfd = bpf_link_create (prog_fd, pfd, BPF_PERF_EVENT, &lopts);
      int err = errno;
      close (pfd);
      errno = err;
      return lfd;
    }
  int prog = cookie_program ? cookie_program (prog_fd, s->cookie) : prog_fd;
  if (prog < 0 || ioctl (pfd, PERF_EVENT_IOC_SET_BPF, prog) != 0
      || ioctl (pfd, PERF_EVENT_IOC_ENABLE, 0) != 0)
    {
      int err = prog < 0 ? EINVAL : errno;
      close (pfd);
      errno = err;
      return -1;
    }
  return pfd;
}

static int
attach_perf (struct uprobe_attachment *h, int prog_fd, const struct uprobe_site *sites,
             size_t n, bool retprobe, pid_t pid)
{
  const struct uprobe_features *f = uprobe_features ();
  if (!f->pmu)
    {
      diag_error ("cannot attach uprobes: this kernel has no uprobe PMU (" UPROBE_PMU_DIR ")");
      return -1;
    }
  for (size_t i = 0; i < n; i++)
    if (sites[i].ref_ctr_offset && !f->ref_ctr)
      {
        diag_error ("%s: cannot attach the probe site at offset 0x%llx: it has a semaphore and "
                    "this kernel's uprobes lack ref_ctr_offset (Linux 4.20+)", sites[i].path,
                    (unsigned long long) sites[i].offset);
        return -1;
      }
  raise_nofile (n);
  for (size_t i = 0; i < n; i++)
    {
      const struct uprobe_site *s = &sites[i];
      int pfd = perf_uprobe_open (f, s, retprobe, pid);
      if (pfd < 0)
        {
          report_attach_error (s->path, true, s->offset, 1, pid, errno, "perf_event_open");
          return -1;
        }
      int lfd = link_perf_event (prog_fd, pfd, s);
      int err = errno;
      if (lfd < 0)
        {
          /* The uprobe itself was accepted: this is about the program. */
          diag_error ("%s: cannot attach the BPF program to the probe site at offset 0x%llx: %s%s",
                      s->path, (unsigned long long) s->offset, strerror (err),
                      err == EINVAL ? " (is it a kprobe program loaded for perf-event links?)" : "");
          return -1;
        }
      handle_add_fd (h, lfd);
    }
  return 0;
}

static int attach_sites (struct uprobe_attachment *h, int prog_fd,
                         const struct uprobe_site *sites, size_t n,
                         const struct uprobe_attach_opts *opts);

/* ------------------------------------------------------------------ */
/* Sites the kernel would optimize unsafely.                           */

static void
warn_dropped (const char *path, size_t dropped, uint64_t first)
{
  if (dropped)
    diag_warn ("%s: %zu probe site%s not attached (the first at offset 0x%llx): a 5-byte nop, "
               "which this kernel's optimized uprobes turn into a call that crashes processes "
               "forked while it is traced (see doc/probe-sites.md, section 9)",
               path, dropped, dropped == 1 ? "" : "s", (unsigned long long) first);
}

/* Files read for their sites' bytes, kept open by identity: a script's
 * clauses attach one after another to the same files (consumer-startup.sh
 * counts the opens). */
#define SITE_FILES 4
static struct site_file {
  dev_t dev;
  ino_t ino;
  int fd;
} site_files[SITE_FILES] = { { 0, 0, -1 }, { 0, 0, -1 }, { 0, 0, -1 }, { 0, 0, -1 } };
static unsigned site_files_next;

static int
site_file_fd (const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    return -1;
  for (unsigned i = 0; i < SITE_FILES; i++)
    if (site_files[i].fd >= 0 && site_files[i].dev == st.st_dev && site_files[i].ino == st.st_ino)
      return site_files[i].fd;
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct site_file *f = &site_files[site_files_next++ % SITE_FILES];
  if (f->fd >= 0)
    close (f->fd);
  f->dev = st.st_dev;
  f->ino = st.st_ino;
  f->fd = fd;
  return fd;
}

/* The sites of SITES[0..N) whose instruction is not a 5-byte nop, in a new
 * array (*KEPT of them); a warning per file names what was left out. */
static struct uprobe_site *
drop_optimizable_sites (const struct uprobe_site *sites, size_t n, size_t *kept)
{
  struct uprobe_site *out = xcalloc (n, sizeof *out);
  size_t k = 0, dropped = 0;
  uint64_t first = 0;
  const char *path = NULL;
  int fd = -1;
  for (size_t i = 0; i < n; i++)
    {
      const struct uprobe_site *s = &sites[i];
      if (!path || strcmp (path, s->path) != 0)
        {
          if (path)
            warn_dropped (path, dropped, first);
          path = s->path;
          fd = site_file_fd (path);
          dropped = 0;
        }
      uint8_t code[16];
      ssize_t r = fd >= 0 ? pread (fd, code, sizeof code, (off_t) s->offset) : -1;
      if (r > 0 && x86_insn_optimizable_nop (code, (size_t) r))
        {
          if (dropped++ == 0)
            first = s->offset;
          continue;
        }
      out[k++] = *s;
    }
  if (path)
    warn_dropped (path, dropped, first);
  *kept = k;
  return out;
}

/* ------------------------------------------------------------------ */

int
uprobe_attach (struct uprobe_attachment *h, int prog_fd, const struct uprobe_site *sites, size_t n,
               const struct uprobe_attach_opts *opts)
{
  struct uprobe_attach_opts o = { UPROBE_MODE_AUTO, false, 0 };
  if (opts)
    o = *opts;
  if (n == 0)
    return 0;
  struct uprobe_site *safe_sites = NULL;
  if (uprobe_optimization_unsafe ())
    {
      safe_sites = drop_optimizable_sites (sites, n, &n);
      sites = safe_sites;
      if (n == 0)
        {
          free (safe_sites);
          return 0;
        }
    }
  int rc = attach_sites (h, prog_fd, sites, n, &o);
  free (safe_sites);
  return rc;
}

static int
attach_sites (struct uprobe_attachment *h, int prog_fd, const struct uprobe_site *sites, size_t n,
              const struct uprobe_attach_opts *opts)
{
  struct uprobe_attach_opts o = *opts;
  enum uprobe_mode mode = uprobe_mode_resolve (o.mode);
  const struct uprobe_features *f = uprobe_features ();
  size_t keep = h->nfds;
  int rc;
  if (mode == UPROBE_MODE_MULTI)
    {
      if (!f->multi)
        {
          diag_error ("cannot attach uprobes: this kernel has no uprobe_multi links (Linux 6.6+)");
          return -1;
        }
      pid_t kpid = o.pid;
      if (o.pid > 0 && !f->multi_pid_filter)
        kpid = 0;
      rc = attach_multi (h, prog_fd, sites, n, o.retprobe, kpid);
      if (rc == 0 && o.pid > 0 && kpid == 0)
        h->unfiltered = true;
    }
  else
    rc = attach_perf (h, prog_fd, sites, n, o.retprobe, o.pid);
  if (rc != 0)
    {
      int err = errno;
      handle_truncate (h, keep);
      errno = err;
      return -1;
    }
  return 0;
}
