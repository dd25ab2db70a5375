/* SPDX-License-Identifier: MIT */
/*
 * ast.c — building and freeing the syntax tree of D programs (dlang/ast.h).
 *
 * The tree is plain data: nodes own their children, names and type names; a
 * script owns its clauses and declarations.  Freeing is iterative, because
 * a left-nested chain such as `1 + 1 + ... + 1` is as deep as it is long
 * (the parser builds it with a loop, so nothing else bounds its depth).
 *
 * `#pragma D option` lines of a D program become DD_OPTION declarations
 * here, one per word ("#pragma D option quiet bufsize=4m" gives two);
 * other `#pragma D` lines go to the d_program as in provider mode.
 */
#include "dlang/build.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Nodes.                                                               */

struct d_node *
d_node_new (enum d_node_kind kind, const struct d_loc *loc)
{
  struct d_node *n = xcalloc (1, sizeof *n);

  n->kind = kind;
  n->loc = *loc;
  return n;
}

void
d_node_push (struct d_node *n, struct d_node *arg)
{
  /* Capacity (not stored): 4, then the powers of two. */
  if (n->nargs == 0 || (n->nargs >= 4 && (n->nargs & (n->nargs - 1)) == 0))
    n->args = xrealloc (n->args, (n->nargs ? 2 * n->nargs : 4) * sizeof *n->args);
  n->args[n->nargs++] = arg;
}

struct d_type_name *
d_type_name_new (char *text)
{
  struct d_type_name *t = xmalloc (sizeof *t);

  t->text = text;
  return t;
}

static void
type_name_free (struct d_type_name *t)
{
  if (!t)
    return;
  free (t->text);
  free (t);
}

void
d_node_free (struct d_node *n)
{
  struct d_node **stack = NULL;
  size_t sp = 0, cap = 0, i;

  while (n)
    {
      struct d_node *kids[3] = { n->a, n->b, n->c };

      for (i = 0; i < 3; i++)
        if (kids[i])
          VEC_PUSH (stack, sp, cap) = kids[i];
      for (i = 0; i < n->nargs; i++)
        if (n->args[i])
          VEC_PUSH (stack, sp, cap) = n->args[i];
      free (n->args);
      free (n->sval);
      type_name_free (n->cast);
      free (n);
      n = sp ? stack[--sp] : NULL;
    }
  free (stack);
}

static struct d_node *
clone_at (const struct d_node *n, size_t *count, size_t limit, bool *over)
{
  if (!n || *over)
    return NULL;
  if (++*count > limit)
    {
      *over = true;
      return NULL;
    }
  struct d_node *c = d_node_new (n->kind, &n->loc);
  c->op = n->op;
  c->ival = n->ival;
  memcpy (c->int_suffix, n->int_suffix, sizeof c->int_suffix);
  if (n->sval)
    {
      /* a string literal's bytes may hold a NUL: slen counts them */
      size_t len = n->kind == DN_STRING ? n->slen : strlen (n->sval);
      c->sval = xmalloc (len + 1);
      memcpy (c->sval, n->sval, len + 1);
    }
  c->slen = n->slen;
  if (n->cast)
    c->cast = d_type_name_new (xstrdup (n->cast->text));
  c->a = clone_at (n->a, count, limit, over);
  c->b = clone_at (n->b, count, limit, over);
  c->c = clone_at (n->c, count, limit, over);
  for (size_t i = 0; i < n->nargs; i++)
    d_node_push (c, clone_at (n->args[i], count, limit, over));
  return c;
}

struct d_node *
d_node_clone (const struct d_node *n, size_t *count, size_t limit)
{
  bool over = false;
  struct d_node *c = clone_at (n, count, limit, &over);
  if (over)
    {
      d_node_free (c);
      return NULL;
    }
  return c;
}

/* ------------------------------------------------------------------ */
/* Scripts.                                                             */

static void
decl_fini (struct d_decl *d)
{
  type_name_free (d->type);
  type_name_free (d->in_type);
  free (d->name);
  free (d->value);
  d_node_free (d->init);
  d_node_free (d->bits);
  if (d->def)
    {
      decl_fini (d->def);
      free (d->def);
    }
  while (d->nmembers)
    decl_fini (&d->members[--d->nmembers]);
  free (d->members);
  memset (d, 0, sizeof *d);
}

void
d_clause_ast_fini (struct d_clause_ast *cl)
{
  size_t i;

  for (i = 0; i < cl->ndescs; i++)
    free (cl->descs[i].text);
  free (cl->descs);
  d_node_free (cl->predicate);
  d_node_free (cl->body);
  memset (cl, 0, sizeof *cl);
}

void
d_decl_free (struct d_decl *d)
{
  if (!d)
    return;
  decl_fini (d);
  free (d);
}

void
d_script_free (struct d_script *s)
{
  if (!s)
    return;
  while (s->nclauses)
    d_clause_ast_fini (&s->clauses[--s->nclauses]);
  free (s->clauses);
  d_script_truncate_decls (s, 0);
  free (s->decls);
  memset (s, 0, sizeof *s);
}

void
d_script_truncate_decls (struct d_script *s, size_t n)
{
  while (s->ndecls > n)
    decl_fini (&s->decls[--s->ndecls]);
}

struct d_decl *
d_decl_init (struct d_decl *d, enum d_decl_kind kind, const struct d_loc *loc)
{
  memset (d, 0, sizeof *d);
  d->kind = kind;
  d->loc = *loc;
  return d;
}

struct d_decl *
d_script_add_decl (struct d_script *s, enum d_decl_kind kind, const struct d_loc *loc)
{
  return d_decl_init (&VEC_PUSH (s->decls, s->ndecls, s->decls_cap), kind, loc);
}

void
d_script_add_clause (struct d_script *s, struct d_clause_ast *cl)
{
  VEC_PUSH (s->clauses, s->nclauses, s->clauses_cap) = *cl;
  memset (cl, 0, sizeof *cl);
}

/* ------------------------------------------------------------------ */
/* Pragmas.                                                             */

void
d_script_add_pragma (struct d_program *prog, struct d_script *s, char *text,
                     const struct d_loc *loc)
{
  char *norm, *w, *save = NULL;
  size_t i, j;
  int any = 0;

  if (strncmp (text, "D option", 8) != 0 || (text[8] != ' ' && text[8] != '\0'))
    {
      d_program_add_pragma (prog, text, loc);
      return;
    }
  /* "name = value" is "name=value" (blanks are already single). */
  norm = xstrdup (text + 8);
  for (i = j = 0; norm[i]; i++)
    {
      if (norm[i] == ' ' && ((j > 0 && norm[j - 1] == '=') || norm[i + 1] == '='))
        continue;
      norm[j++] = norm[i];
    }
  norm[j] = '\0';
  for (w = strtok_r (norm, " ", &save); w; w = strtok_r (NULL, " ", &save))
    {
      char *eq = strchr (w, '=');
      struct d_decl *d;

      if (eq == w)
        continue;               /* "=x" names nothing; the checker never sees it */
      d = d_script_add_decl (s, DD_OPTION, loc);
      d->name = eq ? xstrndup (w, (size_t) (eq - w)) : xstrdup (w);
      d->value = eq ? xstrdup (eq + 1) : NULL;
      any = 1;
    }
  free (norm);
  if (any)
    free (text);
  else
    d_program_add_pragma (prog, text, loc);
}
