/* SPDX-License-Identifier: MIT */
/*
 * bpf-disasm.c — BPF instructions as text (see bpf-disasm.h).
 *
 * The notation is the C-like one of the kernel verifier's log: "r0 += r1",
 * "r0 = *(u64 *)(r10 -8)", "if r0 == 0 goto 12", "call map_lookup_elem".
 * Each instruction is decoded from its class, operation and source bits;
 * a two-slot 64-bit load takes one line (the next index is skipped).  The
 * text is built in a growable buffer, so this file needs no stdio stream.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/abi.h"
#include "consumer/compile/bpf-disasm.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

#ifndef BPF_JCOND
#define BPF_JCOND 0xe0                 /* may_goto (Linux 6.9) */
#endif

static const char *const fixed_maps[MAP_NFIXED] = {
  [MAP_GLOBALS] = "globals", [MAP_SCRATCH] = "scratch", [MAP_RINGBUF] = "ringbuf",
  [MAP_ERRBUF] = "errbuf", [MAP_DROPS] = "drops", [MAP_ZERO] = "zero", [MAP_SITES] = "sites",
  [MAP_PROBESTR] = "probestr", [MAP_STRCONST] = "strconst", [MAP_PIDS] = "pids",
  [MAP_SPEC] = "spec", [MAP_DYNVAR] = "dynvar", [MAP_SYSCALL_SITES] = "syscall_sites",
  [MAP_SITE_PROBES] = "siteprobes", [MAP_PID_PROBES] = "pidprobes", [MAP_NEW_PROBES] = "newprobes",
  [MAP_LOCK_WAITS] = "lockwaits", [MAP_KSKIP] = "kskip",
};

const char *
map_ref_name (uint32_t ref, const struct dprog *prog, char *buf, size_t size)
{
  unsigned i = ref & MAP_REF_INDEX_MASK;
  if (ref & MAP_REF_VAR)
    {
      const struct dvar *v = prog && i < prog->nvars ? &prog->vars[i] : NULL;
      if (v)
        snprintf (buf, size, "var:%s%s", v->scope == VS_SELF ? "self->" : "", v->name);
      else
        snprintf (buf, size, "var:%u", i);
      return buf;
    }
  if (ref & MAP_REF_AGG)
    {
      if (prog && i < prog->naggs)
        snprintf (buf, size, "agg:@%s", prog->aggs[i].name);
      else
        snprintf (buf, size, "agg:%u", i);
      return buf;
    }
  if (ref < MAP_NFIXED)
    return fixed_maps[ref];
  snprintf (buf, size, "map:%#" PRIx32, ref);
  return buf;
}

/* The helpers the code generator calls, by number. */
#define HELPER(n) { BPF_FUNC_##n, #n }
static const struct { int id; const char *name; } helpers[] = {
  HELPER (map_lookup_elem), HELPER (map_update_elem), HELPER (map_delete_elem),
  HELPER (ktime_get_ns), HELPER (get_prandom_u32), HELPER (get_smp_processor_id),
  HELPER (get_current_pid_tgid), HELPER (get_current_uid_gid), HELPER (get_current_comm),
  HELPER (probe_write_user), HELPER (get_stack), HELPER (send_signal), HELPER (send_signal_thread),
  HELPER (probe_read_user), HELPER (probe_read_kernel), HELPER (probe_read_user_str),
  HELPER (probe_read_kernel_str), HELPER (ringbuf_output), HELPER (ringbuf_query),
  HELPER (copy_from_user), HELPER (get_attach_cookie),
};

static const char *
size_name (unsigned code)
{
  switch (BPF_SIZE (code))
    {
    case BPF_B: return "u8";
    case BPF_H: return "u16";
    case BPF_W: return "u32";
    default: return "u64";
    }
}

static const char *
alu_op (unsigned op)
{
  switch (op)
    {
    case BPF_ADD: return "+=";
    case BPF_SUB: return "-=";
    case BPF_MUL: return "*=";
    case BPF_DIV: return "/=";
    case BPF_OR: return "|=";
    case BPF_AND: return "&=";
    case BPF_LSH: return "<<=";
    case BPF_RSH: return ">>=";
    case BPF_MOD: return "%=";
    case BPF_XOR: return "^=";
    case BPF_MOV: return "=";
    case BPF_ARSH: return "s>>=";
    default: return NULL;
    }
}

static const char *
jmp_op (unsigned op)
{
  switch (op)
    {
    case BPF_JEQ: return "==";
    case BPF_JGT: return ">";
    case BPF_JGE: return ">=";
    case BPF_JSET: return "&";
    case BPF_JNE: return "!=";
    case BPF_JSGT: return "s>";
    case BPF_JSGE: return "s>=";
    case BPF_JLT: return "<";
    case BPF_JLE: return "<=";
    case BPF_JSLT: return "s<";
    case BPF_JSLE: return "s<=";
    default: return NULL;
    }
}

static void
disasm_alu (struct strbuf *t, const struct bpf_insn *in)
{
  char r = BPF_CLASS (in->code) == BPF_ALU64 ? 'r' : 'w';
  unsigned op = BPF_OP (in->code);
  if (op == BPF_NEG)
    strbuf_printf (t, "%c%u = -%c%u", r, in->dst_reg, r, in->dst_reg);
  else if (op == BPF_END)
    strbuf_printf (t, "r%u = %s%d r%u", in->dst_reg, BPF_SRC (in->code) == BPF_TO_BE ? "be" : "le", in->imm,
         in->dst_reg);
  else if (!alu_op (op))
    strbuf_printf (t, "(alu %#x)", in->code);
  else if (BPF_SRC (in->code) == BPF_X)
    strbuf_printf (t, "%c%u %s %c%u", r, in->dst_reg, alu_op (op), r, in->src_reg);
  else
    strbuf_printf (t, "%c%u %s %d", r, in->dst_reg, alu_op (op), in->imm);
}

static void
disasm_atomic (struct strbuf *t, const struct bpf_insn *in)
{
  const char *sz = size_name (in->code);
  int op = in->imm & ~BPF_FETCH;
  const char *name = op == BPF_ADD ? "add" : op == BPF_OR ? "or" : op == BPF_AND ? "and"
                     : op == BPF_XOR ? "xor" : NULL;
  if (in->imm == BPF_CMPXCHG)
    strbuf_printf (t, "r0 = cmpxchg((%s *)(r%u %+d), r0, r%u)", sz, in->dst_reg, in->off, in->src_reg);
  else if (in->imm == BPF_XCHG)
    strbuf_printf (t, "r%u = xchg((%s *)(r%u %+d), r%u)", in->src_reg, sz, in->dst_reg, in->off, in->src_reg);
  else if (name && (in->imm & BPF_FETCH))
    strbuf_printf (t, "r%u = atomic_fetch_%s((%s *)(r%u %+d), r%u)", in->src_reg, name, sz, in->dst_reg, in->off,
         in->src_reg);
  else if (name)
    strbuf_printf (t, "lock *(%s *)(r%u %+d) %s r%u", sz, in->dst_reg, in->off, alu_op ((unsigned) op),
         in->src_reg);
  else
    strbuf_printf (t, "(atomic %#x)", (unsigned) in->imm);
}

static void
disasm_jmp (struct strbuf *t, const struct bpf_insn *in, size_t pc)
{
  unsigned op = BPF_OP (in->code);
  long target = (long) pc + in->off + 1;
  if (BPF_CLASS (in->code) == BPF_JMP32 && op == BPF_JA)
    target = (long) pc + in->imm + 1;     /* gotol: the offset is in imm */
  char r = BPF_CLASS (in->code) == BPF_JMP32 ? 'w' : 'r';
  if (op == BPF_EXIT)
    strbuf_printf (t, "exit");
  else if (op == BPF_CALL)
    {
      for (size_t i = 0; i < sizeof helpers / sizeof helpers[0]; i++)
        if (helpers[i].id == in->imm)
          {
            strbuf_printf (t, "call %s", helpers[i].name);
            return;
          }
      strbuf_printf (t, "call #%d", in->imm);
    }
  else if (op == BPF_JA)
    strbuf_printf (t, "goto %ld", target);
  else if (op == BPF_JCOND)
    strbuf_printf (t, "may_goto %ld", target);
  else if (!jmp_op (op))
    strbuf_printf (t, "(jmp %#x)", in->code);
  else if (BPF_SRC (in->code) == BPF_X)
    strbuf_printf (t, "if %c%u %s %c%u goto %ld", r, in->dst_reg, jmp_op (op), r, in->src_reg, target);
  else
    strbuf_printf (t, "if %c%u %s %d goto %ld", r, in->dst_reg, jmp_op (op), in->imm, target);
}

/* One instruction at PC; returns how many slots it took (2: a 64-bit load). */
static size_t
disasm_insn (struct strbuf *t, const struct bpf_image *img, size_t pc, const struct dprog *prog)
{
  const struct bpf_insn *in = &img->insns[pc];
  switch (BPF_CLASS (in->code))
    {
    case BPF_ALU:
    case BPF_ALU64:
      disasm_alu (t, in);
      return 1;
    case BPF_JMP:
    case BPF_JMP32:
      disasm_jmp (t, in, pc);
      return 1;
    case BPF_LDX:
      strbuf_printf (t, "r%u = *(%s *)(r%u %+d)", in->dst_reg, size_name (in->code), in->src_reg, in->off);
      return 1;
    case BPF_ST:
      strbuf_printf (t, "*(%s *)(r%u %+d) = %d", size_name (in->code), in->dst_reg, in->off, in->imm);
      return 1;
    case BPF_STX:
      if (BPF_MODE (in->code) == BPF_ATOMIC)
        disasm_atomic (t, in);
      else
        strbuf_printf (t, "*(%s *)(r%u %+d) = r%u", size_name (in->code), in->dst_reg, in->off, in->src_reg);
      return 1;
    default:
      break;
    }
  if (in->code != (BPF_LD | BPF_DW | BPF_IMM) || pc + 1 >= img->ninsns)
    {
      strbuf_printf (t, "(code %#x)", in->code);
      return 1;
    }
  if (in->src_reg == BPF_PSEUDO_MAP_FD)
    {
      const struct bpf_reloc *r = NULL;
      for (size_t i = 0; i < img->nrelocs && !r; i++)
        if (img->relocs[i].insn == pc)
          r = &img->relocs[i];
      char buf[300];
      if (r)
        strbuf_printf (t, "r%u = map[%s]", in->dst_reg, map_ref_name (r->map, prog, buf, sizeof buf));
      else
        strbuf_printf (t, "r%u = map_fd[%d]", in->dst_reg, in->imm);
      return 2;
    }
  uint64_t v = (uint64_t) (uint32_t) in->imm | (uint64_t) (uint32_t) in[1].imm << 32;
  strbuf_printf (t, "r%u = %#" PRIx64 " ll", in->dst_reg, v);
  return 2;
}

static const char *
prog_type_name (unsigned type)
{
  switch (type)
    {
    case BPF_PROG_TYPE_KPROBE: return "kprobe";
    case BPF_PROG_TYPE_PERF_EVENT: return "perf_event";
    case BPF_PROG_TYPE_RAW_TRACEPOINT: return "raw_tracepoint";
    default: return "other";
    }
}

char *
image_disasm (const struct bpf_image *img, const struct dprog *prog)
{
  struct strbuf t = STRBUF_INIT;
  strbuf_printf (&t, "; %s: %s (type %u), expected attach type %u, flags %#x, %zu insns\n",
       img->name ? img->name : "", prog_type_name (img->prog_type), img->prog_type,
       img->expected_attach_type, img->prog_flags, img->ninsns);
  for (size_t pc = 0; pc < img->ninsns;)
    {
      strbuf_printf (&t, "%4zu: ", pc);
      pc += disasm_insn (&t, img, pc, prog);
      strbuf_printf (&t, "\n");
    }
  return t.s;
}
