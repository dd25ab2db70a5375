/* SPDX-License-Identifier: MIT */
/*
 * checker-actions.c — assignments and actions checked (checker-int.h):
 * the target of an assignment (created from the value's type when new),
 * printf/trace/exit/printa and the aggregation actions, speculations and
 * the destructive actions, with DTrace's ordering rules for speculations.
 * Each action goes to the clause's action list, its data to the record.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "consumer/output/dformat.h"
#include "common/vec.h"
#include "common/xalloc.h"

/* The name of a variable's kind of type in an error message. */
static const char *
type_word (struct dtype t)
{
  if (ck_is_buffer_pointer (t))
    return "pointer to copied-in or alloca( ) memory";
  return t.kind == DT_STRING ? "string" : "int";
}

static int check_read_write_target (struct ck *c, struct d_node *lv, const struct d_loc *loc);

/* x[...] = v where x is a declared global: a scalar array takes one index
 * (DTrace keeps tuples for associative arrays), and any other global none. */
static int
check_declared_index (struct ck *c, const struct d_node *lv)
{
  const struct dvar *g = ck_find_var (c->prog, VS_GLOBAL, lv->sval);
  if (!g || ck_find_var (c->prog, VS_ASSOC, lv->sval))
    return 0;
  const struct ctype *r = g->type.kind == DT_OBJECT ? ctype_resolve (g->type.ctype) : NULL;
  if (!r || r->kind != CT_ARRAY)
    {
      ck_err (c, &lv->loc, "operator [ ] cannot be applied to %s: it is not an array or pointer",
              lv->sval);
      return -1;
    }
  if (lv->nargs != 1)
    {
      ck_err (c, &lv->loc, "%s is a scalar array: it takes one index, not a tuple of %zu",
              lv->sval, lv->nargs);
      return -1;
    }
  return ck_declared_array_bounds (c, lv);
}

/* The target of an assignment: create it from the value's type if new. */
int
ck_lvalue (struct ck *c, struct d_node *lv, struct dtype vt)
{
  struct ninfo *ni = ck_info (c, lv);
  enum var_scope scope;
  const char *name = lv->sval;        /* self->x[k]: x */
  switch (lv->kind)
    {
    case DN_IDENT:
      {
        enum builtin b;
        struct dtype t;
        if (ck_builtin_of (lv->sval, &b, &t))
          {
            ck_err (c, &lv->loc, "operator = requires a writable variable: %s is read-only", lv->sval);
            return -1;
          }
        struct ck_const k;
        if (ck_find_const (c, lv->sval, &k))
          {
            ck_err (c, &lv->loc, "operator = requires a writable variable: %s is a constant", lv->sval);
            return -1;
          }
        if (ck_extern_use (c, lv, lv->sval))
          return -1;
        scope = VS_GLOBAL;
        break;
      }
    case DN_SELF: scope = VS_SELF; break;
    case DN_THIS: scope = VS_THIS; break;
    case DN_INDEX:
      if (ck_is_self_index (lv))
        {
          scope = VS_SELF;
          name = lv->a->sval;
          break;
        }
      if (!lv->sval)
        {
          ck_err (c, &lv->loc, "assigning to an element of this expression is not supported yet");
          return -1;
        }
      if (strcmp (lv->sval, "uregs") == 0 && !ck_find_var (c->prog, VS_ASSOC, "uregs"))
        {
          ck_err (c, &lv->loc, "operator = requires a writable variable: uregs is read-only");
          return -1;
        }
      if (check_declared_index (c, lv) != 0)
        return -1;
      scope = VS_ASSOC;
      break;
    default:
      ck_err (c, &lv->loc, "operator = requires a writable variable");
      return -1;
    }
  struct dtype keys[CK_MAX_KEYS];
  if (lv->kind == DN_INDEX)
    {
      if (ck_keys (c, lv, true, keys) != 0)
        return -1;
      for (size_t i = 0; i < lv->nargs; i++)
        if (keys[i].kind == DT_INTEGER)
          keys[i] = (struct dtype) { DT_INTEGER, 8, keys[i].is_signed, false, NULL };
    }
  struct dvar *v = ck_find_var (c->prog, scope, name);
  if (!v)
    {
      struct dtype t = vt;
      if (t.kind == DT_INTEGER && t.size < 4)
        t = T_INT;
      v = ck_new_var (c, scope, name, t, lv->kind == DN_INDEX ? lv->nargs : 0, keys, &lv->loc);
      if (!v)
        return -1;
      v->wide = scope == VS_GLOBAL && t.kind == DT_INTEGER;
    }
  else if ((v->type.kind == DT_OBJECT) != (vt.kind == DT_OBJECT)
           || (vt.kind == DT_OBJECT && !ctype_equal (ctype_resolve (v->type.ctype), ctype_resolve (vt.ctype))))
    {
      ck_err (c, &lv->loc, "operator = requires operands of the same struct, union or array type");
      return -1;
    }
  /* (the keys first: x[k] = v where x holds alloca( ) memory is said so) */
  else if (lv->kind == DN_INDEX
           && ck_match_prototype (c, lv, scope == VS_SELF ? "self->" : "", name, v, keys) != 0)
    return -1;
  else if ((v->type.kind == DT_STRING) != (vt.kind == DT_STRING))
    {
      ck_err (c, &lv->loc, "operands have incompatible types: \"%s\" = \"%s\"", type_word (v->type),
              type_word (vt));
      return -1;
    }
  ck_refer_var (ni, v);
  return 0;
}

/* The variable LV names, when it exists already (no key checks). */
static struct dvar *
existing_var (struct ck *c, const struct d_node *lv)
{
  switch (lv->kind)
    {
    case DN_IDENT:
      return ck_find_var (c->prog, VS_GLOBAL, lv->sval);
    case DN_SELF:
      return ck_find_var (c->prog, VS_SELF, lv->sval);
    case DN_THIS:
      return ck_find_var (c->prog, VS_THIS, lv->sval);
    case DN_INDEX:
      if (ck_is_self_index (lv))
        return ck_find_var (c->prog, VS_SELF, lv->a->sval);
      return lv->sval ? ck_find_var (c->prog, VS_ASSOC, lv->sval) : NULL;
    default:
      return NULL;
    }
}

/* The integer constant 0 (NULL, (void *) 0 and '\0' among its spellings). */
static bool
is_zero_const (const struct ninfo *ni)
{
  return ni->is_const && ni->value == 0 && ni->type.kind == DT_INTEGER;
}

/* x = 0 where x is a string, a struct or union, or a copied-in buffer: D
 * takes the integer constant 0 wherever a string or pointer goes.  As 0
 * stored into any self-> variable or associative array element deletes
 * it (an integer's at run time, codegen-vars.c store_map_elem), N is
 * marked to delete such an element here: 0, N checked.  For a global, a
 * clause-local or a string member the value becomes the empty string
 * (how NULL compares with strings, DN_BINARY): 1, N's check to go on. */
static int
assign_zero (struct ck *c, struct d_node *n)
{
  struct ninfo *value = ck_info (c, n->b);
  if (n->op != DOP_ASSIGN || !is_zero_const (value))
    return 1;
  struct dvar *v = existing_var (c, n->a);
  struct dtype t;
  if (v)
    t = v->type;
  else if (ck_is_mem_node (n->a))
    {
      if (ck_expr (c, n->a) != 0)
        return -1;
      t = ck_info (c, n->a)->type;
    }
  else
    return 1;
  if (t.kind != DT_STRING && t.kind != DT_OBJECT)
    return 1;
  if (v && (v->scope == VS_SELF || v->scope == VS_ASSOC))
    {
      if (ck_lvalue (c, n->a, v->type) != 0)
        return -1;
      ck_info (c, n)->delete_elem = true;
      ck_info (c, n)->type = T_LONG;
      return 0;
    }
  if (t.kind == DT_STRING)
    {
      value->is_const = false;
      value->type = T_STRING;
      value->strconst = "";
    }
  return 1;
}

int
ck_assign (struct ck *c, struct d_node *n)
{
  if (n->a->kind == DN_AGG)
    {
      if (n->op != DOP_ASSIGN)
        {
          ck_err (c, &n->loc, "aggregations may only be assigned with =");
          return -1;
        }
      return ck_aggregation (c, n, n->a, n->b);
    }
  if (ck_kernel_symbol_store (c, n))
    return -1;
  ck_pointer_index_form (c, n->a);        /* p[i] = v through a typed pointer */
  if (n->op != DOP_ASSIGN && check_read_write_target (c, n->a, &n->loc) != 0)
    return -1;
  if (ck_expr (c, n->b) != 0 || ck_not_record (c, n->b) != 0)
    return -1;
  int zero = assign_zero (c, n);
  if (zero <= 0)
    return zero;
  struct dtype vt = ck_info (c, n->b)->type;
  if (n->a->kind == DN_IDENT)
    {
      /* C's rule: an array is not assignable as a whole (its elements are) */
      struct dvar *v = ck_find_var (c->prog, VS_GLOBAL, n->a->sval);
      const struct ctype *r = v && v->type.kind == DT_OBJECT ? ctype_resolve (v->type.ctype) : NULL;
      if (r && r->kind == CT_ARRAY)
        {
          ck_err (c, &n->loc, "operator %s cannot assign the array %s as a whole: assign its elements",
                  n->op == DOP_ASSIGN ? "=" : "op=", n->a->sval);
          return -1;
        }
    }
  if (ck_is_mem_node (n->a))
    {
      /* a member or element of D's own memory */
      if (n->op != DOP_ASSIGN && vt.kind != DT_INTEGER)
        {
          ck_err (c, &n->loc, "compound assignment requires operands of integer type");
          return -1;
        }
      if (ck_mem_lvalue (c, n->a, vt) != 0)
        return -1;
      ck_info (c, n)->type = ck_info (c, n->a)->type;
      return 0;
    }
  if (vt.kind == DT_OBJECT)
    {
      enum var_scope s = n->a->kind == DN_THIS ? VS_THIS : n->a->kind == DN_IDENT ? VS_GLOBAL
                         : n->a->kind == DN_INDEX && n->a->sval ? VS_ASSOC : VS_SELF;
      if (ck_object_var_ok (c, s, vt, &n->loc) != 0)
        return -1;
      if (ck_info (c, n->b)->str_bytes == 0 && n->op != DOP_ASSIGN)
        {
          ck_err (c, &n->loc, "compound assignment requires operands of integer type");
          return -1;
        }
    }
  else
    ck_array_string (c, n->b);
  vt = ck_info (c, n->b)->type;
  if (vt.kind == DT_VOID)
    {
      ck_err (c, &n->loc, "operator = requires an operand of scalar or string type");
      return -1;
    }
  if (n->op != DOP_ASSIGN && vt.kind != DT_INTEGER)
    {
      ck_err (c, &n->loc, "compound assignment requires operands of integer type");
      return -1;
    }
  if (ck_lvalue (c, n->a, vt) != 0)
    return -1;
  if (n->op != DOP_ASSIGN && ck_info (c, n->a)->type.kind != DT_INTEGER)
    {
      ck_err (c, &n->loc, "compound assignment requires operands of integer type");
      return -1;
    }
  ck_info (c, n)->type = ck_info (c, n->a)->type;
  return 0;
}

/* Does N assign anything (an index of a target read and then written is
 * evaluated twice by the code generator)? */
bool
ck_has_side_effect (const struct d_node *n, int depth)
{
  if (!n || depth > 64)
    return n != NULL;
  if (n->kind == DN_ASSIGN || n->kind == DN_INCDEC)
    return true;
  if (ck_has_side_effect (n->a, depth + 1) || ck_has_side_effect (n->b, depth + 1) || ck_has_side_effect (n->c, depth + 1))
    return true;
  for (size_t i = 0; i < n->nargs; i++)
    if (ck_has_side_effect (n->args[i], depth + 1))
      return true;
  return false;
}

/* x op= v and x++ read their target, then write it: an index with a side
 * effect there (a[i++] += 1) is refused rather than evaluated twice. */
static int
check_read_write_target (struct ck *c, struct d_node *lv, const struct d_loc *loc)
{
  if (lv->kind == DN_IDENT || lv->kind == DN_SELF || lv->kind == DN_THIS)
    return 0;
  bool bad = ck_has_side_effect (lv->a, 0);
  for (size_t i = 0; i < lv->nargs && !bad; i++)
    bad = ck_has_side_effect (lv->args[i], 0);
  if (bad)
    {
      ck_err (c, loc, "the target of a compound assignment, ++ or -- may not have side effects "
              "(assign the index to a variable first)");
      return -1;
    }
  return 0;
}

/* ++x, x--: of an integer variable (an undeclared one becomes an 8-byte
 * int64_t); the expression's value is the new value (prefix) or the old
 * one (postfix), of the variable's type. */
int
ck_incdec (struct ck *c, struct d_node *n)
{
  if (ck_kernel_symbol_store (c, n))
    return -1;
  if (check_read_write_target (c, n->a, &n->loc) != 0)
    return -1;
  /* a variable first met here is an int64_t, as in Oracle's DTrace (an
   * assignment's first use takes the assigned value's type instead) */
  if (ck_is_mem_node (n->a) ? ck_mem_lvalue (c, n->a, T_LONG) != 0 : ck_lvalue (c, n->a, T_LONG) != 0)
    return -1;
  if (ck_info (c, n->a)->type.kind != DT_INTEGER)
    {
      ck_err (c, &n->loc, "operator %s requires an operand of integer type",
              n->op == DOP_PREINC || n->op == DOP_POSTINC ? "++" : "--");
      return -1;
    }
  struct ninfo *ni = ck_info (c, n);
  ni->type = ck_info (c, n->a)->type;
  /* a typed pointer steps by its pointee's size */
  const struct ctype *pt = ni->type.is_pointer && ni->type.ctype ? ctype_resolve (ni->type.ctype) : NULL;
  const struct ctype *to = pt && pt->kind == CT_POINTER ? ctype_resolve (pt->ref) : NULL;
  ni->elem_size = to && to->size ? to->size : 1;
  return 0;
}

/* DTrace's ordering rules for speculate/commit/discard and the actions
 * around them (D_SPEC_*, D_COMM_*, D_AGG_SPEC, D_EXIT_SPEC, D_ACT_SPEC). */
static bool
is_destructive (enum action_kind k)
{
  return k == ACT_SYSTEM || k == ACT_RAISE || k == ACT_STOP || k == ACT_COPYOUT || k == ACT_COPYOUTSTR
         || k == ACT_CHILL;
}

/* "WHAT may not follow X" for each earlier X (speculate, commit, a
 * data-recording action) that is both in SEEN and in FORBIDDEN. */
static void
may_not_follow (struct ck *c, const struct d_loc *loc, const char *what, unsigned seen, unsigned forbidden)
{
  static const struct { unsigned flag; const char *name; } earlier[] = {
    { SPF_SPECULATE, "speculate( )" },
    { SPF_COMMIT, "commit( )" },
    { SPF_DATAREC, "data-recording action(s)" },
  };
  for (size_t i = 0; i < sizeof earlier / sizeof earlier[0]; i++)
    if (seen & forbidden & earlier[i].flag)
      ck_err (c, loc, "%s may not follow %s", what, earlier[i].name);
}

void
ck_spec_rules (struct ck *c, enum action_kind kind, const struct d_loc *loc)
{
  unsigned *f = &c->spec_flags;
  switch (kind)
    {
    case ACT_DEFAULT:
    case ACT_DISCARD:
      return;
    case ACT_COMMIT:
      /* several commits in one clause are allowed, as in Oracle's Linux
         DTrace (illumos refused a second one, D_COMM_COMM) */
      may_not_follow (c, loc, "commit( )", *f, SPF_DATAREC);
      *f |= SPF_COMMIT;
      return;
    case ACT_SPECULATE:
      may_not_follow (c, loc, "speculate( )", *f, SPF_SPECULATE | SPF_COMMIT | SPF_DATAREC);
      *f |= SPF_SPECULATE;
      return;
    default:
      break;
    }
  if (is_destructive (kind))
    {
      may_not_follow (c, loc, "destructive actions", *f, SPF_SPECULATE);
      return;
    }
  if (kind == ACT_EXIT)
    may_not_follow (c, loc, "exit( )", *f, SPF_SPECULATE);
  may_not_follow (c, loc, "data-recording actions", *f, SPF_COMMIT);
  *f |= SPF_DATAREC;
}

/* Does FMT have a %A conversion (a user address, symbolized)? */
static bool
format_has_user_addr (const char *fmt)
{
  for (const char *p = fmt ? strchr (fmt, '%') : NULL; p; p = strchr (p, '%'))
    {
      p++;
      if (*p == '%')
        {
          p++;
          continue;
        }
      p += strspn (p, "-+ #0'*.0123456789hlLqjzt@");
      if (*p == 'A')
        return true;
    }
  return false;
}

/* printf("format", args...) and system("format", args...): a constant
 * format, then one record item per argument. */
static int
check_format_action (struct ck *c, struct d_node *call, enum action_kind kind)
{
  const char *fn = call->sval;
  if (call->nargs < 1 || call->args[0]->kind != DN_STRING)
    {
      ck_err (c, &call->loc, "%s( ) argument #1 is incompatible with prototype: a string constant is required", fn);
      return -1;
    }
  for (size_t i = 1; i < call->nargs; i++)
    if (ck_expr (c, call->args[i]) != 0)
      return -1;
  struct daction *a = ck_add_action (c, kind, call);
  a->format = xstrdup (call->args[0]->sval);
  c->prog->user_addrs |= format_has_user_addr (a->format);
  if (c->clause->rec_size == 0)
    c->clause->rec_size = dprog_rec_header (c->prog);
  c->clause->records_data = true;
  for (size_t i = 1; i < call->nargs; i++)
    {
      ck_array_string (c, call->args[i]);
      struct dtype t = ck_info (c, call->args[i])->type;
      if (t.kind == DT_OBJECT && ctype_resolve (t.ctype)->kind != CT_FLOAT)
        {
          ck_err (c, &call->args[i]->loc, "%s( ) argument #%zu is a struct, union or array: use print( )", fn, i + 1);
          return -1;
        }
      if (t.kind == DT_VOID)
        {
          ck_err (c, &call->args[i]->loc, "%s( ) argument #%zu is incompatible with prototype: void", fn, i + 1);
          return -1;
        }
      ck_add_item (c, a, t);
    }
  ck_info (c, call)->type = T_VOID;
  return 0;
}

/* speculate/commit/discard and the destructive actions (system, raise,
 * stop, copyout, copyoutstr).  Returns 1 when CALL is none of them. */
static int
check_safety_action (struct ck *c, struct d_node *call)
{
  static const struct { const char *name; enum action_kind k; size_t nargs; } tab[] = {
    { "speculate", ACT_SPECULATE, 1 }, { "commit", ACT_COMMIT, 1 }, { "discard", ACT_DISCARD, 1 },
    { "raise", ACT_RAISE, 1 }, { "stop", ACT_STOP, 0 }, { "chill", ACT_CHILL, 1 },
    { "copyout", ACT_COPYOUT, 3 }, { "copyoutstr", ACT_COPYOUTSTR, 3 },
  };
  const char *fn = call->sval;
  if (strcmp (fn, "system") == 0)
    return check_format_action (c, call, ACT_SYSTEM);
  for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
    {
      if (strcmp (fn, tab[k].name) != 0)
        continue;
      if (call->nargs != tab[k].nargs)
        {
          ck_err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, %zu expected", fn, call->nargs,
               tab[k].nargs);
          return -1;
        }
      for (size_t i = 0; i < call->nargs; i++)
        {
          bool want_string = (tab[k].k == ACT_COPYOUT || tab[k].k == ACT_COPYOUTSTR) && i == 0;
          if (want_string)
            {
              if (ck_expr (c, call->args[i]) != 0)
                return -1;
              if (ck_info (c, call->args[i])->type.kind != DT_STRING)
                {
                  ck_err (c, &call->args[i]->loc,
                       "%s( ) argument #1 is incompatible with prototype: a string or buffer is required", fn);
                  return -1;
                }
            }
          else
            {
              char what[64];
              snprintf (what, sizeof what, "%s( ) argument #%zu", fn, i + 1);
              if (ck_int (c, call->args[i], what) != 0)
                return -1;
            }
        }
      struct daction *a = ck_add_action (c, tab[k].k, call);
      if (tab[k].k == ACT_COMMIT || tab[k].k == ACT_DISCARD)
        ck_add_item (c, a, T_LONG);
      if (tab[k].k == ACT_SPECULATE)
        {
          /* a clause that only speculates still records its probe: the
           * bare probe line, printed if the speculation is committed */
          if (c->clause->rec_size == 0)
            c->clause->rec_size = dprog_rec_header (c->prog);
          c->clause->records_data = true;
        }
      if (tab[k].k == ACT_COPYOUT || tab[k].k == ACT_COPYOUTSTR)
        {
          /* for the consumer's write when the kernel cannot write user
           * memory (destructive.h): pid, address, size, bytes */
          ck_add_item (c, a, T_LONG);
          ck_add_item (c, a, T_ULONG);
          ck_add_item (c, a, T_LONG);
          ck_add_item (c, a, T_STRING);
        }
      ck_info (c, call)->type = T_VOID;
      return 0;
    }
  return 1;   /* not an action */
}

/* printf/trace/exit/printa/... : an action with record items. */
int
ck_action_call (struct ck *c, struct d_node *call)
{
  const char *fn = call->sval;
  int sr = ck_stack_subr (c, call);
  if (sr < 0)
    return -1;
  if (sr == 0)
    {
      /* ustack(); usym(pc); ...: the statement form traces the record */
      struct dtype t = ck_info (c, call)->type;
      struct daction *a = ck_add_action (c, ACT_TRACE, call);
      a->self_item = true;
      ck_add_item (c, a, t);
      return 0;
    }
  if (strcmp (fn, "printf") == 0)
    return check_format_action (c, call, ACT_PRINTF);
  if (strcmp (fn, "setopt") == 0)
    {
      /* setopt(name[, value]): the consumer sets the option when the
       * record arrives (output.c) */
      if (call->nargs < 1 || call->nargs > 2)
        {
          ck_err (c, &call->loc, "setopt( ) prototype mismatch: %zu args passed, 1 or 2 expected",
                  call->nargs);
          return -1;
        }
      for (size_t i = 0; i < call->nargs; i++)
        if (ck_expr (c, call->args[i]) != 0)
          return -1;
        else if (ck_info (c, call->args[i])->type.kind != DT_STRING)
          {
            ck_err (c, &call->loc, "setopt( ) argument #%zu is incompatible with prototype: "
                    "a string is expected", i + 1);
            return -1;
          }
      struct daction *a = ck_add_action (c, ACT_SETOPT, call);
      for (size_t i = 0; i < call->nargs; i++)
        ck_add_item (c, a, T_STRING);
      ck_info (c, call)->type = T_VOID;
      return 0;
    }
  if (strcmp (fn, "print") == 0)
    {
      if (call->nargs != 1)
        {
          ck_err (c, &call->loc, "print( ) prototype mismatch: %zu args passed, 1 expected", call->nargs);
          return -1;
        }
      if (ck_expr (c, call->args[0]) != 0)
        return -1;
      struct dtype t = ck_info (c, call->args[0])->type;
      if (t.kind == DT_VOID || dtype_is_record (t))
        {
          ck_err (c, &call->loc, "print( ) argument #1 is incompatible with prototype");
          return -1;
        }
      if (t.kind == DT_OBJECT && ctype_resolve (t.ctype)->size > PRINT_MAX_BYTES)
        {
          ck_err (c, &call->loc, "print( ) of %" PRIu64 " bytes: at most %u", ctype_resolve (t.ctype)->size,
                  PRINT_MAX_BYTES);
          return -1;
        }
      if (t.kind == DT_INTEGER && !t.ctype)
        {
          /* D's own integers by DTrace's names: 5 is an int, arg0 an int64_t */
          static const char *const names[2][4] = {
            { "unsigned char", "unsigned short", "unsigned int", "uint64_t" },
            { "char", "short", "int", "int64_t" } };
          unsigned sz = t.size ? t.size : 8;
          t.ctype = ctype_builtin (ck_types (c), names[t.is_signed][sz == 1 ? 0 : sz == 2 ? 1 : sz == 4 ? 2 : 3]);
        }
      struct daction *a = ck_add_action (c, ACT_PRINT, call);
      ck_add_item (c, a, t);
      ck_info (c, call)->type = T_VOID;
      return 0;
    }
  if (strcmp (fn, "trace") == 0 || strcmp (fn, "exit") == 0)
    {
      if (call->nargs != 1)
        {
          ck_err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, 1 expected", fn, call->nargs);
          return -1;
        }
      if (ck_expr (c, call->args[0]) != 0)
        return -1;
      if (fn[0] == 't')
        ck_array_string (c, call->args[0]);
      struct dtype t = ck_info (c, call->args[0])->type;
      if (t.kind == DT_OBJECT)
        {
          ck_err (c, &call->loc, "%s( ) argument #1 is a struct, union or array: use print( )", fn);
          return -1;
        }
      if (t.kind == DT_VOID || (fn[0] == 'e' && t.kind != DT_INTEGER))
        {
          ck_err (c, &call->loc, "%s( ) argument #1 is incompatible with prototype", fn);
          return -1;
        }
      struct daction *a = ck_add_action (c, fn[0] == 't' ? ACT_TRACE : ACT_EXIT, call);
      ck_add_item (c, a, fn[0] == 'e' ? T_INT : t);
      ck_info (c, call)->type = T_VOID;
      return 0;
    }
  if (strcmp (fn, "printa") == 0)
    {
      size_t first = 0;
      const char *fmt = NULL;
      if (call->nargs >= 1 && call->args[0]->kind == DN_STRING)
        {
          fmt = call->args[0]->sval;
          first = 1;
        }
      if (call->nargs <= first)
        {
          ck_err (c, &call->loc, "printa( ) prototype mismatch: an aggregation is required");
          return -1;
        }
      struct daction *a = ck_add_action (c, ACT_PRINTA, call);
      a->format = fmt ? xstrdup (fmt) : NULL;
      c->prog->user_addrs |= format_has_user_addr (fmt);
      for (size_t i = first; i < call->nargs; i++)
        {
          struct dagg *g = ck_agg_arg (c, call->args[i], "printa");
          if (!g)
            return -1;
          if (a->naggs && ck_printa_keys_match (c, call, &c->prog->aggs[a->aggs[0]], g) != 0)
            return -1;
          VEC_PUSH (a->aggs, a->naggs, a->aggs_cap) = g->id;
        }
      if (c->clause->rec_size == 0)
        c->clause->rec_size = dprog_rec_header (c->prog);
      c->clause->records_data = true;
      ck_info (c, call)->type = T_VOID;
      return 0;
    }
  static const struct { const char *name; enum action_kind k; size_t min, max; } aggacts[] = {
    { "clear", ACT_CLEAR, 1, 1 }, { "trunc", ACT_TRUNC, 1, 2 },
    { "normalize", ACT_NORMALIZE, 2, 2 }, { "denormalize", ACT_DENORMALIZE, 1, 1 },
  };
  for (size_t k = 0; k < sizeof aggacts / sizeof aggacts[0]; k++)
    if (strcmp (fn, aggacts[k].name) == 0)
      {
        if (call->nargs < aggacts[k].min || call->nargs > aggacts[k].max)
          {
            ck_err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed", fn, call->nargs);
            return -1;
          }
        struct dagg *g = ck_agg_arg (c, call->args[0], fn);
        if (!g)
          return -1;
        struct daction *a = ck_add_action (c, aggacts[k].k, call);
        a->aggs = xmalloc (sizeof *a->aggs);
        a->aggs[0] = g->id;
        a->naggs = 1;
        if (call->nargs == 2)
          {
            if (ck_int (c, call->args[1], fn) != 0)
              return -1;
            a->has_arg = true;
            ck_add_item (c, a, T_LONG);
          }
        else if (c->clause->rec_size == 0)
          c->clause->rec_size = dprog_rec_header (c->prog);
        c->clause->records_data = true;
        ck_info (c, call)->type = T_VOID;
        return 0;
      }
  return check_safety_action (c, call);
}
