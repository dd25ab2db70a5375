/*
 * bpf-asm.c — the BPF instruction buffer, labels and program loading.
 *
 * Jumps are emitted with a placeholder offset and a fixup naming their label;
 * asm_finish() patches offsets once every label is bound.  Loading goes
 * through libbpf's bpf_prog_load(); a verifier rejection is retried with a
 * log buffer so that -v can show why.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/bpf-asm.h"
#include "common/xalloc.h"

int
bpf_size_code (unsigned bytes)
{
  switch (bytes)
    {
    case 1: return BPF_B;
    case 2: return BPF_H;
    case 4: return BPF_W;
    default: return BPF_DW;
    }
}

void
asm_init (struct bpf_asm *a)
{
  memset (a, 0, sizeof *a);
}

void
asm_free (struct bpf_asm *a)
{
  free (a->insns);
  free (a->labels);
  free (a->fixups);
  memset (a, 0, sizeof *a);
}

void
asm_emit (struct bpf_asm *a, struct bpf_insn insn)
{
  if (a->n == a->cap)
    {
      a->cap = a->cap ? 2 * a->cap : 256;
      a->insns = xrealloc (a->insns, a->cap * sizeof *a->insns);
    }
  a->insns[a->n++] = insn;
}

int
asm_label (struct bpf_asm *a)
{
  a->labels = xrealloc (a->labels, (a->nlabels + 1) * sizeof *a->labels);
  a->labels[a->nlabels] = SIZE_MAX;
  return (int) a->nlabels++;
}

void
asm_bind (struct bpf_asm *a, int label)
{
  a->labels[label] = a->n;
}

bool
asm_label_used (const struct bpf_asm *a, int label)
{
  for (size_t i = 0; i < a->nfixups; i++)
    if (a->fixups[i].label == label)
      return true;
  return false;
}

static void
fixup (struct bpf_asm *a, int label)
{
  a->fixups = xrealloc (a->fixups, (a->nfixups + 1) * sizeof *a->fixups);
  a->fixups[a->nfixups].insn = a->n - 1;
  a->fixups[a->nfixups].label = label;
  a->nfixups++;
}

void
asm_jmp_imm (struct bpf_asm *a, int op, int dst, int32_t imm, int label)
{
  asm_emit (a, BPF_INSN (BPF_JMP | BPF_OP (op) | BPF_K, dst, 0, 0, imm));
  fixup (a, label);
}

void
asm_jmp_reg (struct bpf_asm *a, int op, int dst, int src, int label)
{
  asm_emit (a, BPF_INSN (BPF_JMP | BPF_OP (op) | BPF_X, dst, src, 0, 0));
  fixup (a, label);
}

void
asm_ja (struct bpf_asm *a, int label)
{
  asm_emit (a, BPF_INSN (BPF_JMP | BPF_JA, 0, 0, 0, 0));
  fixup (a, label);
}

void
asm_ld_imm64 (struct bpf_asm *a, int dst, uint64_t value)
{
  asm_emit (a, BPF_INSN (BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, (int32_t) (uint32_t) value));
  asm_emit (a, BPF_INSN (0, 0, 0, 0, (int32_t) (uint32_t) (value >> 32)));
}

void
asm_ld_map_fd (struct bpf_asm *a, int dst, int map_fd)
{
  asm_emit (a, BPF_INSN (BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, map_fd));
  asm_emit (a, BPF_INSN (0, 0, 0, 0, 0));
}

int
asm_finish (struct bpf_asm *a)
{
  for (size_t i = 0; i < a->nfixups; i++)
    {
      size_t target = a->labels[a->fixups[i].label];
      if (target == SIZE_MAX)
        {
          diag_error ("internal error: BPF label %d was never bound", a->fixups[i].label);
          return -1;
        }
      long off = (long) target - (long) a->fixups[i].insn - 1;
      if (off < INT16_MIN || off > INT16_MAX)
        {
          diag_error ("internal error: BPF jump too far (%ld instructions)", off);
          return -1;
        }
      a->insns[a->fixups[i].insn].off = (int16_t) off;
    }
  return 0;
}

int
bpf_load_program (enum bpf_prog_type type, unsigned expected_attach_type, unsigned prog_flags,
                  const char *name, const struct bpf_asm *a, bool verbose)
{
  LIBBPF_OPTS (bpf_prog_load_opts, opts, .expected_attach_type = expected_attach_type,
               .prog_flags = prog_flags);
  int fd = bpf_prog_load (type, name, "GPL", a->insns, a->n, &opts);
  if (fd >= 0)
    return fd;
  int err = errno;
  size_t logsz = 4 << 20;
  char *log = xmalloc (logsz);
  log[0] = '\0';
  LIBBPF_OPTS (bpf_prog_load_opts, vopts, .expected_attach_type = expected_attach_type,
               .prog_flags = prog_flags, .log_buf = log, .log_size = (unsigned) logsz, .log_level = 1);
  fd = bpf_prog_load (type, name, "GPL", a->insns, a->n, &vopts);
  if (fd >= 0)
    {
      free (log);
      return fd;
    }
  if (err == EPERM)
    diag_error ("could not enable tracing: %s (tracing needs root, or CAP_BPF and CAP_PERFMON)",
                strerror (err));
  else
    diag_error ("the kernel's BPF verifier rejected the program for %s: %s%s", name, strerror (err),
                verbose ? "" : " (-v shows the verifier log)");
  if (verbose && log[0])
    fprintf (stderr, "%s\n", log);
  free (log);
  return -1;
}
