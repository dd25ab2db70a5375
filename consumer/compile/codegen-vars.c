/* SPDX-License-Identifier: MIT */
/*
 * codegen-vars.c — D variables in BPF (codegen-int.h, dprog.h): map keys
 * built in the scratch key area, reads and writes of globals, this->,
 * self-> and associative arrays, assignments.  Map-backed variables share
 * one dynamic-variable budget (dynvarsize) counted in a one-u64 map.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/codegen-int.h"

/* A stack stored at OFF in a key slot of type SLOT (an aggregation's key,
 * widened by the checker to every stack used there): the rest of the slot
 * zeroed; in a DT_ANYSTACK slot a kernel stack marked as one, a user
 * stack followed by its depth (dprog.h). */
static void
fit_stack_slot (struct gen *g, int base_reg, int off, struct dtype stored, struct dtype slot)
{
  unsigned have = dtype_bytes (stored, 0), want = dtype_bytes (slot, 0);
  for (unsigned b = have; b < want; b += 8)
    cg_emit (g, ST_IMM (BPF_DW, base_reg, (int16_t) (off + (int) b), 0));
  if (slot.kind == DT_ANYSTACK && stored.kind == DT_KSTACK)
    cg_emit (g, ST_IMM (BPF_DW, base_reg, (int16_t) off, -1));   /* ANYSTACK_KERNEL */
  if (slot.kind == DT_ANYSTACK && stored.kind == DT_USTACK)
    cg_emit (g, ST_IMM (BPF_DW, base_reg, (int16_t) (off + 16), stored.size));
}

/* Evaluate key expressions, then lay the key out at BASE_REG + START
 * (optionally after the thread id for self->; the aggregation's key types
 * SLOTS, or NULL).  r0 = key address. */
static void
build_key_at (struct gen *g, struct d_node **keys, size_t nkeys, bool with_tid, int base_reg,
              int start, const struct dtype *slots)
{
  int base = g->depth;
  if (base_reg == R10 && !with_tid)
    {
      /* integers on the stack (cg_build_small_key): each stored where it
       * goes as soon as it is computed (no key expression builds a small
       * key of its own) */
      for (size_t i = 0; i < nkeys; i++)
        {
          cg_expr (g, keys[i]);
          cg_emit (g, STX (BPF_DW, R10, R0, (int16_t) (start + 8 * (int) i)));
        }
      cg_emit (g, MOV64_REG (R0, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R0, start));
      return;
    }
  for (size_t i = 0; i < nkeys; i++)
    {
      cg_expr (g, keys[i]);
      cg_push (g);
    }
  int off = start;
  if (with_tid)
    {
      cg_thread_key (g);
      cg_emit (g, STX (BPF_DW, base_reg, R0, (int16_t) off));
      off += 8;
    }
  if (nkeys == 0 && !with_tid)
    {
      cg_emit (g, ST_IMM (BPF_DW, base_reg, (int16_t) off, 0));
      off += 8;
    }
  for (size_t i = 0; i < nkeys; i++)
    {
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_FIRST - 8 * (base + (int) i)));
      if (ninfo (keys[i])->type.kind == DT_STRING)
        {
          cg_emit (g, MOV64_REG (R1, base_reg));
          cg_emit (g, A64_IMM (BPF_ADD, R1, off));
          cg_copy_string (g, R1, R0);
          off += (int) ((g->p->strsize + 7) & ~7u);
        }
      else if (ninfo (keys[i])->type.kind == DT_OBJECT)
        {
          /* a struct or union of D's memory: its bytes, the padding to
           * 8 zeroed so that equal values make equal keys */
          unsigned size = (unsigned) ctype_resolve (ninfo (keys[i])->type.ctype)->size;
          unsigned padded = dtype_bytes (ninfo (keys[i])->type, g->p->strsize);
          cg_emit (g, ST_IMM (BPF_DW, base_reg, (int16_t) (off + (int) padded - 8), 0));
          cg_emit (g, MOV64_REG (R2, R0));
          cg_emit (g, MOV64_REG (R1, base_reg));
          cg_emit (g, A64_IMM (BPF_ADD, R1, off));
          cg_copy_bytes (g, R1, R2, size);
          off += (int) padded;
        }
      else if (dtype_is_record (ninfo (keys[i])->type))
        {
          cg_emit (g, MOV64_REG (R1, base_reg));
          cg_emit (g, A64_IMM (BPF_ADD, R1, off));
          struct dtype t = ninfo (keys[i])->type;
          cg_copy_record (g, R1, R0, t);
          if (slots && dtype_is_stack (slots[i]))
            {
              fit_stack_slot (g, base_reg, off, t, slots[i]);
              t = slots[i];
            }
          off += (int) dtype_bytes (t, g->p->strsize);
        }
      else
        {
          cg_emit (g, STX (BPF_DW, base_reg, R0, (int16_t) off));
          off += 8;
        }
    }
  g->depth = base;
  cg_emit (g, MOV64_REG (R0, base_reg));
  cg_emit (g, A64_IMM (BPF_ADD, R0, start));
}

void
cg_build_key (struct gen *g, struct d_node **keys, size_t nkeys, bool with_tid)
{
  build_key_at (g, keys, nkeys, with_tid, R7, (int) g->cg->scratch.key_off, NULL);
}

void
cg_build_agg_key (struct gen *g, struct d_node **keys, size_t nkeys, const struct dagg *a)
{
  build_key_at (g, keys, nkeys, false, R7, (int) g->cg->scratch.key_off, a->keys);
}

/* A key of at most SLOT_SMALLKEY_SIZE bytes of integers is laid out on the
 * stack at SLOT_SMALLKEY (below the deepest expression slot), so that the
 * lookup needs no scratch area; false (nothing emitted) for other keys. */
bool
cg_build_small_key (struct gen *g, struct d_node **keys, size_t nkeys)
{
  if (nkeys == 0 || nkeys * 8 > SLOT_SMALLKEY_SIZE)
    return false;
  for (size_t i = 0; i < nkeys; i++)
    {
      struct dtype t = ninfo (keys[i])->type;
      if (t.kind != DT_INTEGER)
        return false;
    }
  build_key_at (g, keys, nkeys, false, R10, SLOT_SMALLKEY, NULL);
  return true;
}

/* r0 = the dynamic-variable usage counter (one u64, dynvar_fd), or jump to
 * NULL_LABEL (it cannot be missing: an ARRAY element). */
static void
dynvar_counter (struct gen *g, int null_label)
{
  cg_lookup_u32 (g, MAP_DYNVAR, -1, 0, null_label);
}

/* r0 = value of a map-backed variable (assoc array, self->): 0, zeroes or
 * DTrace's NULL string when absent. */
static void map_elem_for_write (struct gen *g, struct dvar *v);

void
cg_load_map_var (struct gen *g, struct d_node *n, struct dvar *v)
{
  cg_build_key (g, n->kind == DN_INDEX ? n->args : NULL, n->kind == DN_INDEX ? n->nargs : 0,
             v->scope == VS_SELF);
  if (n == g->write_root)
    {
      map_elem_for_write (g, v);
      return;
    }
  cg_emit (g, MOV64_REG (R2, R0));
  asm_ld_map (&g->a, R1, map_ref_var ((unsigned) (v - g->p->vars)));
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  int found = asm_label (&g->a), done = asm_label (&g->a);
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, found);
  bool by_addr = v->type.kind == DT_STRING || v->type.kind == DT_OBJECT;
  if (v->type.kind == DT_STRING)
    cgstr_null_string (g);                           /* absent: DTrace's NULL string */
  else if (by_addr)
    cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_ZERO));   /* strsize zeroes (a struct fits: checker) */
  else
    cg_emit (g, MOV64_IMM (R0, 0));
  asm_ja (&g->a, done);
  asm_bind (&g->a, found);
  if (!by_addr)
    cg_emit (g, LDX (BPF_DW, R0, R0, 0));
  asm_bind (&g->a, done);
}

/* Bytes one dynamic variable element takes from dynvarsize: the same for
 * every element of the program (dprog_dynvar_elem_bytes). */
static int32_t
dynvar_elem_size (const struct gen *g)
{
  uint64_t n = dprog_dynvar_elem_bytes (g->p);
  return n > INT32_MAX ? INT32_MAX : (int32_t) n;
}

/* r1 = the map of variable V, r2 = the key built in the scratch key area. */
static void
var_map_and_key (struct gen *g, const struct dvar *v)
{
  asm_ld_map (&g->a, R1, map_ref_var ((unsigned) (v - g->p->vars)));
  cg_emit (g, MOV64_REG (R2, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R2, (int32_t) g->cg->scratch.key_off));
}

/* Give ELEM bytes back to the dynamic-variable usage counter at r0, then
 * jump to LABEL. */
static void
give_back (struct gen *g, int32_t elem, int label)
{
  cg_emit (g, MOV64_IMM (R1, -elem));
  cg_emit (g, ATOMIC_ADD64 (R0, R1, 0));
  asm_ja (&g->a, label);
}

/* Charge a new element's ELEM bytes to dynvarsize before creating it; when
   the space is used up, give them back and go to DROP (counted). */
static void
reserve_elem (struct gen *g, int32_t elem, int drop)
{
  int fits = asm_label (&g->a);
  dynvar_counter (g, drop);
  cg_emit (g, MOV64_IMM (R1, elem));
  cg_fetch_add (g, R0, R1, 0, R2);
  cg_emit (g, A64_IMM (BPF_ADD, R1, elem));
  asm_ld_imm64 (&g->a, R2, g->p->dynvarsize);
  asm_jmp_reg (&g->a, BPF_JLE, R1, R2, fits);
  give_back (g, elem, drop);
  asm_bind (&g->a, fits);
}

/* Create V's element at the key, its ELEM bytes charged to dynvarsize
 * (DROP when there is no room), from the bytes at SLOT (or at the address
 * SLOT holds, when BY_ADDR); created, go to CREATED.  Not created (the map
 * is full, or another CPU made it first): the charge is given back, go to
 * NOT_CREATED. */
static void
create_elem (struct gen *g, struct dvar *v, int32_t elem, int16_t slot, bool by_addr,
             int drop, int created, int not_created)
{
  reserve_elem (g, elem, drop);
  var_map_and_key (g, v);
  if (by_addr)
    cg_emit (g, LDX (BPF_DW, R3, R10, slot));
  else
    {
      cg_emit (g, MOV64_REG (R3, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R3, slot));
    }
  cg_emit (g, MOV64_IMM (R4, BPF_NOEXIST));
  cg_emit (g, CALL (BPF_FUNC_map_update_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, created);
  dynvar_counter (g, drop);
  give_back (g, elem, not_created);
}

/* r0 = the element of V at the key built in the scratch key area, created
 * from zeroes when absent (its bytes counted against dynvarsize like any
 * new element); when there is no room the drop is counted and the code
 * goes to g->write_skip. */
static void
map_elem_for_write (struct gen *g, struct dvar *v)
{
  int32_t elem = dynvar_elem_size (g);
  int found = asm_label (&g->a), drop = asm_label (&g->a), again = asm_label (&g->a);
  var_map_and_key (g, v);
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, found);
  /* from zeroes (SLOT_ZERO holds their address: at least the value's size) */
  create_elem (g, v, elem, SLOT_ZERO, true, drop, again, again);
  asm_bind (&g->a, again);
  var_map_and_key (g, v);
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, found);
  asm_bind (&g->a, drop);
  cg_count_drop (g, DROP_DYNVAR);
  asm_ja (&g->a, g->write_skip);
  asm_bind (&g->a, found);
}

int
cg_write_begin (struct gen *g, struct d_node *lv)
{
  /* down the members and elements that are inside the aggregate (not
   * through a pointer) to the variable holding it */
  struct d_node *root = lv;
  while (((root->kind == DN_MEMBER && root->op == DOP_DOT)
          || (root->kind == DN_INDEX && !root->sval && !(root->a && root->a->kind == DN_SELF)))
         && root->a && !ninfo (root)->var && ninfo (root->a)->type.kind == DT_OBJECT)
    root = root->a;
  struct dvar *v = ninfo (root)->var;
  if (root == lv || !v || (v->scope != VS_SELF && v->scope != VS_ASSOC) || v->type.kind != DT_OBJECT)
    return -1;
  g->write_root = root;
  g->write_skip = asm_label (&g->a);
  return g->write_skip;
}

void
cg_write_end (struct gen *g, int skip)
{
  if (skip < 0)
    return;
  asm_bind (&g->a, skip);
  g->write_root = NULL;
}

/* Store the value at SLOT_VALUE (an integer, or a string's address) into
 * map-backed variable V at the key built in the scratch key area.  An
 * integer 0 deletes the element.  A new element must fit in dynvarsize
 * (the usage counter is shared by every self-> and associative array);
 * when it does not, the store is dropped and counted. */
/* Delete the element of map-backed variable V at the key built in the
 * scratch key area, giving its space back; then jump to DONE. */
static void
delete_map_elem (struct gen *g, struct dvar *v, int done)
{
  var_map_and_key (g, v);
  cg_emit (g, CALL (BPF_FUNC_map_delete_elem));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, done);
  dynvar_counter (g, done);
  give_back (g, dynvar_elem_size (g), done);
}

/* x = 0 of a string or struct self-> or associative array element (the
 * checker's delete_elem): the key is built and the element deleted. */
void
cg_delete_var_elem (struct gen *g, struct d_node *lv, struct dvar *v)
{
  int done = asm_label (&g->a);
  cg_build_key (g, lv->kind == DN_INDEX ? lv->args : NULL, lv->kind == DN_INDEX ? lv->nargs : 0,
             v->scope == VS_SELF);
  delete_map_elem (g, v, done);
  asm_bind (&g->a, done);
}

static void
store_map_elem (struct gen *g, struct dvar *v)
{
  bool is_str = v->type.kind == DT_STRING, is_obj = v->type.kind == DT_OBJECT;
  bool by_addr = is_str || is_obj;    /* SLOT_VALUE holds the value's address */
  int32_t elem = dynvar_elem_size (g);
  int done = asm_label (&g->a), update = asm_label (&g->a), drop = asm_label (&g->a);
  if (!by_addr)
    {
      /* assigning 0 deletes the element and gives its space back */
      int nonzero = asm_label (&g->a);
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
      asm_jmp_imm (&g->a, BPF_JNE, R3, 0, nonzero);
      delete_map_elem (g, v, done);
      asm_bind (&g->a, nonzero);
    }
  /* an existing element is overwritten in place */
  var_map_and_key (g, v);
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, update);
  /* a new one: reserve its bytes first */
  create_elem (g, v, elem, SLOT_VALUE, by_addr, drop, done, drop);
  asm_bind (&g->a, update);
  /* r0 = the element: write the value in place */
  if (is_str)
    {
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
      cg_copy_string (g, R0, R3);
    }
  else if (is_obj)
    {
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
      cg_copy_bytes (g, R1, R3, (unsigned) ctype_resolve (v->type.ctype)->size);
    }
  else
    {
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
      cg_emit (g, STX (BPF_DW, R0, R1, 0));
    }
  asm_ja (&g->a, done);
  asm_bind (&g->a, drop);
  cg_count_drop (g, DROP_DYNVAR);
  asm_bind (&g->a, done);
}

/* Store r0 into variable V (target node LV). */
void
cg_store_var (struct gen *g, struct d_node *lv, struct dvar *v)
{
  switch (v->scope)
    {
    case VS_GLOBAL:
    case VS_THIS:
      {
        int base = v->scope == VS_GLOBAL ? R1 : R7;
        int off = (int) (v->scope == VS_GLOBAL ? v->offset : g->cg->scratch.this_off + v->offset);
        if (v->scope == VS_GLOBAL)
          cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_GLOBALS));
        if (v->type.kind == DT_STRING || v->type.kind == DT_OBJECT)
          {
            cg_emit (g, MOV64_REG (R3, R0));
            if (base != R1)
              cg_emit (g, MOV64_REG (R1, base));
            cg_emit (g, A64_IMM (BPF_ADD, R1, off));
            if (v->type.kind == DT_OBJECT)
              cg_copy_bytes (g, R1, R3, (unsigned) ctype_resolve (v->type.ctype)->size);
            else
              cg_copy_string (g, R1, R3);
          }
        else
          {
            if (!v->wide)
              cg_normalize (g, R0, v->type);
            cg_emit (g, STX (BPF_DW, base, R0, (int16_t) off));
          }
        return;
      }
    case VS_ASSOC:
    case VS_SELF:
      {
        /* the value (an integer, or a string's address) waits on the
         * expression stack while the key is built, then goes to SLOT_VALUE */
        if (v->type.kind == DT_INTEGER)
          cg_normalize (g, R0, v->type);
        cg_push (g);
        cg_build_key (g, lv->kind == DN_INDEX ? lv->args : NULL, lv->kind == DN_INDEX ? lv->nargs : 0,
                   v->scope == VS_SELF);
        cg_pop (g, R1);
        cg_emit (g, STX (BPF_DW, R10, R1, SLOT_VALUE));
        store_map_elem (g, v);
        return;
      }
    }
}

static enum d_op
compound_op (enum d_op op)
{
  return op;
}

/* Store r0 into the target LV of an assignment: a variable, or typed
 * memory of D's own (a struct variable's member, a copied-in buffer). */
static void
store_target (struct gen *g, struct d_node *lv)
{
  if (ninfo (lv)->var)
    cg_store_var (g, lv, ninfo (lv)->var);
  else
    cg_store_mem (g, lv);
}

void
cg_assign (struct gen *g, struct d_node *n, bool want_value)
{
  struct dtype lt = ninfo (n->a)->type;     /* the target's type */
  if (ninfo (n)->delete_elem)
    {
      cg_delete_var_elem (g, n->a, ninfo (n->a)->var);
      cg_emit (g, MOV64_IMM (R0, 0));
      return;
    }
  if (lt.kind == DT_OBJECT && (ninfo (n->b)->mem == MEM_USER || ninfo (n->b)->mem == MEM_KERNEL))
    {
      cg_assign_user_object (g, n);
      return;
    }
  if (n->op == DOP_ASSIGN)
    cg_expr (g, n->b);
  else
    {
      cg_expr (g, n->a);
      cg_push (g);
      cg_expr (g, n->b);
      cg_emit (g, MOV64_REG (R1, R0));
      cg_pop (g, R0);
      if (!cg_arith (g, compound_op (n->op), lt.is_signed))
        cg_error (g, n, "assignment operator not supported");
    }
  if (!want_value)
    {
      store_target (g, n->a);
      return;
    }
  /* the expression's value: what was stored, of the variable's type */
  const struct dvar *v = ninfo (n->a)->var;
  if (lt.kind == DT_INTEGER && !(v && v->wide))
    cg_normalize (g, R0, lt);
  cg_push (g);
  store_target (g, n->a);
  cg_pop (g, R0);
}

void
cg_incdec (struct gen *g, struct d_node *n, bool want_value)
{
  struct dtype lt = ninfo (n->a)->type;
  bool post = n->op == DOP_POSTINC || n->op == DOP_POSTDEC;
  cg_expr (g, n->a);
  if (want_value && post)
    cg_push (g);
  int32_t step = (int32_t) (ninfo (n)->elem_size ? ninfo (n)->elem_size : 1);
  cg_emit (g, A64_IMM (BPF_ADD, R0, n->op == DOP_PREINC || n->op == DOP_POSTINC ? step : -step));
  if (want_value && !post)
    {
      cg_normalize (g, R0, lt);
      cg_push (g);
    }
  store_target (g, n->a);
  if (want_value)
    cg_pop (g, R0);
}
