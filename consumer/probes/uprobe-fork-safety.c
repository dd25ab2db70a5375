/* SPDX-License-Identifier: MIT */
/*
 * uprobe-fork-safety.c — the fork self-test of optimized uprobes
 * (uprobe-fork-safety.h, doc/probe-sites.md §9).
 *
 * The test site is a function of dtrace's own text: a 5-byte nop and a
 * `ret`, 16-byte aligned so that it never crosses a page.  dtrace forks a
 * helper H (its own process group, so a terminal's ^C does not reach it)
 * and opens a uprobe-PMU perf event on the site, scoped to H: no BPF
 * program is needed, the kernel optimizes a site after its first hit
 * whatever the consumer.  Then, over a pipe:
 *
 *   H  runs the site until its first byte reads 0xe8 (the kernel's `call`)
 *      — or reports that it stayed int3 (no optimization here);
 *   H  forks C1, which runs the site and exits 0 — or is killed: unsafe;
 *   H  forks C2, which waits;            dtrace closes the perf event;
 *   H  checks its own site is a nop again, releases C2, which runs the site
 *      after the uprobe is gone (the kernel must have restored the child's
 *      copy too) and exits 0 — or is killed: unsafe.
 *
 * The children catch SIGSEGV, SIGBUS, SIGILL and SIGTRAP and exit with a
 * code, so a failing kernel leaves no "segfault" line in the kernel log.
 * H runs only async-signal-safe calls (dtrace may have threads).  Every
 * wait is bounded: a helper that does not answer in 3 s is killed with its
 * process group, and the result (unsafe) is not cached.
 *
 * The cache is /run/sdtkit/uprobe-fork-verdict, three lines (a version,
 * `boot <boot_id>`, `verdict <name>`), written unnamed and linked into
 * place; it is trusted only when it and its directory belong to our
 * effective user and nobody else may write them.
 */
#include "consumer/probes/uprobe-fork-safety.h"
#include "consumer/probes/uprobe-attach.h"
#include "common/unnamed-file.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define CACHE_DIR "/run/sdtkit"
#define CACHE_FILE CACHE_DIR "/uprobe-fork-verdict"
#define CACHE_MAGIC "sdtkit uprobe fork verdict 1"
#define HELPER_TIMEOUT_MS 3000

#ifndef __NR_uprobe
# if defined __x86_64__
#  define __NR_uprobe 336
# endif
#endif

/* ------------------------------------------------------------------ */
/* Does the kernel optimize uprobes at all?                            */

#ifdef __NR_uprobe
static volatile sig_atomic_t uprobe_call_signalled;

static void
on_sigill (int sig)
{
  (void) sig;
  uprobe_call_signalled = 1;
}
#endif

/* A kernel with the `uprobe` system call refuses a call from outside its
 * trampoline (ENXIO, or SIGILL on some versions, caught here); one without
 * it says ENOSYS. */
static bool
probe_uprobe_syscall (void)
{
#ifdef __NR_uprobe
  struct sigaction sa, old;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigill;
  sigemptyset (&sa.sa_mask);
  sigset_t ill, oldmask;
  sigemptyset (&ill);
  sigaddset (&ill, SIGILL);
  if (sigaction (SIGILL, &sa, &old) != 0)
    return false;
  pthread_sigmask (SIG_UNBLOCK, &ill, &oldmask);
  uprobe_call_signalled = 0;
  errno = 0;
  long r = syscall (__NR_uprobe);
  int err = errno;
  pthread_sigmask (SIG_SETMASK, &oldmask, NULL);
  sigaction (SIGILL, &old, NULL);
  return uprobe_call_signalled || !(r == -1 && err == ENOSYS);
#else
  return false;
#endif
}

bool
uprobe_kernel_optimizes (void)
{
  static int known = -1;
  if (known < 0)
    known = probe_uprobe_syscall ();
  return known == 1;
}

const char *
uprobe_fork_verdict_name (enum uprobe_fork_verdict v)
{
  switch (v)
    {
    case UPROBE_FORK_SAFE: return "safe";
    case UPROBE_FORK_UNSAFE: return "unsafe";
    case UPROBE_FORK_NO_OPTIMIZATION: break;
    }
  return "no-optimization";
}

/* ------------------------------------------------------------------ */
/* The per-boot cache.                                                 */

static bool
read_boot_id (char *buf, size_t size)
{
  int fd = open ("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t r = read (fd, buf, size - 1);
  close (fd);
  if (r <= 0)
    return false;
  buf[r] = '\0';
  buf[strcspn (buf, "\n")] = '\0';
  return buf[0] != '\0';
}

static bool
owned_and_private (const struct stat *st)
{
  return st->st_uid == geteuid () && (st->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

static bool
cache_dir_usable (bool create)
{
  struct stat st;
  if (lstat (CACHE_DIR, &st) != 0)
    {
      if (!create || errno != ENOENT || mkdir (CACHE_DIR, 0755) != 0 || lstat (CACHE_DIR, &st) != 0)
        return false;
    }
  return S_ISDIR (st.st_mode) && owned_and_private (&st);
}

static bool
cache_read (const char *boot_id, enum uprobe_fork_verdict *out)
{
  if (!cache_dir_usable (false))
    return false;
  int fd = open (CACHE_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st;
  char buf[256];
  ssize_t r = -1;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && owned_and_private (&st))
    r = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (r <= 0)
    return false;
  buf[r] = '\0';
  char want[256];
  snprintf (want, sizeof want, CACHE_MAGIC "\nboot %s\nverdict ", boot_id);
  if (strncmp (buf, want, strlen (want)) != 0)
    return false;
  const char *name = buf + strlen (want);
  static const enum uprobe_fork_verdict all[] = { UPROBE_FORK_SAFE, UPROBE_FORK_UNSAFE,
                                                  UPROBE_FORK_NO_OPTIMIZATION };
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    {
      const char *n = uprobe_fork_verdict_name (all[i]);
      if (strncmp (name, n, strlen (n)) == 0 && name[strlen (n)] == '\n')
        {
          *out = all[i];
          return true;
        }
    }
  return false;
}

static void
cache_write (const char *boot_id, enum uprobe_fork_verdict v)
{
  if (!cache_dir_usable (true))
    return;
  char text[256];
  int len = snprintf (text, sizeof text, CACHE_MAGIC "\nboot %s\nverdict %s\n", boot_id,
                      uprobe_fork_verdict_name (v));
  if (len <= 0 || (size_t) len >= sizeof text)
    return;
  struct unnamed_file u;
  if (unnamed_open (&u, CACHE_FILE, 0644) != 0)
    return;
  if (write (u.fd, text, (size_t) len) == len && unnamed_link (&u, CACHE_FILE) == 0)
    unnamed_close (&u);
  else
    unnamed_discard (&u);
}

/* ------------------------------------------------------------------ */
/* The self-test.                                                      */

#if defined __x86_64__

/* nopl 0(%rax,%rax,1); ret — the form the kernel optimizes. */
__asm__ (".pushsection .text\n"
         ".p2align 4\n"
         ".globl sdtkit_fork_selftest_site\n"
         ".hidden sdtkit_fork_selftest_site\n"
         ".type sdtkit_fork_selftest_site, @function\n"
         "sdtkit_fork_selftest_site:\n"
         ".byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n"
         "ret\n"
         ".size sdtkit_fork_selftest_site, .-sdtkit_fork_selftest_site\n"
         ".popsection\n");
void sdtkit_fork_selftest_site (void);

/* What the helper reports, one byte per step. */
enum {
  H_OPTIMIZED = 'o',      /* step 1: the site became a call */
  H_NOT_OPTIMIZED = 'n',  /* step 1: it stayed int3 */
  H_NOT_INSTALLED = 'x',  /* step 1: no breakpoint reached the helper */
  H_CHILD_OK = 'k',       /* steps 2, 3: the child ran the site and exited 0 */
  H_CHILD_KILLED = 'c',   /* steps 2, 3: it did not */
  H_FAILED = 'e',         /* fork or pipe failed */
};

static uint8_t
site_first_byte (void)
{
  return *(volatile const uint8_t *) (uintptr_t) sdtkit_fork_selftest_site;
}

static void
on_child_fault (int sig)
{
  _exit (100 + sig);
}

static _Noreturn void
child_runs_site (int gate)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_child_fault;
  sigemptyset (&sa.sa_mask);
  const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP };
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    sigaction (sigs[i], &sa, NULL);
  char c;
  if (gate >= 0 && read (gate, &c, 1) != 1)
    _exit (2);
  sdtkit_fork_selftest_site ();
  _exit (0);
}

static char
reap (pid_t pid)
{
  int st;
  pid_t r;
  while ((r = waitpid (pid, &st, 0)) < 0 && errno == EINTR)
    ;
  return r == pid && WIFEXITED (st) && WEXITSTATUS (st) == 0 ? H_CHILD_OK : H_CHILD_KILLED;
}

static void
say (int fd, char c)
{
  while (write (fd, &c, 1) < 0 && errno == EINTR)
    ;
}

static _Noreturn void
helper_main (int in, int out)
{
  char c;
  if (read (in, &c, 1) != 1)
    _exit (1);
  uint8_t b = site_first_byte ();
  for (int i = 0; i < 8 && b != 0xe8; i++)
    {
      sdtkit_fork_selftest_site ();
      b = site_first_byte ();
    }
  if (b != 0xe8)
    {
      say (out, b == 0xcc ? H_NOT_OPTIMIZED : H_NOT_INSTALLED);
      _exit (0);
    }
  say (out, H_OPTIMIZED);
  pid_t c1 = fork ();
  if (c1 == 0)
    child_runs_site (-1);
  say (out, c1 < 0 ? H_FAILED : reap (c1));
  int gate[2];
  if (pipe (gate) != 0)
    {
      say (out, H_FAILED);
      _exit (1);
    }
  pid_t c2 = fork ();
  if (c2 == 0)
    {
      close (gate[1]);
      child_runs_site (gate[0]);
    }
  close (gate[0]);
  say (out, c2 < 0 ? H_FAILED : H_OPTIMIZED);
  if (read (in, &c, 1) != 1)   /* the uprobe is gone */
    _exit (1);
  /* Our own copy must be a nop again, the child's too. */
  say (out, site_first_byte () == 0x0f ? H_CHILD_OK : H_CHILD_KILLED);
  say (gate[1], 'g');
  say (out, c2 < 0 ? H_FAILED : reap (c2));
  _exit (0);
}

static int
hear (int fd)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };
  int r;
  while ((r = poll (&p, 1, HELPER_TIMEOUT_MS)) < 0 && errno == EINTR)
    ;
  char c;
  if (r != 1 || read (fd, &c, 1) != 1)
    return -1;
  return (unsigned char) c;
}

/* The file (as a path the kernel resolves) and file offset of the test
 * site: dtrace's own executable, through /proc/PID/exe so that a binary
 * replaced on disk since we started still names our inode. */
static bool
locate_site (char *path, size_t size, uint64_t *offset)
{
  uintptr_t addr = (uintptr_t) sdtkit_fork_selftest_site;
  FILE *f = fopen ("/proc/self/maps", "re");
  if (!f)
    return false;
  char line[512];
  bool found = false;
  while (!found && fgets (line, sizeof line, f))
    {
      unsigned long lo, hi, off;
      char perms[8];
      if (sscanf (line, "%lx-%lx %7s %lx", &lo, &hi, perms, &off) == 4 && addr >= lo && addr < hi
          && perms[2] == 'x')
        {
          *offset = (uint64_t) (addr - lo + off);
          found = true;
        }
    }
  fclose (f);
  snprintf (path, size, "/proc/%ld/exe", (long) getpid ());
  return found;
}

static int
open_site_event (const char *path, uint64_t offset, pid_t pid)
{
  const struct uprobe_features *f = uprobe_features ();
  if (!f->pmu)
    return -1;
  struct perf_event_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = (uint32_t) f->pmu_type;
  attr.config1 = (uint64_t) (uintptr_t) path;
  attr.config2 = offset;
  attr.sample_period = 1;
  return (int) syscall (__NR_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Runs the test; *CONCLUSIVE is false when the helper did not answer or a
 * system call failed (the verdict is then UNSAFE and not cached). */
static enum uprobe_fork_verdict
run_selftest (bool *conclusive)
{
  *conclusive = false;
  char path[64];
  uint64_t offset;
  int to_h[2], from_h[2];
  if (!locate_site (path, sizeof path, &offset))
    return UPROBE_FORK_UNSAFE;
  if (pipe2 (to_h, O_CLOEXEC) != 0)
    return UPROBE_FORK_UNSAFE;
  if (pipe2 (from_h, O_CLOEXEC) != 0)
    {
      close (to_h[0]);
      close (to_h[1]);
      return UPROBE_FORK_UNSAFE;
    }
  pid_t h = fork ();
  if (h == 0)
    {
      setpgid (0, 0);
      signal (SIGINT, SIG_IGN);
      close (to_h[1]);
      close (from_h[0]);
      helper_main (to_h[0], from_h[1]);
    }
  if (h > 0)
    setpgid (h, h);     /* also here: a kill of the group must not race the child's own call */
  close (to_h[0]);
  close (from_h[1]);
  enum uprobe_fork_verdict v = UPROBE_FORK_UNSAFE;
  int ev = h > 0 ? open_site_event (path, offset, h) : -1;
  if (ev >= 0)
    {
      say (to_h[1], 'g');
      int optimized = hear (from_h[0]);
      if (optimized == H_NOT_OPTIMIZED)
        {
          v = UPROBE_FORK_NO_OPTIMIZATION;
          *conclusive = true;
        }
      else if (optimized == H_NOT_INSTALLED)
        *conclusive = false;
      else if (optimized == H_OPTIMIZED)
        {
          int child1 = hear (from_h[0]);
          int forked2 = hear (from_h[0]);
          close (ev);
          ev = -1;
          say (to_h[1], 'd');
          int restored = hear (from_h[0]);
          int child2 = hear (from_h[0]);
          if (child1 > 0 && forked2 > 0 && restored > 0 && child2 > 0 && forked2 != H_FAILED
              && child1 != H_FAILED && child2 != H_FAILED)
            {
              *conclusive = true;
              if (child1 == H_CHILD_OK && restored == H_CHILD_OK && child2 == H_CHILD_OK)
                v = UPROBE_FORK_SAFE;
            }
        }
    }
  if (ev >= 0)
    close (ev);
  close (to_h[1]);
  close (from_h[0]);
  if (h > 0)
    {
      if (!*conclusive)
        kill (-h, SIGKILL);
      int st;
      while (waitpid (h, &st, 0) < 0 && errno == EINTR)
        ;
    }
  return v;
}

#else

static enum uprobe_fork_verdict
run_selftest (bool *conclusive)
{
  *conclusive = true;
  return UPROBE_FORK_NO_OPTIMIZATION;
}

#endif

/* ------------------------------------------------------------------ */

enum uprobe_fork_verdict
uprobe_fork_verdict (void)
{
  static int known = -1;
  if (known >= 0)
    return (enum uprobe_fork_verdict) known;
  enum uprobe_fork_verdict v = UPROBE_FORK_NO_OPTIMIZATION;
  const char *mode = getenv ("SDTKIT_FAST_SITES");
  if (!uprobe_kernel_optimizes ())
    v = UPROBE_FORK_NO_OPTIMIZATION;
  else if (mode && strcmp (mode, "force") == 0)
    v = UPROBE_FORK_SAFE;
  else
    {
      char boot_id[64];
      bool have_boot = read_boot_id (boot_id, sizeof boot_id);
      bool retest = mode && strcmp (mode, "retest") == 0;
      if (retest || !have_boot || !cache_read (boot_id, &v))
        {
          bool conclusive;
          v = run_selftest (&conclusive);
          if (conclusive && have_boot)
            cache_write (boot_id, v);
        }
    }
  known = (int) v;
  return v;
}

bool
uprobe_optimization_unsafe (void)
{
  return uprobe_kernel_optimizes () && uprobe_fork_verdict () != UPROBE_FORK_SAFE;
}
