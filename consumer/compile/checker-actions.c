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

/* The target of an assignment: create it from the value's type if new. */
int
ck_lvalue (struct ck *c, struct d_node *lv, struct dtype vt)
{
  struct ninfo *ni = ck_info (c, lv);
  enum var_scope scope;
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
        scope = VS_GLOBAL;
        break;
      }
    case DN_SELF: scope = VS_SELF; break;
    case DN_THIS: scope = VS_THIS; break;
    case DN_INDEX:
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
      scope = VS_ASSOC;
      break;
    default:
      ck_err (c, &lv->loc, "operator = requires a writable variable");
      return -1;
    }
  struct dtype keys[16];
  if (lv->kind == DN_INDEX)
    {
      if (lv->nargs > 16)
        {
          ck_err (c, &lv->loc, "too many keys");
          return -1;
        }
      for (size_t i = 0; i < lv->nargs; i++)
        {
          if (ck_expr (c, lv->args[i]) != 0)
            return -1;
          keys[i] = ck_info (c, lv->args[i])->type;
          if (keys[i].kind == DT_INTEGER)
            keys[i] = (struct dtype) { DT_INTEGER, 8, keys[i].is_signed, false };
        }
    }
  struct dvar *v = ck_find_var (c->prog, scope, lv->sval);
  if (!v)
    {
      struct dtype t = vt;
      if (t.kind == DT_INTEGER && t.size < 4)
        t = T_INT;
      v = ck_new_var (c, scope, lv->sval, t, lv->kind == DN_INDEX ? lv->nargs : 0, keys, &lv->loc);
      if (!v)
        return -1;
    }
  else if ((v->type.kind == DT_STRING) != (vt.kind == DT_STRING))
    {
      ck_err (c, &lv->loc, "operands have incompatible types: \"%s\" = \"%s\"",
           v->type.kind == DT_STRING ? "string" : "int", vt.kind == DT_STRING ? "string" : "int");
      return -1;
    }
  else if (lv->kind == DN_INDEX && v->nkeys != lv->nargs)
    {
      ck_err (c, &lv->loc, "%s[ ] used with %zu keys, declared with %zu", lv->sval, lv->nargs, v->nkeys);
      return -1;
    }
  ni->var = v;
  ni->type = v->type;
  return 0;
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
  if (ck_expr (c, n->b) != 0 || ck_not_record (c, n->b) != 0)
    return -1;
  struct dtype vt = ck_info (c, n->b)->type;
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

/* DTrace's ordering rules for speculate/commit/discard and the actions
 * around them (D_SPEC_*, D_COMM_*, D_AGG_SPEC, D_EXIT_SPEC, D_ACT_SPEC). */
static bool
is_destructive (enum action_kind k)
{
  return k == ACT_SYSTEM || k == ACT_RAISE || k == ACT_STOP || k == ACT_COPYOUT || k == ACT_COPYOUTSTR;
}

void
ck_spec_rules (struct ck *c, enum action_kind kind, const struct d_loc *loc)
{
  unsigned *f = &c->spec_flags;
  switch (kind)
    {
    case ACT_DEFAULT:
      return;
    case ACT_COMMIT:
      if (*f & SPF_COMMIT)
        ck_err (c, loc, "commit( ) may not follow commit( )");
      if (*f & SPF_DATAREC)
        ck_err (c, loc, "commit( ) may not follow data-recording action(s)");
      *f |= SPF_COMMIT;
      return;
    case ACT_DISCARD:
      return;
    case ACT_SPECULATE:
      if (*f & SPF_SPECULATE)
        ck_err (c, loc, "speculate( ) may not follow speculate( )");
      if (*f & SPF_COMMIT)
        ck_err (c, loc, "speculate( ) may not follow commit( )");
      if (*f & SPF_DATAREC)
        ck_err (c, loc, "speculate( ) may not follow data-recording action(s)");
      *f |= SPF_SPECULATE;
      return;
    default:
      break;
    }
  if (*f & SPF_SPECULATE)
    {
      if (is_destructive (kind))
        ck_err (c, loc, "destructive actions may not follow speculate( )");
      if (kind == ACT_EXIT)
        ck_err (c, loc, "exit( ) may not follow speculate( )");
    }
  if (is_destructive (kind))
    return;
  if (*f & SPF_COMMIT)
    ck_err (c, loc, "data-recording actions may not follow commit( )");
  *f |= SPF_DATAREC;
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
  if (c->clause->rec_size == 0)
    c->clause->rec_size = dprog_rec_header (c->prog);
  c->clause->records_data = true;
  for (size_t i = 1; i < call->nargs; i++)
    {
      struct dtype t = ck_info (c, call->args[i])->type;
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
    { "raise", ACT_RAISE, 1 }, { "stop", ACT_STOP, 0 },
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
  if (strcmp (fn, "trace") == 0 || strcmp (fn, "exit") == 0)
    {
      if (call->nargs != 1)
        {
          ck_err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, 1 expected", fn, call->nargs);
          return -1;
        }
      if (ck_expr (c, call->args[0]) != 0)
        return -1;
      struct dtype t = ck_info (c, call->args[0])->type;
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
