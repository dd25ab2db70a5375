/* SPDX-License-Identifier: MIT */
/*
 * kernel-features.c — does the verifier accept may_goto?  A socket filter
 * of three instructions (may_goto +0; r0 = 0; exit) is loaded and closed:
 * a kernel before 6.9 refuses the unknown jump code.  The answer is kept
 * for the rest of the run.
 */
#include <bpf/bpf.h>
#include <stdlib.h>
#include <unistd.h>

#include "consumer/compile/bpf-asm.h"
#include "consumer/runtime/kernel-features.h"

static bool
probe_may_goto (void)
{
  const struct bpf_insn insns[] = {
    BPF_INSN (BPF_JMP | BPF_JCOND, 0, 0, 0, 0),
    MOV64_IMM (0, 0),
    EXIT_INSN (),
  };
  int fd = bpf_prog_load (BPF_PROG_TYPE_SOCKET_FILTER, "may_goto", "GPL", insns, 3, NULL);
  if (fd < 0)
    return false;
  close (fd);
  return true;
}

bool
kernel_has_may_goto (void)
{
  static int known = -1;
  if (known < 0)
    known = !getenv ("SDTKIT_NO_MAY_GOTO") && probe_may_goto ();
  return known;
}
