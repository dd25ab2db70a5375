/* SPDX-License-Identifier: MIT */
/*
 * kernel-features.c — the kernel-feature table and its probes
 * (kernel-features.h).
 *
 * Each facility is probed by what it is, not by the kernel's version
 * number (distribution kernels backport): a tiny program that uses the
 * helper or instruction is loaded, a map of the type is created, the file
 * the facility provides is looked for.  The uprobe facilities come from
 * uprobe-attach.c's own probes.  Answers are cached for the process.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "common/diag.h"
#include "consumer/compile/bpf-asm.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/probes/uprobe-attach.h"

/* Load INSNS as a program of TYPE (expected attach type ATTACH, FLAGS). */
static bool
loads (enum bpf_prog_type type, unsigned attach, unsigned flags, const struct bpf_insn *insns,
       size_t n)
{
  LIBBPF_OPTS (bpf_prog_load_opts, o, .expected_attach_type = attach, .prog_flags = flags);
  int fd = bpf_prog_load (type, "sdtkit_feature", "GPL", insns, n, &o);
  if (fd < 0)
    return false;
  close (fd);
  return true;
}

#define RET0 MOV64_IMM (BPF_REG_0, 0), EXIT_INSN ()
#define LOADS(type, ...) \
  ({ const struct bpf_insn i_[] = { __VA_ARGS__ }; loads (type, 0, 0, i_, sizeof i_ / sizeof i_[0]); })

static bool probe_bpf (void) { return LOADS (BPF_PROG_TYPE_SOCKET_FILTER, RET0); }
static bool probe_raw_tp (void) { return LOADS (BPF_PROG_TYPE_RAW_TRACEPOINT, RET0); }
static bool
probe_read_user (void)
{
  return LOADS (BPF_PROG_TYPE_KPROBE, MOV64_REG (BPF_REG_1, BPF_REG_10),
                A64_IMM (BPF_ADD, BPF_REG_1, -8), MOV64_IMM (BPF_REG_2, 8),
                MOV64_IMM (BPF_REG_3, 0), CALL (BPF_FUNC_probe_read_user), RET0);
}
static bool
probe_ringbuf (void)
{
  int fd = bpf_map_create (BPF_MAP_TYPE_RINGBUF, "sdtkit_feature", 0, 0, 4096, NULL);
  if (fd < 0)
    return false;
  close (fd);
  return true;
}
/* An fentry program on vfs_read loads and attaches (a return 0, for the
 * instant of the probe). */
static bool
probe_fentry (void)
{
  struct btf *btf = btf__load_vmlinux_btf ();
  int id = btf ? btf__find_by_name_kind (btf, "vfs_read", BTF_KIND_FUNC) : -1;
  btf__free (btf);
  if (id <= 0)
    return false;
  const struct bpf_insn i[] = { RET0 };
  LIBBPF_OPTS (bpf_prog_load_opts, o, .expected_attach_type = BPF_TRACE_FENTRY,
               .attach_btf_id = (unsigned) id);
  int fd = bpf_prog_load (BPF_PROG_TYPE_TRACING, "sdtkit_feature", "GPL", i, 2, &o);
  if (fd < 0)
    return false;
  int link = bpf_raw_tracepoint_open (NULL, fd);
  close (fd);
  if (link < 0)
    return false;
  close (link);
  return true;
}
static bool probe_pmu (void) { return uprobe_features ()->pmu; }
/* kprobes through perf_event_open: the kernel lists the kprobe PMU (a
 * kernel built without CONFIG_KPROBES has none). */
static bool
probe_kprobe_pmu (void)
{
  return access ("/sys/bus/event_source/devices/kprobe/type", R_OK) == 0;
}
static bool probe_ref_ctr (void) { return uprobe_features ()->pmu && uprobe_features ()->ref_ctr; }
static bool probe_btf (void) { return access ("/sys/kernel/btf/vmlinux", R_OK) == 0; }
static bool
probe_task_btf (void)
{
  return LOADS (BPF_PROG_TYPE_KPROBE, CALL (BPF_FUNC_get_current_task_btf), RET0);
}
static bool
probe_big_keys (void)
{
  int fd = bpf_map_create (BPF_MAP_TYPE_HASH, "sdtkit_feature", 520, 8, 1, NULL);
  if (fd < 0)
    return false;
  close (fd);
  return true;
}
static bool
probe_atomics (void)
{
  return LOADS (BPF_PROG_TYPE_SOCKET_FILTER, ST_IMM (BPF_DW, BPF_REG_10, -8, 0),
                MOV64_IMM (BPF_REG_1, 1),
                BPF_INSN (BPF_STX | BPF_DW | BPF_ATOMIC, BPF_REG_10, BPF_REG_1, -8, BPF_ADD | BPF_FETCH),
                RET0);
}
static bool
probe_trace_noprealloc (void)
{
  int map = bpf_map_create (BPF_MAP_TYPE_HASH, "sdtkit_feature", 8, 8, 1, &(struct bpf_map_create_opts) {
                              .sz = sizeof (struct bpf_map_create_opts), .map_flags = BPF_F_NO_PREALLOC });
  if (map < 0)
    return false;
  bool yes = LOADS (BPF_PROG_TYPE_PERF_EVENT,
                    BPF_INSN (BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map),
                    BPF_INSN (0, 0, 0, 0, 0), RET0);
  close (map);
  return yes;
}
static bool
probe_cookie (void)
{
  return LOADS (BPF_PROG_TYPE_KPROBE, CALL (BPF_FUNC_get_attach_cookie), RET0);
}
static bool
probe_task_pt_regs (void)
{
  return LOADS (BPF_PROG_TYPE_KPROBE, CALL (BPF_FUNC_get_current_task_btf),
                MOV64_REG (BPF_REG_1, BPF_REG_0), CALL (BPF_FUNC_task_pt_regs), RET0);
}
static bool
probe_gotol (void)
{
  return LOADS (BPF_PROG_TYPE_SOCKET_FILTER, BPF_INSN (BPF_JMP32 | BPF_JA, 0, 0, 0, 0), RET0);
}
static bool probe_multi (void) { return uprobe_features ()->multi; }
static bool
probe_sleepable (void)
{
  const struct bpf_insn i[] = { RET0 };
  return uprobe_features ()->multi
         && loads (BPF_PROG_TYPE_KPROBE, UPROBE_BPF_TRACE_UPROBE_MULTI, BPF_F_SLEEPABLE, i, 2);
}
static bool
probe_may_goto (void)
{
  return LOADS (BPF_PROG_TYPE_SOCKET_FILTER, BPF_INSN (BPF_JMP | BPF_JCOND, 0, 0, 0, 0), RET0);
}
static bool probe_pid_filter (void) { return uprobe_features ()->multi_pid_filter; }

/* arm64's BPF trampolines (6.0) reach kernel functions only through
 * ftrace's direct calls, which arm64 has from 6.4 */
#if defined(__aarch64__)
#define FENTRY_VERSION "6.4"
#else
#define FENTRY_VERSION "5.5"
#endif

static const struct feature_row {
  const char *name;       /* short name (SDTKIT_KERNEL_FEATURES_OFF) */
  const char *version;    /* first Linux version */
  const char *facility;   /* what the kernel provides */
  const char *without;    /* what sdtkit does on a kernel without it */
  bool (*probe) (void);
} rows[KF_NFEATURES] = {
  [KF_BPF_SYSCALL] = { "bpf", "4.4", "the bpf(2) system call", "nothing can be traced", probe_bpf },
  [KF_RAW_TRACEPOINT] = { "raw_tracepoint", "4.17", "raw tracepoint programs",
                          "BEGIN, END, tick-N and syscall probes are refused", probe_raw_tp },
  [KF_PROBE_READ_USER] = { "probe_read_user", "5.5", "bpf_probe_read_user and _kernel",
                           "tracing is refused", probe_read_user },
  [KF_FENTRY] = { "fentry", FENTRY_VERSION, "fentry/fexit programs (BPF trampolines on the kernel's BTF)",
                  "fbt probes are kprobes (kprobe_pmu)", probe_fentry },
  [KF_KPROBE_PMU] = { "kprobe_pmu", "4.17", "perf_event_open kprobes (a kernel built with CONFIG_KPROBES)",
                      "fbt probes need fentry; without either, fbt is refused", probe_kprobe_pmu },
  [KF_RINGBUF] = { "ringbuf", "5.8", "BPF ring buffers", "tracing is refused", probe_ringbuf },
  [KF_UPROBE_PMU] = { "uprobe_pmu", "4.17", "perf_event_open uprobes",
                      "USDT and pid probes are refused (unless uprobe_multi)", probe_pmu },
  [KF_REF_CTR] = { "ref_ctr", "4.20", "uprobe semaphores (ref_ctr_offset)",
                   "probes with an is-enabled semaphore are refused", probe_ref_ctr },
  [KF_VMLINUX_BTF] = { "vmlinux_btf", "5.4", "the kernel's BTF (/sys/kernel/btf/vmlinux)",
                       "execname of other threads, ppid and vtimestamp are refused", probe_btf },
  [KF_TASK_BTF] = { "task_btf", "5.11", "bpf_get_current_task_btf",
                    "as without bpf_task_pt_regs", probe_task_btf },
  [KF_BIG_MAP_KEYS] = { "big_map_keys", "5.11", "hash map keys over 512 bytes",
                       "an aggregation or associative array whose keys are longer is refused "
                       "(a smaller -x strsize makes string keys shorter)", probe_big_keys },
  [KF_ATOMIC_FETCH] = { "atomic_fetch", "5.12", "atomic fetch-add and compare-and-exchange",
                       "an add then a load; speculation ids claimed by load and store (exact "
                       "unless two CPUs race on one value)", probe_atomics },
  [KF_ATTACH_COOKIE] = { "attach_cookie", "5.15", "bpf_get_attach_cookie, BPF perf-event links",
                         "one copy of a probe's program per site, attached by perf-event ioctl",
                         probe_cookie },
  [KF_TASK_PT_REGS] = { "task_pt_regs", "5.15", "bpf_task_pt_regs",
                        "ustack() takes the probe's own registers: in profile probes the sample's, "
                        "so a sample taken in the kernel shows no user frames", probe_task_pt_regs },
  [KF_TRACE_NOPREALLOC] = { "trace_noprealloc", "6.1", "hash maps filled as they go in perf_event programs",
                           "ustack() captures are preallocated, at most 2048 distinct ones",
                           probe_trace_noprealloc },
  [KF_GOTOL] = { "gotol", "6.4", "long jumps (gotol)",
                 "a clause whose jumps span more than 32767 instructions is refused", probe_gotol },
  [KF_UPROBE_MULTI] = { "uprobe_multi", "6.6", "uprobe_multi links",
                        "one perf-event uprobe per site", probe_multi },
  [KF_SLEEPABLE_UPROBE] = { "sleepable", "6.6", "sleepable uprobe programs",
                            "user memory that is not paged in reads as a fault", probe_sleepable },
  [KF_MAY_GOTO] = { "may_goto", "6.9", "may_goto",
                    "string loops are verified per character (smaller -x strsize limits)",
                    probe_may_goto },
  [KF_MULTI_PID_FILTER] = { "multi_pid_filter", "6.10", "uprobe_multi's pid filter",
                            "the program checks the process itself", probe_pid_filter },
};

/* Is NAME in the comma-separated list SDTKIT_KERNEL_FEATURES_OFF? */
static bool
turned_off (const char *name)
{
  const char *list = getenv ("SDTKIT_KERNEL_FEATURES_OFF");
  size_t n = strlen (name);
  for (const char *p = list; p && *p;)
    {
      const char *end = strchr (p, ',');
      size_t len = end ? (size_t) (end - p) : strlen (p);
      if (len == n && strncmp (p, name, n) == 0)
        return true;
      p = end ? end + 1 : NULL;
    }
  return false;
}

bool
kernel_feature (enum kernel_feature f)
{
  static signed char known[KF_NFEATURES];   /* 0 unknown, 1 yes, -1 no */
  if ((unsigned) f >= KF_NFEATURES)
    return false;
  if (!known[f])
    {
      bool yes = !turned_off (rows[f].name) && rows[f].probe ();
      /* what a feature builds on */
      if (f == KF_TASK_PT_REGS || f == KF_SLEEPABLE_UPROBE || f == KF_MULTI_PID_FILTER)
        yes = yes && kernel_feature (f == KF_TASK_PT_REGS ? KF_TASK_BTF : KF_UPROBE_MULTI);
      if (f == KF_UPROBE_MULTI)
        yes = yes && kernel_feature (KF_ATTACH_COOKIE);
      known[f] = yes ? 1 : -1;
    }
  return known[f] > 0;
}

const char *
kernel_feature_version (enum kernel_feature f)
{
  return (unsigned) f < KF_NFEATURES ? rows[f].version : "?";
}

const char *
kernel_feature_name (enum kernel_feature f)
{
  return (unsigned) f < KF_NFEATURES ? rows[f].name : "?";
}

int
kernel_feature_refuse (enum kernel_feature f, const char *what)
{
  struct utsname u;
  const char *release = uname (&u) == 0 ? u.release : "unknown";
  diag_error ("%s needs Linux %s or later (%s); this kernel is %s", what, kernel_feature_version (f),
              (unsigned) f < KF_NFEATURES ? rows[f].facility : "?", release);
  return -1;
}

void
kernel_features_print (FILE *out, bool markdown)
{
  if (markdown)
    {
      fprintf (out, "| facility | first Linux | short name | without it |\n|---|---|---|---|\n");
      for (int f = 0; f < KF_NFEATURES; f++)
        fprintf (out, "| %s | %s | `%s` | %s |\n", rows[f].facility, rows[f].version, rows[f].name,
                 rows[f].without);
      return;
    }
  struct utsname u;
  fprintf (out, "Linux %s:\n", uname (&u) == 0 ? u.release : "(unknown)");
  for (int f = 0; f < KF_NFEATURES; f++)
    {
      bool yes = kernel_feature ((enum kernel_feature) f);
      fprintf (out, "  %-3s %-17s %-5s %s%s%s\n", yes ? "yes" : "no", rows[f].name, rows[f].version,
               rows[f].facility, yes ? "" : ": ", yes ? "" : rows[f].without);
    }
}

bool
kernel_has_may_goto (void)
{
  return !getenv ("SDTKIT_NO_MAY_GOTO") && kernel_feature (KF_MAY_GOTO);
}
