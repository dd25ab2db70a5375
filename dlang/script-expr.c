/* SPDX-License-Identifier: MIT */
/*
 * script-expr.c — expressions of D programs, their type names, and the
 * errors and recursion guard of the whole D program grammar (dlang/script.h).
 *
 *   expr       := assignment: unary-expr ASSIGN-OP expr | conditional
 *   conditional:= binary [ "?" expr ":" conditional ]
 *   binary     := the levels || ^^ && | ^ & == < << + * by precedence
 *                 climbing: one loop per level, so a long chain
 *                 (`1 + 1 + ... + 1`) costs no recursion per operator
 *   cast       := "(" TYPE ")" cast | unary
 *   unary      := ++ -- & * + - ~ ! sizeof stringof, or postfix
 *   postfix    := primary { "[" list "]" | "." NAME | "->" NAME | ++ | -- }
 *   primary    := constants, strings, names, calls, @aggregations, $macros,
 *                 self->x, this->x, "(" expr ")"
 *
 * Decisions a reader of the tree needs (dlang/ast.h has the rest):
 *   - DN_INDEX on a name ("a[k]", "args[0]") has ->sval set and ->a NULL;
 *     on anything else ("self->ts[tid]", "this->a[1]", "p->arr[2]") ->sval
 *     is NULL and ->a is the indexed expression (DN_SELF for self arrays).
 *   - Casts and sizeof(type): ->cast->text in parser.c's normalised spelling
 *     ("unsigned long long", "char *", "struct foo *", "uint64_t").  A
 *     parenthesised run of type keywords, `string`, `struct/union/enum X`
 *     or one identifier ending in "_t", then `*`s, is a type; anything else
 *     in parentheses is an expression.
 *   - Character constants are DN_INT with int_suffix "c".
 *   - Adjacent string literals are concatenated into one DN_STRING.
 *   - Locations: a node's loc is its first token, except DN_BINARY,
 *     DN_ASSIGN, DN_TERNARY, DN_MEMBER, DN_INDEX on an expression and
 *     postfix DN_INCDEC, which carry their operator's (`+`, `=`, `?`, `->`,
 *     `[`, `++`).
 *
 * Errors are DTrace's: "ERRPREFIX: line N: syntax error near \"TOKEN\""
 * (the token as written) or "... near end of input", through diag_error
 * (which adds "dtrace: ").  For -n text an error on its first line has no
 * "line 1: " ("invalid probe specifier BEGIN{x: syntax error near end of
 * input"); an error inside another file (after -C #include) reads
 * "\"FILE\", line N: ".
 */
#include "dlang/script.h"
#include "common/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Recursion guard for expressions and statements (about three levels per
 * nested parenthesis: some 330 parentheses). */
#define MAX_DEPTH 1000

/* ------------------------------------------------------------------ */
/* Errors.                                                              */

void
d_script_error (struct d_parser *ps, const struct d_loc *loc, const char *fmt, ...)
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

int
d_script_syntax_error (struct d_parser *ps, const struct d_token *t)
{
  switch (t->kind)
    {
    case DT_ERROR:
      break;
    case DT_EOF:
      d_script_error (ps, &t->loc, "syntax error near end of input");
      break;
    case DT_FLOAT:
      d_script_error (ps, &t->loc, "floating-point constants are not permitted");
      break;
    case DT_INVALID:
      if (t->msg && strncmp (t->msg, "unterminated", 12) == 0)
        {
          /* The lexer stops a literal at the end of its line. */
          if (t->text + t->len >= ps->lx.end)
            d_script_error (ps, &t->loc, "syntax error near end of input");
          else if (t->text[0] == '"')
            d_script_error (ps, &t->loc, "newline encountered in string literal");
          else
            d_script_error (ps, &t->loc, "newline encountered in character constant");
          break;
        }
      if (t->msg && strstr (t->msg, "constant"))
        {
          d_script_error (ps, &t->loc, "%s", t->msg);
          break;
        }
      /* FALLTHROUGH */
    default:
      d_script_error (ps, &t->loc, "syntax error near \"%.*s\"", (int) t->len, t->text);
      break;
    }
  return -1;
}

int
d_script_enter (struct d_parser *ps)
{
  if (ps->depth >= MAX_DEPTH)
    {
      d_script_error (ps, &d_parser_peek (ps, 0)->loc, "program is nested too deeply");
      return -1;
    }
  ps->depth++;
  return 0;
}

void
d_script_leave (struct d_parser *ps)
{
  ps->depth--;
}

int
d_script_expect (struct d_parser *ps, enum d_tok kind)
{
  struct d_token *t = d_peek0 (ps);

  if (t->kind != kind)
    return d_script_syntax_error (ps, t);
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
is_typedef_name (struct d_parser *ps, const struct d_token *t)
{
  if (t->kind != DT_IDENT)
    return 0;
  if (t->len > 2 && t->text[t->len - 2] == '_' && t->text[t->len - 1] == 't')
    return 1;
  if (!ps->typedef_names.count)
    return 0;
  char *name = d_token_text (t);
  int r = strset_has (&ps->typedef_names, name);
  free (name);
  return r;
}

/* At lookahead I: a module-scoped name, MODULE`NAME ("a.out`conn",
 * "libfoo.so.1`session"): tokens written without blanks up to a backquote,
 * then a word; or a C++ qualified name, with or without a module
 * ("net::conn", "a.out`net::conn").  The number of tokens, or 0. */
/* At lookahead J, a word: the lookahead after WORD{::WORD} written without
 * blanks (a C++ qualified name, "net::conn"). */
static unsigned
qualified_end (struct d_parser *ps, unsigned j)
{
  while (j + 4 < D_LA_SIZE)
    {
      const struct d_token *t = d_parser_peek (ps, j), *c1 = d_parser_peek (ps, j + 1),
                           *c2 = d_parser_peek (ps, j + 2), *w = d_parser_peek (ps, j + 3);
      if (c1->kind != DT_COLON || c2->kind != DT_COLON || !d_tok_is_word (w->kind)
          || c1->text != t->text + t->len || c2->text != c1->text + 1 || w->text != c2->text + 1)
        break;
      j += 3;
    }
  return j + 1;
}

static unsigned
scoped_name_len (struct d_parser *ps, unsigned i)
{
  unsigned j = i;
  const struct d_token *first = d_parser_peek (ps, i);

  if (!d_tok_is_word (first->kind))
    return 0;
  if (qualified_end (ps, i) > i + 1)
    return qualified_end (ps, i) - i;
  for (;;)
    {
      const struct d_token *t = d_parser_peek (ps, j), *n;
      if (j + 3 >= D_LA_SIZE)
        return 0;
      n = d_parser_peek (ps, j + 1);
      if (n->text != t->text + t->len)
        return 0;
      if (n->kind == DT_BACKQUOTE)
        {
          const struct d_token *w = d_parser_peek (ps, j + 2);
          if (!d_tok_is_word (w->kind) || w->text != n->text + n->len)
            return 0;
          return qualified_end (ps, j + 2) - i;
        }
      if (n->kind != DT_DOT && n->kind != DT_MINUS && n->kind != DT_INT && n->kind != DT_FLOAT
          && !d_tok_is_word (n->kind))
        return 0;
      j++;
    }
}

/* At lookahead I: MODULE`struct NAME (also union, enum), the module and
 * the keyword written without blanks ("vmlinux`struct file"): 4, or 0. */
static unsigned
module_tag_len (struct d_parser *ps, unsigned i)
{
  if (i + 5 >= D_LA_SIZE)
    return 0;
  const struct d_token *m = d_parser_peek (ps, i);
  if (m->kind != DT_IDENT)
    return 0;
  const struct d_token *bq = d_parser_peek (ps, i + 1);
  if (bq->kind != DT_BACKQUOTE || bq->text != m->text + m->len)
    return 0;
  const struct d_token *kw = d_parser_peek (ps, i + 2);
  if ((kw->kind != DT_KW_STRUCT && kw->kind != DT_KW_UNION && kw->kind != DT_KW_ENUM)
      || kw->text != bq->text + 1)
    return 0;
  return d_tok_is_word (d_parser_peek (ps, i + 3)->kind) ? 4 : 0;
}

/* The number of tokens from lookahead K that spell a type name followed by
 * ")" (not counted), or 0. */
static unsigned
type_name_len_to (struct d_parser *ps, unsigned k, enum d_tok closer)
{
  unsigned i = k;
  int spec = 0;

  for (;;)
    {
      struct d_token *t;

      if (i + 2 >= D_LA_SIZE)
        return 0;
      t = d_parser_peek (ps, i);
      unsigned ml = spec ? 0 : module_tag_len (ps, i);
      if (ml)
        {
          spec = 1;
          i += ml;
          continue;
        }
      if (t->kind == DT_KW_STRUCT || t->kind == DT_KW_UNION || t->kind == DT_KW_ENUM)
        {
          unsigned sc;
          if (spec || !d_tok_is_word (d_parser_peek (ps, i + 1)->kind))
            return 0;
          spec = 1;
          sc = scoped_name_len (ps, i + 1);
          i += 1 + (sc ? sc : 1);
          continue;
        }
      if (!spec)
        {
          unsigned sc = scoped_name_len (ps, i);
          if (sc)
            {
              spec = 1;
              i += sc;
              continue;
            }
        }
      if (is_type_word (t->kind, &spec))
        {
          i++;
          continue;
        }
      if (!spec && is_typedef_name (ps, t))
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
  if (d_parser_peek (ps, i)->kind != closer)
    return 0;
  return i - k;
}

static unsigned
type_name_len (struct d_parser *ps, unsigned k)
{
  return type_name_len_to (ps, k, DT_RPAREN);
}

/* Consume N tokens that type_name_len accepted; their normalised spelling. */
static struct d_type_name *
take_type (struct d_parser *ps, unsigned n)
{
  struct d_token toks[D_LA_SIZE] = { 0 };
  struct d_param p;
  unsigned i;

  unsigned m = 0;
  char *made[D_LA_SIZE];
  unsigned nmade = 0;
  for (i = 0; i < n; i++)
    {
      unsigned ml = module_tag_len (ps, i);
      if (ml && i + ml <= n)
        {
          /* vmlinux`struct file is D's struct vmlinux`file */
          const struct d_token *mod = d_parser_peek (ps, i), *name = d_parser_peek (ps, i + 3);
          toks[m] = *d_parser_peek (ps, i + 2);
          toks[m++].value = NULL;
          made[nmade] = xasprintf ("%.*s`%.*s", (int) mod->len, mod->text, (int) name->len, name->text);
          toks[m] = *name;
          toks[m].value = NULL;
          toks[m].kind = DT_IDENT;
          toks[m].text = made[nmade];
          toks[m++].len = strlen (made[nmade++]);
          i += ml - 1;
          continue;
        }
      /* a scoped name is one word: "a.out`conn" */
      unsigned sc = scoped_name_len (ps, i);
      toks[m] = *d_parser_peek (ps, i);
      toks[m].value = NULL;
      if (sc && i + sc <= n)
        {
          const struct d_token *last = d_parser_peek (ps, i + sc - 1);
          toks[m].kind = DT_IDENT;
          toks[m].len = (size_t) (last->text + last->len - toks[m].text);
          i += sc - 1;
        }
      m++;
    }
  d_param_from_tokens (toks, m, &p);
  while (nmade)
    free (made[--nmade]);
  for (i = 0; i < n; i++)
    d_parser_advance (ps);
  free (p.text);
  free (p.name);
  return d_type_name_new (p.type);
}


struct d_type_name *
d_script_type_name (struct d_parser *ps, enum d_tok closer)
{
  unsigned tn = type_name_len_to (ps, 0, closer);
  if (tn == 0)
    {
      d_script_syntax_error (ps, d_peek0 (ps));
      return NULL;
    }
  return take_type (ps, tn);
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                         */

/* N when the rest of it parsed (OK), else NULL with N freed: the last
 * step of a parse function that has built N. */
static struct d_node *
complete (struct d_node *n, bool ok)
{
  if (ok)
    return n;
  d_node_free (n);
  return NULL;
}

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
  if (allow_empty && d_peek0 (ps)->kind == closer)
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
      d_node_push (n, a);
      t = d_peek0 (ps);
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
      d_script_syntax_error (ps, t);
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
  struct d_token *t = d_peek0 (ps);
  struct d_loc loc = t->loc;
  struct d_node *n;

  switch (t->kind)
    {
    case DT_INT:
      n = d_node_new (DN_INT, &loc);
      n->ival = (int64_t) t->ival;
      set_int_suffix (n, t->iflags);
      d_parser_advance (ps);
      return n;

    case DT_CHAR:
      n = d_node_new (DN_INT, &loc);
      n->ival = (int64_t) t->ival;
      strcpy (n->int_suffix, "c");
      d_parser_advance (ps);
      return n;

    case DT_STRING:
      n = d_node_new (DN_STRING, &loc);
      n->sval = xstrdup ("");
      while ((t = d_peek0 (ps))->kind == DT_STRING)
        {
          n->sval = xrealloc (n->sval, n->slen + t->vlen + 1);
          memcpy (n->sval + n->slen, t->value, t->vlen);
          n->slen += t->vlen;
          n->sval[n->slen] = '\0';
          d_parser_advance (ps);
        }
      return n;

    case DT_BACKQUOTE:
    case DT_IDENT:
      {
        /* a kernel symbol, `name or module`name (written without blanks),
         * is an identifier spelled with its backquote */
        const struct d_token *bq = t->kind == DT_BACKQUOTE ? t : d_parser_peek (ps, 1), *sym = NULL;
        bool is_sym = bq->kind == DT_BACKQUOTE
                      && (t->kind == DT_BACKQUOTE || bq->text == t->text + t->len);
        if (is_sym)
          {
            /* peek further only at a backquote: the lookahead past a
             * clause's end must stay unlexed (probe descriptions) */
            sym = d_parser_peek (ps, t->kind == DT_BACKQUOTE ? 1 : 2);
            is_sym = sym->kind == DT_IDENT && sym->text == bq->text + 1;
          }
        if (t->kind == DT_BACKQUOTE && !is_sym)
          {
            d_script_syntax_error (ps, t);
            return NULL;
          }
        if (is_sym)
          {
            n = d_node_new (DN_IDENT, &loc);
            n->sval = xstrndup (t->text, (size_t) (sym->text + sym->len - t->text));
            bool scoped = t->kind == DT_IDENT;
            d_parser_advance (ps);
            d_parser_advance (ps);
            if (scoped)
              d_parser_advance (ps);
            return n;
          }
        char *name = d_token_text (t);
        enum d_tok next;

        d_parser_advance (ps);
        next = d_peek0 (ps)->kind;
        if (next == DT_LPAREN || next == DT_LBRACKET)
          {
            n = d_node_new (next == DT_LPAREN ? DN_CALL : DN_INDEX, &loc);
            n->sval = name;
            d_parser_advance (ps);
            return complete (n, parse_list (ps, next == DT_LPAREN ? DT_RPAREN : DT_RBRACKET, n,
                                            next == DT_LPAREN) >= 0);
          }
        n = d_node_new (DN_IDENT, &loc);
        n->sval = name;
        return n;
      }

    case DT_KW_XLATE:
      {
        /* xlate < TYPE > ( expr ) */
        unsigned tn;
        d_parser_advance (ps);
        if (d_script_expect (ps, DT_LT) < 0)
          return NULL;
        if ((tn = type_name_len_to (ps, 0, DT_GT)) == 0)
          {
            d_script_syntax_error (ps, d_peek0 (ps));
            return NULL;
          }
        n = d_node_new (DN_XLATE, &loc);
        n->cast = take_type (ps, tn);
        d_parser_advance (ps);  /* ">" */
        if (d_script_expect (ps, DT_LPAREN) < 0)
          return complete (n, false);
        bool saved = ps->in_pred;
        ps->in_pred = false;
        n->a = parse_assignment (ps);
        ps->in_pred = saved;
        return complete (n, n->a && d_script_expect (ps, DT_RPAREN) >= 0);
      }

    case DT_MACROVAR:
      n = d_node_new (DN_MACRO, &loc);
      n->sval = d_token_text (t);
      d_parser_advance (ps);
      return n;

    case DT_AGGVAR:
      n = d_node_new (DN_AGG, &loc);
      n->sval = xstrndup (t->text + 1, t->len - 1);
      d_parser_advance (ps);
      if (d_peek0 (ps)->kind == DT_LBRACKET)
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
        if (d_script_expect (ps, DT_ARROW) < 0)
          return NULL;
        t = d_peek0 (ps);
        if (!d_tok_is_word (t->kind))
          {
            d_script_syntax_error (ps, t);
            return NULL;
          }
        n = d_node_new (kind, &loc);
        n->sval = d_token_text (t);
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
        return complete (n, d_script_expect (ps, DT_RPAREN) >= 0);
      }

    default:
      d_script_syntax_error (ps, t);
      return NULL;
    }
}

/* A node of KIND over A (NULL when A is: a failed operand). */
static struct d_node *
unary_node (enum d_node_kind kind, enum d_op op, const struct d_loc *loc, struct d_node *a)
{
  struct d_node *n;

  if (!a)
    return NULL;
  n = d_node_new (kind, loc);
  n->op = op;
  n->a = a;
  return n;
}

static struct d_node *
parse_postfix (struct d_parser *ps)
{
  struct d_node *n = parse_primary (ps);

  while (n)
    {
      struct d_token *t = d_peek0 (ps);
      struct d_loc loc = t->loc;

      switch (t->kind)
        {
        case DT_LBRACKET:
          n = unary_node (DN_INDEX, DOP_NONE, &loc, n);
          d_parser_advance (ps);
          if (parse_list (ps, DT_RBRACKET, n, 0) < 0)
            {
              d_node_free (n);
              return NULL;
            }
          break;

        case DT_DOT:
        case DT_ARROW:
          n = unary_node (DN_MEMBER, t->kind == DT_DOT ? DOP_DOT : DOP_ARROW, &loc, n);
          d_parser_advance (ps);
          t = d_peek0 (ps);
          if (!d_tok_is_word (t->kind))
            {
              d_script_syntax_error (ps, t);
              d_node_free (n);
              return NULL;
            }
          n->sval = d_token_text (t);
          d_parser_advance (ps);
          break;

        case DT_INC:
        case DT_DEC:
          n = unary_node (DN_INCDEC, t->kind == DT_INC ? DOP_POSTINC : DOP_POSTDEC, &loc, n);
          d_parser_advance (ps);
          break;

        default:
          return n;
        }
    }
  return NULL;
}

static struct d_node *
parse_unary (struct d_parser *ps)
{
  struct d_token *t;
  struct d_loc loc;
  struct d_node *n = NULL;
  enum d_op op = DOP_NONE;
  int dummy;

  if (d_script_enter (ps) < 0)
    return NULL;
  t = d_peek0 (ps);
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
        if (d_peek0 (ps)->kind == DT_LPAREN && (tn = type_name_len (ps, 1)) > 0)
          {
            d_parser_advance (ps);
            n = d_node_new (DN_SIZEOF, &loc);
            n->cast = take_type (ps, tn);
            d_parser_advance (ps);      /* ")" */
          }
        else
          n = unary_node (DN_SIZEOF, DOP_NONE, &loc, parse_unary (ps));
        break;
      }

    case DT_KW_OFFSETOF:
      {
        unsigned tn;

        d_parser_advance (ps);
        if (d_peek0 (ps)->kind != DT_LPAREN)
          {
            d_script_syntax_error (ps, d_peek0 (ps));
            break;
          }
        tn = type_name_len_to (ps, 1, DT_COMMA);
        if (tn == 0)
          {
            d_script_syntax_error (ps, d_parser_peek (ps, 1));
            break;
          }
        d_parser_advance (ps);      /* "(" */
        n = d_node_new (DN_OFFSETOF, &loc);
        n->cast = take_type (ps, tn);
        d_parser_advance (ps);      /* "," */
        if (!d_tok_is_word (d_peek0 (ps)->kind))
          {
            d_script_syntax_error (ps, d_peek0 (ps));
            d_node_free (n);
            n = NULL;
            break;
          }
        n->sval = d_token_text (d_peek0 (ps));
        d_parser_advance (ps);
        if (d_script_expect (ps, DT_RPAREN) < 0)
          {
            d_node_free (n);
            n = NULL;
          }
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
  d_script_leave (ps);
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
  t = d_peek0 (ps);
  if (t->kind != DT_LPAREN || (tn = type_name_len (ps, 1)) == 0)
    return parse_unary (ps);
  if (d_script_enter (ps) < 0)
    return NULL;
  n = d_node_new (DN_CAST, &t->loc);
  d_parser_advance (ps);
  n->cast = take_type (ps, tn);
  d_parser_advance (ps);        /* ")" */
  n->a = parse_cast (ps, &dummy);
  d_script_leave (ps);
  *is_unary = 0;
  return complete (n, n->a != NULL);
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
      struct d_token *t = d_peek0 (ps);
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
      n = d_node_new (DN_BINARY, &loc);
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

  if (d_script_enter (ps) < 0)
    return NULL;
  c = parse_binary (ps, 1, is_unary);
  if (!c || (t = d_peek0 (ps))->kind != DT_QUESTION)
    {
      d_script_leave (ps);
      return c;
    }
  *is_unary = 0;
  n = d_node_new (DN_TERNARY, &t->loc);
  n->a = c;
  d_parser_advance (ps);
  saved = ps->in_pred;
  ps->in_pred = false;
  n->b = parse_assignment (ps);
  ps->in_pred = saved;
  if (n->b && d_script_expect (ps, DT_COLON) == 0)
    n->c = parse_conditional (ps, &dummy);
  d_script_leave (ps);
  return complete (n, n->c != NULL);
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

  if (d_script_enter (ps) < 0)
    return NULL;
  lhs = parse_conditional (ps, &is_unary);
  if (!lhs || (op = assign_op ((t = d_peek0 (ps))->kind)) == DOP_NONE)
    {
      d_script_leave (ps);
      return lhs;
    }
  if (!is_unary)
    {
      /* "a + b = 1", "(int)x = 1", "c ? a : b = 1": as in C, no lvalue here. */
      d_script_syntax_error (ps, t);
      d_node_free (lhs);
      d_script_leave (ps);
      return NULL;
    }
  n = d_node_new (DN_ASSIGN, &t->loc);
  n->op = op;
  n->a = lhs;
  d_parser_advance (ps);
  n->b = parse_assignment (ps);
  d_script_leave (ps);
  return complete (n, n->b != NULL);
}


struct d_node *
d_script_expr (struct d_parser *ps)
{
  return parse_assignment (ps);
}
