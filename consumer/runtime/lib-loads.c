/* SPDX-License-Identifier: MIT */
/*
 * lib-loads.c — the evaltime stop of -c commands and the dynamic linker's
 * hook (lib-loads.h).
 */
#include "consumer/runtime/lib-loads.h"
#include "consumer/probes/pid-libs.h"
#include "consumer/probes/usdt-probes.h"
#include "consumer/probes/exec-mappings.h"
#include "common/xalloc.h"
#include "common/vec.h"
#include "common/files.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The hooks stop processes: they must fire in the named process only.
 * uprobe_multi filters by pid from Linux 6.10; before that, perf events. */
static enum uprobe_mode
hook_mode (enum uprobe_mode mode)
{
  mode = uprobe_mode_resolve (mode);
  if (mode == UPROBE_MODE_MULTI && !uprobe_features ()->multi_pid_filter)
    return UPROBE_MODE_PERF;
  return mode;
}

bool
evaltime_parse (const char *text, enum evaltime *et)
{
  static const struct { const char *name; enum evaltime et; } tab[] = {
    { "exec", EVALTIME_EXEC }, { "preinit", EVALTIME_PREINIT },
    { "postinit", EVALTIME_POSTINIT }, { "main", EVALTIME_MAIN },
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (text && strcmp (text, tab[i].name) == 0)
      {
        *et = tab[i].et;
        return true;
      }
  return false;
}

/* The program of both hooks: the firing process's tgid to the ring buffer
 * RINGBUF_FD (when >= 0), and SIGSTOP to the process when STOP.  RAW_TP:
 * for a raw tracepoint (lib-events.c: execs), else for uprobes of MODE. */
static int
load_program (int ringbuf_fd, bool stop, bool raw_tp, enum uprobe_mode mode)
{
  struct bpf_insn insns[16];
  int n = 0;
#define INSN(c, d, s, o, i) insns[n++] = (struct bpf_insn) { .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) }
  INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid);
  INSN (BPF_ALU64 | BPF_RSH | BPF_K, BPF_REG_0, 0, 0, 32);
  INSN (BPF_STX | BPF_DW | BPF_MEM, BPF_REG_10, BPF_REG_0, -8, 0);
  if (stop)
    {
      INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, SIGSTOP);
      INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_send_signal);
    }
  if (ringbuf_fd >= 0)
    {
      INSN (BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, ringbuf_fd);
      INSN (0, 0, 0, 0, 0);
      INSN (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0);
      INSN (BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -8);
      INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_3, 0, 0, 4);
      INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_4, 0, 0, 0);
      INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ringbuf_output);
    }
  INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0);
  INSN (BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
#undef INSN
  LIBBPF_OPTS (bpf_prog_load_opts, o, .expected_attach_type = raw_tp ? 0 : uprobe_prog_expected_attach_type (mode));
  int fd = bpf_prog_load (raw_tp ? BPF_PROG_TYPE_RAW_TRACEPOINT : BPF_PROG_TYPE_KPROBE, "dt_libhook", "GPL", insns,
                          (size_t) n, &o);
  if (fd < 0)
    diag_error ("could not enable tracing: cannot load the library hook: %s", strerror (errno));
  return fd;
}

static int
load_hook_program (int ringbuf_fd, bool stop, enum uprobe_mode mode)
{
  return load_program (ringbuf_fd, stop, false, mode);
}

int
lib_exec_watch_new (int *ringbuf_fd)
{
  *ringbuf_fd = bpf_map_create (BPF_MAP_TYPE_RINGBUF, "dt_execs", 0, 0, 64u << 10, NULL);
  if (*ringbuf_fd < 0)
    return -1;
  int prog = load_program (*ringbuf_fd, false, true, UPROBE_MODE_AUTO);
  int link = prog >= 0 ? bpf_raw_tracepoint_open ("sched_process_exec", prog) : -1;
  close_if_open (prog);
  if (link < 0)
    {
      close_if_open (*ringbuf_fd);
      *ringbuf_fd = -1;
    }
  return link;
}

/* Attach PROG_FD at PATH+OFFSET for PID into a new attachment. */
static struct uprobe_attachment *
attach_one (int prog_fd, const char *path, uint64_t offset, pid_t pid, enum uprobe_mode mode)
{
  struct uprobe_attachment *h = uprobe_attachment_new ();
  struct uprobe_site site = { path, 0, 0, offset, 0, 0 };
  struct uprobe_attach_opts ao = { mode, false, pid };
  if (uprobe_attach (h, prog_fd, &site, 1, &ao) != 0)
    {
      uprobe_detach (h);
      return NULL;
    }
  return h;
}

struct mapped_check {
  char **want;
  size_t nwant;
  bool *seen;
};

static void
note_mapping (const struct exec_mapping *em, void *arg)
{
  struct mapped_check *mc = arg;
  for (size_t i = 0; i < mc->nwant; i++)
    if (!mc->seen[i] && exec_mapping_same_file (mc->want[i], em->dev, em->ino))
      mc->seen[i] = true;
}

/* Are all of LIBS (the interpreter first, skipped) mapped by PID? */
static bool
libs_mapped (pid_t pid, char **libs, size_t nlibs)
{
  if (nlibs <= 1)
    return true;
  struct mapped_check mc = { libs + 1, nlibs - 1, xcalloc (nlibs, sizeof (bool)) };
  bool all = exec_mappings_scan (pid, note_mapping, &mc) == 0;
  for (size_t i = 0; all && i < mc.nwant; i++)
    all = mc.seen[i];
  free (mc.seen);
  return all;
}

int
lib_loads_run_to (struct dt_proc *p, enum evaltime et, enum uprobe_mode mode)
{
  mode = hook_mode (mode);
  char **libs = NULL;
  size_t nlibs = pid_needed_libs (p->exec_path, &libs);
  bool dynamic = nlibs > 0;
  const char *path = p->exec_path;
  uint64_t off = 0;
  int found = -1;
  if (et == EVALTIME_PREINIT && dynamic)
    {
      path = libs[0];
      found = usdt_elf_function_offset (path, "_dl_debug_state", &off);
    }
  if (found != 0 && et == EVALTIME_MAIN)
    {
      path = p->exec_path;
      found = usdt_elf_function_offset (path, "main", &off);
    }
  if (found != 0)
    {
      path = p->exec_path;
      found = usdt_elf_entry_offset (path, &off);
    }
  if (found != 0)
    {
      /* not an ELF program (a #! script): evaluated at its exec */
      VEC_FREE_ALL (libs, nlibs);
      return 1;
    }
  int rc = -1;
  int prog = load_hook_program (-1, true, mode);
  struct uprobe_attachment *h = prog >= 0 ? attach_one (prog, path, off, p->pid, mode) : NULL;
  if (h && dt_proc_release (p) == 0)
    {
      rc = 0;
      /* preinit: the hook fires before and after the libraries are mapped */
      while (dt_proc_wait_stop (p, -1) == 1 && et == EVALTIME_PREINIT && dynamic && !libs_mapped (p->pid, libs, nlibs))
        kill (p->pid, SIGCONT);
      p->stopped = !p->exited;
    }
  uprobe_detach (h);
  close_if_open (prog);
  VEC_FREE_ALL (libs, nlibs);
  return rc;
}

/* ------------------------------------------------------------------ */
/* The dynamic linker's hook.                                          */

struct lib_watch {
  int ringbuf_fd;
  int prog_stop, prog_run;
  struct uprobe_attachment *h;
};

int
lib_watch_fd (const struct lib_watch *w)
{
  return w->ringbuf_fd;
}

struct uprobe_attachment *
lib_watch_take_links (struct lib_watch *w)
{
  return w ? TAKE (w->h) : NULL;
}

void
lib_watch_free (struct lib_watch *w)
{
  if (!w)
    return;
  uprobe_detach (w->h);
  close_if_open (w->prog_stop);
  close_if_open (w->prog_run);
  close_if_open (w->ringbuf_fd);
  free (w);
}

/* The interpreter PID runs (EXEC_PATH: the file it will run), by the path
 * that opens it from here. */
static char *
interpreter_of (pid_t pid, const char *exec_path)
{
  char exe[64];
  snprintf (exe, sizeof exe, "/proc/%d/exe", (int) pid);
  char *interp = pid_interpreter (exec_path ? exec_path : exe);
  if (!exec_path && interp && access (interp, R_OK) != 0)
    {
      char *in_root = xasprintf ("/proc/%d/root%s", (int) pid, interp);
      free (interp);
      interp = in_root;
    }
  return interp;
}

struct lib_watch *
lib_watch_new (const pid_t *pids, const char *const *exes, const bool *stop, size_t n, enum uprobe_mode mode)
{
  mode = hook_mode (mode);
  struct lib_watch *w = xcalloc (1, sizeof *w);
  w->prog_stop = w->prog_run = -1;
  w->ringbuf_fd = bpf_map_create (BPF_MAP_TYPE_RINGBUF, "dt_libloads", 0, 0, 64u << 10, NULL);
  if (w->ringbuf_fd < 0)
    {
      free (w);
      return NULL;
    }
  w->h = uprobe_attachment_new ();
  size_t armed = 0;
  for (size_t i = 0; i < n; i++)
    {
      char *interp = interpreter_of (pids[i], exes[i]);
      uint64_t off;
      if (!interp || usdt_elf_function_offset (interp, "_dl_debug_state", &off) != 0)
        {
          free (interp);
          continue;
        }
      int *prog = stop[i] ? &w->prog_stop : &w->prog_run;
      if (*prog < 0)
        *prog = load_hook_program (w->ringbuf_fd, stop[i], mode);
      struct uprobe_site site = { interp, 0, 0, off, 0, 0 };
      struct uprobe_attach_opts ao = { mode, false, pids[i] };
      if (*prog >= 0 && uprobe_attach (w->h, *prog, &site, 1, &ao) == 0)
        armed++;
      free (interp);
    }
  if (armed == 0)
    {
      lib_watch_free (w);
      return NULL;
    }
  return w;
}
