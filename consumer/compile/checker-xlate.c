/* SPDX-License-Identifier: MIT */
/*
 * checker-xlate.c — D's translators (checker-int.h): `translator OUT <
 * IN NAME > { member = expr; ... };` declarations and the translated
 * values `xlate <OUT *> (e)->member` / `xlate <OUT> (e).member`.
 *
 * A translator is kept as its declaration.  Its members' expressions are
 * type-checked where it is declared (with the input standing for a value
 * of the input type: an incomplete input struct, a missing member or a
 * value the member cannot hold are errors there, as in DTrace) and again,
 * as code, where each is used.  A member access on a translated
 * value is rewritten in place: the member's expression is copied, every
 * NAME in it becomes a copy of `e` (cast to IN when e's type differs),
 * the whole is cast to the member's type when that is a scalar, and the
 * copy is checked as if the script had written it.  So
 * `curpsinfo->pr_pid` compiles to exactly `(pid_t) curthread->tgid`: no
 * struct is ever built, nothing is translated that is not read (DTrace
 * translates member by member too).
 *
 * A translated value is only used through a member: `xlate<psinfo_t *>(e)`
 * on its own (traced, stored, dereferenced whole) is refused with a
 * message.  The operand of `->`/`.` being checked (ck.xlate_use) and the
 * value of an inline (ck.xlate_inline) are the two places it may appear;
 * an inline's use is expanded in place (checker-expr.c), so `curpsinfo->m`
 * reaches the rewrite too.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "dlang/build.h"
#include "common/vec.h"
#include "common/xalloc.h"

/* The struct or union a translator's output type names (typedefs
 * resolved), or NULL. */
static const struct ctype *
out_struct (const struct ctype *t)
{
  const struct ctype *r = t ? ctype_resolve (t) : NULL;
  return r && (r->kind == CT_STRUCT || r->kind == CT_UNION) ? r : NULL;
}

static void substitute (struct d_node *n, const char *name, const struct d_node *arg, size_t *count);

/* Can a member's expression be checked outside a clause?  Only the
 * forms a translator's body is made of: the input, constants, members,
 * casts, operators and stringof (a clause's variables, args[] and calls
 * are left to the use). */
static bool
checkable_here (const struct d_node *n)
{
  if (!n)
    return true;
  switch (n->kind)
    {
    case DN_INT: case DN_STRING: case DN_IDENT: case DN_MEMBER: case DN_CAST:
    case DN_UNARY: case DN_BINARY: case DN_TERNARY: case DN_STRINGOF:
      return checkable_here (n->a) && checkable_here (n->b) && checkable_here (n->c);
    default:
      return false;
    }
}

/* May a member of type MT hold a value of type VT (D's assignment rules,
 * as DTrace checks a translator's members)? */
static bool
member_takes (const struct ctype *mt, const struct d_node *v, struct dtype vt)
{
  const struct ctype *mr = mt ? ctype_resolve (mt) : NULL;
  if (!mr)
    return true;
  bool zero = v->kind == DN_INT && v->ival == 0;
  switch (mr->kind)
    {
    case CT_POINTER:
      return vt.kind == DT_STRING || zero
             || (vt.ctype && ctype_resolve (vt.ctype) && (ctype_resolve (vt.ctype)->kind == CT_POINTER
                                                          || ctype_resolve (vt.ctype)->kind == CT_ARRAY));
    case CT_INT: case CT_ENUM:
      return vt.kind == DT_INTEGER;
    default:
      return true;
    }
}

/* Each member's expression of a script's translator D (output struct ST),
 * checked where it is declared, as DTrace does: the input NAME stands for
 * a value of the input type, `(IN) 0`, which is never read (only types are
 * checked here; the code is made at each use).  Inputs that are pointers
 * only: a struct value has no such stand-in. */
static int
check_members (struct ck *c, const struct d_decl *d, const struct ctype *st)
{
  const char *in = d->in_type->text;
  size_t len = strlen (in);
  while (len > 0 && in[len - 1] == ' ')
    len--;
  if (len == 0 || in[len - 1] != '*')
    return 0;           /* a struct or integer input: no value stands for it */
  for (size_t i = 0; i < d->nmembers; i++)
    {
      const struct d_decl *m = &d->members[i];
      if (!m->init || !checkable_here (m->init))
        continue;
      struct d_node *arg = d_node_new (DN_CAST, &m->loc);
      arg->cast = d_type_name_new (xstrdup (d->in_type->text));
      arg->a = d_node_new (DN_INT, &m->loc);
      struct d_node *e = d_node_clone (m->init, &c->inline_nodes, (size_t) -1);
      substitute (e, d->value, arg, &c->inline_nodes);
      d_node_free (arg);
      int rc = ck_expr (c, e);
      uint64_t off;
      const struct ctype_member *cm = ctype_member (st, m->name, &off);
      if (rc == 0 && cm && !member_takes (cm->type, e, ck_info (c, e)->type))
        {
          struct dtype vt = ck_info (c, e)->type;
          char *mn = ctype_name (cm->type);
          char *vn = vt.ctype ? ctype_name (vt.ctype) : xstrdup (vt.kind == DT_STRING ? "string" : "int");
          ck_err (c, &m->loc, "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
                  m->name, mn, vn);
          FREE_ALL (mn, vn);
          rc = -1;
        }
      d_node_free (e);
      if (rc != 0)
        return -1;
    }
  return 0;
}

int
ck_translator_decl (struct ck *c, struct d_decl *d)
{
  bool is_string;
  const struct ctype *t = ck_ctype (c, d->type->text, NULL, &d->loc, &is_string);
  const struct ctype *st = out_struct (t);
  if (!t && !is_string)
    return -1;
  if (!st || !st->complete)
    {
      ck_err (c, &d->loc, "translator output type must be a struct or union: %s", d->type->text);
      return -1;
    }
  for (size_t i = 0; i < d->nmembers; i++)
    {
      uint64_t off;
      const struct d_decl *m = &d->members[i];
      if (!ctype_member (st, m->name, &off))
        {
          ck_err (c, &m->loc, "translator member %s is not a member of %s", m->name, d->type->text);
          return -1;
        }
    }
  bool from_library = c->prelude && d >= c->prelude->decls && d < c->prelude->decls + c->prelude->ndecls;
  if (!from_library && check_members (c, d, st) != 0)
    return -1;
  for (size_t i = 0; i < c->nxlators; i++)
    if (c->xlators[i].out == st && strcmp (c->xlators[i].decl->in_type->text, d->in_type->text) == 0)
      {
        ck_err (c, &d->loc, "translator from %s to %s is declared twice", d->in_type->text,
                d->type->text);
        return -1;
      }
  VEC_PUSH (c->xlators, c->nxlators, c->xlators_cap) = (struct ck_xlator) { d, st };
  return 0;
}

int
ck_xlate_node (struct ck *c, struct d_node *n)
{
  if (c->xlate_use != n && !c->xlate_inline)
    {
      ck_err (c, &n->loc, "xlate <%s> (...): a translated value is only used through its "
              "members (xlate <T *> (e)->member, xlate <T> (e).member)", n->cast->text);
      return -1;
    }
  c->xlate_inline = false;      /* not for the operand */
  if (ck_expr (c, n->a) != 0)
    return -1;
  bool is_string;
  const struct ctype *t = ck_ctype (c, n->cast->text, NULL, &n->loc, &is_string);
  if (!t)
    {
      if (is_string)
        ck_err (c, &n->loc, "xlate <string>: translator output type must be a struct or union");
      return -1;
    }
  const struct ctype *r = ctype_resolve (t);
  if (!out_struct (r && r->kind == CT_POINTER ? r->ref : t))
    {
      ck_err (c, &n->loc, "translator output type must be a struct or union: %s", n->cast->text);
      return -1;
    }
  ck_info (c, n)->type = ck_dtype_of (t);
  return 0;
}

/* Every identifier NAME in N becomes a copy of ARG. */
static void
substitute (struct d_node *n, const char *name, const struct d_node *arg, size_t *count)
{
  if (!n)
    return;
  if (n->kind == DN_IDENT && strcmp (n->sval, name) == 0)
    {
      struct d_node *copy = d_node_clone (arg, count, (size_t) -1);
      struct d_loc loc = n->loc;
      free (n->sval);
      *n = *copy;
      n->loc = loc;
      free (copy);
      return;
    }
  substitute (n->a, name, arg, count);
  substitute (n->b, name, arg, count);
  substitute (n->c, name, arg, count);
  for (size_t i = 0; i < n->nargs; i++)
    substitute (n->args[i], name, arg, count);
}

/* Is R (resolved) an array of a 1-byte integer type (char [N])? */
static bool
is_char_array (const struct ctype *r)
{
  const struct ctype *e = r && r->kind == CT_ARRAY ? ctype_resolve (r->ref) : NULL;
  return e && e->kind == CT_INT && e->size == 1;
}

/* The translator to ST whose input type E's value has (or the only one to
 * ST); NULL after reporting. */
static const struct ck_xlator *
find_translator (struct ck *c, const struct d_node *x, const struct ctype *st)
{
  const struct ck_xlator *any = NULL;
  size_t count = 0;
  struct dtype at = ck_info (c, (struct d_node *) x->a)->type;
  char *an = at.ctype ? ctype_name (at.ctype) : NULL;
  for (size_t i = 0; i < c->nxlators; i++)
    if (c->xlators[i].out == st)
      {
        bool is_string;
        const struct ctype *in = ck_ctype (c, c->xlators[i].decl->in_type->text, NULL,
                                           &x->loc, &is_string);
        char *in_name = in ? ctype_name (in) : NULL;
        bool same = in_name && an && strcmp (in_name, an) == 0;
        free (in_name);
        if (same)
          {
            free (an);
            return &c->xlators[i];
          }
        any = &c->xlators[i];
        count++;
      }
  if (count == 1 && at.kind == DT_INTEGER)
    {
      free (an);
      return any;     /* an integer or another pointer: cast to the input type */
    }
  ck_err (c, &x->loc, "xlate <%s>: no translator from %s is declared", x->cast->text,
          an ? an : at.kind == DT_STRING ? "string" : "this type");
  free (an);
  return NULL;
}

int
ck_xlate_member (struct ck *c, struct d_node *n)
{
  struct d_node *x = n->a;
  struct dtype xt = ck_info (c, x)->type;
  const struct ctype *t = xt.ctype, *r = ctype_resolve (t);
  bool is_pointer = r && r->kind == CT_POINTER;
  if (is_pointer != (n->op == DOP_ARROW))
    {
      ck_err (c, &n->loc, "operator %s cannot be applied to xlate <%s>: %s", n->op == DOP_ARROW ? "->" : ".",
              x->cast->text, is_pointer ? "it is a pointer" : "it is not a pointer");
      return -1;
    }
  const struct ctype *st = out_struct (is_pointer ? r->ref : t);
  const struct ck_xlator *tr = find_translator (c, x, st);
  if (!tr)
    return -1;
  const struct d_decl *m = NULL;
  for (size_t i = 0; i < tr->decl->nmembers; i++)     /* the last one, as DTrace accepts two */
    if (strcmp (tr->decl->members[i].name, n->sval) == 0)
      m = &tr->decl->members[i];
  uint64_t off;
  const struct ctype_member *cm = ctype_member (st, n->sval, &off);
  if (!m)
    {
      char *sn = ctype_name (st);
      if (cm)
        ck_err (c, &n->loc, "translator from %s to %s does not define member %s",
                tr->decl->in_type->text, tr->decl->type->text, n->sval);
      else
        ck_err (c, &n->loc, "%s is not a member of %s", n->sval, sn);
      free (sn);
      return -1;
    }
  /* the argument, cast to the input type unless it has it */
  struct dtype at = ck_info (c, x->a)->type;
  char *an = at.ctype ? ctype_name (at.ctype) : NULL;
  bool is_string;
  const struct ctype *in = ck_ctype (c, tr->decl->in_type->text, NULL, &x->loc, &is_string);
  char *in_name = in ? ctype_name (in) : NULL;
  struct d_node *arg = x->a;
  bool cast_arg = !an || !in_name || strcmp (an, in_name) != 0;
  FREE_ALL (an, in_name);
  if (cast_arg)
    {
      arg = d_node_new (DN_CAST, &x->loc);
      arg->cast = d_type_name_new (xstrdup (tr->decl->in_type->text));
      arg->a = d_node_clone (x->a, &c->inline_nodes, (size_t) -1);
    }
  struct d_node *e = d_node_clone (m->init, &c->inline_nodes, (size_t) -1);
  substitute (e, tr->decl->value, arg, &c->inline_nodes);
  if (cast_arg)
    d_node_free (arg);
  const struct ctype *mr = ctype_resolve (cm->type);
  if (mr && (mr->kind == CT_INT || mr->kind == CT_ENUM || mr->kind == CT_POINTER))
    {
      /* (member type) (expr): the value the member holds */
      struct d_node *cast = d_node_new (DN_CAST, &n->loc);
      cast->cast = d_type_name_new (ctype_name (cm->type));
      cast->a = e;
      e = cast;
    }
  else if (is_char_array (mr) && !ck_is_string_member_type (cm->type) && e->kind != DN_CALL)
    {
      /* a char [N] member (pr_fname): its string, as DTrace's is */
      struct d_node *so = d_node_new (DN_STRINGOF, &n->loc);
      so->a = e;
      e = so;
    }
  struct d_loc loc = n->loc;
  free (n->sval);
  d_node_free (n->a);
  *n = *e;
  n->loc = loc;
  n->sym = NULL;
  n->type = NULL;
  free (e);
  return ck_expr (c, n);
}

/* A copy of LV . NAME (or LV -> NAME when ARROW). */
static struct d_node *
member_of (struct ck *c, const struct d_node *lv, const char *name, bool arrow)
{
  struct d_node *m = d_node_new (DN_MEMBER, &lv->loc);
  m->op = arrow ? DOP_ARROW : DOP_DOT;
  m->a = d_node_clone (lv, &c->inline_nodes, (size_t) -1);
  m->sval = xstrdup (name);
  return m;
}

int
ck_xlate_assign (struct ck *c, struct d_node *s)
{
  struct d_node *as = s->a, *lv = as->a, *x = as->b;
  bool is_string;
  const struct ctype *t = ck_ctype (c, x->cast->text, NULL, &x->loc, &is_string);
  const struct ctype *st = out_struct (t);
  if (!t)
    return is_string ? 1 : -1;
  if (!st || !st->complete)
    return 1;                   /* a pointer or other type: checked as an expression */
  enum var_scope scope = lv->kind == DN_THIS ? VS_THIS : lv->kind == DN_SELF ? VS_SELF : VS_GLOBAL;
  const struct dvar *v = lv->kind == DN_IDENT || lv->kind == DN_THIS || lv->kind == DN_SELF
                         ? ck_find_var (c->prog, scope, lv->sval) : NULL;
  if (!v || v->nkeys || v->type.kind != DT_OBJECT || out_struct (v->type.ctype) != st)
    {
      ck_err (c, &as->loc, "xlate <%s> (...) is assigned whole only to a variable declared of "
              "that type", x->cast->text);
      return -1;
    }
  /* each scalar member: the translator's, or 0 when it does not define it
   * (DTrace zeroes those); one statement each, in a block.  Array and
   * struct members (pr_fname, pr_psargs) are not copied: read them as
   * xlate <T> (e).m */
  const struct ck_xlator *tr = NULL;
  for (size_t i = 0; i < c->nxlators && !tr; i++)
    if (c->xlators[i].out == st)
      tr = &c->xlators[i];
  if (!tr)
    {
      ck_err (c, &x->loc, "xlate <%s>: no translator to it is declared", x->cast->text);
      return -1;
    }
  struct d_node *block = d_node_new (DN_BLOCK, &s->loc);
  for (size_t i = 0; i < st->nmembers; i++)
    {
      const struct ctype_member *m = &st->members[i];
      if (!m->name)
        continue;
      bool defined = false;
      for (size_t j = 0; j < tr->decl->nmembers && !defined; j++)
        defined = strcmp (tr->decl->members[j].name, m->name) == 0;
      const struct ctype *mr = ctype_resolve (m->type);
      struct d_node *value;
      if (defined && mr && mr->kind != CT_ARRAY && mr->kind != CT_STRUCT && mr->kind != CT_UNION)
        value = member_of (c, x, m->name, false);
      else if (mr && (mr->kind == CT_INT || mr->kind == CT_ENUM || mr->kind == CT_POINTER))
        {
          value = d_node_new (DN_INT, &s->loc);
          value->ival = 0;
        }
      else
        continue;
      struct d_node *a = d_node_new (DN_ASSIGN, &s->loc);
      a->op = DOP_ASSIGN;
      a->a = member_of (c, lv, m->name, false);
      a->b = value;
      struct d_node *st_node = d_node_new (DN_EXPR_STMT, &s->loc);
      st_node->a = a;
      d_node_push (block, st_node);
    }
  d_node_free (s->a);
  s->a = NULL;
  struct d_loc loc = s->loc;
  *s = *block;
  s->loc = loc;
  free (block);
  return 0;
}
