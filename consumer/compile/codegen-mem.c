/* SPDX-License-Identifier: MIT */
/*
 * codegen-mem.c — typed memory (checker-members.c decides the types and
 * homes): the address of a member, element or pointee, and the read of a
 * scalar there — a bpf_probe_read_user from the traced process (a failed
 * read is a fault at that address, as copyin()'s), or a plain load from a
 * copied-in buffer.  Bit-fields are shifted out of their unit.  Pointer
 * arithmetic scales the integer operand by the pointee's size.
 *
 * An expression of struct, union or array type leaves its address in r0;
 * `.` and `[]` on it add to that address, so `p->a->b[2].c` is two user
 * reads (p->a, then c) with the offsets folded in between.
 */
#include "consumer/compile/codegen-int.h"

#define E(i) cg_emit (g, (i))

/* The size of the scalar a memory node reads (its unit, for a bit-field). */
static unsigned
read_size (const struct ninfo *ni)
{
  if (ni->member && ni->member->bit_size)
    {
      const struct ctype *u = ctype_resolve (ni->member->type);
      return u ? (unsigned) u->size : 8;
    }
  return ni->type.size ? ni->type.size : 8;
}

/* r0 = the address of the memory N denotes. */
static void
mem_addr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  struct bpf_asm *a = cg_asm (g);
  switch (n->kind)
    {
    case DN_MEMBER:
      cg_expr (g, n->a);          /* the pointer (->), the aggregate's address (.) */
      if (ni->offset)
        E (A64_IMM (BPF_ADD, R0, (int32_t) ni->offset));
      return;
    case DN_INDEX:
      {
        struct ninfo *k = ninfo (n->args[0]);
        cg_expr (g, n->a);
        if (k->is_const)
          {
            int64_t off = k->value * (int64_t) ni->elem_size;
            if (off)
              E (A64_IMM (BPF_ADD, R0, (int32_t) off));
            return;
          }
        cg_push (g);
        cg_expr (g, n->args[0]);
        if (ni->bound)
          {
            /* DTrace's bounds check: the element must be in the array (or
             * the copied-in buffer); the verifier learns the bound here */
            int ok = asm_label (a);
            if (ni->bound <= INT32_MAX)
              asm_jmp_imm (a, BPF_JLT, R0, (int32_t) ni->bound, ok);
            else
              {
                asm_ld_imm64 (a, R1, (int64_t) ni->bound);
                asm_jmp_reg (a, BPF_JLT, R0, R1, ok);
              }
            if (ni->mem == MEM_USER)
              {
                cg_emit (g, LDX (BPF_DW, R1, R10, (int16_t) (SLOT_FIRST - 8 * (g->depth - 1))));
                E (A64_IMM (BPF_MUL, R0, (int32_t) ni->elem_size));
                E (A64_REG (BPF_ADD, R0, R1));
                cg_fault (g, FLT_BADADDR, R0);
              }
            else
              cg_fault (g, FLT_BADADDR, -1);
            asm_bind (a, ok);
          }
        if (ni->elem_size != 1)
          E (A64_IMM (BPF_MUL, R0, (int32_t) ni->elem_size));
        cg_pop (g, R1);
        E (A64_REG (BPF_ADD, R0, R1));
        return;
      }
    default:                      /* *p */
      cg_expr (g, n->a);
      return;
    }
}

/* Where a user read lands: BASE + OFF, or (INDIRECT) the address held
 * at BASE + OFF. */
struct user_dst
{
  uint8_t base;
  int32_t off;
  bool indirect;
};

/* SIZE bytes from the traced process's address in stack slot SRC to
 * DST: bpf_probe_read_user, then (sleepable programs) copy_from_user,
 * which faults a page that is not present in; a read both fail faults
 * with the address. */
static void
read_user_or_fault (struct gen *g, struct user_dst dst, unsigned size, int src, bool kernel)
{
  static const int32_t helpers[] = { BPF_FUNC_probe_read_user, BPF_FUNC_copy_from_user };
  struct bpf_asm *a = cg_asm (g);
  int done = asm_label (a);
  /* D's own memory (MEM_KERNEL): one bpf_probe_read_kernel */
  for (int i = 0; i < (kernel ? 1 : cg_sleepable (g) ? 2 : 1); i++)
    {
      if (dst.indirect)
        E (LDX (BPF_DW, R1, dst.base, (int16_t) dst.off));
      else
        {
          E (MOV64_REG (R1, dst.base));
          E (A64_IMM (BPF_ADD, R1, dst.off));
        }
      E (MOV64_IMM (R2, (int32_t) size));
      E (LDX (BPF_DW, R3, R10, (int16_t) src));
      E (CALL (kernel ? BPF_FUNC_probe_read_kernel : helpers[i]));
      asm_jmp_imm (a, BPF_JEQ, R0, 0, done);
    }
  E (LDX (BPF_DW, R1, R10, (int16_t) src));
  cg_fault (g, FLT_BADADDR, R1);
  asm_bind (a, done);
}

/* r0 = the scalar at r0 in the traced process (or, KERNEL, in D's
 * memory); a failed read faults. */
static void
read_user (struct gen *g, unsigned size, bool kernel)
{
  int slot = cg_push (g);
  E (ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  read_user_or_fault (g, (struct user_dst) { R10, SLOT_TMP, false }, size, slot, kernel);
  cg_drop (g, 1);
  E (LDX (BPF_DW, R0, R10, SLOT_TMP));
}

/* Copy SIZE bytes (a multiple of 8 or not) from the address in slot SRC
 * to r7 + DST (a scratch offset): a user read that faults, or plain loads
 * from a copied-in buffer. */
static void
copy_object (struct gen *g, uint8_t home, int src, unsigned dst, unsigned size)
{
  if (home == MEM_USER || home == MEM_KERNEL)
    {
      read_user_or_fault (g, (struct user_dst) { R7, (int32_t) dst, false }, size, src,
                          home == MEM_KERNEL);
      return;
    }
  E (LDX (BPF_DW, R1, R10, (int16_t) src));
  unsigned i = 0;
  for (; i + 8 <= size; i += 8)
    {
      E (LDX (BPF_DW, R2, R1, (int16_t) i));
      E (STX (BPF_DW, R7, R2, (int16_t) (dst + i)));
    }
  for (; i < size; i++)
    {
      E (LDX (BPF_B, R2, R1, (int16_t) i));
      E (STX (BPF_B, R7, R2, (int16_t) (dst + i)));
    }
}

void
cg_store_object (struct gen *g, struct d_node *n, unsigned rec_item_off)
{
  struct ninfo *ni = ninfo (n);
  cg_expr (g, n);
  int src = cg_push (g);
  copy_object (g, ni->mem, src, g->cg->scratch.rec_off + rec_item_off,
               (unsigned) ctype_resolve (ni->type.ctype)->size);
  cg_drop (g, 1);
}

void
cg_mem_expr (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  mem_addr (g, n);
  if (ni->str_bytes)
    {
      /* a char array as a string: its bytes in a zeroed temporary */
      int src = cg_push (g);
      unsigned off = cg_str_temp (g);
      copy_object (g, ni->mem, src, off, (unsigned) ni->str_bytes);
      cg_drop (g, 1);
      E (MOV64_REG (R0, R7));
      E (A64_IMM (BPF_ADD, R0, (int32_t) off));
      return;
    }
  if (ni->type.kind == DT_OBJECT || ni->decayed)
    return;                       /* its address */
  unsigned size = read_size (ni);
  if (ni->mem == MEM_USER || ni->mem == MEM_KERNEL)
    read_user (g, size, ni->mem == MEM_KERNEL);
  else
    E (LDX ((uint8_t) asm_size_code (size), R0, R0, 0));
  if (ni->member && ni->member->bit_size)
    {
      const struct ctype_member *m = ni->member;
      int left = 64 - m->bit_offset - m->bit_size;
      if (left > 0)
        E (A64_IMM (BPF_LSH, R0, left));
      E (A64_IMM (ni->type.is_signed ? BPF_ARSH : BPF_RSH, R0, 64 - m->bit_size));
      return;
    }
  cg_normalize (g, R0, ni->type);
}

void
cg_addr_of (struct gen *g, struct d_node *n)
{
  mem_addr (g, n->a);
}

void
cg_pointer_arith (struct gen *g, struct d_node *n)
{
  struct ninfo *ni = ninfo (n);
  cg_expr (g, n->a);
  cg_push (g);
  cg_expr (g, n->b);
  E (MOV64_REG (R1, R0));
  cg_pop (g, R0);
  if (ni->scaled == 3)
    {
      /* p - q: bytes between them over the element size */
      E (A64_REG (BPF_SUB, R0, R1));
      if (ni->elem_size != 1)
        {
          cg_mov_imm (g, R1, (int64_t) ni->elem_size);
          cg_divide (g, DOP_DIV, true);
        }
      return;
    }
  if (ni->elem_size != 1)
    E (A64_IMM (BPF_MUL, ni->scaled == 2 ? R1 : R0, (int32_t) ni->elem_size));
  E (A64_REG (n->op == DOP_SUB ? BPF_SUB : BPF_ADD, R0, R1));
}

void
cg_copy_bytes (struct gen *g, int dst, int src, unsigned size)
{
  unsigned i = 0;
  for (; i + 8 <= size; i += 8)
    {
      E (LDX (BPF_DW, R0, src, (int16_t) i));
      E (STX (BPF_DW, dst, R0, (int16_t) i));
    }
  for (; i < size; i++)
    {
      E (LDX (BPF_B, R0, src, (int16_t) i));
      E (STX (BPF_B, dst, R0, (int16_t) i));
    }
}

/* Store r0 (an integer, or for an object the address of its bytes) into
 * the typed memory LV denotes (D's own: the checker refused user memory). */
static void store_at_r0 (struct gen *g, struct ninfo *ni);

void
cg_store_mem (struct gen *g, struct d_node *lv)
{
  cg_push (g);
  int skip = cg_write_begin (g, lv);
  mem_addr (g, lv);
  cg_pop (g, R1);
  store_at_r0 (g, ninfo (lv));
  cg_write_end (g, skip);
}

/* r1 (an integer, or an object's address) into the memory of NI at r0. */
static void
store_at_r0 (struct gen *g, struct ninfo *ni)
{
  if (ni->type.kind == DT_OBJECT)
    {
      /* cg_copy_bytes moves words through r0 */
      E (MOV64_REG (R2, R0));
      cg_copy_bytes (g, R2, R1, (unsigned) ctype_resolve (ni->type.ctype)->size);
      return;
    }
  if (ni->type.kind == DT_STRING)
    {
      /* a string member: strsize bytes of the string */
      cg_copy_string (g, R0, R1);
      return;
    }
  unsigned size = read_size (ni);
  uint8_t code = (uint8_t) asm_size_code (size);
  if (ni->member && ni->member->bit_size)
    {
      /* read the unit, replace the field's bits, write it back */
      const struct ctype_member *m = ni->member;
      uint64_t mask = (m->bit_size >= 64 ? ~0ull : ((1ull << m->bit_size) - 1)) << m->bit_offset;
      E (LDX (code, R2, R0, 0));
      asm_ld_imm64 (cg_asm (g), R3, (int64_t) ~mask);
      E (A64_REG (BPF_AND, R2, R3));
      if (m->bit_offset)
        E (A64_IMM (BPF_LSH, R1, m->bit_offset));
      asm_ld_imm64 (cg_asm (g), R3, (int64_t) mask);
      E (A64_REG (BPF_AND, R1, R3));
      E (A64_REG (BPF_OR, R2, R1));
      E (STX (code, R0, R2, 0));
      return;
    }
  E (STX (code, R0, R1, 0));
}

/* r0 = the address of the target of a struct assignment: a global or
 * this-> variable, or D-owned typed memory. */
static void
target_addr (struct gen *g, struct d_node *lv)
{
  struct dvar *v = ninfo (lv)->var;
  if (!v)
    {
      mem_addr (g, lv);
      return;
    }
  if (v->scope == VS_GLOBAL)
    {
      E (LDX (BPF_DW, R0, R10, SLOT_GLOBALS));
      E (A64_IMM (BPF_ADD, R0, (int32_t) v->offset));
    }
  else
    {
      E (MOV64_REG (R0, R7));
      E (A64_IMM (BPF_ADD, R0, (int32_t) (g->cg->scratch.this_off + v->offset)));
    }
}

void
cg_assign_user_object (struct gen *g, struct d_node *n)
{
  unsigned size = (unsigned) ctype_resolve (ninfo (n->a)->type.ctype)->size;
  cg_expr (g, n->b);              /* the object's address in the traced process */
  int src = cg_push (g);
  struct dvar *v = ninfo (n->a)->var;
  int skip;
  if (v && (v->scope == VS_SELF || v->scope == VS_ASSOC))
    {
      /* read straight into the element, created from zeroes if absent
       * (any size up to the checker's limit, not only strsize) */
      g->write_root = n->a;
      skip = g->write_skip = asm_label (cg_asm (g));
      cg_load_map_var (g, n->a, v);
    }
  else
    {
      skip = cg_write_begin (g, n->a);   /* a member of a struct in a map element */
      target_addr (g, n->a);
    }
  int dst = cg_push (g);
  read_user_or_fault (g, (struct user_dst) { R10, dst, true }, size, src,
                      ninfo (n->b)->mem == MEM_KERNEL);
  cg_drop (g, 1);
  cg_write_end (g, skip);
  cg_drop (g, 1);
  E (LDX (BPF_DW, R0, R10, (int16_t) src));
}
