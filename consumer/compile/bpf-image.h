/* SPDX-License-Identifier: MIT */
/*
 * bpf-image.h — a relocatable BPF program: what the compiler hands to the
 * loader (runtime/loader.h).
 *
 * The instructions are final except for the maps: each BPF_LD_IMM64 of a
 * map (src_reg BPF_PSEUDO_MAP_FD) carries imm 0 and a relocation naming
 * the map symbolically (abi.h enum map_id, MAP_REF_VAR, MAP_REF_AGG).  The
 * loader writes the fds of the runtime's maps there in a copy and loads
 * it; nothing in an image depends on the running kernel's objects, so the
 * same image can be disassembled (bpf-disasm.h) and compared in tests.
 */
#ifndef SDTKIT_CONSUMER_BPF_IMAGE_H
#define SDTKIT_CONSUMER_BPF_IMAGE_H

#include <linux/bpf.h>
#include <stddef.h>
#include <stdint.h>

struct bpf_reloc {
  uint32_t insn;               /* index of the first half of the BPF_LD_IMM64 */
  uint32_t map;                /* abi.h map reference */
};

struct bpf_image {
  struct bpf_insn *insns;
  size_t ninsns;
  struct bpf_reloc *relocs;    /* in instruction order */
  size_t nrelocs;
  unsigned prog_type;          /* enum bpf_prog_type */
  unsigned expected_attach_type;
  unsigned prog_flags;         /* BPF_F_SLEEPABLE ... */
  unsigned attach_btf_id;      /* fentry/fexit: the kernel function's BTF id */
  long cookie_insn;            /* 0, or the index of the `w0 = 0` that stands
                                  for bpf_get_attach_cookie() on kernels
                                  without it (dtarget.no_attach_cookie): the
                                  loader loads one copy of the program per
                                  cookie, with the cookie in its imm (never
                                  0: a program starts with r6 = r1) */
  char *name;
};

void image_free (struct bpf_image *img);

#endif
