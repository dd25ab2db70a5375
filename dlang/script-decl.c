/* SPDX-License-Identifier: MIT */
/*
 * script-decl.c — C type definitions in D programs: typedef, struct, union
 * and enum, at the top level of a script (dlang/script.h).
 *
 *   typedef    := "typedef" spec declarator { "," declarator } ";"
 *   definition := [ "self" | "this" ] spec [ declarator { "," ... } ] ";"   (spec with a body)
 *   spec       := ( "struct" | "union" ) [ NAME ] "{" { member } "}"
 *               | "enum" [ NAME ] "{" NAME [ "=" expr ] { "," ... } [ "," ] "}"
 *               | type words ("unsigned long", "struct foo", "uint32_t", a typedef)
 *   member     := spec [ declarator ] [ ":" expr ] { "," ... } ";"
 *
 * The tree keeps types as text, as elsewhere in the grammar (parser.h's
 * normalised spelling): a member "char *name[4]" is type "char *[4]",
 * name "name".  A body is a DD_STRUCT / DD_UNION / DD_ENUM decl.  A tagged
 * body becomes a top-level decl of its own (C gives nested tags file
 * scope), and whoever declared it names it by its tag; an anonymous body is
 * owned by the one decl that uses it (->def) and stands in its type text as
 * D_DEF_PLACEHOLDER.  The checker (consumer/compile/checker-types.c) builds
 * the C types.
 *
 * Typedef names are remembered (ps->typedef_names) so that a cast to one,
 * `(conn_t *)arg0`, parses as a cast.
 */
#include "dlang/script.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdlib.h>
#include <string.h>

static int parse_spec (struct d_parser *ps, struct d_tokens *base, struct d_decl **def);

/* Collect one declarator's tokens ("*", words, balanced [] and ()) up to a
 * "," ";" or ":" at depth 0 (left as lookahead 0). */
static int
collect_declarator (struct d_parser *ps, struct d_tokens *tv)
{
  int depth = 0;

  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      enum d_tok k = t->kind;

      if (depth == 0 && (k == DT_COMMA || k == DT_SEMI || k == DT_COLON))
        return 0;
      if (k == DT_LPAREN || k == DT_LBRACKET)
        depth++;
      else if (k == DT_RPAREN || k == DT_RBRACKET)
        {
          if (depth == 0)
            return d_script_syntax_error (ps, t);
          depth--;
        }
      else if (k != DT_STAR && k != DT_INT && !d_tok_is_word (k))
        return d_script_syntax_error (ps, t);
      if (depth > 64)
        return d_script_syntax_error (ps, t);
      d_tokens_push (tv, t);
      d_parser_advance (ps);
    }
}

/* BASE then the declarator DECL: the normalised type and the name. */
static void
declare (const struct d_tokens *base, const struct d_tokens *decl, struct d_param *p)
{
  struct d_tokens all = { 0 };

  for (size_t i = 0; i < base->n; i++)
    d_tokens_push (&all, &base->v[i]);
  for (size_t i = 0; i < decl->n; i++)
    d_tokens_push (&all, &decl->v[i]);
  d_param_from_tokens (all.v, all.n, p);
  free (all.v);
}

/* A new member (or enumerator) at the end of PARENT's list.  An anonymous
 * body goes with the first declarator only: "struct { int a; } x, y;"
 * gives y no type (the checker reports it; rare in scripts). */
static struct d_decl *
new_member (struct d_decl *parent, enum d_decl_kind kind, const struct d_loc *loc)
{
  return d_decl_init (&VEC_PUSH (parent->members, parent->nmembers, parent->members_cap),
                      kind, loc);
}

/* Members of a struct or union, after "{", up to and with "}". */
static int
parse_members (struct d_parser *ps, struct d_decl *agg)
{
  while (d_peek0 (ps)->kind != DT_RBRACE)
    {
      struct d_tokens base = { 0 };
      struct d_decl *def = NULL;
      int r = -1;

      if (d_peek0 (ps)->kind == DT_EOF || d_peek0 (ps)->kind == DT_ERROR)
        return d_script_syntax_error (ps, d_peek0 (ps));
      if (parse_spec (ps, &base, &def) < 0)
        goto next;
      for (;;)
        {
          struct d_tokens decl = { 0 };
          struct d_loc loc = d_peek0 (ps)->loc;
          struct d_param p = { 0 };
          struct d_decl *m;

          if (collect_declarator (ps, &decl) < 0)
            {
              free (decl.v);
              goto next;
            }
          if (decl.n == 0 && d_peek0 (ps)->kind != DT_COLON && !def)
            {
              free (decl.v);
              d_script_syntax_error (ps, d_peek0 (ps));
              goto next;
            }
          declare (&base, &decl, &p);
          free (decl.v);
          m = new_member (agg, DD_MEMBER, &loc);
          m->type = d_type_name_new (p.type);
          m->name = p.name;
          free (p.text);
          m->def = def;
          def = NULL;
          if (d_peek0 (ps)->kind == DT_COLON)
            {
              d_parser_advance (ps);
              if (!(m->bits = d_script_expr (ps)))
                goto next;
            }
          if (d_peek0 (ps)->kind != DT_COMMA)
            break;
          d_parser_advance (ps);
        }
      if (d_script_expect (ps, DT_SEMI) < 0)
        goto next;
      r = 0;
    next:
      free (base.v);
      if (def)
        d_decl_free (def);
      if (r < 0)
        return -1;
    }
  d_parser_advance (ps);        /* "}" */
  return 0;
}

/* Enumerators after "{", up to and with "}". */
static int
parse_enumerators (struct d_parser *ps, struct d_decl *e)
{
  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      struct d_decl *m;

      if (t->kind == DT_RBRACE && e->nmembers > 0)
        break;
      if (t->kind != DT_IDENT)
        return d_script_syntax_error (ps, t);
      m = new_member (e, DD_ENUMERATOR, &t->loc);
      m->name = d_token_text (t);
      d_parser_advance (ps);
      if (d_peek0 (ps)->kind == DT_ASSIGN)
        {
          d_parser_advance (ps);
          if (!(m->init = d_script_expr (ps)))
            return -1;
        }
      if (d_peek0 (ps)->kind == DT_COMMA)
        d_parser_advance (ps);
      else if (d_peek0 (ps)->kind != DT_RBRACE)
        return d_script_syntax_error (ps, d_peek0 (ps));
    }
  d_parser_advance (ps);        /* "}" */
  return 0;
}

/* A synthetic word token spelling TEXT (static) at LOC. */
static struct d_token
word_token (const char *text, const struct d_loc *loc)
{
  struct d_token t = { 0 };
  t.kind = DT_IDENT;
  t.text = text;
  t.len = strlen (text);
  t.loc = *loc;
  return t;
}

/* At struct/union/enum: a tag and/or a body.  With a body: the definition,
 * pushed to the script when tagged (BASE then spells "struct TAG"), else
 * returned in *DEF (BASE spells the placeholder). */
static int
parse_tagged_spec (struct d_parser *ps, struct d_tokens *base, struct d_decl **def)
{
  struct d_token *kw = d_peek0 (ps);
  struct d_token kwcopy = *kw, tag = { 0 };
  enum d_decl_kind kind = kw->kind == DT_KW_STRUCT ? DD_STRUCT
    : kw->kind == DT_KW_UNION ? DD_UNION : DD_ENUM;
  struct d_decl d;
  int has_tag = 0, r;

  kwcopy.value = NULL;
  d_parser_advance (ps);
  if (d_tok_is_word (d_peek0 (ps)->kind))
    {
      tag = *d_peek0 (ps);
      tag.value = NULL;
      has_tag = 1;
      d_parser_advance (ps);
    }
  if (d_peek0 (ps)->kind != DT_LBRACE)
    {
      if (!has_tag)
        return d_script_syntax_error (ps, d_peek0 (ps));
      d_tokens_push (base, &kwcopy);
      d_tokens_push (base, &tag);
      return 0;
    }
  memset (&d, 0, sizeof d);
  d.kind = kind;
  d.loc = kwcopy.loc;
  d.name = has_tag ? d_token_text (&tag) : NULL;
  d_parser_advance (ps);        /* "{" */
  if (d_script_enter (ps) < 0)
    r = -1;
  else
    {
      r = kind == DD_ENUM ? parse_enumerators (ps, &d) : parse_members (ps, &d);
      d_script_leave (ps);
    }
  if (r < 0)
    {
      struct d_decl *tmp = xmalloc (sizeof *tmp);
      *tmp = d;
      d_decl_free (tmp);
      return -1;
    }
  if (has_tag)
    {
      *d_script_add_decl (ps->script, kind, &d.loc) = d;
      d_tokens_push (base, &kwcopy);
      d_tokens_push (base, &tag);
    }
  else
    {
      struct d_token ph = word_token (D_DEF_PLACEHOLDER, &kwcopy.loc);
      *def = xmalloc (sizeof **def);
      **def = d;
      d_tokens_push (base, &ph);
    }
  return 0;
}

/* The specifier of a declaration: type words, or a tagged type (with or
 * without a body).  BASE gets its tokens. */
static int
parse_spec (struct d_parser *ps, struct d_tokens *base, struct d_decl **def)
{
  int has_spec = 0;

  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      enum d_tok k = t->kind;

      if (k == DT_KW_STRUCT || k == DT_KW_UNION || k == DT_KW_ENUM)
        {
          if (has_spec)
            return d_script_syntax_error (ps, t);
          if (parse_tagged_spec (ps, base, def) < 0)
            return -1;
          has_spec = 1;
          continue;
        }
      if (!d_tok_is_word (k))
        break;
      /* a name after a complete specifier is the declared name */
      if (k == DT_IDENT && has_spec)
        break;
      if (k != DT_KW_CONST && k != DT_KW_VOLATILE && k != DT_KW_RESTRICT && k != DT_KW_USERLAND)
        has_spec = 1;
      {
        struct d_token c = *t;
        c.value = NULL;
        d_tokens_push (base, &c);
      }
      d_parser_advance (ps);
    }
  if (!has_spec)
    return d_script_syntax_error (ps, d_peek0 (ps));
  return 0;
}

int
d_script_at_type_body (struct d_parser *ps)
{
  enum d_tok k1 = d_parser_peek (ps, 1)->kind;
  return k1 == DT_LBRACE || (d_tok_is_word (k1) && d_parser_peek (ps, 2)->kind == DT_LBRACE);
}

int
d_script_type_definition (struct d_parser *ps, enum d_decl_kind var_kind)
{
  struct d_loc loc = d_peek0 (ps)->loc;
  int is_typedef = d_peek0 (ps)->kind == DT_KW_TYPEDEF;
  struct d_tokens base = { 0 };
  struct d_decl *def = NULL;
  int r = -1;

  if (is_typedef)
    d_parser_advance (ps);
  if (parse_spec (ps, &base, &def) < 0)
    goto out;
  while (d_peek0 (ps)->kind != DT_SEMI)
    {
      struct d_tokens decl = { 0 };
      struct d_param p = { 0 };
      struct d_loc dloc = d_peek0 (ps)->loc;
      struct d_decl *d;

      if (collect_declarator (ps, &decl) < 0 || decl.n == 0)
        {
          if (decl.n == 0)
            d_script_syntax_error (ps, d_peek0 (ps));
          free (decl.v);
          goto out;
        }
      declare (&base, &decl, &p);
      free (decl.v);
      if (!p.name)
        {
          free (p.text);
          free (p.type);
          d_script_syntax_error (ps, d_peek0 (ps));
          goto out;
        }
      d = d_script_add_decl (ps->script, is_typedef ? DD_TYPEDEF : var_kind, is_typedef ? &loc : &dloc);
      d->type = d_type_name_new (p.type);
      d->name = p.name;
      bool took_body = def != NULL;
      d->def = def;
      def = NULL;
      free (p.text);
      if (is_typedef)
        strset_add (&ps->typedef_names, xstrdup (d->name));
      if (d_peek0 (ps)->kind != DT_COMMA)
        break;
      d_parser_advance (ps);
      if (took_body && is_typedef && base.n == 1)
        {
          /* "typedef struct { ... } foo_t, *foo_p;": the later declarators
           * name the body through the first typedef */
          base.v[0] = word_token (d->name, &base.v[0].loc);
        }
    }
  if (d_script_expect (ps, DT_SEMI) < 0)
    goto out;
  if (def)
    {
      /* "enum { A, B };": an anonymous body declaring nothing but its
       * enumerators */
      *d_script_add_decl (ps->script, def->kind, &def->loc) = *def;
      free (def);
      def = NULL;
    }
  r = 0;
 out:
  free (base.v);
  if (def)
    d_decl_free (def);
  return r;
}
