/* SPDX-License-Identifier: MIT */
/*
 * destructive.c — permission for destructive actions and system() (see
 * destructive.h).
 */
#define _GNU_SOURCE 1
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include "consumer/runtime/destructive.h"
#include "common/diag.h"

bool
destructive_used (const struct dprog *p)
{
  for (size_t c = 0; c < p->nclauses; c++)
    for (size_t i = 0; i < p->clauses[c].nactions; i++)
      switch (p->clauses[c].actions[i].kind)
        {
        case ACT_SYSTEM: case ACT_RAISE: case ACT_STOP: case ACT_COPYOUT: case ACT_COPYOUTSTR:
        case ACT_CHILL:
          return true;
        default:
          break;
        }
  return false;
}

int
destructive_permit (const struct dprog *p)
{
  if (p->destructive && !p->quiet)
    diag_notice ("allowing destructive actions");
  if (!p->destructive && destructive_used (p))
    {
      diag_error ("could not enable tracing: Destructive actions not allowed");
      return -1;
    }
  return 0;
}

bool
destructive_kernel_can_write (void)
{
  if (getenv ("SDTKIT_USER_COPYOUT"))
    return false;   /* tests: the consumer's path on any kernel */
  /* load a tiny kprobe program that calls it (libbpf's helper probe
   * takes lockdown's "cannot use helper" refusal for support) */
  struct bpf_insn insns[] = {
    { .code = BPF_ST | BPF_DW | BPF_MEM, .dst_reg = 10, .off = -8, .imm = 0 },
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 1, .imm = 0 },
    { .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = 2, .src_reg = 10 },
    { .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = 2, .imm = -8 },
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 3, .imm = 1 },
    { .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_write_user },
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
    { .code = BPF_JMP | BPF_EXIT },
  };
  int fd = bpf_prog_load (BPF_PROG_TYPE_KPROBE, "dt_wprobe", "GPL", insns, sizeof insns / sizeof insns[0], NULL);
  if (fd < 0)
    return false;
  close (fd);
  return true;
}

void
destructive_copyout (const struct dprog *p, const void *rec, size_t size, const struct daction *a)
{
  const uint8_t *r = rec;
  if (a->nitems < 4 || a->items[3].offset + p->strsize > size)
    return;
  int64_t pid, len;
  uint64_t addr;
  memcpy (&pid, r + a->items[0].offset, 8);
  memcpy (&addr, r + a->items[1].offset, 8);
  memcpy (&len, r + a->items[2].offset, 8);
  if (len > 0 && (uint64_t) len <= p->strsize)
    {
      struct iovec local = { (void *) (r + a->items[3].offset), (size_t) len };
      struct iovec remote = { (void *) (uintptr_t) addr, (size_t) len };
      if (process_vm_writev ((pid_t) pid, &local, 1, &remote, 1, 0) != len)
        diag_error ("copyout to 0x%" PRIx64 " in pid %" PRId64 " failed: %s", addr, pid,
                    strerror (errno));
    }
  if (pid != getpid ())
    kill ((pid_t) pid, SIGCONT);
}

void
destructive_system (struct dfmt_out *out, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                    const struct dfmt_value *vals, size_t nvals)
{
  struct dfmt_out cmd;
  dfmt_out_buffer (&cmd);
  if (dfmt_printf (&cmd, ctx, f, vals, nvals) == 0)
    {
      if (out->fp)
        fflush (out->fp);
      fflush (stdout);
      int rc = system (dfmt_out_text (&cmd));
      (void) rc;   /* DTrace ignores the command's status too */
    }
  dfmt_out_release (&cmd);
}
