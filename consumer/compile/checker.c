/* SPDX-License-Identifier: MIT */
/*
 * checker.c — names, types, actions and record layout of D programs.
 *
 * Walks each clause once.  Expressions get a struct ninfo (type, constant
 * value, what a name resolves to).  Globals, associative arrays and self->
 * variables are created on their first assignment and typed by it (D has no
 * initialisers); aggregations on their first aggregating assignment, after
 * which function, parameters and key signature must stay the same.  Action
 * calls (printf, trace, exit, printa, clear, trunc, normalize, denormalize)
 * become the clause's action list, and their data items are laid out in the
 * clause's record after the record header.
 *
 * Messages follow DTrace's shapes: "<prefix>: line N: <message>".
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

void
ck_err (struct ck *c, const struct d_loc *loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  diag_error_prefixed (c->errprefix, loc ? loc->line : 0, fmt, ap);
  va_end (ap);
  c->errors++;
}

void *
ck_alloc (struct dprog *p, size_t n)
{
  void *m = xcalloc (1, n);
  VEC_PUSH (p->allocs, p->nallocs, p->allocs_cap) = m;
  return m;
}

struct ninfo *
ck_info (struct ck *c, struct d_node *n)
{
  if (!n->sym)
    {
      struct ninfo *ni = ck_alloc (c->prog, sizeof *ni);
      ni->action = -1;
      n->sym = ni;
      n->type = &ni->type;
    }
  return n->sym;
}

bool
ck_parse_type (const char *text, struct dtype *t)
{
  static const struct { const char *name; struct dtype t; } names[] = {
    { "char", { DT_INTEGER, 1, true, false, NULL } },
    { "signed char", { DT_INTEGER, 1, true, false, NULL } },
    { "unsigned char", { DT_INTEGER, 1, false, false, NULL } },
    { "short", { DT_INTEGER, 2, true, false, NULL } },
    { "short int", { DT_INTEGER, 2, true, false, NULL } },
    { "unsigned short", { DT_INTEGER, 2, false, false, NULL } },
    { "int", { DT_INTEGER, 4, true, false, NULL } },
    { "signed", { DT_INTEGER, 4, true, false, NULL } },
    { "signed int", { DT_INTEGER, 4, true, false, NULL } },
    { "unsigned", { DT_INTEGER, 4, false, false, NULL } },
    { "unsigned int", { DT_INTEGER, 4, false, false, NULL } },
    { "long", { DT_INTEGER, 8, true, false, NULL } },
    { "long int", { DT_INTEGER, 8, true, false, NULL } },
    { "unsigned long", { DT_INTEGER, 8, false, false, NULL } },
    { "long long", { DT_INTEGER, 8, true, false, NULL } },
    { "long long int", { DT_INTEGER, 8, true, false, NULL } },
    { "unsigned long long", { DT_INTEGER, 8, false, false, NULL } },
    { "int8_t", { DT_INTEGER, 1, true, false, NULL } },
    { "uint8_t", { DT_INTEGER, 1, false, false, NULL } },
    { "int16_t", { DT_INTEGER, 2, true, false, NULL } },
    { "uint16_t", { DT_INTEGER, 2, false, false, NULL } },
    { "int32_t", { DT_INTEGER, 4, true, false, NULL } },
    { "uint32_t", { DT_INTEGER, 4, false, false, NULL } },
    { "int64_t", { DT_INTEGER, 8, true, false, NULL } },
    { "uint64_t", { DT_INTEGER, 8, false, false, NULL } },
    { "intptr_t", { DT_INTEGER, 8, true, false, NULL } },
    { "uintptr_t", { DT_INTEGER, 8, false, false, NULL } },
    { "size_t", { DT_INTEGER, 8, false, false, NULL } },
    { "ssize_t", { DT_INTEGER, 8, true, false, NULL } },
    { "off_t", { DT_INTEGER, 8, true, false, NULL } },
    { "pid_t", { DT_INTEGER, 4, true, false, NULL } },
    { "id_t", { DT_INTEGER, 4, true, false, NULL } },
    { "uid_t", { DT_INTEGER, 4, false, false, NULL } },
    { "gid_t", { DT_INTEGER, 4, false, false, NULL } },
    { "processorid_t", { DT_INTEGER, 4, true, false, NULL } },
    { "hrtime_t", { DT_INTEGER, 8, true, false, NULL } },
    { "bool", { DT_INTEGER, 1, false, false, NULL } },
    { "_Bool", { DT_INTEGER, 1, false, false, NULL } },
    { "string", { DT_STRING, 0, false, false, NULL } },
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (text, names[i].name) == 0)
      {
        *t = names[i].t;
        return true;
      }
  size_t len = strlen (text);
  if (len && text[len - 1] == '*')
    {
      *t = (struct dtype) { DT_INTEGER, 8, false, true, NULL };
      return true;
    }
  return false;
}

/* The type T points to, for a pointer type name "T *": an integer type
 * (char for void; a pointer is an 8-byte unsigned integer). */
bool
ck_pointee_type (const char *text, struct dtype *elem)
{
  size_t len = strlen (text);
  if (!len || text[len - 1] != '*')
    return false;
  char *base = xstrdup (text);
  base[len - 1] = '\0';
  for (size_t k = strlen (base); k > 0 && base[k - 1] == ' '; k--)
    base[k - 1] = '\0';
  bool ok = true;
  if (strcmp (base, "void") == 0 || strcmp (base, "const void") == 0)
    *elem = (struct dtype) { DT_INTEGER, 1, true, false, NULL };
  else
    {
      const char *b = strncmp (base, "const ", 6) == 0 ? base + 6 : base;
      ok = ck_parse_type (b, elem) && elem->kind == DT_INTEGER;
      if (ok && elem->is_pointer)
        *elem = (struct dtype) { DT_INTEGER, 8, false, false, NULL };
    }
  free (base);
  return ok;
}

/* A pointer into scratch memory (copyin(), alloca()): a string-kind value
 * (the bytes) whose size and sign are those of the type it points to. */
bool
ck_is_buffer_pointer (struct dtype t)
{
  return t.kind == DT_STRING && t.is_pointer;
}

/* The type of a binary arithmetic result, by D's rule (not C's: no
 * promotion to int first): the operand of higher rank, a type's rank
 * being its bits, plus one when unsigned (char + unsigned char is an
 * unsigned char, short + unsigned char a short); the left one at equal
 * rank.  Shifts and unary operators promote as C does (ck_promote). */
struct dtype
ck_arith (struct dtype a, struct dtype b)
{
  unsigned ra = 8 * a.size + !a.is_signed, rb = 8 * b.size + !b.is_signed;
  struct dtype r = ra >= rb ? a : b;
  r.is_pointer = false;
  return r;
}

/* C's integer promotion: a type narrower than int becomes int. */
struct dtype
ck_promote (struct dtype a)
{
  if (a.size < 4)
    a = T_INT;
  a.is_pointer = false;
  return a;
}

int64_t
ck_truncate (int64_t v, struct dtype t)
{
  switch (t.size)
    {
    case 1: return t.is_signed ? (int64_t) (int8_t) v : (int64_t) (uint8_t) v;
    case 2: return t.is_signed ? (int64_t) (int16_t) v : (int64_t) (uint16_t) v;
    case 4: return t.is_signed ? (int64_t) (int32_t) v : (int64_t) (uint32_t) v;
    default: return v;
    }
}

struct dvar *
ck_find_var (struct dprog *p, enum var_scope scope, const char *name)
{
  for (size_t i = 0; i < p->nvars; i++)
    if (p->vars[i].scope == scope && strcmp (p->vars[i].name, name) == 0)
      return &p->vars[i];
  return NULL;
}

/* Vars are referenced by pointer from ninfo: grow in chunks and never
 * reallocate once checking has started by reserving capacity up front. */
#define MAX_VARS 1024
#define MAX_AGGS 256

struct dvar *
ck_new_var (struct ck *c, enum var_scope scope, const char *name, struct dtype t,
         size_t nkeys, const struct dtype *keys, const struct d_loc *loc)
{
  struct dprog *p = c->prog;
  if (p->nvars >= MAX_VARS)
    {
      ck_err (c, loc, "too many variables");
      return NULL;
    }
  if (!p->vars)
    p->vars = xcalloc (MAX_VARS, sizeof *p->vars);
  struct dvar *v = &p->vars[p->nvars++];
  v->name = xstrdup (name);
  v->scope = scope;
  v->type = t;
  v->nkeys = nkeys;
  v->keys = nkeys ? xcalloc (nkeys, sizeof *keys) : NULL;
  if (nkeys)
    memcpy (v->keys, keys, nkeys * sizeof *keys);
  unsigned vsize = t.kind == DT_STRING ? p->strsize : t.kind == DT_OBJECT ? dtype_bytes (t, p->strsize) : 8;
  v->value_size = (vsize + 7) & ~7u;
  unsigned ksize = scope == VS_SELF ? 8 : 0;
  for (size_t i = 0; i < nkeys; i++)
    ksize += dtype_bytes (keys[i], p->strsize);
  v->key_size = ksize;
  if (scope == VS_GLOBAL)
    {
      v->offset = p->globals_size;
      p->globals_size += v->value_size;
    }
  else if (scope == VS_THIS)
    {
      v->offset = p->this_size;
      p->this_size += v->value_size;
    }
  return v;
}

struct dagg *
ck_find_agg (struct dprog *p, const char *name)
{
  for (size_t i = 0; i < p->naggs; i++)
    if (strcmp (p->aggs[i].name, name) == 0)
      return &p->aggs[i];
  return NULL;
}

struct dagg *
ck_new_agg (struct ck *c, const char *name, const struct d_loc *loc)
{
  struct dprog *p = c->prog;
  if (p->naggs >= MAX_AGGS)
    {
      ck_err (c, loc, "too many aggregations");
      return NULL;
    }
  if (!p->aggs)
    p->aggs = xcalloc (MAX_AGGS, sizeof *p->aggs);
  struct dagg *a = &p->aggs[p->naggs];
  a->name = xstrdup (name);
  a->id = (unsigned) p->naggs++;
  return a;
}

struct daction *
ck_add_action (struct ck *c, enum action_kind kind, struct d_node *call)
{
  struct dclause *cl = c->clause;
  ck_spec_rules (c, kind, call ? &call->loc : NULL);
  VEC_GROW (cl->actions, cl->nactions, cl->actions_cap);
  struct daction *a = &cl->actions[cl->nactions];
  memset (a, 0, sizeof *a);
  a->kind = kind;
  if (call)
    ck_info (c, call)->action = (int) cl->nactions;
  cl->nactions++;
  return a;
}

void
ck_add_item (struct ck *c, struct daction *a, struct dtype t)
{
  struct dclause *cl = c->clause;
  if (cl->rec_size == 0)
    cl->rec_size = dprog_rec_header (c->prog);
  struct rec_item *it = &VEC_PUSH (a->items, a->nitems, a->items_cap);
  it->type = t;
  it->offset = cl->rec_size;
  cl->rec_size += dtype_bytes (t, c->prog->strsize);
  cl->records_data = true;
}

int
ck_int (struct ck *c, struct d_node *n, const char *what)
{
  if (ck_expr (c, n) != 0)
    return -1;
  if (ck_info (c, n)->type.kind != DT_INTEGER)
    {
      ck_err (c, &n->loc, "%s must be of integer type", what);
      return -1;
    }
  return 0;
}

int
ck_keys (struct ck *c, struct d_node *n, bool void_ok, struct dtype keys[CK_MAX_KEYS])
{
  if (n->nargs > CK_MAX_KEYS)
    {
      ck_err (c, &n->loc, "too many keys");
      return -1;
    }
  for (size_t i = 0; i < n->nargs; i++)
    {
      if (ck_expr (c, n->args[i]) != 0)
        return -1;
      ck_array_string (c, n->args[i]);     /* a char array key is a string */
      keys[i] = ck_info (c, n->args[i])->type;
      const struct ctype *r = keys[i].kind == DT_OBJECT ? ctype_resolve (keys[i].ctype) : NULL;
      if (r && (!void_ok || r->kind == CT_ARRAY || r->kind == CT_FLOAT || ck_info (c, n->args[i])->mem == MEM_USER
                || r->size > PRINT_MAX_BYTES))
        {
          /* an associative array's key may be a struct or union value of
           * D's own (its bytes are the key, as in DTrace); an aggregation's
           * may not (printa( ) prints keys as scalars) */
          ck_err (c, &n->args[i]->loc, "%s",
                  void_ok ? "a struct or union key must be a value in D's memory of at most 2048 bytes; "
                            "an array cannot be a key"
                          : "a struct, union or array cannot be an aggregation key");
          return -1;
        }
      if (keys[i].kind == DT_VOID && !void_ok)
        {
          ck_err (c, &n->args[i]->loc, "aggregation key #%zu has void type", i + 1);
          return -1;
        }
    }
  return 0;
}

bool
ck_extern_use (struct ck *c, const struct d_node *n, const char *name)
{
  if (!strset_has (&c->externs, name))
    return false;
  ck_err (c, &n->loc, "%s is declared extern: a kernel symbol, which D cannot read or write here", name);
  return true;
}

/* Stacks and symbols are records: no operator, variable or subroutine
 * takes one (trace, printf, aggregation keys and the statement form do). */
int
ck_not_record (struct ck *c, const struct d_node *k)
{
  if (!k || !k->sym || !dtype_is_record (((const struct ninfo *) k->sym)->type))
    return 0;
  ck_err (c, &k->loc, "%s( ) may only be traced, printed with printf( ), used as an aggregation key "
       "or used as a statement", k->kind == DN_CALL && k->sval ? k->sval : "stack");
  return -1;
}

int
ck_expr (struct ck *c, struct d_node *n)
{
  if (ck_expr_node (c, n) != 0)
    return -1;
  if (ck_not_record (c, n->a) || ck_not_record (c, n->b) || ck_not_record (c, n->c))
    return -1;
  if (n->kind != DN_CALL)
    for (size_t i = 0; i < n->nargs; i++)
      if (ck_not_record (c, n->args[i]))
        return -1;
  return 0;
}

/* An expression in statement position: actions are allowed here and in
 * the arms of a ternary operator. */
static int
check_stmt_expr (struct ck *c, struct d_node *n)
{
  switch (n->kind)
    {
    case DN_ASSIGN:
      return ck_assign (c, n);
    case DN_INCDEC:
      return ck_incdec (c, n);
    case DN_CALL:
      {
        int r = ck_action_call (c, n);
        if (r <= 0)
          return r;
        return ck_expr (c, n);
      }
    case DN_TERNARY:
      if (ck_int (c, n->a, "ternary condition") != 0)
        return -1;
      if (check_stmt_expr (c, n->b) != 0 || check_stmt_expr (c, n->c) != 0)
        return -1;
      ck_info (c, n)->type = T_VOID;
      return 0;
    default:
      return ck_expr (c, n);
    }
}

static int
check_stmt (struct ck *c, struct d_node *s)
{
  switch (s->kind)
    {
    case DN_EMPTY:
      return 0;
    case DN_EXPR_STMT:
      if (s->a->kind == DN_ASSIGN && s->a->op == DOP_ASSIGN && s->a->b->kind == DN_XLATE)
        {
          int r = ck_xlate_assign (c, s);
          if (r <= 0)
            return r < 0 ? -1 : check_stmt (c, s);
        }
      return check_stmt_expr (c, s->a);
    case DN_BLOCK:
      for (size_t i = 0; i < s->nargs; i++)
        if (check_stmt (c, s->args[i]) != 0)
          return -1;
      return 0;
    case DN_IF:
      if (ck_int (c, s->a, "if condition") != 0)
        return -1;
      if (check_stmt (c, s->b) != 0)
        return -1;
      return s->c ? check_stmt (c, s->c) : 0;
    default:
      return check_stmt_expr (c, s);
    }
}

int
ck_decl (struct ck *c, struct d_decl *d)
{
  switch (d->kind)
    {
    case DD_OPTION:
      return 0;   /* options are applied by the runtime before checking */
    case DD_GLOBAL:
    case DD_SELF:
    case DD_THIS:
      {
        struct dtype t;
        if (d->kind == DD_GLOBAL && !strncmp (d->type->text, "extern ", 7))
          {
            /* DTrace's extern names a kernel symbol: its type is checked,
             * nothing is stored (no kernel symbol is D's to read here) */
            bool is_string;
            c->extern_decl = true;
            c->forward_tags = 2;
            const struct ctype *et = ck_ctype (c, d->type->text, d->def, &d->loc, &is_string);
            c->extern_decl = false;
            c->forward_tags = 0;
            if (et || is_string)
              strset_add (&c->externs, xstrdup (d->name));
            if (et && et->kind != CT_FUNCTION)
              ck_extern_type (c, d->name, et);     /* `name's type (checker-ksyms.c) */
            return et || is_string ? 0 : -1;
          }
        enum var_scope s = d->kind == DD_GLOBAL ? VS_GLOBAL : d->kind == DD_SELF ? VS_SELF : VS_THIS;
        bool assoc;
        if (ck_assoc_decl (c, d, s, &assoc) != 0)
          return -1;
        if (assoc)
          return 0;
        c->forward_tags = 1;
        int r = ck_type_of (c, d->type->text, d->def, &d->loc, &t);
        c->forward_tags = 0;
        if (r != 0)
          return -1;
        if (t.kind == DT_VOID || (t.kind == DT_OBJECT && ck_object_var_ok (c, s, t, &d->loc) != 0))
          {
            if (t.kind == DT_VOID)
              ck_err (c, &d->loc, "variables of type %s are not supported", d->type->text);
            return -1;
          }
        if (ck_find_var (c->prog, s, d->name))
          {
            ck_err (c, &d->loc, "identifier redeclared: %s", d->name);
            return -1;
          }
        return ck_new_var (c, s, d->name, t, 0, NULL, &d->loc) ? 0 : -1;
      }
    case DD_INLINE:
      return ck_inline_decl (c, d);
    case DD_TYPEDEF:
    case DD_STRUCT:
    case DD_UNION:
    case DD_ENUM:
      return ck_type_decl (c, d);
    case DD_TRANSLATOR:
      return ck_translator_decl (c, d);
    case DD_MEMBER:
    case DD_ENUMERATOR:
      break;
    }
  return 0;
}

/* The deepest an expression may be, in nodes from its root to its deepest
 * leaf: `x = 1 + 2 + 3` is 4 deep (=, two +, a constant).  The parser builds
 * operator chains and postfix chains with loops, so only this bounds the
 * recursion of the checker and of the code generator (a few hundred bytes
 * of stack per level, more under the sanitizers).  doc/limits.md. */
#define MAX_EXPR_DEPTH 5000

/* Refuse an expression of the clause nested deeper than MAX_EXPR_DEPTH,
 * measured without recursion (statements reset the count: their nesting is
 * bounded by the parser).  The error names the statement's line. */
static int
check_depth (struct ck *c, struct d_node *root)
{
  struct level { struct d_node *n; size_t depth; const struct d_loc *stmt; } *stack = NULL;
  size_t sp = 0, cap = 0;
  int r = 0;

  if (root)
    VEC_PUSH (stack, sp, cap) = (struct level) { root, 1, &root->loc };
  while (sp > 0 && r == 0)
    {
      struct level l = stack[--sp];
      bool stmt = l.n->kind >= DN_EXPR_STMT;
      struct d_node *kids[3] = { l.n->a, l.n->b, l.n->c };

      if (l.depth > MAX_EXPR_DEPTH)
        {
          ck_err (c, l.stmt, "expression too long or too deeply nested (limit %d levels)",
                  MAX_EXPR_DEPTH);
          r = -1;
          break;
        }
      for (size_t i = 0; i < 3 + l.n->nargs; i++)
        {
          struct d_node *k = i < 3 ? kids[i] : l.n->args[i - 3];
          if (k)
            VEC_PUSH (stack, sp, cap) = (struct level) {
              k, stmt ? 1 : l.depth + 1,
              !stmt ? l.stmt : l.n->kind == DN_EXPR_STMT ? &l.n->loc : &k->loc };
        }
    }
  free (stack);
  return r;
}

/* Are CL's only actions commit() and discard()?  (dclause.only_settles) */
static bool
clause_only_settles (const struct dclause *cl)
{
  for (size_t i = 0; i < cl->nactions; i++)
    if (cl->actions[i].kind != ACT_COMMIT && cl->actions[i].kind != ACT_DISCARD)
      return false;
  return cl->nactions > 0;
}

/* The draining word (dprog.h has_exit_flag) of a program that calls
 * exit() somewhere: 8 bytes of the globals, reserved once. */
static void
reserve_exit_flag (struct dprog *p)
{
  if (p->has_exit_flag)
    return;
  for (size_t i = 0; i < p->nclauses; i++)
    for (size_t j = 0; j < p->clauses[i].nactions; j++)
      if (p->clauses[i].actions[j].kind == ACT_EXIT)
        {
          p->has_exit_flag = true;
          p->exit_flag_off = p->globals_size;
          p->globals_size += 8;
          return;
        }
}

static int
check_script (struct ck *c, struct d_script *script)
{
  struct dprog *prog = c->prog;
  c->script = script;
  for (size_t i = 0; i < script->ndecls; i++)
    if (ck_decl (c, &script->decls[i]) != 0)
      return -1;
  for (size_t i = 0; i < script->nclauses; i++)
    {
      struct d_clause_ast *ast = &script->clauses[i];
      VEC_GROW (prog->clauses, prog->nclauses, prog->clauses_cap);
      struct dclause *cl = &prog->clauses[prog->nclauses];
      memset (cl, 0, sizeof *cl);
      cl->index = (unsigned) prog->nclauses++;
      cl->ast = ast;
      cl->errprefix = c->errprefix;
      c->clause = cl;
      c->spec_flags = 0;
      if (check_depth (c, ast->predicate) != 0 || check_depth (c, ast->body) != 0)
        return -1;
      ck_lower_declared_arrays (c, ast->predicate);
      ck_lower_declared_arrays (c, ast->body);
      /* the body before the predicate, as DTrace cooks a clause: a variable
         first assigned in the body may be read by the clause's predicate;
         but a predicate that assigns (`/(this->f = strtok(...)) != NULL/`)
         comes first, so that the body sees the types it gives */
      bool pred_first = ast->predicate && ck_has_side_effect (ast->predicate, 0);
      if (pred_first && ck_int (c, ast->predicate, "predicate") != 0)
        return -1;
      if (ast->body && check_stmt (c, ast->body) != 0)
        return -1;
      if (ast->predicate && !pred_first && ck_int (c, ast->predicate, "predicate") != 0)
        return -1;
      if (!ast->body || ast->body->nargs == 0)
        {
          /* An empty clause prints the default probe line. */
          ck_add_action (c, ACT_DEFAULT, NULL);
          cl->rec_size = dprog_rec_header (c->prog);
          cl->records_data = true;
        }
      cl->only_settles = clause_only_settles (cl);
      if (cl->nactions > MAX_CLAUSE_ACTIONS)
        {
          ck_err (c, &ast->loc, "too many actions in one clause (at most %d)", MAX_CLAUSE_ACTIONS);
          return -1;
        }
      if (cl->nactions > 64 && cl->records_data)
        {
          /* the mask words of actions 64 and up end the record */
          cl->mask_off = cl->rec_size;
          cl->rec_size += 8 * (unsigned) ((cl->nactions - 1) / 64);
        }
    }
  reserve_exit_flag (c->prog);
  return c->errors ? -1 : 0;
}

int
d_check_script (struct dprog *prog, struct d_script *script, const char *errprefix)
{
  struct ck c = { .prog = prog, .errprefix = errprefix };
  int r = check_script (&c, script);
  ck_prelude_free (&c);
  free (c.xlators);
  free (c.consts);
  strset_clear (&c.externs);
  return r;
}

void
d_check_free (struct dprog *p)
{
  VEC_FREE_ALL (p->allocs, p->nallocs);
  for (size_t i = 0; i < p->nvars; i++)
    {
      free (p->vars[i].name);
      free (p->vars[i].keys);
    }
  free (p->vars);
  for (size_t i = 0; i < p->naggs; i++)
    {
      free (p->aggs[i].name);
      free (p->aggs[i].keys);
    }
  free (p->aggs);
  for (size_t i = 0; i < p->nclauses; i++)
    {
      struct dclause *cl = &p->clauses[i];
      for (size_t j = 0; j < cl->nactions; j++)
        FREE_ALL (cl->actions[j].format, cl->actions[j].items,
                  cl->actions[j].aggs);
      free (cl->actions);
      free (cl->probes);
    }
  free (p->clauses);
  ctype_table_free (p->types);
  p->types = NULL;
  p->nallocs = p->nvars = p->naggs = p->nclauses = 0;
  p->allocs_cap = p->clauses_cap = 0;
  p->allocs = NULL;
  p->vars = NULL;
  p->aggs = NULL;
  p->clauses = NULL;
}
