/* SPDX-License-Identifier: MIT */
/*
 * script.c — statements, clauses, declarations and the top level of D
 * programs: the grammar above the expressions of script-expr.c.
 *
 *   program    := { clause | decl | inline | provider | translator | ";" }
 *   clause     := desc { "," desc } [ "/" expr "/" ] block
 *   decl       := [ "self" | "this" ] TYPE NAME [ "[" TYPES "]" ] { "," ... } ";"
 *               (TYPE a struct, union or enum with a body: script-decl.c)
 *               | ( "self" | "this" ) NAME { "," NAME } ";"   (type int, D's default)
 *   inline     := "inline" TYPE NAME "=" expr ";"
 *   typedef, struct, union, enum definitions: script-decl.c
 *   translator := "translator" type "<" type NAME ">" "{" { NAME "=" expr ";" } "}" ";"
 *   block      := "{" { stmt } "}"
 *   stmt       := ";" | block | "if" "(" expr ")" stmt [ "else" stmt ]
 *               | expr ";" | expr (before "}": the last ";" may be left out)
 *
 * Providers are parsed by parser.c, as in
 * provider mode; `#pragma D` lines are taken out by the token stream
 * (d_script_add_pragma: options become DD_OPTION decls).
 *
 * Probe descriptions are raw text: a maximal run of [-$:a-zA-Z0-9_.`?*[]!+]
 * scanned from where the token lexed there starts; the lexer then restarts
 * after it (d_parser_restart_at).  Macro variables stay in the text.
 *
 * Decisions a reader of the tree needs (script-expr.c and dlang/ast.h have
 * the rest):
 *   - Declarations of associative arrays keep their key types in the type
 *     text: "int x[string, int];" is type "int [string, int]", name "x".
 *     "int a, *b;" gives two decls ("int" a, "int *" b).
 *   - A clause's loc is its first description's.
 */
#include "dlang/script.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Statements.                                                          */

static struct d_node *parse_statement (struct d_parser *ps);

/* At "{". */
static struct d_node *
parse_block (struct d_parser *ps)
{
  struct d_node *blk = d_node_new (DN_BLOCK, &d_peek0 (ps)->loc);

  d_parser_advance (ps);
  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      struct d_node *s;

      if (t->kind == DT_RBRACE)
        {
          d_parser_advance (ps);
          return blk;
        }
      if (t->kind == DT_EOF || t->kind == DT_ERROR)
        {
          d_script_syntax_error (ps, t);
          break;
        }
      s = parse_statement (ps);
      if (!s)
        break;
      d_node_push (blk, s);
    }
  d_node_free (blk);
  return NULL;
}

/* The end of an expression statement: ";", which may only be left out
 * before the closing "}".  False after a syntax error. */
static bool
statement_end (struct d_parser *ps)
{
  const struct d_token *t = d_peek0 (ps);
  if (t->kind == DT_SEMI)
    {
      d_parser_advance (ps);
      return true;
    }
  if (t->kind == DT_RBRACE)
    return true;
  d_script_syntax_error (ps, t);
  return false;
}

/* The comma operator as a statement, `a = 1, b = 2;` (FIRST parsed, a ","
 * next): a block of its operands in order, each a statement of its own;
 * NULL after an error (FIRST freed). */
static struct d_node *
comma_statement (struct d_parser *ps, struct d_node *first, const struct d_loc *loc)
{
  struct d_node *blk = d_node_new (DN_BLOCK, loc);
  struct d_node *e = first;
  struct d_loc eloc = *loc;
  for (;;)
    {
      struct d_node *s = d_node_new (DN_EXPR_STMT, &eloc);
      s->a = e;
      d_node_push (blk, s);
      if (d_peek0 (ps)->kind != DT_COMMA || blk->nargs >= 1024)
        return blk;
      d_parser_advance (ps);
      eloc = d_peek0 (ps)->loc;
      if (!(e = d_script_expr (ps)))
        {
          d_node_free (blk);
          return NULL;
        }
    }
}

static struct d_node *
parse_statement (struct d_parser *ps)
{
  struct d_token *t;
  struct d_loc loc;
  struct d_node *n = NULL, *e;

  if (d_script_enter (ps) < 0)
    return NULL;
  t = d_peek0 (ps);
  loc = t->loc;
  switch (t->kind)
    {
    case DT_SEMI:
      d_parser_advance (ps);
      n = d_node_new (DN_EMPTY, &loc);
      break;

    case DT_LBRACE:
      n = parse_block (ps);
      break;

    case DT_KW_IF:
      d_parser_advance (ps);
      if (d_script_expect (ps, DT_LPAREN) < 0)
        break;
      n = d_node_new (DN_IF, &loc);
      if (!(n->a = d_script_expr (ps)) || d_script_expect (ps, DT_RPAREN) < 0
          || !(n->b = parse_statement (ps)))
        {
          d_node_free (n);
          n = NULL;
          break;
        }
      if (d_peek0 (ps)->kind == DT_KW_ELSE)
        {
          d_parser_advance (ps);
          if (!(n->c = parse_statement (ps)))
            {
              d_node_free (n);
              n = NULL;
            }
        }
      break;

    default:
      e = d_script_expr (ps);
      if (!e)
        break;
      if (d_peek0 (ps)->kind == DT_COMMA && !(e = comma_statement (ps, e, &loc)))
        break;
      if (!statement_end (ps))
        {
          d_node_free (e);
          break;
        }
      if (e->kind == DN_BLOCK)
        {
          n = e;
          break;
        }
      n = d_node_new (DN_EXPR_STMT, &loc);
      n->a = e;
      break;
    }
  d_script_leave (ps);
  return n;
}

/* ------------------------------------------------------------------ */
/* Clauses.                                                             */

static int
is_desc_char (int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
    || (c != '\0' && strchr ("-$:_.`?*[]!+", c) != NULL);
}

static int
starts_description (const struct d_token *t)
{
  return t->kind != DT_EOF && t->kind != DT_ERROR && t->len > 0
    && is_desc_char ((unsigned char) t->text[0]);
}

/* The end of the probe description that starts at START (raw text). */
static const char *
description_end (const struct d_parser *ps, const char *start)
{
  const char *end = start, *field = start;

  /* A field may be a file path (`prov:/usr/bin/x::name`, `prov:./demo::`):
   * a '/' right after ':' starts one, and a field that starts with '/'
   * or '.' keeps its '/'s.  A predicate's '/' never follows ':'. */
  while (end < ps->lx.end)
    {
      unsigned char c = (unsigned char) *end;
      if (is_desc_char (c))
        {
          if (c == ':')
            field = end + 1;
          end++;
          continue;
        }
      if (c == '/' && end + 1 < ps->lx.end && is_desc_char ((unsigned char) end[1]) && field > start
          && (end == field || *field == '/' || *field == '.'))
        {
          /* only a module: a ':' must follow before the path ends
           * (`syscall:::/pred/` is a predicate) */
          const char *q = end + 1;
          while (q < ps->lx.end && (is_desc_char ((unsigned char) *q) || *q == '/') && *q != ':')
            q++;
          if (q < ps->lx.end && *q == ':')
            {
              end++;
              continue;
            }
        }
      break;
    }
  return end;
}

static int
parse_clause (struct d_parser *ps)
{
  struct d_clause_ast cl;
  struct d_token *t;
  size_t descs_cap = 0;

  memset (&cl, 0, sizeof cl);
  for (;;)
    {
      const char *end;
      struct d_probe_desc *d;

      t = d_peek0 (ps);
      if (!starts_description (t))
        {
          d_script_syntax_error (ps, t);
          goto fail;
        }
      end = description_end (ps, t->text);
      d = &VEC_PUSH (cl.descs, cl.ndescs, descs_cap);
      d->text = xstrndup (t->text, (size_t) (end - t->text));
      d->loc = t->loc;
      d_parser_restart_at (ps, end);
      if (d_peek0 (ps)->kind != DT_COMMA)
        break;
      d_parser_advance (ps);
    }
  cl.loc = cl.descs[0].loc;

  t = d_peek0 (ps);
  if (t->kind == DT_SLASH)
    {
      d_parser_advance (ps);
      ps->in_pred = true;
      cl.predicate = d_script_expr (ps);
      ps->in_pred = false;
      if (!cl.predicate || d_script_expect (ps, DT_SLASH) < 0)
        goto fail;
      t = d_peek0 (ps);
    }
  if (t->kind != DT_LBRACE)
    {
      /* A lone description at the end (old CPython's `BEGIN`) lands here
       * with "near end of input". */
      d_script_syntax_error (ps, t);
      goto fail;
    }
  if (!(cl.body = parse_block (ps)))
    goto fail;
  d_script_add_clause (ps->script, &cl);
  return 0;

 fail:
  d_clause_ast_fini (&cl);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Declarations.                                                        */

/* Collect declarator tokens (words, "*", INT, balanced () and [], "," inside
 * them or at depth 0 when COMMAS) up to STOP at depth 0, which is left as
 * lookahead 0.  Returns 0, or -1 after a syntax error. */
static int
collect_decl_tokens (struct d_parser *ps, enum d_tok stop, int commas, struct d_tokens *tv)
{
  enum d_tok stack[64];
  int depth = 0;

  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      enum d_tok k = t->kind;

      if (k == stop && depth == 0)
        return 0;
      switch (k)
        {
        case DT_LPAREN:
        case DT_LBRACKET:
          if (depth == (int) (sizeof stack / sizeof stack[0]))
            return d_script_syntax_error (ps, t);
          stack[depth++] = k;
          break;
        case DT_RPAREN:
        case DT_RBRACKET:
          if (depth == 0 || stack[depth - 1] != (k == DT_RPAREN ? DT_LPAREN : DT_LBRACKET))
            return d_script_syntax_error (ps, t);
          depth--;
          break;
        case DT_COMMA:
          if (depth == 0 && !commas)
            return d_script_syntax_error (ps, t);
          break;
        case DT_STAR:
        case DT_INT:
          break;
        case DT_ELLIPSIS:
          /* a variable-length parameter list: int f(int, ...) */
          if (depth == 0 || stack[depth - 1] != DT_LPAREN)
            return d_script_syntax_error (ps, t);
          break;
        default:
          if (!d_tok_is_word (k))
            return d_script_syntax_error (ps, t);
          break;
        }
      d_tokens_push (tv, t);
      d_parser_advance (ps);
    }
}

/* TYPE NAME [...] { "," ... } ";" — the first token of TYPE is lookahead 0;
 * LOC is where the declaration starts ("self"/"this" included). */
static int
parse_decl (struct d_parser *ps, enum d_decl_kind kind, const struct d_loc *loc)
{
  struct d_tokens tv = { 0 };
  struct d_token semi;
  size_t i, lo, nbase = 0;
  int r = -1, depth = 0;

  if (collect_decl_tokens (ps, DT_SEMI, 1, &tv) < 0)
    goto out;
  semi = *d_peek0 (ps);
  semi.value = NULL;
  lo = 0;
  for (i = 0; i <= tv.n; i++)
    {
      struct d_param p;
      struct d_token *seg;
      size_t n;

      if (i < tv.n)
        {
          enum d_tok k = tv.v[i].kind;
          if (k == DT_LPAREN || k == DT_LBRACKET)
            depth++;
          else if (k == DT_RPAREN || k == DT_RBRACKET)
            depth--;
          if (k != DT_COMMA || depth != 0)
            continue;
        }
      /* Segment [lo, i). */
      if (i == lo)
        {
          d_script_syntax_error (ps, i < tv.n ? &tv.v[i] : &semi);
          goto out;
        }
      if (lo == 0)
        {
          seg = tv.v;
          n = i;
          /* Base specifiers for later declarators: the leading words, less
           * the last one when it is the declared name (not followed by
           * a "*"): "int a[4], b" and "unsigned long a, b", but "char *a, b". */
          while (nbase < n && d_tok_is_word (tv.v[nbase].kind))
            nbase++;
          if (nbase > 0 && (nbase == n || tv.v[nbase].kind != DT_STAR))
            nbase--;
        }
      else
        {
          seg = xmalloc ((nbase + i - lo) * sizeof *seg);
          memcpy (seg, tv.v, nbase * sizeof *seg);
          memcpy (seg + nbase, tv.v + lo, (i - lo) * sizeof *seg);
          n = nbase + i - lo;
        }
      if (n == 1 && seg[0].kind == DT_IDENT && kind != DD_GLOBAL)
        {
          /* "self x;" / "this x;": no type given, D's default is int. */
          p.text = NULL;
          p.type = xstrdup ("int");
          p.name = d_token_text (&seg[0]);
        }
      else
        d_param_from_tokens (seg, n, &p);
      if (!p.name)
        {
          free (p.text);
          free (p.type);
          d_script_syntax_error (ps, i < tv.n ? &tv.v[i] : &semi);
          if (seg != tv.v)
            free (seg);
          goto out;
        }
      {
        struct d_decl *d = d_script_add_decl (ps->script, kind, lo == 0 ? loc : &tv.v[lo].loc);
        d->type = d_type_name_new (p.type);
        d->name = p.name;
        free (p.text);
      }
      if (seg != tv.v)
        free (seg);
      lo = i + 1;
    }
  d_parser_advance (ps);        /* ";" */
  r = 0;
 out:
  free (tv.v);
  return r;
}

/* At "inline": inline TYPE NAME = expr ; */
static int
parse_inline (struct d_parser *ps)
{
  struct d_loc loc = d_peek0 (ps)->loc;
  struct d_tokens tv = { 0 };
  struct d_param p = { 0 };
  struct d_node *init;
  struct d_decl *d;

  d_parser_advance (ps);
  if (collect_decl_tokens (ps, DT_ASSIGN, 0, &tv) < 0)
    goto fail;
  if (tv.n == 0)
    {
      d_script_syntax_error (ps, d_peek0 (ps));
      goto fail;
    }
  d_param_from_tokens (tv.v, tv.n, &p);
  if (!p.name)
    {
      d_script_syntax_error (ps, d_peek0 (ps));
      goto fail;
    }
  d_parser_advance (ps);        /* "=" */
  init = d_script_expr (ps);
  if (!init)
    goto fail;
  if (d_script_expect (ps, DT_SEMI) < 0)
    {
      d_node_free (init);
      goto fail;
    }
  d = d_script_add_decl (ps->script, DD_INLINE, &loc);
  d->type = d_type_name_new (p.type);
  d->name = p.name;
  d->init = init;
  free (p.text);
  free (tv.v);
  return 0;

 fail:
  FREE_ALL (p.text, p.type, p.name, tv.v);
  return -1;
}

/* One translator member: NAME = expr ; (a DD_MEMBER of TR). */
static int
parse_translator_member (struct d_parser *ps, struct d_decl *tr)
{
  struct d_token *t = d_peek0 (ps);
  if (t->kind != DT_IDENT)
    return d_script_syntax_error (ps, t);
  struct d_loc loc = t->loc;
  char *name = d_token_text (t);
  d_parser_advance (ps);
  struct d_node *e = NULL;
  if (d_script_expect (ps, DT_ASSIGN) < 0 || !(e = d_script_expr (ps))
      || d_script_expect (ps, DT_SEMI) < 0)
    {
      free (name);
      d_node_free (e);
      return -1;
    }
  struct d_decl *m = &VEC_PUSH (tr->members, tr->nmembers, tr->members_cap);
  memset (m, 0, sizeof *m);
  m->kind = DD_MEMBER;
  m->loc = loc;
  m->name = name;
  m->init = e;
  return 0;
}

/* At "translator": translator OUT < IN NAME > { member = expr; ... } ; */
static int
parse_translator (struct d_parser *ps)
{
  struct d_loc loc = d_peek0 (ps)->loc;
  struct d_tokens tv = { 0 };
  struct d_param p = { 0 };
  struct d_type_name *out;

  d_parser_advance (ps);
  if (d_peek0 (ps)->kind == DT_IDENT && d_parser_peek (ps, 1)->kind == DT_LT)
    {
      /* a typedef name the parser has not seen declared */
      out = d_type_name_new (d_token_text (d_peek0 (ps)));
      d_parser_advance (ps);
    }
  else if (!(out = d_script_type_name (ps, DT_LT)))
    return -1;
  d_parser_advance (ps);        /* "<" */
  if (collect_decl_tokens (ps, DT_GT, 0, &tv) < 0 || tv.n == 0)
    goto fail;
  d_param_from_tokens (tv.v, tv.n, &p);
  if (!p.name || !p.type)
    {
      d_script_syntax_error (ps, d_peek0 (ps));
      goto fail;
    }
  d_parser_advance (ps);        /* ">" */
  if (d_script_expect (ps, DT_LBRACE) < 0)
    goto fail;
  struct d_decl *d = d_script_add_decl (ps->script, DD_TRANSLATOR, &loc);
  d->type = out;
  d->in_type = d_type_name_new (p.type);
  d->value = p.name;
  free (p.text);
  free (tv.v);
  while (d_peek0 (ps)->kind != DT_RBRACE)
    if (parse_translator_member (ps, d) < 0)
      return -1;
  d_parser_advance (ps);        /* "}" */
  return d_script_expect (ps, DT_SEMI);

 fail:
  free (out->text);
  free (out);
  FREE_ALL (p.text, p.type, p.name, tv.v);
  return -1;
}

/* At an identifier: "T x;", "T *x;", "T x[...]", "T x, y;" (a typedef'd
 * type), rather than a probe description? */
static int
looks_like_decl (struct d_parser *ps)
{
  unsigned i = 1;
  enum d_tok k;

  while (d_parser_peek (ps, i)->kind == DT_STAR)
    if (++i + 2 >= D_LA_SIZE)
      return 0;
  if (d_parser_peek (ps, i)->kind != DT_IDENT)
    return 0;
  k = d_parser_peek (ps, i + 1)->kind;
  return k == DT_SEMI || k == DT_LBRACKET || k == DT_COMMA;
}

static int
parse_program (struct d_parser *ps)
{
  for (;;)
    {
      struct d_token *t = d_peek0 (ps);
      struct d_loc loc = t->loc;
      enum d_tok k1;
      int r = 0;

      switch (t->kind)
        {
        case DT_EOF:
          return 0;
        case DT_ERROR:
          return -1;
        case DT_SEMI:
          d_parser_advance (ps);
          continue;

        case DT_KW_PROVIDER:
          if (d_parser_is_provider_declaration (ps))
            r = d_parser_provider (ps);
          else
            r = parse_clause (ps);
          break;

        case DT_KW_INLINE:
          r = parse_inline (ps);
          break;

        case DT_KW_SELF:
        case DT_KW_THIS:
          {
            enum d_decl_kind kind = t->kind == DT_KW_SELF ? DD_SELF : DD_THIS;

            d_parser_advance (ps);
            k1 = d_peek0 (ps)->kind;
            if ((k1 == DT_KW_STRUCT || k1 == DT_KW_UNION || k1 == DT_KW_ENUM)
                && d_script_at_type_body (ps))
              r = d_script_type_definition (ps, kind);   /* this struct { ... } x; */
            else
              r = parse_decl (ps, kind, &loc);
            break;
          }

        case DT_KW_TYPEDEF:
          r = d_script_type_definition (ps, DD_GLOBAL);
          break;

        case DT_KW_STRUCT:
        case DT_KW_UNION:
        case DT_KW_ENUM:
          if (d_script_at_type_body (ps))
            r = d_script_type_definition (ps, DD_GLOBAL);  /* a definition */
          else
            r = parse_decl (ps, DD_GLOBAL, &loc);
          break;

        case DT_KW_TRANSLATOR:
          r = parse_translator (ps);
          break;

        case DT_KW_CHAR: case DT_KW_SHORT: case DT_KW_INT: case DT_KW_LONG:
        case DT_KW_SIGNED: case DT_KW_UNSIGNED: case DT_KW_FLOAT: case DT_KW_DOUBLE:
        case DT_KW_VOID: case DT_KW_STRING: case DT_KW_CONST: case DT_KW_VOLATILE:
        case DT_KW_EXTERN: case DT_KW_STATIC: case DT_KW_REGISTER: case DT_KW_USERLAND:
          r = parse_decl (ps, DD_GLOBAL, &loc);
          break;

        case DT_IDENT:
          if (looks_like_decl (ps))
            r = parse_decl (ps, DD_GLOBAL, &loc);
          else
            r = parse_clause (ps);
          break;

        default:
          r = parse_clause (ps);        /* reports what cannot start one */
          break;
        }
      if (r < 0)
        return -1;
    }
}


/* ------------------------------------------------------------------ */
/* The whole program.                                                   */

static void
lexer_report (void *ctx, const struct d_loc *loc, const char *msg)
{
  d_script_error (ctx, loc, "%s", msg);
}

int
d_script_parse_text (const char *name, const char *text, size_t len, const char *errprefix,
                     bool string_input, struct d_program *prog, struct d_script *out)
{
  struct d_parser ps;
  int r;

  d_parser_init (&ps, prog, name, text, len, D_PARSE_PROGRAM);
  ps.script = out;
  ps.errprefix = errprefix;
  ps.string_input = string_input;
  ps.main_file = ps.lx.file;
  ps.lx.report = lexer_report;
  ps.lx.report_ctx = &ps;
  r = parse_program (&ps);
  strset_clear (&ps.typedef_names);
  d_parser_fini (&ps);
  if (r < 0)
    d_script_free (out);
  return r < 0 ? -1 : 0;
}
