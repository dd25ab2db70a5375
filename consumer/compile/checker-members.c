/* SPDX-License-Identifier: MIT */
/*
 * checker-members.c — typed memory in expressions (checker-int.h): `->`
 * and `.` member access, `*p`, `p[i]` and `a[i]` on C pointers and arrays,
 * and pointer arithmetic (`*(p + k)` on a copied-in buffer becomes p[k]).
 *
 * Memory has one of two homes, recorded in the node's ninfo (->mem):
 *   MEM_USER   the traced process: every pointer that is not a copied-in
 *              buffer (a cast of arg0, a pointer member read from user
 *              memory, the program's own types).  Each scalar read is one
 *              bpf_probe_read_user; a failed read is the clause's fault,
 *              reported as copyin()'s are.
 *   MEM_LOCAL  a copied-in buffer: `(struct foo *)copyin(arg0, sizeof
 *              (struct foo))` or alloca() bytes; read with plain loads.
 *              The whole type must fit the buffer (strsize), and indices
 *              are bounded, so the BPF verifier sees every load in range.
 *   MEM_KERNEL what a pointer to D's own memory points to: `p = &a[2]` on
 *              a declared array (the pointer is not `userland`).  Each
 *              read is one bpf_probe_read_kernel; writes through it are
 *              refused.
 * An expression of struct, union or array type (DT_OBJECT) evaluates to the
 * address of its first byte; a scalar one to the value read.  A pointer
 * read from either home points into the traced process.
 *
 * Arrays are bounds-checked as DTrace does: a constant index out of range is
 * a compile error; a variable one is checked when the clause runs (a fault
 * at the element's address).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "dlang/build.h"
#include "common/xalloc.h"

static char *
type_name_of (struct dtype t)
{
  if (t.ctype)
    return ctype_name (t.ctype);
  if (t.kind == DT_INTEGER)
    return t.is_pointer ? xstrdup ("uintptr_t")
                        : xasprintf ("%sint%u_t", t.is_signed ? "" : "u", 8u * (t.size ? t.size : 8));
  return xstrdup (t.kind == DT_STRING ? "string" : "void");
}

/* The pointee of a pointer-typed value (typedefs resolved), or NULL. */
static const struct ctype *
pointee (struct dtype t)
{
  if (!t.is_pointer || !t.ctype)
    return NULL;
  const struct ctype *p = ctype_resolve (t.ctype);
  return p && p->kind == CT_POINTER ? p->ref : NULL;
}

/* The home of memory a pointer value A points to. */
static uint8_t
pointer_home (struct dtype t)
{
  if (ck_is_buffer_pointer (t))
    return MEM_LOCAL;
  const struct ctype *p = t.ctype ? ctype_resolve (t.ctype) : NULL;
  return p && p->kind == CT_POINTER && !p->userland ? MEM_KERNEL : MEM_USER;
}

/* The type of the memory read at NI (a scalar's D type, or DT_OBJECT). */
static int
set_mem_type (struct ck *c, struct d_node *n, struct ninfo *ni, const struct ctype *t, uint8_t home)
{
  const struct ctype *r = ck_complete (c, t);
  if (!r || r->kind == CT_VOID || r->kind == CT_FUNCTION
      || ((r->kind == CT_STRUCT || r->kind == CT_UNION) && !r->complete))
    {
      char *tn = ctype_name (t);
      ck_err (c, &n->loc, "cannot read an object of incomplete type %s", tn);
      free (tn);
      return -1;
    }
  if (r->kind == CT_FLOAT)
    {
      ck_err (c, &n->loc, "floating-point values are not supported");
      return -1;
    }
  ni->type = ck_dtype_of (t);
  ni->mem = home;
  if (ck_is_string_member_type (t))
    {
      /* a string member: its bytes up to the first NUL */
      ni->type = T_STRING;
      ni->str_bytes = r->size - 1;
    }
  return 0;
}

/* fds[fd] (A, taken) as xlate <fileinfo_t> (xlate <struct __fds_slot> (fd).file):
 * the library's translators give fd's struct file * and its fileinfo_t. */
static struct d_node *
fds_file (struct d_node *a)
{
  struct d_node *slot = d_node_new (DN_XLATE, &a->loc);
  slot->cast = d_type_name_new (xstrdup ("struct __fds_slot"));
  slot->a = a->args[0];
  a->args[0] = NULL;
  a->nargs = 0;
  struct d_node *file = d_node_new (DN_MEMBER, &a->loc);
  file->op = DOP_DOT;
  file->a = slot;
  file->sval = xstrdup ("file");
  struct d_node *x = d_node_new (DN_XLATE, &a->loc);
  x->cast = d_type_name_new (xstrdup ("fileinfo_t"));
  x->a = file;
  d_node_free (a);
  return x;
}

/* a->m, a.m */
int
ck_member (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  struct d_node *a = n->a;
  const char *xt;
  int slot = -1;
  if (n->op == DOP_ARROW && a->kind == DN_INDEX && a->sval && strcmp (a->sval, "args") == 0
      && a->nargs == 1 && a->args[0]->kind == DN_INT && a->args[0]->ival >= 0 && a->args[0]->ival < 4
      && (xt = ck_kernel_args_xlate (c, (unsigned) a->args[0]->ival, &slot)))
    {
      /* proc:::create's args[0]->pr_pid: xlate <psinfo_t *> (the new task,
       * in arg2 there) */
      struct d_node *task = d_node_new (DN_CAST, &a->loc);
      task->cast = d_type_name_new (xstrdup (strcmp (xt, "cpuinfo_t *") == 0 ? "int" : "struct task_struct *"));
      task->a = d_node_new (DN_IDENT, &a->loc);
      task->a->sval = xasprintf ("arg%d", slot);
      struct d_node *x = d_node_new (DN_XLATE, &a->loc);
      x->cast = d_type_name_new (xstrdup (xt));
      x->a = task;
      d_node_free (a);
      n->a = x;
    }
  if (n->op == DOP_DOT && a->kind == DN_INDEX && a->sval && strcmp (a->sval, "fds") == 0
      && a->nargs == 1 && !ck_find_var (c->prog, VS_GLOBAL, "fds")
      && !ck_find_var (c->prog, VS_ASSOC, "fds"))
    {
      /* fds[fd].m: xlate <fileinfo_t> (the D library's file of fd) */
      bool failed;
      if (!ck_prelude_load (c, "fds", &a->loc, &failed) && failed)
        return -1;
      n->a = fds_file (a);
    }
  c->xlate_use = n->a;
  if (ck_expr (c, n->a) != 0)
    return -1;
  if (n->a->kind == DN_XLATE)
    return ck_xlate_member (c, n);
  struct dtype at = ck_info (c, n->a)->type;
  const struct ctype *agg;
  uint8_t home;
  const char *op = n->op == DOP_ARROW ? "->" : ".";
  if (n->op == DOP_ARROW)
    {
      agg = pointee (at);
      home = pointer_home (at);
    }
  else
    {
      agg = at.kind == DT_OBJECT ? at.ctype : NULL;
      home = ck_info (c, n->a)->mem;
    }
  const struct ctype *r = agg ? ck_complete (c, agg) : NULL;
  if (!r || (r->kind != CT_STRUCT && r->kind != CT_UNION))
    {
      enum builtin b = ck_info (c, n->a)->builtin;
      char *why = n->op == DOP_ARROW && at.kind == DT_INTEGER && b >= BI_ARG0 && b <= BI_ARG0 + 11
                  ? ck_args_untyped_why (c, (unsigned) (b - BI_ARG0)) : NULL;
      if (why)
        {
          ck_err (c, &n->loc, "operator -> cannot be applied to %s", why);
          free (why);
          return -1;
        }
      char *tn = type_name_of (at);
      if (n->op == DOP_ARROW)
        ck_err (c, &n->loc, "operator -> cannot be applied to type \"%s\": it must be a pointer to a struct or union", tn);
      else
        ck_err (c, &n->loc, "operator . cannot be applied to type \"%s\": it must be a struct or union", tn);
      free (tn);
      return -1;
    }
  if (!r->complete)
    {
      char *tn = ctype_name (agg);
      ck_err (c, &n->loc, "operator %s cannot be applied to incomplete type %s", op, tn);
      free (tn);
      return -1;
    }
  uint64_t off;
  const struct ctype_member *m = ctype_member (r, n->sval, &off);
  if (!m)
    {
      char *tn = ctype_name (agg);
      ck_err (c, &n->loc, "%s is not a member of %s", n->sval, tn);
      free (tn);
      return -1;
    }
  ni->offset = (int64_t) off;
  ni->member = m;
  return set_mem_type (c, n, ni, m->type, home);
}

/* *p */
int
ck_deref (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  struct dtype at = ck_info (c, n->a)->type;
  const struct ctype *t = pointee (at);
  if (!t)
    {
      ck_err (c, &n->loc, "operator * requires a pointer operand");
      return -1;
    }
  const struct ctype *r = ctype_resolve (t);
  if (r && r->kind == CT_VOID)
    {
      ck_err (c, &n->loc, "operator * cannot be applied to a pointer to void: cast it to a pointer to the type first");
      return -1;
    }
  return set_mem_type (c, n, ni, t, pointer_home (at));
}

/* p[i] on a typed pointer, a[i] on an array object.  Returns 1 when N->a
 * is neither. */
int
ck_typed_index (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  struct ninfo *a = ck_info (c, n->a);
  const struct ctype *elem;
  uint64_t nelems = 0;
  uint8_t home;
  if (a->type.kind == DT_OBJECT && ctype_resolve (a->type.ctype)->kind == CT_ARRAY)
    {
      const struct ctype *arr = ctype_resolve (a->type.ctype);
      elem = arr->ref;
      nelems = arr->nelems;
      home = a->mem;
    }
  else if ((elem = pointee (a->type)) != NULL)
    home = pointer_home (a->type);
  else
    return 1;
  if (n->nargs != 1)
    {
      ck_err (c, &n->loc, "an array or pointer takes one index, %zu given", n->nargs);
      return -1;
    }
  if (ck_int (c, n->args[0], "index") != 0)
    return -1;
  const struct ctype *er = ctype_resolve (elem);
  if (!er || er->size == 0)
    {
      char *tn = ctype_name (elem);
      ck_err (c, &n->loc, "cannot index a pointer to %s: its size is unknown", tn);
      free (tn);
      return -1;
    }
  struct ninfo *k = ck_info (c, n->args[0]);
  uint64_t limit = nelems;
  if (home == MEM_LOCAL && !nelems)
    limit = c->prog->strsize / er->size;      /* a copied-in buffer's elements */
  uint64_t past = n == c->addr_operand ? 1 : 0;      /* &a[N] */
  if (k->is_const && limit && (k->value < 0 || (uint64_t) k->value >= limit + past))
    {
      ck_err (c, &n->loc, "index %" PRId64 " is out of range for %s of %" PRIu64 " elements",
              k->value, nelems ? "an array" : "a copied-in buffer", limit);
      return -1;
    }
  ni->elem_size = er->size;
  ni->bound = limit;
  return set_mem_type (c, n, ni, elem, home);
}

/* Is S a sum p + k, k + p, p - k (or a sum of such, p + i - 1) where p
 * points into a copied-in or alloca() buffer and every k is an integer?
 * 0 when so, 1 when not (its leaves checked), -1 after an error. */
static int
is_buffer_sum (struct ck *c, struct d_node *s, int depth)
{
  if (s->kind != DN_BINARY || (s->op != DOP_ADD && s->op != DOP_SUB) || depth > 64)
    {
      if (ck_expr (c, s) != 0)
        return -1;
      return ck_is_buffer_pointer (ck_info (c, s)->type) ? 0 : 1;
    }
  int r = is_buffer_sum (c, s->a, depth + 1);
  if (r < 0 || ck_expr (c, s->b) != 0)
    return -1;
  struct dtype tb = ck_info (c, s->b)->type;
  if (r == 0)
    return tb.kind == DT_INTEGER ? 0 : 1;
  /* k + p */
  if (s->a->kind == DN_BINARY && ck_expr (c, s->a) != 0)
    return -1;
  return s->op == DOP_ADD && ck_is_buffer_pointer (tb) && ck_info (c, s->a)->type.kind == DT_INTEGER
         ? 0 : 1;
}

/* A new node OP (A, B), or OP (A) when B is NULL. */
static struct d_node *
new_op (enum d_node_kind kind, enum d_op op, struct d_node *a, struct d_node *b,
        const struct d_loc *loc)
{
  struct d_node *n = d_node_new (kind, loc);
  n->op = op;
  n->a = a;
  n->b = b;
  return n;
}

/* The index that the buffer sum S adds to its pointer (*PTR; NULL for the
 * pointer itself), made of S's nodes: S's own are emptied. */
static struct d_node *
buffer_sum_index (struct d_node *s, struct d_node **ptr, int depth)
{
  if (s->kind != DN_BINARY || (s->op != DOP_ADD && s->op != DOP_SUB) || depth > 64)
    {
      *ptr = s;
      return NULL;
    }
  struct d_node *index;
  if (s->op == DOP_ADD && ck_is_buffer_pointer (ninfo (s->b)->type))
    {
      *ptr = s->b;              /* k + p */
      index = s->a;
    }
  else
    {
      struct d_node *inner = s->a;
      index = buffer_sum_index (inner, ptr, depth + 1);
      if (inner != *ptr)
        d_node_free (inner);    /* a sum emptied into INDEX */
      if (index)
        index = new_op (DN_BINARY, s->op, index, s->b, &s->loc);
      else
        index = s->op == DOP_SUB ? new_op (DN_UNARY, DOP_NEG, s->b, NULL, &s->loc) : s->b;
    }
  s->a = s->b = NULL;
  return index;
}

/* *(p + k) where p points into a copied-in or alloca() buffer is C's p[k]:
 * N (the dereference) becomes that index, so a read or a store reaches
 * element k and is bounds checked as p[k] is.  (A buffer pointer holds
 * the bytes, not an address: p + k has no value of its own.)  1 when N
 * is not of this form. */
int
ck_deref_buffer_offset (struct ck *c, struct d_node *n)
{
  if (!n->a || n->a->kind != DN_BINARY)
    return 1;
  int r = is_buffer_sum (c, n->a, 0);
  if (r != 0)
    return r;
  struct d_node *ptr, *index = buffer_sum_index (n->a, &ptr, 0);
  d_node_free (n->a);
  n->kind = DN_INDEX;
  n->op = DOP_NONE;
  n->a = ptr;
  d_node_push (n, index);
  return ck_expr_node (c, n);
}

/* p + i, p - i, i + p on typed pointers: scaled by the pointee's size
 * (*SCALE; 0: not pointer arithmetic).  The result has the pointer's type. */
/* An array in the traced process used as a value is a pointer to its first
 * element (C's decay). */
void
ck_decay (struct ck *c, struct ninfo *ni)
{
  const struct ctype *r = ni->type.kind == DT_OBJECT ? ctype_resolve (ni->type.ctype) : NULL;
  if (!r || r->kind != CT_ARRAY || (ni->mem != MEM_USER && ni->mem != MEM_KERNEL))
    return;
  ni->type = ck_dtype_of (ctype_pointer_to (ck_types (c), r->ref, ni->mem == MEM_USER));
  ni->decayed = true;
}

bool
ck_pointer_arith (struct ck *c, struct d_node *n, struct ninfo *ni)
{
  struct ninfo *a = ck_info (c, n->a), *b = ck_info (c, n->b);
  if (n->op != DOP_ADD && n->op != DOP_SUB)
    return false;
  const struct ctype *pa = pointee (a->type), *pb = pointee (b->type);
  if (ck_is_buffer_pointer (a->type) || ck_is_buffer_pointer (b->type))
    return false;
  const struct ctype *va = pa ? ctype_resolve (pa) : NULL, *vb = pb ? ctype_resolve (pb) : NULL;
  if ((va && va->kind == CT_VOID) || (vb && vb->kind == CT_VOID))
    {
      /* D, unlike GNU C, gives void * no arithmetic: cast it first */
      ck_err (c, &n->loc, "operator %c cannot be applied to a pointer to void: cast it to a pointer "
              "to a sized type or to uintptr_t first", n->op == DOP_ADD ? '+' : '-');
      ni->type = T_LONG;
      return true;
    }
  if (pa && pb && n->op == DOP_SUB)
    {
      /* p - q: the number of elements between them */
      const struct ctype *ra = ctype_resolve (pa), *rb = ctype_resolve (pb);
      if (!ra || !rb || ra->size == 0 || ra->size != rb->size)
        return false;
      ni->type = T_LONG;
      ni->elem_size = ra->size;
      ni->scaled = 3;
      return true;
    }
  const struct ctype *p = pa ? pa : (n->op == DOP_ADD ? pb : NULL);
  if (!p || (pa && pb))
    return false;
  const struct ctype *r = ctype_resolve (p);
  if (!r || r->size == 0)
    return false;
  ni->type = pa ? a->type : b->type;
  ni->elem_size = r->size;
  ni->scaled = pa ? 2 : 1;      /* which operand is scaled: b (2) or a (1) */
  (void) c;
  return true;
}

/* A char array used where a string goes (printf's %s, trace(), stringof):
 * its bytes up to the first NUL become a D string.  True when N was one. */
bool
ck_array_string (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  const struct ctype *r = ni->type.kind == DT_OBJECT ? ctype_resolve (ni->type.ctype) : NULL;
  const struct ctype *e = r && r->kind == CT_ARRAY ? ctype_resolve (r->ref) : NULL;
  if (!e || e->kind != CT_INT || e->size != 1 || !ni->mem || r->nelems == 0)
    return false;
  ni->str_bytes = r->nelems < c->prog->strsize ? r->nelems : c->prog->strsize - 1;
  ni->type = T_STRING;
  return true;
}

/* N is an element or member of a D variable (a declared array's a[i], a
 * global struct's s.m), not the variable itself (DTrace refuses &var). */
static bool
element_step (const struct d_node *n)
{
  return (n->kind == DN_INDEX && !n->sval && n->a) || (n->kind == DN_MEMBER && n->op != DOP_ARROW);
}

static bool
d_variable_element (struct ck *c, struct d_node *n)
{
  if (!n || !element_step (n))
    return false;
  struct d_node *root = n->a;
  for (int depth = 0; root && depth < 64 && element_step (root); depth++)
    root = root->a;
  return root && ck_info (c, root)->var != NULL;
}

/* &p->m, &a[i], &*p: the address of typed memory in the traced process. */
int
ck_addr_of (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n), *a = ck_info (c, n->a);
  if (a->mem == MEM_LOCAL && d_variable_element (c, n->a))
    {
      /* &a[i], &s.m of D's own memory: a pointer that is not userland */
      if (a->member && a->member->bit_size)
        {
          ck_err (c, &n->loc, "operator & cannot be applied to bit-field %s", a->member->name);
          return -1;
        }
      ni->type = ck_dtype_of (ctype_pointer_to (ck_types (c), a->type.ctype, false));
      ni->addr_of = true;
      return 0;
    }
  if (a->mem != MEM_USER && a->mem != MEM_KERNEL)
    {
      if (a->var)
        ck_err (c, &n->loc, "operator & cannot be applied to a D variable: take the address of "
                "one of its elements or members");
      else
        ck_err (c, &n->loc, "operator & cannot be applied to a copied-in buffer's bytes");
      return -1;
    }
  if (a->member && a->member->bit_size)
    {
      ck_err (c, &n->loc, "operator & cannot be applied to bit-field %s", a->member->name);
      return -1;
    }
  const struct ctype *t = a->type.ctype;
  if (!t)
    {
      ck_err (c, &n->loc, "operator & requires an operand of known type");
      return -1;
    }
  ni->type = ck_dtype_of (ctype_pointer_to (ck_types (c), t, a->mem == MEM_USER));
  ni->addr_of = true;
  return 0;
}

/* May a variable of scope S hold an object of type T (a struct, union or
 * array kept in D's own memory)?  Globals and this-> may; 0, or -1 after
 * reporting. */
int
ck_object_var_ok (struct ck *c, enum var_scope s, struct dtype t, const struct d_loc *loc)
{
  const struct ctype *r = ctype_resolve (t.ctype);
  /* self-> and associative arrays hold any size up to the limit: their
   * elements start from a zero value of the largest (runtime/maps.c) */
  (void) s;
  if (r && (r->kind == CT_STRUCT || r->kind == CT_UNION) && !r->complete)
    {
      char *tn = ctype_name (r);
      ck_err (c, loc, "a variable cannot be of incomplete type %s: the script declares no body for it", tn);
      free (tn);
      return -1;
    }
  if (!r || r->size == 0 || r->size > PRINT_MAX_BYTES)
    {
      char *tn = r ? ctype_name (r) : NULL;
      ck_err (c, loc, "a variable's struct, union or array must take 1 to %u bytes; %s takes %llu", PRINT_MAX_BYTES,
              tn ? tn : "this one", r ? (unsigned long long) r->size : 0ull);
      free (tn);
      return -1;
    }
  return 0;
}

/* The target of an assignment that is typed memory (a member, element or
 * pointee): D's own memory (a struct variable, a copied-in buffer) may be
 * written, the traced process's may not.  0, or -1 after reporting. */
int
ck_mem_lvalue (struct ck *c, struct d_node *lv, struct dtype vt)
{
  if (ck_expr (c, lv) != 0)
    return -1;
  struct ninfo *ni = ck_info (c, lv);
  /* a member of a struct in self-> or an associative array may be
   * written: the element is created when absent (codegen-vars.c,
   * cg_write_begin) */
  if (ni->mem == MEM_USER)
    {
      ck_err (c, &lv->loc, "operator = cannot write to the traced process's memory (copyout( ) does, with -w)");
      return -1;
    }
  if (ni->mem == MEM_KERNEL)
    {
      ck_err (c, &lv->loc, "operator = cannot write through a pointer to D's memory: assign the variable itself");
      return -1;
    }
  if (ni->type.kind == DT_OBJECT || vt.kind == DT_OBJECT)
    {
      if (ni->type.kind != vt.kind || !ctype_equal (ctype_resolve (ni->type.ctype), ctype_resolve (vt.ctype)))
        {
          ck_err (c, &lv->loc, "operator = requires operands of the same struct, union or array type");
          return -1;
        }
      return 0;
    }
  if (ni->type.kind == DT_STRING && ni->str_bytes)
    {
      /* a string member takes a copy of a string */
      if (vt.kind != DT_STRING)
        {
          ck_err (c, &lv->loc, "operands have incompatible types: \"string\" = \"%s\"",
                  vt.kind == DT_INTEGER ? "int" : "void");
          return -1;
        }
      return 0;
    }
  if (ni->type.kind != DT_INTEGER || vt.kind != DT_INTEGER)
    {
      ck_err (c, &lv->loc, "operator = requires operands of integer type here");
      return -1;
    }
  return 0;
}

bool
ck_is_self_index (const struct d_node *n)
{
  return n->kind == DN_INDEX && !n->sval && n->a && n->a->kind == DN_SELF;
}

bool
ck_is_mem_node (const struct d_node *n)
{
  return n->kind == DN_MEMBER || (n->kind == DN_INDEX && !n->sval && !ck_is_self_index (n))
         || (n->kind == DN_UNARY && n->op == DOP_DEREF);
}

/* A scalar array declared at the top level (`int a[5];`) is a global
 * variable of array type, kept in D's memory like a global struct: its
 * elements are typed memory, a[i] indexes it (bounds checked, as DTrace
 * checks them) and &a[i] is an address.  NAME[i] naming such an array is
 * rewritten into that form (the array, then the index) before the clause
 * is checked. */
static void
lower_declared_arrays (struct ck *c, struct d_node *n, int depth)
{
  if (!n || depth > 6000)
    return;
  if (n->kind == DN_INDEX && n->sval && !n->a && n->nargs == 1)
    {
      const struct dvar *g = ck_find_var (c->prog, VS_GLOBAL, n->sval);
      const struct ctype *r = g && g->type.kind == DT_OBJECT ? ctype_resolve (g->type.ctype) : NULL;
      if (r && r->kind == CT_ARRAY && r->nelems && !ck_find_var (c->prog, VS_ASSOC, n->sval))
        {
          struct d_node *id = d_node_new (DN_IDENT, &n->loc);
          id->sval = n->sval;
          n->sval = NULL;
          n->a = id;
        }
    }
  lower_declared_arrays (c, n->a, depth + 1);
  lower_declared_arrays (c, n->b, depth + 1);
  lower_declared_arrays (c, n->c, depth + 1);
  for (size_t i = 0; i < n->nargs; i++)
    lower_declared_arrays (c, n->args[i], depth + 1);
}

void
ck_lower_declared_arrays (struct ck *c, struct d_node *root)
{
  lower_declared_arrays (c, root, 0);
}

bool
ck_pointer_index_form (struct ck *c, struct d_node *n)
{
  if (n->kind != DN_INDEX || !n->sval || n->a || n->nargs != 1
      || ck_find_var (c->prog, VS_ASSOC, n->sval))
    return false;
  const struct dvar *g = ck_find_var (c->prog, VS_GLOBAL, n->sval);
  if (!g || !g->type.is_pointer || !g->type.ctype)
    return false;
  struct d_node *id = d_node_new (DN_IDENT, &n->loc);
  id->sval = n->sval;
  n->sval = NULL;
  n->a = id;
  return true;
}
