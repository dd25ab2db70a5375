/* SPDX-License-Identifier: MIT */
/*
 * codegen-dpath.c — __d_path(dentry, vfsmount, root dentry, root vfsmount,
 * offsets...): the path of a file from the current process's root (its
 * fs->root: a chroot's, or the root a container or a pivot_root made), as
 * the D library's fileinfo_t translator gives fi_pathname (checker-prelude.c
 * passes the struct offsets it read from the kernel's BTF as constants).
 *
 * The walk goes up d_parent from the file's dentry, one name per level,
 * written right to left into a string temporary; at the root of a mount
 * (the dentry is the vfsmount's mnt_root) it steps to the mount point in
 * the parent mount (struct mount's mnt_mountpoint and mnt_parent), and it
 * ends at the process's root (that dentry in that mount), or at a mount
 * that is its own parent (a file outside the process's root: the path
 * from the namespace's root).  It is unrolled to DPATH_LEVELS
 * steps (names and mount crossings together): straight-line code every
 * kernel's verifier takes.  The finished path is then copied to the start
 * of a second temporary, the result.
 *
 * Every read is bpf_probe_read_kernel: a failed one gives 0 and ends the
 * walk.  "<unknown>", as DTrace prints when it has no path, for: a NULL
 * dentry, a dentry that is its own parent without being a mount's root
 * (pipes, sockets and other pseudo files, which have no place in a
 * tree), a path deeper than DPATH_LEVELS steps or longer than strsize - 1,
 * and offsets the kernel's BTF did not give.
 */
#include "consumer/compile/codegen-int.h"

/* How many steps (a name, or a crossing to a parent mount) the walk takes. */
#define DPATH_LEVELS 32

#define E(i) cg_emit (g, (i))

enum { OFF_PARENT, OFF_NAME, OFF_LEN, OFF_MNT_ROOT, OFF_MOUNT_MNT, OFF_MNT_PARENT,
       OFF_MNT_MOUNTPOINT, NOFFS };

struct dpath {
  int32_t off[NOFFS];
  int dentry, vfsmnt, root_dentry, root_mnt, pos, len, work, dst;   /* stack slots */
  int done, unknown;                    /* labels */
  unsigned strsize;
};

static void
ld (struct gen *g, int reg, int slot)
{
  E (LDX (BPF_DW, reg, R10, (int16_t) slot));
}

static void
st (struct gen *g, int slot, int reg)
{
  E (STX (BPF_DW, R10, reg, (int16_t) slot));
}

/* One step up from the dentry in D->dentry. */
static void
step (struct gen *g, const struct dpath *d)
{
  struct bpf_asm *a = &g->a;
  int name = asm_label (a), next = asm_label (a), mount_root = asm_label (a);
  /* the process's root: done */
  ld (g, R1, d->dentry);
  ld (g, R2, d->root_dentry);
  asm_jmp_reg (a, BPF_JNE, R1, R2, mount_root);
  ld (g, R1, d->vfsmnt);
  ld (g, R2, d->root_mnt);
  asm_jmp_reg (a, BPF_JEQ, R1, R2, d->done);
  asm_bind (a, mount_root);
  /* the root of its mount: on to the mount point, in the parent mount */
  ld (g, R3, d->vfsmnt);
  cg_kread (g, R3, (uint32_t) d->off[OFF_MNT_ROOT], 8);
  ld (g, R1, d->dentry);
  asm_jmp_reg (a, BPF_JNE, R0, R1, name);
  ld (g, R3, d->vfsmnt);
  E (A64_IMM (BPF_SUB, R3, d->off[OFF_MOUNT_MNT]));    /* the struct mount */
  cg_kread (g, R3, (uint32_t) d->off[OFF_MNT_PARENT], 8);
  asm_jmp_imm (a, BPF_JEQ, R0, 0, d->done);
  ld (g, R3, d->vfsmnt);
  E (A64_IMM (BPF_SUB, R3, d->off[OFF_MOUNT_MNT]));
  asm_jmp_reg (a, BPF_JEQ, R0, R3, d->done);              /* the namespace's root */
  E (A64_IMM (BPF_ADD, R0, d->off[OFF_MOUNT_MNT]));
  st (g, d->vfsmnt, R0);
  cg_kread (g, R3, (uint32_t) d->off[OFF_MNT_MOUNTPOINT], 8);
  asm_jmp_imm (a, BPF_JEQ, R0, 0, d->unknown);
  st (g, d->dentry, R0);
  asm_ja (a, next);
  /* a name: "/name" before what is written, at pos - len - 1 */
  asm_bind (a, name);
  ld (g, R3, d->dentry);
  cg_kread (g, R3, (uint32_t) d->off[OFF_PARENT], 8);
  asm_jmp_imm (a, BPF_JEQ, R0, 0, d->unknown);
  ld (g, R1, d->dentry);
  asm_jmp_reg (a, BPF_JEQ, R0, R1, d->unknown);         /* its own parent: no tree */
  E (STX (BPF_DW, R10, R0, SLOT_VALUE));
  ld (g, R3, d->dentry);
  cg_kread (g, R3, (uint32_t) d->off[OFF_LEN], 4);
  asm_jmp_imm (a, BPF_JGT, R0, (int32_t) d->strsize - 2, d->unknown);
  ld (g, R2, d->pos);
  E (A64_REG (BPF_SUB, R2, R0));
  E (A64_IMM (BPF_SUB, R2, 1));
  asm_jmp_imm (a, BPF_JSLT, R2, 0, d->unknown);         /* too long */
  asm_jmp_imm (a, BPF_JSGT, R2, (int32_t) d->strsize - 2, d->unknown);
  st (g, d->pos, R2);
  st (g, d->len, R0);
  ld (g, R3, d->dentry);
  cg_kread (g, R3, (uint32_t) d->off[OFF_NAME], 8);
  E (MOV64_REG (R3, R0));
  ld (g, R2, d->len);
  ld (g, R1, d->work);
  ld (g, R4, d->pos);
  E (A64_REG (BPF_ADD, R1, R4));
  E (ST_IMM (BPF_B, R1, 0, '/'));
  E (A64_IMM (BPF_ADD, R1, 1));
  E (CALL (BPF_FUNC_probe_read_kernel));
  asm_jmp_imm (a, BPF_JNE, R0, 0, d->unknown);
  E (LDX (BPF_DW, R0, R10, SLOT_VALUE));
  st (g, d->dentry, R0);
  asm_bind (a, next);
}

/* r0 = the string "<unknown>" in the result temporary (zeroed). */
static void
unknown_string (struct gen *g, const struct dpath *d)
{
  static const char text[] = "<unknown>";
  ld (g, R0, d->dst);
  for (unsigned i = 0; i + 1 < sizeof text && i + 1 < d->strsize; i++)
    E (ST_IMM (BPF_B, R0, (int16_t) i, text[i]));
}

void
cg_d_path (struct gen *g, struct d_node *n)
{
  struct bpf_asm *a = &g->a;
  struct dpath d = { .strsize = g->p->strsize };
  bool known = true;
  for (int i = 0; i < NOFFS; i++)
    {
      const struct ninfo *ni = ninfo (n->args[4 + i]);
      d.off[i] = ni->is_const && ni->value >= 0 && ni->value < 0x10000 ? (int32_t) ni->value : -1;
      known = known && d.off[i] >= 0;
    }
  cg_expr (g, n->args[0]);
  d.dentry = cg_push (g);
  cg_expr (g, n->args[1]);
  d.vfsmnt = cg_push (g);
  cg_expr (g, n->args[2]);
  d.root_dentry = cg_push (g);
  cg_expr (g, n->args[3]);
  d.root_mnt = cg_push (g);
  cg_emit (g, MOV64_IMM (R0, (int32_t) d.strsize - 1));
  d.pos = cg_push (g);
  cg_emit (g, MOV64_IMM (R0, 0));
  d.len = cg_push (g);
  cg_str_temp (g);
  d.work = cg_push (g);
  cg_str_temp (g);
  d.dst = cg_push (g);
  d.done = asm_label (a);
  d.unknown = asm_label (a);
  int end = asm_label (a), root = asm_label (a);
  ld (g, R0, d.dentry);
  if (!known || d.strsize < 4)
    asm_ja (a, d.unknown);
  asm_jmp_imm (a, BPF_JEQ, R0, 0, d.unknown);
  for (int i = 0; i < DPATH_LEVELS; i++)
    step (g, &d);
  asm_ja (a, d.unknown);                 /* deeper than DPATH_LEVELS */
  asm_bind (a, d.done);
  ld (g, R2, d.pos);
  asm_jmp_imm (a, BPF_JNE, R2, (int32_t) d.strsize - 1, root);
  ld (g, R1, d.work);                    /* nothing written: the root, "/" */
  E (ST_IMM (BPF_B, R1, (int16_t) (d.strsize - 2), '/'));
  E (MOV64_IMM (R2, (int32_t) d.strsize - 2));
  st (g, d.pos, R2);
  asm_bind (a, root);
  asm_jmp_imm (a, BPF_JSLT, R2, 0, d.unknown);
  asm_jmp_imm (a, BPF_JGT, R2, (int32_t) d.strsize - 1, d.unknown);
  ld (g, R3, d.work);
  E (A64_REG (BPF_ADD, R3, R2));
  E (MOV64_IMM (R1, (int32_t) d.strsize));
  E (A64_REG (BPF_SUB, R1, R2));
  E (MOV64_REG (R2, R1));
  ld (g, R1, d.dst);
  E (CALL (BPF_FUNC_probe_read_kernel_str));
  ld (g, R0, d.dst);
  asm_ja (a, end);
  asm_bind (a, d.unknown);
  unknown_string (g, &d);
  asm_bind (a, end);
  cg_drop (g, 8);
}
