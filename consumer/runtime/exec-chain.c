/* SPDX-License-Identifier: MIT */
/*
 * exec-chain.c — following a -c command's execs to an ELF program
 * (exec-chain.h).
 */
#include "consumer/runtime/exec-chain.h"
#include "common/diag.h"
#include "common/files.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

#include <bpf/bpf.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/bpf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* SIGSTOP to the process whose tgid is PID, at each of its execs. */
static int
load_exec_stop (pid_t pid)
{
  struct bpf_insn insns[8];
  int n = 0;
#define INSN(c, d, s, o, i) insns[n++] = (struct bpf_insn) { .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) }
  INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid);
  INSN (BPF_ALU64 | BPF_RSH | BPF_K, BPF_REG_0, 0, 0, 32);
  INSN (BPF_JMP | BPF_JNE | BPF_K, BPF_REG_0, 0, 2, (int32_t) pid);
  INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, SIGSTOP);
  INSN (BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_send_signal);
  INSN (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0);
  INSN (BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
#undef INSN
  int fd = bpf_prog_load (BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_execstop", "GPL", insns, (size_t) n, NULL);
  if (fd < 0)
    {
      diag_error ("could not enable tracing: cannot load the exec hook: %s", strerror (errno));
      return -1;
    }
  int link = bpf_raw_tracepoint_open ("sched_process_exec", fd);
  if (link < 0)
    diag_error ("could not enable tracing: cannot attach the exec hook: %s", strerror (errno));
  close (fd);
  return link;
}

/* The name stopped PID's last exec was given, as a path that opens it from
 * here (malloc'd), or NULL. */
static char *
exec_name (pid_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/auxv", (int) pid);
  size_t len;
  char *auxv = read_file (path, 4096, &len);
  uint64_t addr = 0;
  for (size_t i = 0; auxv && i + 16 <= len; i += 16)
    {
      uint64_t type, val;
      memcpy (&type, auxv + i, 8);
      memcpy (&val, auxv + i + 8, 8);
      if (type == AT_EXECFN)
        addr = val;
    }
  free (auxv);
  if (!addr)
    return NULL;
  snprintf (path, sizeof path, "/proc/%d/mem", (int) pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  char name[PATH_MAX];
  ssize_t n = fd >= 0 ? pread (fd, name, sizeof name - 1, (off_t) addr) : -1;
  if (fd >= 0)
    close (fd);
  if (n <= 0)
    return NULL;
  name[n] = '\0';
  name[strnlen (name, (size_t) n)] = '\0';
  return name[0] == '/' ? xasprintf ("/proc/%d/root%s", (int) pid, name)
                        : xasprintf ("/proc/%d/cwd/%s", (int) pid, name);
}

/* The program stopped PID runs, by its absolute path (malloc'd). */
static char *
exe_of (pid_t pid)
{
  char link[64], buf[PATH_MAX];
  snprintf (link, sizeof link, "/proc/%d/exe", (int) pid);
  ssize_t n = readlink (link, buf, sizeof buf - 1);
  if (n <= 0)
    return xstrdup (link);
  buf[n] = '\0';
  return xstrdup (buf);
}

int
exec_chain_follow (struct dt_proc *p)
{
  int link = load_exec_stop (p->pid);
  if (link < 0)
    return -1;
  if (dt_proc_release (p) != 0)
    {
      close (link);
      return -1;
    }
  int rc = 1;
  for (int k = 0; k < EXEC_CHAIN_MAX; k++)
    {
      int st = dt_proc_wait_stop (p, EXEC_CHAIN_WAIT_MS);
      if (st == 0)
        {
          rc = 0;                   /* exited */
          break;
        }
      if (st < 0)
        break;                      /* no exec for a while: left running */
      char *name = exec_name (p->pid);
      bool elf = name && sdt_file_is_elf (name);
      free (name);
      if (elf)
        {
          free (p->exec_path);
          p->exec_path = exe_of (p->pid);
          p->stopped = true;
          rc = 0;
          break;
        }
      kill (p->pid, SIGCONT);       /* a script: on to its next exec */
    }
  close (link);
  /* an exec between the last wait and the detach stopped it: let it go */
  if (rc == 1 && dt_proc_wait_stop (p, 0) == 1)
    kill (p->pid, SIGCONT);
  return rc;
}
