/* SPDX-License-Identifier: MIT */
/*
 * loop.c — the program every probe-cost figure of bench/run is measured in.
 *
 * One binary, built by bench/run with our own `dtrace -h` (bench.h, the
 * sdt-style header) and `dtrace -h -x callstyle` (benchc.h, in loopc.c),
 * linked with one `dtrace -G` object.  It times itself (CLOCK_MONOTONIC
 * around the loop only), so a tracer's start-up and exit never count:
 *
 *   loop none|sdt|guard|call N  tight loop of N iterations: no probe, an
 *                               sdt-style site, the same behind its
 *                               *_ENABLED() guard, a call-style site; prints
 *                               ns per iteration (figure 1, no tracer)
 *   loop hit N                  N hits of bench:::hit (sdt-style site): waits
 *                               (up to 30 s) until a tracer has raised the
 *                               probe's semaphore, then times; prints ns per
 *                               hit (figure 2; with no tracer, the baseline)
 *   loop hit-notrace N          the same loop without waiting
 *                               ($LOOP_LINGER set: sleeps 0.1 s before exiting)
 *   loop empty-perf N OFF       attaches an empty BPF program (r0 = 0; exit)
 *   loop empty-multi N OFF      to its own site at file offset OFF, through a
 *                               uprobe-PMU perf event or a uprobe_multi link,
 *                               then times N hits: the kernel's own cost per
 *                               hit, the limit any tracer can reach
 *   loop rate N R               waits for a tracer like `hit`, then fires N
 *                               hits at R per second (0: flat out); prints
 *                               the rate achieved (figure 6)
 *   loop tick                   fires bench:::tick every millisecond, forever
 *                               (start-up to the first probe, figure 3)
 *   loop sleep                  sleeps (a process to attach to)
 *   loop syscall N              N getppid() system calls: ns per round trip
 *                               (an optimized uprobe hit is one system call;
 *                               figure 7 puts the two side by side)
 *
 * The empty-program attach uses libbpf for the program and a raw
 * perf_event_open / bpf(BPF_LINK_CREATE) for the link (libbpf 1.1 has no
 * uprobe PMU helper and no uprobe_multi).
 */
#define _GNU_SOURCE
#include "bench.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void loop_call (long n);        /* loopc.c */

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

__attribute__ ((noinline)) static void
loop_none (long n)
{
  for (long i = 0; i < n; i++)
    __asm__ volatile ("" : : "r" (i));
}

__attribute__ ((noinline)) static void
loop_sdt (long n)
{
  for (long i = 0; i < n; i++)
    {
      __asm__ volatile ("" : : "r" (i));
      BENCH_HIT ((int) i, (int) (i & 15));
    }
}

__attribute__ ((noinline)) static void
loop_guard (long n)
{
  for (long i = 0; i < n; i++)
    {
      __asm__ volatile ("" : : "r" (i));
      if (BENCH_HIT_ENABLED ())
        BENCH_HIT ((int) i, (int) (i & 15));
    }
}

/* Wait until a tracer has raised bench:::hit's semaphore; 0 on time-out. */
static int
wait_enabled (void)
{
  for (int i = 0; i < 30000; i++)
    {
      if (BENCH_HIT_ENABLED ())
        {
          usleep (20000);           /* let every link of the tracer settle */
          return 1;
        }
      usleep (1000);
    }
  fprintf (stderr, "loop: no tracer enabled bench:::hit in 30 s; timing anyway\n");
  return 0;
}

static int
empty_prog (enum bpf_attach_type type)
{
  const struct bpf_insn insns[] = {
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
    { .code = BPF_JMP | BPF_EXIT },
  };
  LIBBPF_OPTS (bpf_prog_load_opts, opts, .expected_attach_type = type);
  int fd = bpf_prog_load (BPF_PROG_TYPE_KPROBE, "bench_empty", "GPL", insns, 2, &opts);
  if (fd < 0)
    fprintf (stderr, "loop: loading the empty BPF program: %s\n", strerror (errno));
  return fd;
}

static int
attach_perf (const char *exe, unsigned long off)
{
  int prog = empty_prog (0);
  if (prog < 0)
    return -1;
  FILE *f = fopen ("/sys/bus/event_source/devices/uprobe/type", "r");
  int type = -1;
  if (!f || fscanf (f, "%d", &type) != 1)
    {
      fprintf (stderr, "loop: no uprobe PMU\n");
      return -1;
    }
  fclose (f);
  struct perf_event_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = (uint32_t) type;
  attr.config1 = (uint64_t) (uintptr_t) exe;
  attr.config2 = off;
  int pfd = (int) syscall (SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (pfd < 0 || ioctl (pfd, PERF_EVENT_IOC_SET_BPF, prog) != 0
      || ioctl (pfd, PERF_EVENT_IOC_ENABLE, 0) != 0)
    {
      fprintf (stderr, "loop: uprobe perf event: %s\n", strerror (errno));
      return -1;
    }
  return 0;
}

/* BPF_LINK_CREATE with the uprobe_multi member (Linux 6.6 uapi layout; the
 * installed headers predate it). */
#define BENCH_TRACE_UPROBE_MULTI 48
struct multi_attr {
  uint32_t prog_fd, target_fd, attach_type, link_flags;
  uint64_t path, offsets, ref_ctr_offsets, cookies;
  uint32_t cnt, flags, pid, pad;
};

static int
attach_multi (const char *exe, unsigned long off)
{
  int prog = empty_prog (BENCH_TRACE_UPROBE_MULTI);
  if (prog < 0)
    return -1;
  struct multi_attr a;
  memset (&a, 0, sizeof a);
  a.prog_fd = (uint32_t) prog;
  a.attach_type = BENCH_TRACE_UPROBE_MULTI;
  a.path = (uint64_t) (uintptr_t) exe;
  a.offsets = (uint64_t) (uintptr_t) &off;
  a.cnt = 1;
  a.pid = (uint32_t) getpid ();
  if (syscall (__NR_bpf, BPF_LINK_CREATE, &a, sizeof a) < 0)
    {
      fprintf (stderr, "loop: uprobe_multi link: %s\n", strerror (errno));
      return -1;
    }
  return 0;
}

/* The result goes to stdout, or to the file named by $LOOP_RESULT (so that
 * a tracer's own output, on the same terminal, never mixes with it). */
static void
result (const char *fmt, double v)
{
  const char *path = getenv ("LOOP_RESULT");
  FILE *f = path && *path ? fopen (path, "w") : stdout;
  if (!f)
    f = stdout;
  fprintf (f, fmt, v);
  fputc ('\n', f);
  if (f != stdout)
    fclose (f);
}

static void
usage (void)
{
  fprintf (stderr, "usage: loop none|sdt|guard|call|hit|hit-notrace N | empty-perf|empty-multi N OFFSET"
           " | rate N PER_SEC | syscall N | tick | sleep\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    usage ();
  const char *mode = argv[1];
  if (strcmp (mode, "sleep") == 0)
    for (;;)
      pause ();
  if (strcmp (mode, "tick") == 0)
    for (;;)
      {
        BENCH_TICK ();
        usleep (1000);
      }
  if (argc < 3)
    usage ();
  long n = atol (argv[2]);
  if (n <= 0)
    usage ();

  void (*fn) (long) = NULL;
  if (strcmp (mode, "none") == 0)
    fn = loop_none;
  else if (strcmp (mode, "sdt") == 0)
    fn = loop_sdt;
  else if (strcmp (mode, "guard") == 0)
    fn = loop_guard;
  else if (strcmp (mode, "call") == 0)
    fn = loop_call;
  if (fn)
    {
      fn (n / 10 + 1);                                /* warm up */
      double t0 = now_ns ();
      fn (n);
      result ("%.4f", (now_ns () - t0) / (double) n);
      return 0;
    }

  if (strcmp (mode, "syscall") == 0)
    {
      for (long i = 0; i < n / 10 + 1; i++)             /* warm up */
        syscall (SYS_getppid);
      double t0 = now_ns ();
      for (long i = 0; i < n; i++)
        syscall (SYS_getppid);
      result ("%.0f", (now_ns () - t0) / (double) n);
      return 0;
    }

  if (strcmp (mode, "hit") == 0 || strcmp (mode, "hit-notrace") == 0)
    {
      if (strcmp (mode, "hit") == 0)
        wait_enabled ();
      double t0 = now_ns ();
      loop_sdt (n);
      result ("%.2f", (now_ns () - t0) / (double) n);
      if (getenv ("LOOP_LINGER"))
        usleep (100000);                              /* bench/progstat's last poll */
      return 0;
    }

  if (strcmp (mode, "empty-perf") == 0 || strcmp (mode, "empty-multi") == 0)
    {
      if (argc < 4)
        usage ();
      char exe[4096];
      ssize_t len = readlink ("/proc/self/exe", exe, sizeof exe - 1);
      if (len <= 0)
        return 1;
      exe[len] = '\0';
      unsigned long off = strtoul (argv[3], NULL, 0);
      int rc = strcmp (mode, "empty-perf") == 0 ? attach_perf (exe, off) : attach_multi (exe, off);
      if (rc != 0)
        return 1;
      loop_sdt (1000);                                /* the first hits rewrite the site */
      double t0 = now_ns ();
      loop_sdt (n);
      result ("%.2f", (now_ns () - t0) / (double) n);
      return 0;
    }

  if (strcmp (mode, "rate") == 0)
    {
      if (argc < 4)
        usage ();
      double rate = atof (argv[3]);
      wait_enabled ();
      double gap = rate > 0 ? 1e9 / rate : 0, t0 = now_ns (), next = t0;
      for (long i = 0; i < n; i++)
        {
          if (gap > 0)
            {
              next += gap;
              while (now_ns () < next)
                ;
            }
          BENCH_HIT ((int) i, (int) (i & 15));
        }
      double dt = now_ns () - t0;
      result ("%.0f", (double) n / (dt / 1e9));
      return 0;
    }
  usage ();
  return 2;
}
