/* SPDX-License-Identifier: MIT */
/*
 * probe-bytes.c — what does one uprobe hit cost, depending on the bytes
 * under the probe?  The measurement behind the byte sequences `dtrace -G`
 * writes over call-style probe sites (dtrace-g/call-site-linker.c).
 *
 * Each candidate is a tiny function, written in assembly below, whose probe
 * address is a global label.  For each one the program
 *   1. times N calls with no probe attached (the baseline),
 *   2. attaches a uprobe to its own executable at that address with
 *      perf_event_open (the uprobe PMU, a counting event: no BPF program, no
 *      sampling, nothing but the kernel's uprobe path), pid = self,
 *   3. times N calls again and reads the counter (it must equal N),
 *   4. prints the per-hit cost = (probed - unprobed) / N, and the bytes found
 *      at the probe address while attached (int3 `cc`, or `e8` once the
 *      kernel has optimised a nop5 into a call to its uprobe trampoline).
 *
 * Build and run (root, or perf_event_paranoid <= 1 with CAP_PERFMON):
 *   cc -O2 -o probe-bytes probe-bytes.c && ./probe-bytes [N]
 * The results on the machine this was chosen on are in README.md.
 *
 * x86-64 Linux only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef __x86_64__
#error "x86-64 only"
#endif

/* Every candidate: `NAME` is the function, `NAME_site` the probe address.
 * "call" candidates stand for a former `call __dtrace_*` inside a function
 * with a frame (push/pop around the site, as a compiler leaves it); "tail"
 * candidates for a former tail call `jmp __dtrace_*`, where the site is the
 * function's last instruction and must return. */
#define CANDIDATE(name, bytes)                          \
  "  .globl " #name "\n"                                \
  "  .type " #name ",@function\n"                       \
  "  .p2align 4\n"                                      \
  #name ":\n"                                           \
  bytes                                                 \
  "  .size " #name ",.-" #name "\n"

#define FRAMED(name, site)                              \
  CANDIDATE (name, "  push %rbp\n  mov %rsp,%rbp\n"     \
             "  .globl " #name "_site\n" #name "_site:\n" \
             site "  pop %rbp\n  ret\n")

#define TAIL(name, site)                                \
  CANDIDATE (name, "  push %rbx\n  pop %rbx\n"          \
             "  .globl " #name "_site\n" #name "_site:\n" site)

__asm__ (
  "  .text\n"
  FRAMED (c_nop1x5,   "  .byte 0x90,0x90,0x90,0x90,0x90\n")
  FRAMED (c_nop5,     "  .byte 0x0f,0x1f,0x44,0x00,0x00\n")
  FRAMED (c_nop6,     "  .byte 0x66,0x0f,0x1f,0x44,0x00,0x00\n")
  FRAMED (c_nop5nop1, "  .byte 0x0f,0x1f,0x44,0x00,0x00,0x90\n")
  FRAMED (c_nop4nop1, "  .byte 0x0f,0x1f,0x40,0x00,0x90\n")
  FRAMED (c_nop1nop4, "  .byte 0x90,0x0f,0x1f,0x40,0x00\n")
  FRAMED (c_nop1nop4nop1, "  .byte 0x90,0x0f,0x1f,0x40,0x00,0x90\n")
  TAIL (t_nop1ret,    "  .byte 0x90,0xc3,0xcc,0xcc,0xcc\n")
  TAIL (t_nop4ret,    "  .byte 0x0f,0x1f,0x40,0x00,0xc3\n")
  TAIL (t_ret,        "  .byte 0xc3,0x90,0x90,0x90,0x90\n")
);

void c_nop1x5 (void), c_nop5 (void), c_nop6 (void), c_nop5nop1 (void), c_nop4nop1 (void);
void c_nop1nop4 (void), c_nop1nop4nop1 (void);
void t_nop1ret (void), t_nop4ret (void), t_ret (void);
extern const unsigned char c_nop1x5_site[], c_nop5_site[], c_nop6_site[], c_nop5nop1_site[];
extern const unsigned char c_nop4nop1_site[], t_nop1ret_site[], t_nop4ret_site[], t_ret_site[];
extern const unsigned char c_nop1nop4_site[], c_nop1nop4nop1_site[];

struct candidate {
  const char *name;
  const char *bytes;
  const char *what;
  void (*fn) (void);
  const unsigned char *site;
  int slow;                 /* single-stepped: fewer iterations */
};

static const struct candidate candidates[] = {
  { "c_nop1x5", "90 90 90 90 90", "call site: five 1-byte nops (illumos, Oracle)",
    c_nop1x5, c_nop1x5_site, 0 },
  { "c_nop5", "0f 1f 44 00 00", "call site: one 5-byte nop",
    c_nop5, c_nop5_site, 0 },
  { "c_nop4nop1", "0f 1f 40 00 90", "call site: 4-byte nop + nop",
    c_nop4nop1, c_nop4nop1_site, 0 },
  { "c_nop1nop4", "90 0f 1f 40 00", "call site: nop + 4-byte nop (probe on the nop)",
    c_nop1nop4, c_nop1nop4_site, 0 },
  { "c_nop6", "66 0f 1f 44 00 00", "-fno-plt call site: one 6-byte nop",
    c_nop6, c_nop6_site, 0 },
  { "c_nop5nop1", "0f 1f 44 00 00 90", "-fno-plt call site: 5-byte nop + nop",
    c_nop5nop1, c_nop5nop1_site, 0 },
  { "c_nop1nop4nop1", "90 0f 1f 40 00 90", "-fno-plt call site: nop + 4-byte nop + nop",
    c_nop1nop4nop1, c_nop1nop4nop1_site, 0 },
  { "t_nop1ret", "90 c3 cc cc cc", "tail-call site: nop, ret (probe on the nop)",
    t_nop1ret, t_nop1ret_site, 0 },
  { "t_nop4ret", "0f 1f 40 00 c3", "tail-call site: 4-byte nop, ret",
    t_nop4ret, t_nop4ret_site, 0 },
  { "t_ret", "c3 90 90 90 90", "tail-call site: ret first (illumos, Oracle; probe on ret)",
    t_ret, t_ret_site, 1 },
};

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

/* Call FN N times through a volatile pointer; returns ns per call. */
static double
run (void (*fn) (void), long n)
{
  void (*volatile f) (void) = fn;
  double t0 = now_ns ();
  for (long i = 0; i < n; i++)
    f ();
  return (now_ns () - t0) / (double) n;
}

/* File offset of ADDR in the main executable. */
struct find { uintptr_t addr; long off; };

static int
find_cb (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  struct find *f = data;
  if (info->dlpi_name && info->dlpi_name[0])
    return 0;                       /* the main program has an empty name */
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      if (ph->p_type == PT_LOAD && f->addr >= lo && f->addr < lo + ph->p_memsz)
        {
          f->off = (long) (f->addr - lo + ph->p_offset);
          return 1;
        }
    }
  return 0;
}

static int
uprobe_type (void)
{
  FILE *f = fopen ("/sys/bus/event_source/devices/uprobe/type", "r");
  int t = -1;
  if (f)
    {
      if (fscanf (f, "%d", &t) != 1)
        t = -1;
      fclose (f);
    }
  return t;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  if (n <= 0)
    n = 1000000;
  int type = uprobe_type ();
  if (type < 0)
    {
      fprintf (stderr, "no uprobe PMU (/sys/bus/event_source/devices/uprobe/type)\n");
      return 1;
    }
  char exe[4096];
  ssize_t len = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0)
    {
      perror ("readlink /proc/self/exe");
      return 1;
    }
  exe[len] = '\0';
  struct utsname_like { char r[128]; } rel = { "" };
  FILE *osr = fopen ("/proc/sys/kernel/osrelease", "r");
  if (osr)
    {
      if (!fgets (rel.r, sizeof rel.r, osr))
        rel.r[0] = '\0';
      rel.r[strcspn (rel.r, "\n")] = '\0';
      fclose (osr);
    }
  printf ("kernel %s, %ld hits per candidate (single-stepped ones: %ld)\n\n", rel.r, n, n / 10);
  printf ("%-14s %-18s %10s %10s %10s  %-15s %s\n", "candidate", "bytes", "unprobed", "probed",
          "per hit", "while attached", "what");

  for (size_t c = 0; c < sizeof candidates / sizeof candidates[0]; c++)
    {
      const struct candidate *cd = &candidates[c];
      long iters = cd->slow ? n / 10 : n;
      struct find fd = { (uintptr_t) cd->site, -1 };
      dl_iterate_phdr (find_cb, &fd);
      if (fd.off < 0)
        {
          fprintf (stderr, "%s: cannot find the file offset of the site\n", cd->name);
          return 1;
        }
      run (cd->fn, iters / 10 + 1);                   /* warm up */
      double base = run (cd->fn, iters);

      struct perf_event_attr attr;
      memset (&attr, 0, sizeof attr);
      attr.size = sizeof attr;
      attr.type = (uint32_t) type;
      attr.config = 0;                                 /* uprobe, no ref_ctr */
      attr.config1 = (uint64_t) (uintptr_t) exe;       /* path */
      attr.config2 = (uint64_t) fd.off;                /* file offset */
      attr.disabled = 1;
      int pfd = (int) syscall (SYS_perf_event_open, &attr, 0, -1, -1, 0);
      if (pfd < 0)
        {
          fprintf (stderr, "%s: perf_event_open: %s\n", cd->name, strerror (errno));
          return 1;
        }
      ioctl (pfd, PERF_EVENT_IOC_RESET, 0);
      ioctl (pfd, PERF_EVENT_IOC_ENABLE, 0);
      /* The first hits of a nop5 are slow (the kernel rewrites it); time
       * them apart, then the steady state. */
      double first = run (cd->fn, 10);
      double probed = run (cd->fn, iters);
      unsigned char seen[6];
      memcpy (seen, cd->site, sizeof seen);
      ioctl (pfd, PERF_EVENT_IOC_DISABLE, 0);
      uint64_t count = 0;
      if (read (pfd, &count, sizeof count) != (ssize_t) sizeof count)
        count = 0;
      close (pfd);
      char seen_txt[32];
      snprintf (seen_txt, sizeof seen_txt, "%02x %02x %02x %02x %02x", seen[0], seen[1], seen[2],
                seen[3], seen[4]);
      printf ("%-14s %-18s %8.1fns %8.1fns %8.1fns  %-15s %s\n", cd->name, cd->bytes, base,
              probed, probed - base, seen_txt, cd->what);
      if (count != (uint64_t) iters + 10)
        printf ("  (counter says %llu hits, expected %ld)\n", (unsigned long long) count,
                iters + 10);
      if (first > 10 * probed)
        printf ("  (first 10 hits: %.0f ns each)\n", first);
    }
  return 0;
}
