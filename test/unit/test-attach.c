/* SPDX-License-Identifier: MIT */
/*
 * test-attach.c — the probe discovery / attach / process layer against real
 * uprobes.
 *
 * Without arguments it tests itself: this program carries its own USDT
 * probes (systemtap <sys/sdt.h>, semaphore-guarded), finds them through
 * /proc/self/exe and through its own pid, attaches a tiny BPF program that
 * counts hits per attach cookie (uprobe_multi and the perf-event fallback,
 * system-wide and pid-filtered, entry and return probes), fires them and
 * checks the counts and the semaphores, then exercises -p/-c handling.
 *
 * With arguments it is the driver of test/integration/attach.sh:
 *   test-attach [options] [DESCRIPTION...]
 *     --module PATH   a file to look in (repeatable; also a module path in a
 *                     description does this)
 *     -p PID          a process in scope (repeatable)
 *     -c CMD          create CMD held before exec, attach, let it run, wait
 *     --pid PID       attach for that process only (default: the -p/-c pid
 *                     when there is exactly one, else every process)
 *     --system-wide   with no -p/-c/--module: scan every process
 *     --perf, --multi force the attach mechanism
 *     --retprobe      return probes
 *     --func SYMBOL   attach at the entry of SYMBOL in each --module file
 *                     instead of at USDT sites
 *     --no-semaphore  attach without ref_ctr offsets
 *     --ready FILE    create FILE once attached
 *     --list          print the -l rows of the matches and exit
 *   It stays attached until SIGTERM/SIGINT (or the -c child exits), then
 *   prints "site COOKIE MODULE NAME 0xOFFSET COUNT" per site, "probe PROVIDER
 *   MODULE FUNCTION NAME COUNT" per probe and "total COUNT", detaches, and
 *   prints the timings.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "consumer/output/probe-list.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/runtime/process.h"
#include "consumer/probes/uprobe-attach.h"
#include "consumer/probes/usdt-probes.h"
#include "common/xalloc.h"
#include "unit.h"

/* ------------------------------------------------------------------ */
/* The probes of this program.                                         */

__extension__ volatile unsigned short tattach_fire_semaphore __attribute__ ((section (".probes")));
__extension__ volatile unsigned short tattach_other__probe_semaphore __attribute__ ((section (".probes")));

__attribute__ ((noinline)) int fire (int i);
__attribute__ ((noinline)) int fire_other (int i);

__attribute__ ((noinline)) int
fire (int i)
{
  STAP_PROBE1 (tattach, fire, i);
  __asm__ __volatile__ ("" ::: "memory");
  return i + 1;
}

/* Two sites of one probe. */
__attribute__ ((noinline)) int
fire_other (int i)
{
  STAP_PROBE1 (tattach, other__probe, i);
  __asm__ __volatile__ ("" ::: "memory");
  STAP_PROBE1 (tattach, other__probe, i + 1);
  __asm__ __volatile__ ("" ::: "memory");
  return i + 2;
}

/* ------------------------------------------------------------------ */
/* The BPF program: counts[cookie]++, for every process or for the tgid in
 * filter[0] when that is non-zero.  Written as raw instructions. */

#define INSN(c, d, s, o, i) \
  ((struct bpf_insn) { .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

struct counter_prog {
  int prog_fd;
  int counts_fd;
  int filter_fd;
  size_t nslots;
};

static int
counter_prog_load (struct counter_prog *cp, size_t nslots, enum uprobe_mode mode)
{
  memset (cp, 0, sizeof *cp);
  cp->prog_fd = cp->counts_fd = cp->filter_fd = -1;
  cp->nslots = nslots ? nslots : 1;
  cp->counts_fd = bpf_map_create (BPF_MAP_TYPE_ARRAY, "tattach_counts", 4, 8, (unsigned) cp->nslots, NULL);
  cp->filter_fd = bpf_map_create (BPF_MAP_TYPE_ARRAY, "tattach_filter", 4, 4, 1, NULL);
  if (cp->counts_fd < 0 || cp->filter_fd < 0)
    {
      fprintf (stderr, "bpf_map_create: %s\n", strerror (errno));
      return -1;
    }
  const struct bpf_insn insns[] = {
    /*  0 */ INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_6, BPF_REG_1, 0, 0),
    /*  1 */ INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid),
    /*  2 */ INSN (BPF_ALU64 | BPF_RSH | BPF_K, BPF_REG_0, 0, 0, 32),
    /*  3 */ INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_7, BPF_REG_0, 0, 0),
    /*  4 */ INSN (BPF_ST | BPF_W | BPF_MEM, BPF_REG_10, 0, -4, 0),
    /*  5 */ INSN (BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, cp->filter_fd),
    /*  6 */ INSN (0, 0, 0, 0, 0),
    /*  7 */ INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0),
    /*  8 */ INSN (BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -4),
    /*  9 */ INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
    /* 10 */ INSN (BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 14, 0),          /* -> 25 */
    /* 11 */ INSN (BPF_LDX | BPF_W | BPF_MEM, BPF_REG_1, BPF_REG_0, 0, 0),
    /* 12 */ INSN (BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_1, 0, 1, 0),           /* -> 14 */
    /* 13 */ INSN (BPF_JMP | BPF_JNE | BPF_X, BPF_REG_1, BPF_REG_7, 11, 0),  /* -> 25 */
    /* 14 */ INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_1, BPF_REG_6, 0, 0),
    /* 15 */ INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_attach_cookie),
    /* 16 */ INSN (BPF_STX | BPF_W | BPF_MEM, BPF_REG_10, BPF_REG_0, -8, 0),
    /* 17 */ INSN (BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, cp->counts_fd),
    /* 18 */ INSN (0, 0, 0, 0, 0),
    /* 19 */ INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0),
    /* 20 */ INSN (BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -8),
    /* 21 */ INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
    /* 22 */ INSN (BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 2, 0),           /* -> 25 */
    /* 23 */ INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, 1),
    /* 24 */ INSN (BPF_STX | BPF_DW | BPF_ATOMIC, BPF_REG_0, BPF_REG_1, 0, BPF_ADD),
    /* 25 */ INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0),
    /* 26 */ INSN (BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
  };
  static char log[65536];
  LIBBPF_OPTS (bpf_prog_load_opts, opts,
               .expected_attach_type = uprobe_prog_expected_attach_type (mode),
               .log_buf = log, .log_size = sizeof log, .log_level = 0);
  cp->prog_fd = bpf_prog_load (BPF_PROG_TYPE_KPROBE, "tattach_count", "GPL", insns,
                               sizeof insns / sizeof insns[0], &opts);
  if (cp->prog_fd < 0)
    {
      int err = errno;
      /* Retry with the verifier log for the message. */
      opts.log_level = 1;
      int fd = bpf_prog_load (BPF_PROG_TYPE_KPROBE, "tattach_count", "GPL", insns,
                              sizeof insns / sizeof insns[0], &opts);
      if (fd >= 0)
        close (fd);
      fprintf (stderr, "bpf_prog_load: %s\n%s\n", strerror (err), log);
      return -1;
    }
  return 0;
}

static void
counter_prog_set_filter (const struct counter_prog *cp, pid_t tgid)
{
  unsigned key = 0, val = (unsigned) tgid;
  bpf_map_update_elem (cp->filter_fd, &key, &val, BPF_ANY);
}

static unsigned long long
counter_get (const struct counter_prog *cp, size_t slot)
{
  unsigned key = (unsigned) slot;
  unsigned long long v = 0;
  if (bpf_map_lookup_elem (cp->counts_fd, &key, &v) != 0)
    return 0;
  return v;
}

static void
counter_reset (const struct counter_prog *cp)
{
  for (size_t i = 0; i < cp->nslots; i++)
    {
      unsigned key = (unsigned) i;
      unsigned long long zero = 0;
      bpf_map_update_elem (cp->counts_fd, &key, &zero, BPF_ANY);
    }
}

static void
counter_prog_close (struct counter_prog *cp)
{
  if (cp->prog_fd >= 0)
    close (cp->prog_fd);
  if (cp->counts_fd >= 0)
    close (cp->counts_fd);
  if (cp->filter_fd >= 0)
    close (cp->filter_fd);
  cp->prog_fd = cp->counts_fd = cp->filter_fd = -1;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec / 1e6;
}

/* ------------------------------------------------------------------ */
/* Self-test.                                                          */

static char self_exe[4096];

static int
find_self (const char *text, bool by_pid, struct usdt_probe_list *l)
{
  struct probe_desc d;
  char *err = NULL;
  if (probe_desc_parse (text, PROBE_FIELD_NAME, NULL, &d, &err) != 0)
    {
      printf ("# %s\n", err);
      free (err);
      return -1;
    }
  struct usdt_proc me = { getpid (), NULL };
  const char *mods[1] = { self_exe };
  struct usdt_scope scope;
  memset (&scope, 0, sizeof scope);
  if (by_pid)
    {
      scope.procs = &me;
      scope.nprocs = 1;
    }
  else
    {
      scope.modules = mods;
      scope.nmodules = 1;
    }
  int rc = usdt_probes_find (&d, 1, &scope, NULL, l);
  probe_desc_free (&d);
  return rc;
}

static const struct usdt_probe *
probe_named (const struct usdt_probe_list *l, const char *name)
{
  for (size_t i = 0; i < l->nprobes; i++)
    if (strcmp (l->probes[i].name, name) == 0)
      return &l->probes[i];
  return NULL;
}

static void
self_discovery (void)
{
  struct usdt_probe_list l;
  int rc = find_self ("tattach:::", false, &l);
  UNIT_INTEQ (rc, 0, "discovery in %s succeeds", self_exe);
  if (rc != 0)
    return;
  UNIT_INTEQ (l.nprobes, 2, "two probes in file scope");
  const struct usdt_probe *f = probe_named (&l, "fire");
  const struct usdt_probe *o = probe_named (&l, "other-probe");
  UNIT_CHECK (f && o, "probes fire and other-probe (D spelling of other__probe) found");
  if (f && o)
    {
      UNIT_STREQ (f->provider, "tattach", "file scope: provider is the note's own");
      UNIT_STREQ (f->module, "test-attach", "module is the basename");
      UNIT_STREQ (f->function, "fire", "function of fire is fire()");
      UNIT_STREQ (o->function, "fire_other", "function of other-probe is fire_other()");
      UNIT_STREQ (o->note_name, "other__probe", "raw note name kept");
      UNIT_INTEQ (f->nsites, 1, "fire has one site");
      UNIT_INTEQ (o->nsites, 2, "other-probe has two sites");
      UNIT_CHECK (f->sites[0].ref_ctr_offset != 0, "fire has a semaphore ref_ctr offset");
      UNIT_CHECK (o->sites[0].ref_ctr_offset == o->sites[1].ref_ctr_offset,
                  "both other-probe sites share one semaphore");
      UNIT_STREQ (f->sites[0].args, "-4@%edi", "argument string kept");
    }
  UNIT_INTEQ (l.nusites, 3, "three unique sites");
  bool cookies_ok = true;
  for (size_t i = 0; i < l.nusites; i++)
    cookies_ok = cookies_ok && l.usites[i].cookie == i;
  UNIT_CHECK (cookies_ok, "unique site cookies are their indexes");

  char *buf = NULL;
  size_t len = 0;
  FILE *mf = open_memstream (&buf, &len);
  struct probe_lister pl = { mf, 0, false, false };
  probe_list_header (&pl);
  usdt_list_print (&pl, &l);
  fclose (mf);
  UNIT_CHECK (strstr (buf, "   ID   PROVIDER            MODULE                          FUNCTION NAME\n") == buf,
              "-l header");
  bool row_ok = strstr (buf, "    1    tattach       test-attach                              fire fire\n") != NULL;
  UNIT_CHECK (row_ok, "-l row in DTrace's layout");
  if (!row_ok)
    printf ("# got:\n%s", buf);
  free (buf);
  usdt_probe_list_free (&l);

  rc = find_self ("tattach*:::other-*", true, &l);
  UNIT_INTEQ (rc, 0, "discovery by pid succeeds");
  if (rc == 0)
    {
      char want[64];
      snprintf (want, sizeof want, "tattach%d", (int) getpid ());
      UNIT_INTEQ (l.nprobes, 1, "a glob on the -/__ name matches one probe in the process");
      if (l.nprobes == 1)
        {
          UNIT_STREQ (l.probes[0].provider, want, "process scope: provider is <prov><pid>");
          UNIT_INTEQ (l.probes[0].pid, getpid (), "probe pid");
        }
      usdt_probe_list_free (&l);
    }
  rc = find_self ("tattach:::", true, &l);
  UNIT_CHECK (rc == 0 && l.nprobes == 0, "process scope: provider without the pid matches nothing");
  if (rc == 0)
    usdt_probe_list_free (&l);
  rc = find_self ("tattach$pid:::command-*", true, &l);
  UNIT_CHECK (rc != 0, "undefined macro rejected");
  rc = find_self ("tattach*:libc*::", true, &l);
  UNIT_CHECK (rc == 0 && l.nprobes == 0, "module glob restricts the files");
  if (rc == 0)
    usdt_probe_list_free (&l);

  /* A module path in the description is a file scope by itself. */
  char *text = xasprintf ("tattach:%s::fire", self_exe);
  struct probe_desc d;
  char *err = NULL;
  rc = probe_desc_parse (text, PROBE_FIELD_NAME, NULL, &d, &err);
  free (text);
  if (rc == 0)
    {
      rc = usdt_probes_find (&d, 1, NULL, NULL, &l);
      UNIT_CHECK (rc == 0 && l.nprobes == 1, "module path in the description: one probe");
      if (rc == 0)
        usdt_probe_list_free (&l);
      probe_desc_free (&d);
    }
  free (err);
}

static void
fire_all (int n)
{
  for (int i = 0; i < n; i++)
    {
      fire (i);
      fire_other (i);
    }
}

/* Attach the self probes in MODE with PID (0 = all), fire, check. */
static void
self_attach (enum uprobe_mode mode, pid_t pid)
{
  const char *how = uprobe_mode_name (mode);
  const char *scope = pid ? "pid-filtered" : "system-wide";
  struct usdt_probe_list l;
  if (find_self ("tattach:::", false, &l) != 0 || l.nusites != 3)
    {
      UNIT_CHECK (0, "%s %s: discovery", how, scope);
      return;
    }
  struct counter_prog cp;
  if (counter_prog_load (&cp, l.nusites, mode) != 0)
    {
      UNIT_CHECK (0, "%s %s: program loads", how, scope);
      counter_prog_close (&cp);
      usdt_probe_list_free (&l);
      return;
    }
  struct uprobe_attachment *h = uprobe_attachment_new ();
  struct uprobe_attach_opts o = { mode, false, pid };
  int rc = uprobe_attach (h, cp.prog_fd, l.usites, l.nusites, &o);
  UNIT_INTEQ (rc, 0, "%s %s: attach 3 sites", how, scope);
  if (rc == 0 && !uprobe_attachment_pid_filtered (h))
    counter_prog_set_filter (&cp, pid);
  UNIT_INTEQ (uprobe_attachment_nlinks (h), mode == UPROBE_MODE_MULTI ? 1 : 3,
              "%s: number of links", how);
  UNIT_INTEQ (tattach_fire_semaphore, 1, "%s %s: fire semaphore raised", how, scope);
  UNIT_INTEQ (tattach_other__probe_semaphore, 2, "%s %s: other-probe semaphore counts its 2 sites", how, scope);
  fire_all (5);
  const struct usdt_probe *f = probe_named (&l, "fire");
  const struct usdt_probe *ot = probe_named (&l, "other-probe");
  if (f && ot)
    {
      UNIT_INTEQ (counter_get (&cp, f->sites[0].usite), 5, "%s %s: fire counted 5 times", how, scope);
      UNIT_INTEQ (counter_get (&cp, ot->sites[0].usite), 5, "%s %s: other-probe site 1 counted 5 times", how, scope);
      UNIT_INTEQ (counter_get (&cp, ot->sites[1].usite), 5, "%s %s: other-probe site 2 counted 5 times", how, scope);
    }
  /* A child of ours is another process: counted system-wide only. */
  pid_t child = fork ();
  if (child == 0)
    {
      fire_all (2);
      _exit (0);
    }
  int st;
  waitpid (child, &st, 0);
  if (f)
    UNIT_INTEQ (counter_get (&cp, f->sites[0].usite), pid ? 5 : 7,
                "%s %s: a forked child's hits %s", how, scope, pid ? "are filtered out" : "count");
  uprobe_detach (h);
  UNIT_INTEQ (tattach_fire_semaphore, 0, "%s %s: fire semaphore back to 0 after detach", how, scope);
  UNIT_INTEQ (tattach_other__probe_semaphore, 0, "%s %s: other-probe semaphore back to 0", how, scope);
  counter_reset (&cp);
  fire_all (3);
  if (f)
    UNIT_INTEQ (counter_get (&cp, f->sites[0].usite), 0, "%s %s: no hits after detach", how, scope);
  counter_prog_close (&cp);
  usdt_probe_list_free (&l);
}

static void
self_retprobe (enum uprobe_mode mode)
{
  const char *how = uprobe_mode_name (mode);
  uint64_t off;
  int rc = usdt_elf_function_offset (self_exe, "fire_other", &off);
  UNIT_INTEQ (rc, 0, "%s: entry offset of fire_other found", how);
  if (rc != 0)
    return;
  struct counter_prog cp;
  if (counter_prog_load (&cp, 2, mode) != 0)
    {
      UNIT_CHECK (0, "%s: program loads", how);
      counter_prog_close (&cp);
      return;
    }
  struct uprobe_site s = { self_exe, 0, 0, off, 0, 1 };
  struct uprobe_attachment *h = uprobe_attachment_new ();
  struct uprobe_attach_opts o = { mode, true, getpid () };
  rc = uprobe_attach (h, cp.prog_fd, &s, 1, &o);
  UNIT_INTEQ (rc, 0, "%s: return probe on fire_other attaches", how);
  if (!uprobe_attachment_pid_filtered (h))
    counter_prog_set_filter (&cp, getpid ());
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += fire_other (i);
  UNIT_INTEQ (sum, 2 + 3 + 4 + 5, "%s: return values intact under a return probe", how);
  UNIT_INTEQ (counter_get (&cp, 1), 4, "%s: return probe fired once per return", how);
  uprobe_detach (h);
  counter_prog_close (&cp);
}

static void
self_ref_ctr_mismatch (void)
{
  struct usdt_probe_list l;
  if (find_self ("tattach:::fire", false, &l) != 0 || l.nusites != 1)
    {
      UNIT_CHECK (0, "ref_ctr mismatch: discovery");
      return;
    }
  enum uprobe_mode mode = uprobe_mode_resolve (UPROBE_MODE_AUTO);
  struct counter_prog cp;
  if (counter_prog_load (&cp, 1, mode) != 0)
    {
      counter_prog_close (&cp);
      usdt_probe_list_free (&l);
      return;
    }
  struct uprobe_attachment *h = uprobe_attachment_new ();
  struct uprobe_attach_opts o = { mode, false, 0 };
  int rc = uprobe_attach (h, cp.prog_fd, l.usites, 1, &o);
  UNIT_INTEQ (rc, 0, "ref_ctr mismatch: first attach with the semaphore");
  struct uprobe_site bare = l.usites[0];
  bare.ref_ctr_offset = 0;
  printf ("# the next error message is expected\n");
  fflush (stdout);
  rc = uprobe_attach (h, cp.prog_fd, &bare, 1, &o);
  UNIT_INTEQ (rc, -1, "ref_ctr mismatch: the same site without a semaphore is refused");
  UNIT_INTEQ (uprobe_attachment_nlinks (h), mode == UPROBE_MODE_MULTI ? 1 : 1,
              "ref_ctr mismatch: the failed attach left the handle as it was");
  UNIT_INTEQ (tattach_fire_semaphore, 1, "ref_ctr mismatch: the semaphore stays 1");
  uprobe_detach (h);
  UNIT_INTEQ (tattach_fire_semaphore, 0, "ref_ctr mismatch: semaphore 0 after detach");
  counter_prog_close (&cp);
  usdt_probe_list_free (&l);
}

/* A program loaded for perf links cannot make uprobe_multi links: the error
 * says so instead of blaming a semaphore. */
static void
self_wrong_mode (void)
{
  struct usdt_probe_list l;
  if (find_self ("tattach:::fire", false, &l) != 0 || l.nusites != 1)
    {
      UNIT_CHECK (0, "wrong mode: discovery");
      return;
    }
  struct counter_prog cp;
  if (counter_prog_load (&cp, 1, UPROBE_MODE_PERF) == 0)
    {
      struct uprobe_attachment *h = uprobe_attachment_new ();
      struct uprobe_attach_opts o = { UPROBE_MODE_MULTI, false, 0 };
      printf ("# the next error message is expected\n");
      fflush (stdout);
      UNIT_INTEQ (uprobe_attach (h, cp.prog_fd, l.usites, 1, &o), -1,
                  "a program loaded for perf links is refused by uprobe_multi");
      UNIT_INTEQ (uprobe_attachment_nlinks (h), 0, "nothing attached");
      UNIT_INTEQ (tattach_fire_semaphore, 0, "semaphore untouched");
      uprobe_detach (h);
    }
  counter_prog_close (&cp);
  if (counter_prog_load (&cp, 1, UPROBE_MODE_MULTI) == 0)
    {
      struct uprobe_attachment *h = uprobe_attachment_new ();
      struct uprobe_attach_opts o = { UPROBE_MODE_PERF, false, 0 };
      printf ("# the next error message is expected\n");
      fflush (stdout);
      UNIT_INTEQ (uprobe_attach (h, cp.prog_fd, l.usites, 1, &o), -1,
                  "a program loaded for uprobe_multi is refused by perf links");
      UNIT_INTEQ (uprobe_attachment_nlinks (h), 0, "nothing attached");
      UNIT_INTEQ (tattach_fire_semaphore, 0, "semaphore back to 0 after the failed perf attach");
      uprobe_detach (h);
    }
  counter_prog_close (&cp);
  usdt_probe_list_free (&l);
}

static void
self_process (void)
{
  struct dt_proc p;
  printf ("# the next error message is expected\n");
  fflush (stdout);
  UNIT_INTEQ (dt_proc_grab (&p, "2147483646"), -1, "-p of a nonexistent pid fails");
  UNIT_INTEQ (dt_proc_grab (&p, "12abc"), -1, "-p of a malformed pid fails");
  char mypid[32];
  snprintf (mypid, sizeof mypid, "%d", (int) getpid ());
  if (dt_proc_grab (&p, mypid) == 0)
    {
      UNIT_CHECK (!p.created && !p.exited, "-p of ourselves grabs");
      UNIT_INTEQ (dt_proc_wait (&p, 1, 0), 0, "we have not exited");
      dt_proc_free (&p);
    }
  else
    UNIT_CHECK (0, "-p of ourselves grabs");

  int rc = dt_proc_create (&p, "true");
  UNIT_INTEQ (rc, 0, "-c true forks held");
  if (rc == 0)
    {
      UNIT_CHECK (p.held && p.exec_path && p.exec_path[0] == '/', "held, exec path %s", p.exec_path);
      UNIT_INTEQ (dt_proc_wait (&p, 1, 200), 0, "a held child does not exit on its own");
      UNIT_INTEQ (dt_proc_release (&p), 0, "release execs");
      while (!dt_proc_all_exited (&p, 1))
        dt_proc_wait (&p, 1, -1);
      char *m = dt_proc_exit_message (&p);
      char want[64];
      snprintf (want, sizeof want, "pid %d has exited", (int) p.pid);
      UNIT_STREQ (m, want, "exit notice of a clean exit");
      free (m);
      dt_proc_free (&p);
    }
  rc = dt_proc_create (&p, "false");
  if (rc == 0 && dt_proc_release (&p) == 0)
    {
      while (!dt_proc_all_exited (&p, 1))
        dt_proc_wait (&p, 1, -1);
      char *m = dt_proc_exit_message (&p);
      char want[64];
      snprintf (want, sizeof want, "pid %d exited with status 1", (int) p.pid);
      UNIT_STREQ (m, want, "exit notice of a failing command");
      free (m);
    }
  else
    UNIT_CHECK (0, "-c false runs");
  dt_proc_free (&p);
  rc = dt_proc_create (&p, "sleep 30");
  if (rc == 0 && dt_proc_release (&p) == 0)
    {
      kill (p.pid, SIGKILL);
      while (!dt_proc_all_exited (&p, 1))
        dt_proc_wait (&p, 1, -1);
      char *m = dt_proc_exit_message (&p);
      char want[64];
      snprintf (want, sizeof want, "pid %d terminated by SIGKILL", (int) p.pid);
      UNIT_STREQ (m, want, "exit notice of a killed command");
      free (m);
    }
  else
    UNIT_CHECK (0, "-c sleep runs");
  dt_proc_free (&p);
  /* A held child that is never released is killed by dt_proc_free. */
  rc = dt_proc_create (&p, "sleep 30");
  if (rc == 0)
    {
      pid_t pid = p.pid;
      dt_proc_free (&p);
      UNIT_CHECK (kill (pid, 0) != 0 && errno == ESRCH, "an unreleased child is gone after free");
    }
  printf ("# the next error message is expected\n");
  fflush (stdout);
  UNIT_INTEQ (dt_proc_create (&p, "sdtkit-no-such-command-xyz arg"), -1, "-c of an unknown command fails");
}

/* An attachment that never attached anything (all its sites failed, or
 * none were given) detaches cleanly: issue 12.4, NULL + 0 in close_all
 * under clang's UBSan. */
/* The file cache (usdt-probes.h): notes read for usdt_cache_notes (the
 * compiler's args[N] typing) are the ones usdt_probes_find then uses with
 * that cache, not read again; the file is found by (dev, ino) through any
 * path, and its probes are named by the path that found it, not by the
 * one it was first read through. */
static void
self_cache_shared (void)
{
  char dir[] = "/tmp/test-attach-cache.XXXXXX";
  if (!mkdtemp (dir))
    {
      UNIT_CHECK (0, "mkdtemp");
      return;
    }
  char *alias = xasprintf ("%s/alias", dir), *text_file = xasprintf ("%s/script.sh", dir);
  FILE *tf = fopen (text_file, "w");
  if (tf)
    {
      fputs ("#!/bin/sh\n", tf);
      fclose (tf);
    }
  UNIT_CHECK (symlink (self_exe, alias) == 0, "symlink %s", alias);
  struct usdt_cache *c = usdt_cache_new ();
  const struct sdt_file *notes = usdt_cache_notes (c, alias);
  UNIT_CHECK (notes && notes->nnotes > 0, "usdt_cache_notes reads the notes through a symlink");
  UNIT_CHECK (usdt_cache_notes (c, self_exe) == notes, "the same file by its own path: the same notes, not read again");
  unit_capture_begin ();
  const struct sdt_file *none = usdt_cache_notes (c, text_file);
  const struct sdt_file *missing = usdt_cache_notes (c, "/nonexistent/file");
  unit_capture_end ();
  UNIT_CHECK (!none && !missing, "not ELF, or missing: no notes");
  UNIT_STREQ (unit_err_text, "", "not ELF, or missing: quietly");

  char *text = xasprintf ("tattach:%s::fire", self_exe);
  struct probe_desc d;
  char *err = NULL;
  struct usdt_probe_list l;
  if (probe_desc_parse (text, PROBE_FIELD_NAME, NULL, &d, &err) == 0)
    {
      int rc = usdt_probes_find (&d, 1, NULL, c, &l);
      UNIT_CHECK (rc == 0 && l.nprobes == 1, "usdt_probes_find with the cache: one probe");
      if (rc == 0 && l.nprobes == 1 && l.probes[0].nsites > 0)
        {
          UNIT_CHECK (&l.probes[0].sites[0].file->elf == notes, "usdt_probes_find uses the notes already read");
          const char *base = strrchr (self_exe, '/');
          UNIT_STREQ (l.probes[0].module, base ? base + 1 : self_exe,
                      "the module is named by the path that found it, not the symlink read first");
        }
      if (rc == 0)
        usdt_probe_list_free (&l);
      probe_desc_free (&d);
    }
  free (err);
  free (text);
  usdt_cache_unref (c);
  unlink (alias);
  unlink (text_file);
  rmdir (dir);
  free (alias);
  free (text_file);
}

static void
self_empty_detach (void)
{
  struct uprobe_attachment *h = uprobe_attachment_new ();
  UNIT_INTEQ (uprobe_attachment_nlinks (h), 0, "a new attachment holds no link");
  uprobe_detach (h);
  UNIT_CHECK (1, "an empty attachment detaches");
}

static int
self_test (void)
{
  ssize_t n = readlink ("/proc/self/exe", self_exe, sizeof self_exe - 1);
  if (n <= 0)
    {
      UNIT_CHECK (0, "readlink /proc/self/exe");
      return unit_exit ();
    }
  self_exe[n] = '\0';
  /* Keep messages in order with the check lines. */
  setvbuf (stdout, NULL, _IOLBF, 0);
  self_discovery ();
  self_cache_shared ();
  self_process ();
  self_empty_detach ();
  if (geteuid () != 0)
    {
      UNIT_SKIP ("uprobe attach tests need root");
      return unit_exit ();
    }
  const struct uprobe_features *f = uprobe_features ();
  printf ("# kernel %d.%d: uprobe PMU %s (type %d, ref_ctr %s), uprobe_multi %s, pid filter %s\n",
          f->kernel_major, f->kernel_minor, f->pmu ? "yes" : "no", f->pmu_type,
          f->ref_ctr ? "yes" : "no", f->multi ? "yes" : "no", f->multi_pid_filter ? "yes" : "no");
  UNIT_CHECK (f->pmu && f->ref_ctr, "the uprobe PMU with ref_ctr_offset exists");
  self_attach (UPROBE_MODE_PERF, 0);
  self_attach (UPROBE_MODE_PERF, getpid ());
  self_retprobe (UPROBE_MODE_PERF);
  if (f->multi)
    {
      self_attach (UPROBE_MODE_MULTI, 0);
      self_attach (UPROBE_MODE_MULTI, getpid ());
      self_retprobe (UPROBE_MODE_MULTI);
      self_wrong_mode ();
    }
  else
    UNIT_SKIP ("this kernel has no uprobe_multi links (Linux 6.6+)");
  self_ref_ctr_mismatch ();
  return unit_exit ();
}

/* ------------------------------------------------------------------ */
/* Driver.                                                             */

static volatile sig_atomic_t stop_requested;

static void
on_stop (int sig)
{
  (void) sig;
  stop_requested = 1;
}

struct driver {
  enum uprobe_mode mode;
  bool retprobe, no_semaphore, list, system_wide;
  pid_t pid;
  bool pid_given;
  const char *ready, *func, *command;
  size_t nmodules, npids, ndescs;
  const char **modules, **pids, **descs;
};

static void
usage (void)
{
  fprintf (stderr, "usage: test-attach [--module PATH] [-p PID] [-c CMD] [--pid PID] [--system-wide]\n"
                   "                   [--perf|--multi] [--retprobe] [--func SYMBOL] [--no-semaphore]\n"
                   "                   [--ready FILE] [--list] [DESCRIPTION...]\n");
  exit (2);
}

static const char **
push (const char **v, size_t *n, const char *s)
{
  v = xrealloc (v, (*n + 1) * sizeof *v);
  v[(*n)++] = s;
  return v;
}

static int
driver (int argc, char **argv)
{
  struct driver d;
  memset (&d, 0, sizeof d);
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      bool more = i + 1 < argc;
      if (strcmp (a, "--module") == 0 && more)
        d.modules = push (d.modules, &d.nmodules, argv[++i]);
      else if (strcmp (a, "-p") == 0 && more)
        d.pids = push (d.pids, &d.npids, argv[++i]);
      else if (strcmp (a, "-c") == 0 && more)
        d.command = argv[++i];
      else if (strcmp (a, "--pid") == 0 && more)
        {
          d.pid = (pid_t) atoi (argv[++i]);
          d.pid_given = true;
        }
      else if (strcmp (a, "--perf") == 0)
        d.mode = UPROBE_MODE_PERF;
      else if (strcmp (a, "--multi") == 0)
        d.mode = UPROBE_MODE_MULTI;
      else if (strcmp (a, "--retprobe") == 0)
        d.retprobe = true;
      else if (strcmp (a, "--no-semaphore") == 0)
        d.no_semaphore = true;
      else if (strcmp (a, "--system-wide") == 0)
        d.system_wide = true;
      else if (strcmp (a, "--list") == 0)
        d.list = true;
      else if (strcmp (a, "--ready") == 0 && more)
        d.ready = argv[++i];
      else if (strcmp (a, "--func") == 0 && more)
        d.func = argv[++i];
      else if (a[0] == '-' && a[1] == '-')
        usage ();
      else
        d.descs = push (d.descs, &d.ndescs, a);
    }
  d.mode = uprobe_mode_resolve (d.mode);
  setvbuf (stdout, NULL, _IOLBF, 0);

  int status = 1;
  struct dt_proc *procs = xcalloc (d.npids + 1, sizeof *procs);
  size_t nprocs = 0;
  struct usdt_proc *uprocs = xcalloc (d.npids + 1, sizeof *uprocs);
  struct probe_desc *pdescs = xcalloc (d.ndescs + 1, sizeof *pdescs);
  size_t npdescs = 0;
  struct usdt_probe_list l;
  memset (&l, 0, sizeof l);
  bool have_list = false;
  struct uprobe_site *fsites = NULL;
  size_t nfsites = 0;
  struct counter_prog cp;
  memset (&cp, 0, sizeof cp);
  cp.prog_fd = cp.counts_fd = cp.filter_fd = -1;
  struct uprobe_attachment *h = NULL;

  for (size_t i = 0; i < d.npids; i++)
    {
      if (dt_proc_grab (&procs[nprocs], d.pids[i]) != 0)
        goto out;
      uprocs[nprocs].pid = procs[nprocs].pid;
      nprocs++;
    }
  if (d.command)
    {
      if (dt_proc_create (&procs[nprocs], d.command) != 0)
        goto out;
      uprocs[nprocs].pid = procs[nprocs].pid;
      uprocs[nprocs].exec_path = procs[nprocs].exec_path;
      nprocs++;
    }
  if (!d.pid_given && nprocs == 1)
    d.pid = procs[0].pid;

  const struct uprobe_site *sites;
  size_t nsites;
  if (d.func)
    {
      for (size_t i = 0; i < d.nmodules; i++)
        {
          uint64_t off;
          if (usdt_elf_function_offset (d.modules[i], d.func, &off) != 0)
            {
              diag_error ("%s: no function %s", d.modules[i], d.func);
              goto out;
            }
          fsites = xrealloc (fsites, (nfsites + 1) * sizeof *fsites);
          struct uprobe_site s = { d.modules[i], 0, 0, off, 0, nfsites };
          fsites[nfsites++] = s;
        }
      sites = fsites;
      nsites = nfsites;
    }
  else
    {
      for (size_t i = 0; i < d.ndescs; i++)
        {
          char *err = NULL;
          if (probe_desc_parse (d.descs[i], PROBE_FIELD_NAME, NULL, &pdescs[npdescs], &err) != 0)
            {
              diag_error ("invalid probe specifier %s: %s", d.descs[i], err);
              free (err);
              goto out;
            }
          npdescs++;
        }
      struct usdt_scope scope = { uprocs, nprocs, d.modules, d.nmodules, d.system_wide };
      if (usdt_probes_find (pdescs, npdescs, &scope, NULL, &l) != 0)
        goto out;
      have_list = true;
      if (d.list)
        {
          struct probe_lister pl = { stdout, 0, false, false };
          probe_list_header (&pl);
          usdt_list_print (&pl, &l);
          status = 0;
          goto out;
        }
      if (l.nusites == 0)
        {
          diag_error ("no probe sites matched");
          goto out;
        }
      if (d.no_semaphore)
        for (size_t i = 0; i < l.nusites; i++)
          l.usites[i].ref_ctr_offset = 0;
      sites = l.usites;
      nsites = l.nusites;
    }

  if (counter_prog_load (&cp, nsites, d.mode) != 0)
    goto out;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGINT, &sa, NULL);

  h = uprobe_attachment_new ();
  struct uprobe_attach_opts o = { d.mode, d.retprobe, d.pid };
  double t0 = now_ms ();
  if (uprobe_attach (h, cp.prog_fd, sites, nsites, &o) != 0)
    goto out;
  double t1 = now_ms ();
  if (!uprobe_attachment_pid_filtered (h))
    counter_prog_set_filter (&cp, d.pid);
  printf ("mode %s\n", uprobe_mode_name (d.mode));
  printf ("pid_filter %s\n", d.pid == 0 ? "none" : uprobe_attachment_pid_filtered (h) ? "kernel" : "program");
  printf ("attached %zu sites with %zu links in %.1f ms\n", nsites, uprobe_attachment_nlinks (h), t1 - t0);
  if (d.ready)
    {
      int fd = open (d.ready, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0)
        close (fd);
    }

  if (d.command)
    {
      struct dt_proc *child = &procs[nprocs - 1];
      if (dt_proc_release (child) != 0)
        goto out;
    }
  if (nprocs > 0 && (d.command || d.npids > 0))
    {
      while (!stop_requested && !dt_proc_all_exited (procs, nprocs))
        {
          int r = dt_proc_wait (procs, nprocs, 200);
          for (size_t i = 0; r > 0 && i < nprocs; i++)
            if (procs[i].exited)
              {
                char *m = dt_proc_exit_message (&procs[i]);
                fprintf (stderr, "dtrace: %s\n", m);
                free (m);
              }
        }
    }
  else
    {
      sigset_t block, old;
      sigemptyset (&block);
      sigaddset (&block, SIGTERM);
      sigaddset (&block, SIGINT);
      sigprocmask (SIG_BLOCK, &block, &old);
      while (!stop_requested)
        sigsuspend (&old);
      sigprocmask (SIG_SETMASK, &old, NULL);
    }

  unsigned long long total = 0;
  for (size_t i = 0; i < nsites; i++)
    {
      unsigned long long c = counter_get (&cp, i);
      total += c;
      if (d.func)
        printf ("site %zu %s %s 0x%llx %llu\n", i, d.modules[i], d.func,
                (unsigned long long) sites[i].offset, c);
    }
  if (!d.func)
    {
      /* Per site, named by the first probe that has it. */
      for (size_t u = 0; u < l.nusites; u++)
        for (size_t p = 0; p < l.nprobes; p++)
          {
            const struct usdt_probe *pr = &l.probes[p];
            bool found = false;
            for (size_t s = 0; s < pr->nsites && !found; s++)
              found = pr->sites[s].usite == u;
            if (!found)
              continue;
            printf ("site %zu %s %s 0x%llx %llu\n", u, pr->module, pr->name,
                    (unsigned long long) l.usites[u].offset, counter_get (&cp, u));
            break;
          }
      for (size_t p = 0; p < l.nprobes; p++)
        {
          const struct usdt_probe *pr = &l.probes[p];
          unsigned long long sum = 0;
          for (size_t s = 0; s < pr->nsites; s++)
            sum += counter_get (&cp, pr->sites[s].usite);
          printf ("probe %s %s %s %s %llu\n", pr->provider, pr->module,
                  pr->function[0] ? pr->function : "-", pr->name, sum);
        }
    }
  printf ("total %llu\n", total);
  double t2 = now_ms ();
  uprobe_detach (h);
  h = NULL;
  printf ("detached in %.1f ms\n", now_ms () - t2);
  status = 0;

out:
  uprobe_detach (h);
  counter_prog_close (&cp);
  if (have_list)
    usdt_probe_list_free (&l);
  for (size_t i = 0; i < npdescs; i++)
    probe_desc_free (&pdescs[i]);
  for (size_t i = 0; i < nprocs; i++)
    dt_proc_free (&procs[i]);
  free (procs);
  free (uprocs);
  free (pdescs);
  free (fsites);
  free (d.modules);
  free (d.pids);
  free (d.descs);
  return status;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    return self_test ();
  return driver (argc, argv);
}
