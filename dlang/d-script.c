/*
 * d-script.c — the grammar of D programs (the consumer's `-s`, `-n`...) and
 * the struct d_script AST (provider-compiler.h).
 *
 * It shares parser.c's token stream (struct d_parser), provider grammar and
 * lenient skipping; what is here:
 *
 *   program    := { clause | decl | inline | provider | skipped | ";" }
 *   clause     := desc { "," desc } [ "/" expr "/" ] block
 *   decl       := [ "self" | "this" ] TYPE NAME [ "[" TYPES "]" ] { "," ... } ";"
 *   inline     := "inline" TYPE NAME "=" expr ";"
 *   skipped    := typedef / struct, union, enum definitions / translators
 *   block      := "{" { stmt } "}"
 *   stmt       := ";" | block | "if" "(" expr ")" stmt [ "else" stmt ]
 *               | expr ";" | expr (before "}": the last ";" may be left out)
 *   expr       := assignment, ternary, the binary levels || ^^ && | ^ & ==
 *                 < << + * (precedence climbing), casts, unary, postfix,
 *                 primary (see the functions below)
 *
 * `#pragma D option NAME[=VALUE]` lines become DD_OPTION decls (one per
 * word: "#pragma D option quiet bufsize=4m" gives two); other `#pragma D`
 * lines go to the d_program as in provider mode.
 *
 * Probe descriptions are raw text: a maximal run of [-$:a-zA-Z0-9_.`?*[]!+]
 * scanned from where the token lexed there starts; the lexer then restarts
 * after it (d_parser_restart_at).  Macro variables stay in the text.
 *
 * Decisions a reader of the tree needs (provider-compiler.h has the rest):
 *   - DN_INDEX on a name ("a[k]", "args[0]") has ->sval set and ->a NULL;
 *     on anything else ("self->ts[tid]", "this->a[1]", "p->arr[2]") ->sval
 *     is NULL and ->a is the indexed expression (DN_SELF for self arrays).
 *   - Casts and sizeof(type): ->cast->text in parser.c's normalised spelling
 *     ("unsigned long long", "char *", "struct foo *", "uint64_t").  A
 *     parenthesised run of type keywords, `string`, `struct/union/enum X`
 *     or one identifier ending in "_t", then `*`s, is a type; anything else
 *     in parentheses is an expression.
 *   - Declarations of associative arrays keep their key types in the type
 *     text: "int x[string, int];" is type "int [string, int]", name "x".
 *     "int a, *b;" gives two decls ("int" a, "int *" b).
 *   - Character constants are DN_INT with int_suffix "c".
 *   - Adjacent string literals are concatenated into one DN_STRING.
 *   - Locations: a node's loc is its first token, except DN_BINARY,
 *     DN_ASSIGN, DN_TERNARY, DN_MEMBER, DN_INDEX on an expression and
 *     postfix DN_INCDEC, which carry their operator's (`+`, `=`, `?`, `->`,
 *     `[`, `++`).  A clause's loc is its first description's.
 *
 * Errors are DTrace's: "ERRPREFIX: line N: syntax error near \"TOKEN\""
 * (the token as written) or "... near end of input", through diag_error
 * (which adds "dtrace: ").  For -n text an error on its first line has no
 * "line 1: " ("invalid probe specifier BEGIN{x: syntax error near end of
 * input"); an error inside another file (after -C #include) reads
 * "\"FILE\", line N: ".
 */
#include "dlang/d-internal.h"
#include "common/xalloc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Recursion guard for expressions and statements (about three levels per
 * nested parenthesis: some 330 parentheses). */
#define MAX_DEPTH 1000

/* ------------------------------------------------------------------ */
/* Nodes.                                                               */

static struct d_node *
node_new (enum d_node_kind kind, const struct d_loc *loc)
{
  struct d_node *n = xcalloc (1, sizeof *n);

  n->kind = kind;
  n->loc = *loc;
  return n;
}

static void
node_push (struct d_node *n, struct d_node *arg)
{
  /* Capacity: 4, then powers of two. */
  if (n->nargs == 0 || (n->nargs >= 4 && (n->nargs & (n->nargs - 1)) == 0))
    n->args = xrealloc (n->args, (n->nargs ? 2 * n->nargs : 4) * sizeof *n->args);
  n->args[n->nargs++] = arg;
}

static struct d_type_name *
type_new (char *text)
{
  struct d_type_name *t = xmalloc (sizeof *t);

  t->text = text;
  return t;
}

static void
type_free (struct d_type_name *t)
{
  if (!t)
    return;
  free (t->text);
  free (t);
}

/* Iterative: left-nested chains ("a + b + c + ...") can be very deep. */
void
d_node_free (struct d_node *n)
{
  struct d_node **stack = NULL;
  size_t sp = 0, cap = 0, i;

  if (!n)
    return;
  for (;;)
    {
      struct d_node *kids[3] = { n->a, n->b, n->c };

      if (sp + 3 + n->nargs > cap)
        {
          cap = 2 * (sp + 3 + n->nargs) + 16;
          stack = xrealloc (stack, cap * sizeof *stack);
        }
      for (i = 0; i < 3; i++)
        if (kids[i])
          stack[sp++] = kids[i];
      for (i = 0; i < n->nargs; i++)
        if (n->args[i])
          stack[sp++] = n->args[i];
      free (n->args);
      free (n->sval);
      type_free (n->cast);
      free (n);
      if (!sp)
        break;
      n = stack[--sp];
    }
  free (stack);
}

static void
decl_fini (struct d_decl *d)
{
  type_free (d->type);
  free (d->name);
  free (d->value);
  d_node_free (d->init);
  memset (d, 0, sizeof *d);
}

static void
clause_fini (struct d_clause_ast *cl)
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
d_script_free (struct d_script *s)
{
  size_t i;

  if (!s)
    return;
  for (i = 0; i < s->nclauses; i++)
    clause_fini (&s->clauses[i]);
  free (s->clauses);
  for (i = 0; i < s->ndecls; i++)
    decl_fini (&s->decls[i]);
  free (s->decls);
  memset (s, 0, sizeof *s);
}

void
d_script_truncate_decls (struct d_script *s, size_t n)
{
  while (s->ndecls > n)
    decl_fini (&s->decls[--s->ndecls]);
}

static struct d_decl *
decl_add (struct d_script *s, enum d_decl_kind kind, const struct d_loc *loc)
{
  struct d_decl *d;

  s->decls = xrealloc (s->decls, (s->ndecls + 1) * sizeof *s->decls);
  d = &s->decls[s->ndecls++];
  memset (d, 0, sizeof *d);
  d->kind = kind;
  d->loc = *loc;
  return d;
}

/* ------------------------------------------------------------------ */
/* Pragmas.                                                             */

void
d_script_take_pragma (struct d_parser *ps, char *text, const struct d_loc *loc)
{
  char *norm, *w, *save = NULL;
  size_t i, j;
  int any = 0;

  if (strncmp (text, "D option", 8) != 0 || (text[8] != ' ' && text[8] != '\0'))
    {
      d_program_add_pragma (ps->prog, text, loc);
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
      d = decl_add (ps->script, DD_OPTION, loc);
      d->name = eq ? xstrndup (w, (size_t) (eq - w)) : xstrdup (w);
      d->value = eq ? xstrdup (eq + 1) : NULL;
      any = 1;
    }
  free (norm);
  if (any)
    free (text);
  else
    d_program_add_pragma (ps->prog, text, loc);
}

/* ------------------------------------------------------------------ */
/* Errors.                                                              */

static void script_error (struct d_parser *ps, const struct d_loc *loc, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static void
script_error (struct d_parser *ps, const struct d_loc *loc, const char *fmt, ...)
{
  va_list ap;
  char *msg = NULL, *where;

  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  va_end (ap);
  if (loc->file && ps->main_file && strcmp (loc->file, ps->main_file) != 0)
    where = xasprintf ("\"%s\", line %d: ", loc->file, loc->line);
  else if (!ps->string_input || loc->line > 1)
    where = xasprintf ("line %d: ", loc->line);
  else
    where = xstrdup ("");
  diag_error ("%s: %s%s", ps->errprefix, where, msg ? msg : "syntax error");
  free (where);
  free (msg);
}

static void
lexer_report (void *ctx, const struct d_loc *loc, const char *msg)
{
  script_error (ctx, loc, "%s", msg);
}

/* "syntax error near ..." at T (nothing when T is a lexical error already
 * reported).  Returns -1. */
static int
syntax_error (struct d_parser *ps, const struct d_token *t)
{
  switch (t->kind)
    {
    case DT_ERROR:
      break;
    case DT_EOF:
      script_error (ps, &t->loc, "syntax error near end of input");
      break;
    case DT_FLOAT:
      script_error (ps, &t->loc, "floating-point constants are not permitted");
      break;
    case DT_INVALID:
      if (t->msg && strncmp (t->msg, "unterminated", 12) == 0)
        {
          /* The lexer stops a literal at the end of its line. */
          if (t->text + t->len >= ps->lx.end)
            script_error (ps, &t->loc, "syntax error near end of input");
          else if (t->text[0] == '"')
            script_error (ps, &t->loc, "newline encountered in string literal");
          else
            script_error (ps, &t->loc, "newline encountered in character constant");
          break;
        }
      if (t->msg && strstr (t->msg, "constant"))
        {
          script_error (ps, &t->loc, "%s", t->msg);
          break;
        }
      /* FALLTHROUGH */
    default:
      script_error (ps, &t->loc, "syntax error near \"%.*s\"", (int) t->len, t->text);
      break;
    }
  return -1;
}

static int
enter (struct d_parser *ps)
{
  if (ps->depth >= MAX_DEPTH)
    {
      script_error (ps, &d_parser_peek (ps, 0)->loc, "program is nested too deeply");
      return -1;
    }
  ps->depth++;
  return 0;
}

static void
leave (struct d_parser *ps)
{
  ps->depth--;
}

/* ------------------------------------------------------------------ */
/* Small token helpers.                                                 */

static struct d_token *
peek0 (struct d_parser *ps)
{
  return d_parser_peek (ps, 0);
}

static char *
tok_str (const struct d_token *t)
{
  return xstrndup (t->text, t->len);
}

/* Expect KIND at lookahead 0 and consume it; else a syntax error (-1). */
static int
expect (struct d_parser *ps, enum d_tok kind)
{
  struct d_token *t = peek0 (ps);

  if (t->kind != kind)
    return syntax_error (ps, t);
  d_parser_advance (ps);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Type names (casts, sizeof).                                          */

static int
is_type_word (enum d_tok k, int *spec)
{
  switch (k)
    {
    case DT_KW_CHAR: case DT_KW_SHORT: case DT_KW_INT: case DT_KW_LONG:
    case DT_KW_SIGNED: case DT_KW_UNSIGNED: case DT_KW_FLOAT: case DT_KW_DOUBLE:
    case DT_KW_VOID: case DT_KW_STRING:
      *spec = 1;
      return 1;
    case DT_KW_CONST: case DT_KW_VOLATILE: case DT_KW_RESTRICT: case DT_KW_USERLAND:
      return 1;
    default:
      return 0;
    }
}

static int
is_typedef_name (const struct d_token *t)
{
  return t->kind == DT_IDENT && t->len > 2 && t->text[t->len - 2] == '_'
    && t->text[t->len - 1] == 't';
}

/* The number of tokens from lookahead K that spell a type name followed by
 * ")" (not counted), or 0. */
static unsigned
type_name_len (struct d_parser *ps, unsigned k)
{
  unsigned i = k;
  int spec = 0;

  for (;;)
    {
      struct d_token *t;

      if (i + 2 >= D_LA_SIZE)
        return 0;
      t = d_parser_peek (ps, i);
      if (t->kind == DT_KW_STRUCT || t->kind == DT_KW_UNION || t->kind == DT_KW_ENUM)
        {
          if (spec || !d_tok_is_word (d_parser_peek (ps, i + 1)->kind))
            return 0;
          spec = 1;
          i += 2;
          continue;
        }
      if (is_type_word (t->kind, &spec))
        {
          i++;
          continue;
        }
      if (!spec && is_typedef_name (t))
        {
          spec = 1;
          i++;
          continue;
        }
      break;
    }
  if (!spec)
    return 0;
  while (d_parser_peek (ps, i)->kind == DT_STAR
         || (i > k && d_parser_peek (ps, i - 1)->kind == DT_STAR
             && (d_parser_peek (ps, i)->kind == DT_KW_CONST
                 || d_parser_peek (ps, i)->kind == DT_KW_VOLATILE)))
    if (++i + 1 >= D_LA_SIZE)
      return 0;
  if (d_parser_peek (ps, i)->kind != DT_RPAREN)
    return 0;
  return i - k;
}

/* Consume N tokens that type_name_len accepted; their normalised spelling. */
static struct d_type_name *
take_type (struct d_parser *ps, unsigned n)
{
  struct d_token toks[D_LA_SIZE] = { 0 };
  struct d_param p;
  unsigned i;

  for (i = 0; i < n; i++)
    {
      toks[i] = *d_parser_peek (ps, i);
      toks[i].value = NULL;
    }
  d_param_from_tokens (toks, n, &p);
  for (i = 0; i < n; i++)
    d_parser_advance (ps);
  free (p.text);
  free (p.name);
  return type_new (p.type);
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                         */

static struct d_node *parse_assignment (struct d_parser *ps);
static struct d_node *parse_cast (struct d_parser *ps, int *is_unary);
static struct d_node *parse_unary (struct d_parser *ps);

/* The opener was consumed: "expr {, expr} CLOSER" (or just CLOSER when
 * ALLOW_EMPTY) into N's args. */
static int
parse_list (struct d_parser *ps, enum d_tok closer, struct d_node *n, int allow_empty)
{
  bool saved = ps->in_pred;
  int r = -1;

  ps->in_pred = false;
  if (allow_empty && peek0 (ps)->kind == closer)
    {
      d_parser_advance (ps);
      r = 0;
      goto out;
    }
  for (;;)
    {
      struct d_node *a = parse_assignment (ps);
      struct d_token *t;

      if (!a)
        goto out;
      node_push (n, a);
      t = peek0 (ps);
      if (t->kind == DT_COMMA)
        {
          d_parser_advance (ps);
          continue;
        }
      if (t->kind == closer)
        {
          d_parser_advance (ps);
          r = 0;
          goto out;
        }
      syntax_error (ps, t);
      goto out;
    }
 out:
  ps->in_pred = saved;
  return r;
}

static void
set_int_suffix (struct d_node *n, unsigned flags)
{
  const char *s = "";

  if (flags & D_INT_UNSIGNED)
    s = (flags & D_INT_LONGLONG) ? "ull" : (flags & D_INT_LONG) ? "ul" : "u";
  else
    s = (flags & D_INT_LONGLONG) ? "ll" : (flags & D_INT_LONG) ? "l" : "";
  strcpy (n->int_suffix, s);
}

static struct d_node *
parse_primary (struct d_parser *ps)
{
  struct d_token *t = peek0 (ps);
  struct d_loc loc = t->loc;
  struct d_node *n;

  switch (t->kind)
    {
    case DT_INT:
      n = node_new (DN_INT, &loc);
      n->ival = (int64_t) t->ival;
      set_int_suffix (n, t->iflags);
      d_parser_advance (ps);
      return n;

    case DT_CHAR:
      n = node_new (DN_INT, &loc);
      n->ival = (int64_t) t->ival;
      strcpy (n->int_suffix, "c");
      d_parser_advance (ps);
      return n;

    case DT_STRING:
      n = node_new (DN_STRING, &loc);
      n->sval = xstrdup ("");
      while ((t = peek0 (ps))->kind == DT_STRING)
        {
          n->sval = xrealloc (n->sval, n->slen + t->vlen + 1);
          memcpy (n->sval + n->slen, t->value, t->vlen);
          n->slen += t->vlen;
          n->sval[n->slen] = '\0';
          d_parser_advance (ps);
        }
      return n;

    case DT_IDENT:
      {
        char *name = tok_str (t);
        enum d_tok next;

        d_parser_advance (ps);
        next = peek0 (ps)->kind;
        if (next == DT_LPAREN || next == DT_LBRACKET)
          {
            n = node_new (next == DT_LPAREN ? DN_CALL : DN_INDEX, &loc);
            n->sval = name;
            d_parser_advance (ps);
            if (parse_list (ps, next == DT_LPAREN ? DT_RPAREN : DT_RBRACKET, n,
                            next == DT_LPAREN) < 0)
              {
                d_node_free (n);
                return NULL;
              }
            return n;
          }
        n = node_new (DN_IDENT, &loc);
        n->sval = name;
        return n;
      }

    case DT_MACROVAR:
      n = node_new (DN_MACRO, &loc);
      n->sval = tok_str (t);
      d_parser_advance (ps);
      return n;

    case DT_AGGVAR:
      n = node_new (DN_AGG, &loc);
      n->sval = xstrndup (t->text + 1, t->len - 1);
      d_parser_advance (ps);
      if (peek0 (ps)->kind == DT_LBRACKET)
        {
          d_parser_advance (ps);
          if (parse_list (ps, DT_RBRACKET, n, 0) < 0)
            {
              d_node_free (n);
              return NULL;
            }
        }
      return n;

    case DT_KW_SELF:
    case DT_KW_THIS:
      {
        enum d_node_kind kind = t->kind == DT_KW_SELF ? DN_SELF : DN_THIS;

        d_parser_advance (ps);
        if (expect (ps, DT_ARROW) < 0)
          return NULL;
        t = peek0 (ps);
        if (!d_tok_is_word (t->kind))
          {
            syntax_error (ps, t);
            return NULL;
          }
        n = node_new (kind, &loc);
        n->sval = tok_str (t);
        d_parser_advance (ps);
        return n;
      }

    case DT_LPAREN:
      {
        bool saved = ps->in_pred;

        d_parser_advance (ps);
        ps->in_pred = false;
        n = parse_assignment (ps);
        ps->in_pred = saved;
        if (!n)
          return NULL;
        if (expect (ps, DT_RPAREN) < 0)
          {
            d_node_free (n);
            return NULL;
          }
        return n;
      }

    default:
      syntax_error (ps, t);
      return NULL;
    }
}

static struct d_node *
parse_postfix (struct d_parser *ps)
{
  struct d_node *n = parse_primary (ps), *m;

  while (n)
    {
      struct d_token *t = peek0 (ps);
      struct d_loc loc = t->loc;

      switch (t->kind)
        {
        case DT_LBRACKET:
          m = node_new (DN_INDEX, &loc);
          m->a = n;
          n = m;
          d_parser_advance (ps);
          if (parse_list (ps, DT_RBRACKET, n, 0) < 0)
            {
              d_node_free (n);
              return NULL;
            }
          break;

        case DT_DOT:
        case DT_ARROW:
          m = node_new (DN_MEMBER, &loc);
          m->op = t->kind == DT_DOT ? DOP_DOT : DOP_ARROW;
          m->a = n;
          n = m;
          d_parser_advance (ps);
          t = peek0 (ps);
          if (!d_tok_is_word (t->kind))
            {
              syntax_error (ps, t);
              d_node_free (n);
              return NULL;
            }
          n->sval = tok_str (t);
          d_parser_advance (ps);
          break;

        case DT_INC:
        case DT_DEC:
          m = node_new (DN_INCDEC, &loc);
          m->op = t->kind == DT_INC ? DOP_POSTINC : DOP_POSTDEC;
          m->a = n;
          n = m;
          d_parser_advance (ps);
          break;

        default:
          return n;
        }
    }
  return NULL;
}

static struct d_node *
unary_node (enum d_node_kind kind, enum d_op op, const struct d_loc *loc, struct d_node *a)
{
  struct d_node *n;

  if (!a)
    return NULL;
  n = node_new (kind, loc);
  n->op = op;
  n->a = a;
  return n;
}

static struct d_node *
parse_unary (struct d_parser *ps)
{
  struct d_token *t;
  struct d_loc loc;
  struct d_node *n = NULL;
  enum d_op op = DOP_NONE;
  int dummy;

  if (enter (ps) < 0)
    return NULL;
  t = peek0 (ps);
  loc = t->loc;
  switch (t->kind)
    {
    case DT_INC:
    case DT_DEC:
      op = t->kind == DT_INC ? DOP_PREINC : DOP_PREDEC;
      d_parser_advance (ps);
      n = unary_node (DN_INCDEC, op, &loc, parse_unary (ps));
      break;

    case DT_AMP: op = DOP_ADDROF; goto prefix;
    case DT_STAR: op = DOP_DEREF; goto prefix;
    case DT_PLUS: op = DOP_PLUS; goto prefix;
    case DT_MINUS: op = DOP_NEG; goto prefix;
    case DT_TILDE: op = DOP_BITNOT; goto prefix;
    case DT_BANG: op = DOP_NOT;
    prefix:
      d_parser_advance (ps);
      n = unary_node (DN_UNARY, op, &loc, parse_cast (ps, &dummy));
      break;

    case DT_KW_SIZEOF:
      {
        unsigned tn;

        d_parser_advance (ps);
        if (peek0 (ps)->kind == DT_LPAREN && (tn = type_name_len (ps, 1)) > 0)
          {
            d_parser_advance (ps);
            n = node_new (DN_SIZEOF, &loc);
            n->cast = take_type (ps, tn);
            d_parser_advance (ps);      /* ")" */
          }
        else
          n = unary_node (DN_SIZEOF, DOP_NONE, &loc, parse_unary (ps));
        break;
      }

    case DT_KW_STRINGOF:
      d_parser_advance (ps);
      n = unary_node (DN_STRINGOF, DOP_NONE, &loc, parse_unary (ps));
      break;

    default:
      n = parse_postfix (ps);
      break;
    }
  leave (ps);
  return n;
}

/* A cast expression; *IS_UNARY: it is a unary expression (no cast on top),
 * which an assignment needs on its left. */
static struct d_node *
parse_cast (struct d_parser *ps, int *is_unary)
{
  struct d_token *t;
  struct d_node *n;
  unsigned tn;
  int dummy;

  *is_unary = 1;
  t = peek0 (ps);
  if (t->kind != DT_LPAREN || (tn = type_name_len (ps, 1)) == 0)
    return parse_unary (ps);
  if (enter (ps) < 0)
    return NULL;
  n = node_new (DN_CAST, &t->loc);
  d_parser_advance (ps);
  n->cast = take_type (ps, tn);
  d_parser_advance (ps);        /* ")" */
  n->a = parse_cast (ps, &dummy);
  leave (ps);
  *is_unary = 0;
  if (!n->a)
    {
      d_node_free (n);
      return NULL;
    }
  return n;
}

/* Does the "/" token T close the predicate (blanks, then "{", ";", "/" or
 * the end)? */
static int
closes_predicate (const struct d_parser *ps, const struct d_token *t)
{
  const char *p = t->text + 1, *end = ps->lx.end;

  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'
                     || *p == '\f' || *p == '\v'))
    p++;
  return p >= end || *p == '{' || *p == ';' || *p == '/';
}

/* Binary operator at T: its precedence (1 = ||, 11 = * / %) and *OP, or 0. */
static int
binary_op (const struct d_parser *ps, const struct d_token *t, enum d_op *op)
{
  switch (t->kind)
    {
    case DT_OROR: *op = DOP_LOR; return 1;
    case DT_XORXOR: *op = DOP_LXOR; return 2;
    case DT_ANDAND: *op = DOP_LAND; return 3;
    case DT_PIPE: *op = DOP_BITOR; return 4;
    case DT_CARET: *op = DOP_BITXOR; return 5;
    case DT_AMP: *op = DOP_BITAND; return 6;
    case DT_EQ: *op = DOP_EQ; return 7;
    case DT_NE: *op = DOP_NE; return 7;
    case DT_LT: *op = DOP_LT; return 8;
    case DT_LE: *op = DOP_LE; return 8;
    case DT_GT: *op = DOP_GT; return 8;
    case DT_GE: *op = DOP_GE; return 8;
    case DT_SHL: *op = DOP_SHL; return 9;
    case DT_SHR: *op = DOP_SHR; return 9;
    case DT_PLUS: *op = DOP_ADD; return 10;
    case DT_MINUS: *op = DOP_SUB; return 10;
    case DT_STAR: *op = DOP_MUL; return 11;
    case DT_PERCENT: *op = DOP_MOD; return 11;
    case DT_SLASH:
      if (ps->in_pred && closes_predicate (ps, t))
        return 0;
      *op = DOP_DIV;
      return 11;
    default:
      return 0;
    }
}

/* Precedence climbing over the binary levels at or above MINPREC. */
static struct d_node *
parse_binary (struct d_parser *ps, int minprec, int *is_unary)
{
  struct d_node *lhs = parse_cast (ps, is_unary);

  while (lhs)
    {
      struct d_token *t = peek0 (ps);
      struct d_loc loc = t->loc;
      struct d_node *rhs, *n;
      enum d_op op = DOP_NONE;
      int prec = binary_op (ps, t, &op), dummy;

      if (prec == 0 || prec < minprec)
        break;
      d_parser_advance (ps);
      rhs = parse_binary (ps, prec + 1, &dummy);
      if (!rhs)
        {
          d_node_free (lhs);
          return NULL;
        }
      n = node_new (DN_BINARY, &loc);
      n->op = op;
      n->a = lhs;
      n->b = rhs;
      lhs = n;
      *is_unary = 0;
    }
  return lhs;
}

static struct d_node *
parse_conditional (struct d_parser *ps, int *is_unary)
{
  struct d_node *c, *n;
  struct d_token *t;
  bool saved;
  int dummy;

  if (enter (ps) < 0)
    return NULL;
  c = parse_binary (ps, 1, is_unary);
  if (!c || (t = peek0 (ps))->kind != DT_QUESTION)
    {
      leave (ps);
      return c;
    }
  *is_unary = 0;
  n = node_new (DN_TERNARY, &t->loc);
  n->a = c;
  d_parser_advance (ps);
  saved = ps->in_pred;
  ps->in_pred = false;
  n->b = parse_assignment (ps);
  ps->in_pred = saved;
  if (n->b && expect (ps, DT_COLON) == 0)
    n->c = parse_conditional (ps, &dummy);
  leave (ps);
  if (!n->c)
    {
      d_node_free (n);
      return NULL;
    }
  return n;
}

static enum d_op
assign_op (enum d_tok k)
{
  switch (k)
    {
    case DT_ASSIGN: return DOP_ASSIGN;
    case DT_ADD_ASSIGN: return DOP_ADD;
    case DT_SUB_ASSIGN: return DOP_SUB;
    case DT_MUL_ASSIGN: return DOP_MUL;
    case DT_DIV_ASSIGN: return DOP_DIV;
    case DT_MOD_ASSIGN: return DOP_MOD;
    case DT_AND_ASSIGN: return DOP_BITAND;
    case DT_OR_ASSIGN: return DOP_BITOR;
    case DT_XOR_ASSIGN: return DOP_BITXOR;
    case DT_SHL_ASSIGN: return DOP_SHL;
    case DT_SHR_ASSIGN: return DOP_SHR;
    default: return DOP_NONE;
    }
}

static struct d_node *
parse_assignment (struct d_parser *ps)
{
  struct d_node *lhs, *n;
  struct d_token *t;
  enum d_op op;
  int is_unary = 0;

  if (enter (ps) < 0)
    return NULL;
  lhs = parse_conditional (ps, &is_unary);
  if (!lhs || (op = assign_op ((t = peek0 (ps))->kind)) == DOP_NONE)
    {
      leave (ps);
      return lhs;
    }
  if (!is_unary)
    {
      /* "a + b = 1", "(int)x = 1", "c ? a : b = 1": as in C, no lvalue here. */
      syntax_error (ps, t);
      d_node_free (lhs);
      leave (ps);
      return NULL;
    }
  n = node_new (DN_ASSIGN, &t->loc);
  n->op = op;
  n->a = lhs;
  d_parser_advance (ps);
  n->b = parse_assignment (ps);
  leave (ps);
  if (!n->b)
    {
      d_node_free (n);
      return NULL;
    }
  return n;
}

/* ------------------------------------------------------------------ */
/* Statements.                                                          */

static struct d_node *parse_statement (struct d_parser *ps);

/* At "{". */
static struct d_node *
parse_block (struct d_parser *ps)
{
  struct d_node *blk = node_new (DN_BLOCK, &peek0 (ps)->loc);

  d_parser_advance (ps);
  for (;;)
    {
      struct d_token *t = peek0 (ps);
      struct d_node *s;

      if (t->kind == DT_RBRACE)
        {
          d_parser_advance (ps);
          return blk;
        }
      if (t->kind == DT_EOF || t->kind == DT_ERROR)
        {
          syntax_error (ps, t);
          break;
        }
      s = parse_statement (ps);
      if (!s)
        break;
      node_push (blk, s);
    }
  d_node_free (blk);
  return NULL;
}

static struct d_node *
parse_statement (struct d_parser *ps)
{
  struct d_token *t;
  struct d_loc loc;
  struct d_node *n = NULL, *e;

  if (enter (ps) < 0)
    return NULL;
  t = peek0 (ps);
  loc = t->loc;
  switch (t->kind)
    {
    case DT_SEMI:
      d_parser_advance (ps);
      n = node_new (DN_EMPTY, &loc);
      break;

    case DT_LBRACE:
      n = parse_block (ps);
      break;

    case DT_KW_IF:
      d_parser_advance (ps);
      if (expect (ps, DT_LPAREN) < 0)
        break;
      n = node_new (DN_IF, &loc);
      if (!(n->a = parse_assignment (ps)) || expect (ps, DT_RPAREN) < 0
          || !(n->b = parse_statement (ps)))
        {
          d_node_free (n);
          n = NULL;
          break;
        }
      if (peek0 (ps)->kind == DT_KW_ELSE)
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
      e = parse_assignment (ps);
      if (!e)
        break;
      t = peek0 (ps);
      if (t->kind == DT_SEMI)
        d_parser_advance (ps);
      else if (t->kind != DT_RBRACE)
        {
          /* The ";" may only be left out before the closing "}". */
          syntax_error (ps, t);
          d_node_free (e);
          break;
        }
      n = node_new (DN_EXPR_STMT, &loc);
      n->a = e;
      break;
    }
  leave (ps);
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

static int
parse_clause (struct d_parser *ps)
{
  struct d_clause_ast cl;
  struct d_token *t;

  memset (&cl, 0, sizeof cl);
  for (;;)
    {
      const char *start, *end;
      struct d_probe_desc *d;

      t = peek0 (ps);
      if (!starts_description (t))
        {
          syntax_error (ps, t);
          goto fail;
        }
      start = end = t->text;
      /* A field may be a file path (`prov:/usr/bin/x::name`, `prov:./demo::`):
       * a '/' right after ':' starts one, and a field that starts with '/'
       * or '.' keeps its '/'s.  A predicate's '/' never follows ':'. */
      const char *field = start;
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
      cl.descs = xrealloc (cl.descs, (cl.ndescs + 1) * sizeof *cl.descs);
      d = &cl.descs[cl.ndescs++];
      d->text = xstrndup (start, (size_t) (end - start));
      d->loc = t->loc;
      d_parser_restart_at (ps, end);
      if (peek0 (ps)->kind != DT_COMMA)
        break;
      d_parser_advance (ps);
    }
  cl.loc = cl.descs[0].loc;

  t = peek0 (ps);
  if (t->kind == DT_SLASH)
    {
      d_parser_advance (ps);
      ps->in_pred = true;
      cl.predicate = parse_assignment (ps);
      ps->in_pred = false;
      if (!cl.predicate || expect (ps, DT_SLASH) < 0)
        goto fail;
      t = peek0 (ps);
    }
  if (t->kind != DT_LBRACE)
    {
      /* A lone description at the end (old CPython's `BEGIN`) lands here
       * with "near end of input". */
      syntax_error (ps, t);
      goto fail;
    }
  if (!(cl.body = parse_block (ps)))
    goto fail;
  ps->script->clauses = xrealloc (ps->script->clauses,
                                  (ps->script->nclauses + 1) * sizeof *ps->script->clauses);
  ps->script->clauses[ps->script->nclauses++] = cl;
  return 0;

 fail:
  clause_fini (&cl);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Declarations.                                                        */

struct toks {
  struct d_token *v;
  size_t n, cap;
};

static void
toks_push (struct toks *tv, const struct d_token *t)
{
  if (tv->n == tv->cap)
    {
      tv->cap = tv->cap ? 2 * tv->cap : 16;
      tv->v = xrealloc (tv->v, tv->cap * sizeof *tv->v);
    }
  tv->v[tv->n] = *t;
  tv->v[tv->n].value = NULL;    /* only value-less kinds are collected */
  tv->n++;
}

/* Collect declarator tokens (words, "*", INT, balanced () and [], "," inside
 * them or at depth 0 when COMMAS) up to STOP at depth 0, which is left as
 * lookahead 0.  Returns 0, or -1 after a syntax error. */
static int
collect_decl_tokens (struct d_parser *ps, enum d_tok stop, int commas, struct toks *tv)
{
  enum d_tok stack[64];
  int depth = 0;

  for (;;)
    {
      struct d_token *t = peek0 (ps);
      enum d_tok k = t->kind;

      if (k == stop && depth == 0)
        return 0;
      switch (k)
        {
        case DT_LPAREN:
        case DT_LBRACKET:
          if (depth == (int) (sizeof stack / sizeof stack[0]))
            return syntax_error (ps, t);
          stack[depth++] = k;
          break;
        case DT_RPAREN:
        case DT_RBRACKET:
          if (depth == 0 || stack[depth - 1] != (k == DT_RPAREN ? DT_LPAREN : DT_LBRACKET))
            return syntax_error (ps, t);
          depth--;
          break;
        case DT_COMMA:
          if (depth == 0 && !commas)
            return syntax_error (ps, t);
          break;
        case DT_STAR:
        case DT_INT:
          break;
        default:
          if (!d_tok_is_word (k))
            return syntax_error (ps, t);
          break;
        }
      toks_push (tv, t);
      d_parser_advance (ps);
    }
}

/* TYPE NAME [...] { "," ... } ";" — the first token of TYPE is lookahead 0;
 * LOC is where the declaration starts ("self"/"this" included). */
static int
parse_decl (struct d_parser *ps, enum d_decl_kind kind, const struct d_loc *loc)
{
  struct toks tv = { 0 };
  struct d_token semi;
  size_t i, lo, nbase = 0;
  int r = -1, depth = 0;

  if (collect_decl_tokens (ps, DT_SEMI, 1, &tv) < 0)
    goto out;
  semi = *peek0 (ps);
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
          syntax_error (ps, i < tv.n ? &tv.v[i] : &semi);
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
      d_param_from_tokens (seg, n, &p);
      if (!p.name)
        {
          free (p.text);
          free (p.type);
          syntax_error (ps, i < tv.n ? &tv.v[i] : &semi);
          if (seg != tv.v)
            free (seg);
          goto out;
        }
      {
        struct d_decl *d = decl_add (ps->script, kind, lo == 0 ? loc : &tv.v[lo].loc);
        d->type = type_new (p.type);
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
  struct d_loc loc = peek0 (ps)->loc;
  struct toks tv = { 0 };
  struct d_param p = { 0 };
  struct d_node *init;
  struct d_decl *d;

  d_parser_advance (ps);
  if (collect_decl_tokens (ps, DT_ASSIGN, 0, &tv) < 0)
    goto fail;
  if (tv.n == 0)
    {
      syntax_error (ps, peek0 (ps));
      goto fail;
    }
  d_param_from_tokens (tv.v, tv.n, &p);
  if (!p.name)
    {
      syntax_error (ps, peek0 (ps));
      goto fail;
    }
  d_parser_advance (ps);        /* "=" */
  init = parse_assignment (ps);
  if (!init)
    goto fail;
  if (expect (ps, DT_SEMI) < 0)
    {
      d_node_free (init);
      goto fail;
    }
  d = decl_add (ps->script, DD_INLINE, &loc);
  d->type = type_new (p.type);
  d->name = p.name;
  d->init = init;
  free (p.text);
  free (tv.v);
  return 0;

 fail:
  free (p.text);
  free (p.type);
  free (p.name);
  free (tv.v);
  return -1;
}

/* Skip to the ";" ending a C declaration at depth 0 (braces included), leniently. */
static void
skip_to_semi (struct d_parser *ps)
{
  int depth = 0;

  for (;;)
    {
      enum d_tok k = peek0 (ps)->kind;

      if (k == DT_EOF || k == DT_ERROR)
        return;
      d_parser_advance (ps);
      if (k == DT_SEMI && depth == 0)
        return;
      if (k == DT_LPAREN || k == DT_LBRACKET || k == DT_LBRACE)
        depth++;
      else if ((k == DT_RPAREN || k == DT_RBRACKET || k == DT_RBRACE) && depth > 0)
        depth--;
    }
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
      struct d_token *t = peek0 (ps);
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
            r = parse_decl (ps, kind, &loc);
            break;
          }

        case DT_KW_TYPEDEF:
          skip_to_semi (ps);
          break;

        case DT_KW_STRUCT:
        case DT_KW_UNION:
        case DT_KW_ENUM:
          k1 = d_parser_peek (ps, 1)->kind;
          if (k1 == DT_LBRACE || (d_tok_is_word (k1) && d_parser_peek (ps, 2)->kind == DT_LBRACE))
            skip_to_semi (ps);  /* a definition */
          else
            r = parse_decl (ps, DD_GLOBAL, &loc);
          break;

        case DT_KW_TRANSLATOR:
          r = d_parser_skip_declaration (ps);
          if (r == 0 && peek0 (ps)->kind == DT_SEMI)
            d_parser_advance (ps);
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
/* Entry points.                                                        */

static int
parse_script_text (const char *name, const char *text, size_t len, const char *errprefix,
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
  d_parser_fini (&ps);
  if (r < 0)
    d_script_free (out);
  return r < 0 ? -1 : 0;
}

int
d_parse_script_string (const char *name, const char *text, const char *errprefix,
                       struct d_program *prog, struct d_script *out)
{
  char *prefix = NULL;
  int r;

  memset (out, 0, sizeof *out);
  if (!text)
    text = "";
  if (!name)
    name = "<string>";
  if (!errprefix)
    errprefix = prefix = xasprintf ("invalid probe specifier %s", text);
  r = parse_script_text (name, text, strlen (text), errprefix, true, prog, out);
  free (prefix);
  return r;
}

/* -C on a script whose first line is "#!...": cpp would reject the line, so
 * it runs on a temporary copy that starts with `#line 1 "PATH"` and has the
 * "#!" line blanked (line numbers are kept); -I<dir of PATH> keeps
 * #include "x.h" finding the script's neighbours. */
static char *
preprocess_interpreter_script (const char *path, const char *text, size_t len,
                               const struct d_cpp_options *cpp, size_t *outlen)
{
  const char *t = getenv ("TMPDIR"), *nl = memchr (text, '\n', len), *slash;
  char *tmp = xasprintf ("%s/sdtkit-script.XXXXXX", t && *t ? t : "/tmp");
  struct d_cpp_options opts = *cpp;
  char *incdir, *out = NULL;
  FILE *f;
  int fd, ok;
  size_t i;

  fd = mkstemp (tmp);
  if (fd < 0)
    {
      diag_error ("failed to preprocess %s: cannot create a temporary file in %s: %s",
                  path, t && *t ? t : "/tmp", strerror (errno));
      free (tmp);
      return NULL;
    }
  f = fdopen (fd, "w");
  if (!f)
    {
      close (fd);
      unlink (tmp);
      free (tmp);
      diag_error ("failed to preprocess %s: %s", path, strerror (errno));
      return NULL;
    }
  fputs ("#line 1 \"", f);
  for (i = 0; path[i]; i++)
    {
      if (path[i] == '"' || path[i] == '\\')
        fputc ('\\', f);
      fputc (path[i], f);
    }
  fputs ("\"\n\n", f);
  if (nl)
    fwrite (nl + 1, 1, len - (size_t) (nl + 1 - text), f);
  ok = !ferror (f);
  ok = fclose (f) == 0 && ok;
  if (!ok)
    {
      diag_error ("failed to preprocess %s: writing %s: %s", path, tmp, strerror (errno));
      unlink (tmp);
      free (tmp);
      return NULL;
    }
  slash = strrchr (path, '/');
  incdir = slash ? xasprintf ("-I%.*s", (int) (slash == path ? 1 : slash - path), path)
                 : xstrdup ("-I.");
  opts.args = xcalloc (cpp->nargs + 1, sizeof *opts.args);
  for (i = 0; i < cpp->nargs; i++)
    opts.args[i] = cpp->args[i];
  opts.args[cpp->nargs] = incdir;
  opts.nargs = cpp->nargs + 1;
  out = d_preprocess (tmp, &opts, outlen);
  unlink (tmp);
  free (tmp);
  free (opts.args);
  free (incdir);
  return out;
}

int
d_parse_script_file (const char *path, const struct d_cpp_options *cpp, const char *errprefix,
                     struct d_program *prog, struct d_script *out)
{
  char *text, *prefix = NULL;
  size_t len = 0;
  int r;

  memset (out, 0, sizeof *out);
  text = d_read_file (path, &len);
  if (!text)
    return -1;
  if (cpp && cpp->enabled)
    {
      char *pp;
      size_t pplen = 0;

      if (len >= 2 && text[0] == '#' && text[1] == '!')
        pp = preprocess_interpreter_script (path, text, len, cpp, &pplen);
      else
        pp = d_preprocess (path, cpp, &pplen);
      free (text);
      if (!pp)
        return -1;
      text = pp;
      len = pplen;
    }
  if (!errprefix)
    errprefix = prefix = xasprintf ("failed to compile script %s", path);
  r = parse_script_text (path, text, len, errprefix, false, prog, out);
  free (prefix);
  free (text);
  return r;
}
