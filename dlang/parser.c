/* SPDX-License-Identifier: MIT */
/*
 * parser.c — recursive-descent parser of D provider definitions (and, in
 * outline, of D programs).
 *
 * Grammar handled strictly (errors name the original file and line):
 *
 *   provider   := "provider" NAME "{" { probe | ";" } "}" [";"]
 *   probe      := "probe" NAME "(" params ")" [ ":" "(" params ")" ] [";"]
 *   params     := empty | "void" | param { "," param }
 *   param      := C declaration tokens: words, "*", "(" ")", "[" N "]", "..."
 *
 * The ";" after a probe may be left out before "}" or the next "probe".
 * Everything else at the top level is skipped leniently by balanced-bracket
 * scanning to the end of the declaration: a ";" at depth 0, or the "}" that
 * closes a top-level brace block (C typedefs and structs, prototypes,
 * translators, inline definitions, D clauses such as `BEGIN{}`).  Skipping
 * never fails, and stops early at a `provider NAME {` so that a lone `BEGIN`
 * cannot swallow the provider after it.  `#pragma D` lines reach the program
 * from wherever they appear.
 *
 * In D_PARSE_PROGRAM mode d_parse_text only outlines clauses (struct
 * d_clause: probe descriptions, predicate and body found by the same
 * balanced scanning); it is kept for d_parse_string/d_parse_file callers.
 * The real D program grammar (statements, expressions, declarations, the
 * struct d_script AST) is script-expr.c and script.c, which share this
 * file's token stream (struct d_parser), provider grammar and lenient
 * skipping.
 *
 * A parameter's declared name is found the way a C compiler would without
 * knowing typedef names: the first identifier is the type (an unknown
 * typedef such as `jl_task_t` or `LocalTransactionId`), a later one is the
 * declarator; `(*name)` is looked into, function parameter lists are not.
 */
#include "dlang/parser.h"
#include "dlang/source.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define MAX_NESTING 64

/* ------------------------------------------------------------------ */
/* Token stream with lookahead; pragmas are taken out here.             */

void
d_parser_init (struct d_parser *ps, struct d_program *prog, const char *name,
               const char *text, size_t len, enum d_parse_mode mode)
{
  memset (ps, 0, sizeof *ps);
  ps->prog = prog;
  ps->mode = mode;
  d_lexer_init (&ps->lx, prog, name, text, len);
}

struct d_token *
d_parser_peek (struct d_parser *ps, unsigned k)
{
  while (ps->count <= k)
    {
      unsigned slot = (ps->head + ps->count) % D_LA_SIZE;
      struct d_token *t = &ps->la[slot];

      for (;;)
        {
          d_lexer_next (&ps->lx, t);
          if (t->kind != DT_PRAGMA)
            break;
          if (ps->script)
            d_script_add_pragma (ps->prog, ps->script, t->value, &t->loc);
          else
            d_program_add_pragma (ps->prog, t->value, &t->loc);
          t->value = NULL;
          d_token_fini (t);
        }
      ps->mark_pragmas[slot] = ps->prog->npragmas;
      ps->mark_decls[slot] = ps->script ? ps->script->ndecls : 0;
      ps->count++;
    }
  return &ps->la[(ps->head + k) % D_LA_SIZE];
}

void
d_parser_advance (struct d_parser *ps)
{
  d_parser_peek (ps, 0);
  d_token_fini (&ps->la[ps->head]);
  ps->head = (ps->head + 1) % D_LA_SIZE;
  ps->count--;
}

void
d_parser_fini (struct d_parser *ps)
{
  while (ps->count)
    d_parser_advance (ps);
}

void
d_parser_restart_at (struct d_parser *ps, const char *pos)
{
  struct d_token *t0 = d_parser_peek (ps, 0);
  struct d_lexer *lx = &ps->lx;
  size_t np = ps->mark_pragmas[ps->head], nd = ps->mark_decls[ps->head];
  const char *file = t0->loc.file;
  int line = t0->loc.line;
  const char *line_start = t0->text - (t0->loc.column - 1);

  while (ps->count)
    d_parser_advance (ps);
  while (ps->prog->npragmas > np)
    free (ps->prog->pragmas[--ps->prog->npragmas].text);
  if (ps->script)
    d_script_truncate_decls (ps->script, nd);
  lx->p = pos;
  lx->file = file;
  lx->line = line;
  lx->line_start = line_start;
  lx->bol = 0;
  /* lx->failed stays: a fatal lexical error ahead was reported once. */
}

static int
at_end (const struct d_token *t)
{
  return t->kind == DT_EOF || t->kind == DT_ERROR;
}

/* "'('", "identifier 'foo'", "end of file"... into BUF. */
static const char *
describe (const struct d_token *t, char *buf, size_t size)
{
  int n = t->len > 40 ? 40 : (int) t->len;

  switch (t->kind)
    {
    case DT_EOF:
      return "end of file";
    case DT_IDENT:
    case DT_INT:
    case DT_FLOAT:
    case DT_CHAR:
    case DT_STRING:
    case DT_MACROVAR:
    case DT_AGGVAR:
      snprintf (buf, size, "%s %.*s%s", d_tok_kind_name (t->kind), n, t->text,
                t->len > 40 ? "..." : "");
      return buf;
    case DT_INVALID:
      snprintf (buf, size, "'%.*s' (%s)", n, t->text, t->msg ? t->msg : "invalid");
      return buf;
    default:
      if (d_tok_is_keyword (t->kind))
        snprintf (buf, size, "keyword '%.*s'", n, t->text);
      else
        snprintf (buf, size, "'%.*s'", n, t->text);
      return buf;
    }
}

/* Report "unexpected X" style errors at T (unless T is a fatal lexer error,
 * which was reported already).  Always returns -1. */
static int error_at_token (const struct d_token *t, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static int
error_at_token (const struct d_token *t, const char *fmt, ...)
{
  va_list ap;
  char *msg;

  if (t->kind == DT_ERROR)
    return -1;
  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  va_end (ap);
  diag_error_at (t->loc.file, t->loc.line, "%s", msg ? msg : "syntax error");
  free (msg);
  return -1;
}

static int
is_opener (enum d_tok k)
{
  return k == DT_LPAREN || k == DT_LBRACKET || k == DT_LBRACE;
}

static int
is_closer (enum d_tok k)
{
  return k == DT_RPAREN || k == DT_RBRACKET || k == DT_RBRACE;
}

/* `provider NAME {` starts at lookahead 0. */
static int
looks_like_provider (struct d_parser *ps)
{
  return d_parser_peek (ps, 0)->kind == DT_KW_PROVIDER && d_tok_is_word (d_parser_peek (ps, 1)->kind)
    && d_parser_peek (ps, 2)->kind == DT_LBRACE;
}

/* At a top-level `provider`: is this a provider declaration (parsed
 * strictly from here), or C that merely uses the name, like
 * `typedef int provider; provider p;` (skipped)? */
int
d_parser_is_provider_declaration (struct d_parser *ps)
{
  enum d_tok k1 = d_parser_peek (ps, 1)->kind, k2;

  if (k1 == DT_LBRACE)
    return 1;                   /* "provider {": a provider missing its name */
  if (!d_tok_is_word (k1))
    return 0;
  k2 = d_parser_peek (ps, 2)->kind;
  return !(k2 == DT_SEMI || k2 == DT_COMMA || k2 == DT_ASSIGN || k2 == DT_LBRACKET
           || k2 == DT_LPAREN || k2 == DT_RPAREN);
}

/* ------------------------------------------------------------------ */
/* Lenient skipping.                                                    */

/* Skip one top-level declaration of anything that is not a provider.
 * Always consumes at least one token (unless at the end). */
int
d_parser_skip_declaration (struct d_parser *ps)
{
  int depth = 0, first = 1;

  for (;;)
    {
      struct d_token *t = d_parser_peek (ps, 0);
      enum d_tok k = t->kind;

      if (k == DT_EOF)
        return 0;
      if (k == DT_ERROR)
        return -1;
      /* `provider NAME {` is never valid C or D inside anything else: stop
       * there at any depth, so that unbalanced junk cannot swallow it. */
      if (!first && k == DT_KW_PROVIDER && looks_like_provider (ps))
        return 0;
      first = 0;
      d_parser_advance (ps);
      if (k == DT_SEMI && depth == 0)
        return 0;
      if (is_opener (k))
        depth++;
      else if (is_closer (k))
        {
          if (depth == 0)
            return 0;           /* a stray closer ends whatever this was */
          depth--;
          if (k == DT_RBRACE && depth == 0)
            return 0;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Parameters.                                                          */

enum word_class { WC_IDENT, WC_SPEC, WC_QUAL, WC_TAG };

static int
tok_is (const struct d_token *t, const char *s)
{
  return strlen (s) == t->len && memcmp (t->text, s, t->len) == 0;
}

static enum word_class
word_class (const struct d_token *t)
{
  static const char *const gnu_quals[] = {
    "__const", "__const__", "__restrict", "__restrict__", "__volatile",
    "__volatile__", "_Atomic", "__extension__", "__unaligned", NULL
  };
  static const char *const gnu_specs[] = {
    "_Bool", "__int128", "__signed", "__signed__", "_Complex", "__complex__", NULL
  };
  size_t i;

  switch (t->kind)
    {
    case DT_KW_CHAR: case DT_KW_DOUBLE: case DT_KW_FLOAT: case DT_KW_INT:
    case DT_KW_LONG: case DT_KW_SHORT: case DT_KW_SIGNED: case DT_KW_UNSIGNED:
    case DT_KW_VOID: case DT_KW_STRING:
      return WC_SPEC;
    case DT_KW_CONST: case DT_KW_VOLATILE: case DT_KW_RESTRICT: case DT_KW_USERLAND:
    case DT_KW_REGISTER: case DT_KW_STATIC: case DT_KW_EXTERN: case DT_KW_AUTO:
    case DT_KW_INLINE:
      return WC_QUAL;
    case DT_KW_STRUCT: case DT_KW_UNION: case DT_KW_ENUM:
      return WC_TAG;
    case DT_IDENT:
      for (i = 0; gnu_quals[i]; i++)
        if (tok_is (t, gnu_quals[i]))
          return WC_QUAL;
      for (i = 0; gnu_specs[i]; i++)
        if (tok_is (t, gnu_specs[i]))
          return WC_SPEC;
      return WC_IDENT;
    default:
      /* Other D keywords (`self`, `probe`...) are plain C identifiers. */
      return WC_IDENT;
    }
}

/* Index of the token closing the bracket opened at T[I], or HI. */
static size_t
matching (const struct d_token *t, size_t i, size_t hi)
{
  int depth = 0;

  for (; i < hi; i++)
    {
      if (is_opener (t[i].kind))
        depth++;
      else if (is_closer (t[i].kind) && --depth == 0)
        return i;
    }
  return hi;
}

/* The declarator name in T[LO..HI), or -1.  *SPEC: a type specifier seen. */
static ssize_t
find_name (const struct d_token *t, size_t lo, size_t hi, int *spec)
{
  ssize_t name = -1;
  int after_tag = 0;
  size_t i;

  for (i = lo; i < hi; i++)
    {
      enum d_tok k = t[i].kind;

      if (k == DT_LPAREN)
        {
          size_t close = matching (t, i, hi);
          /* "(*name)" holds the declarator; "(int, char)" is a parameter list. */
          if (*spec && i + 1 < close && (t[i + 1].kind == DT_STAR || t[i + 1].kind == DT_CARET))
            {
              ssize_t r = find_name (t, i + 1, close, spec);
              if (r >= 0)
                name = r;
            }
          i = close;
          continue;
        }
      if (k == DT_LBRACKET)
        {
          i = matching (t, i, hi);
          continue;
        }
      if (!d_tok_is_word (k))
        continue;
      if (after_tag)
        {
          after_tag = 0;
          *spec = 1;
          continue;
        }
      switch (word_class (&t[i]))
        {
        case WC_TAG:
          after_tag = 1;
          break;
        case WC_SPEC:
          /* `string` is also a fine C parameter name: "const char *string". */
          if (k == DT_KW_STRING && *spec)
            name = (ssize_t) i;
          *spec = 1;
          break;
        case WC_QUAL:
          break;
        case WC_IDENT:
          if (*spec)
            name = (ssize_t) i;
          else
            *spec = 1;          /* a typedef name */
          break;
        }
    }
  return name;
}

/* Join T[0..N) in the normalised spelling (see parser.h), leaving out
 * token SKIP; NAME is the declarator's index (for "x[4]"). */
static char *
format_tokens (const struct d_token *t, size_t n, ssize_t skip, ssize_t name)
{
  struct d_buf s = { 0 };
  size_t i;
  ssize_t prev = -1;

  d_buf_put (&s, "", 0);
  for (i = 0; i < n; i++)
    {
      enum d_tok k = t[i].kind;
      int blank = 1;

      if ((ssize_t) i == skip)
        continue;
      if (prev < 0)
        blank = 0;
      else
        {
          enum d_tok pk = t[prev].kind;
          if (pk == DT_LPAREN || pk == DT_LBRACKET || pk == DT_STAR || pk == DT_CARET)
            blank = 0;
          else if (k == DT_RPAREN || k == DT_RBRACKET || k == DT_COMMA)
            blank = 0;
          else if (k == DT_LBRACKET && (pk == DT_RBRACKET || pk == DT_RPAREN || prev == name))
            blank = 0;
          else if (k == DT_LPAREN && pk == DT_RPAREN)
            blank = 0;
        }
      if (blank)
        d_buf_putc (&s, ' ');
      d_buf_put (&s, t[i].text, t[i].len);
      prev = (ssize_t) i;
    }
  return s.s;
}

void
d_param_from_tokens (const struct d_token *toks, size_t n, struct d_param *out)
{
  int spec = 0;
  ssize_t name = find_name (toks, 0, n, &spec);

  out->text = format_tokens (toks, n, -1, name);
  out->type = format_tokens (toks, n, name, name);
  out->name = name >= 0 ? d_token_text (&toks[name]) : NULL;
}

void
d_tokens_push (struct d_tokens *tv, const struct d_token *t)
{
  struct d_token *copy = &VEC_PUSH (tv->v, tv->n, tv->cap);

  *copy = *t;
  copy->value = NULL;           /* never owned: only value-less kinds get here */
}

/* Where the parameters of a list start: param i is tokens [v[i], v[i+1]). */
struct bounds {
  size_t *v;
  size_t n, cap;                /* n entries (params + 1 once closed) */
};

/* Parse a parameter list; the "(" was consumed (at OPEN).  WHAT names the
 * list in messages ("probe P:N").  Returns 0 with *PARAMS / *N set. */
static int
parse_params (struct d_parser *ps, const char *what, const struct d_loc *open,
              struct d_param **params, size_t *np)
{
  struct d_tokens tv = { 0 };
  struct bounds b = { 0 };
  enum d_tok stack[MAX_NESTING];
  int depth = 0, r = -1;
  size_t i, np_;
  char dbuf[96];

  *params = NULL;
  *np = 0;
  VEC_PUSH (b.v, b.n, b.cap) = 0;
  for (;;)
    {
      struct d_token *t = d_parser_peek (ps, 0);
      enum d_tok k = t->kind;

      if (k == DT_ERROR)
        goto out;
      if (k == DT_EOF)
        {
          diag_error_at (open->file, open->line,
                         "missing ')' at the end of %s (end of file)", what);
          goto out;
        }
      if (depth == 0 && (k == DT_RPAREN || k == DT_COMMA))
        {
          int empty = tv.n == b.v[b.n - 1];
          /* "()" is no parameter at all; any other empty one is an error. */
          if (empty && !(k == DT_RPAREN && b.n == 1))
            {
              error_at_token (t, "empty argument %zu in %s", b.n, what);
              goto out;
            }
          if (!empty)
            VEC_PUSH (b.v, b.n, b.cap) = tv.n;
          d_parser_advance (ps);
          if (k == DT_RPAREN)
            break;
          continue;
        }
      switch (k)
        {
        case DT_LPAREN:
        case DT_LBRACKET:
          if (depth == MAX_NESTING)
            {
              error_at_token (t, "brackets nested too deeply in %s", what);
              goto out;
            }
          stack[depth++] = k;
          break;
        case DT_RPAREN:
        case DT_RBRACKET:
          if (depth == 0 || stack[depth - 1] != (k == DT_RPAREN ? DT_LPAREN : DT_LBRACKET))
            {
              error_at_token (t, "unbalanced %s in %s", describe (t, dbuf, sizeof dbuf), what);
              goto out;
            }
          depth--;
          break;
        case DT_STAR:
        case DT_ELLIPSIS:
        case DT_INT:
        case DT_COMMA:
        case DT_IDENT:
          break;
        case DT_INVALID:
          error_at_token (t, "invalid token %s in %s",
                          describe (t, dbuf, sizeof dbuf), what);
          goto out;
        default:
          if (d_tok_is_keyword (k))
            break;
          error_at_token (t, "unexpected %s in %s%s",
                          describe (t, dbuf, sizeof dbuf), what,
                          (k == DT_SEMI || k == DT_LBRACE || k == DT_RBRACE) ? " (missing ')'?)" : "");
          goto out;
        }
      d_tokens_push (&tv, t);
      d_parser_advance (ps);
    }

  np_ = b.n - 1;
  /* Check each parameter's shape. */
  for (i = 0; i < np_; i++)
    {
      size_t lo = b.v[i], hi = b.v[i + 1], j;
      int words = 0, ell = 0;

      for (j = lo; j < hi; j++)
        {
          if (d_tok_is_word (tv.v[j].kind))
            words++;
          else if (tv.v[j].kind == DT_ELLIPSIS)
            ell++;
        }
      if (ell && (hi - lo != 1 || i + 1 != np_))
        {
          error_at_token (&tv.v[lo], "'...' must be the last argument in %s", what);
          goto out;
        }
      if (!ell && !words)
        {
          error_at_token (&tv.v[lo], "argument %zu in %s has no type", i + 1, what);
          goto out;
        }
      if (hi - lo == 1 && tv.v[lo].kind == DT_KW_VOID && np_ > 1)
        {
          error_at_token (&tv.v[lo], "'void' must be the only argument in %s", what);
          goto out;
        }
    }
  /* "(void)" is no parameter. */
  if (np_ == 1 && b.v[1] - b.v[0] == 1 && tv.v[0].kind == DT_KW_VOID)
    np_ = 0;
  if (np_)
    {
      *params = xcalloc (np_, sizeof **params);
      for (i = 0; i < np_; i++)
        d_param_from_tokens (tv.v + b.v[i], b.v[i + 1] - b.v[i], &(*params)[i]);
      *np = np_;
    }
  r = 0;

 out:
  free (tv.v);
  free (b.v);
  return r;
}

/* ------------------------------------------------------------------ */
/* Providers and probes.                                                */

static int
parse_probe (struct d_parser *ps, struct d_provider *prov)
{
  struct d_probe_decl probe;
  struct d_token *t;
  struct d_loc open;
  char *what = NULL;
  char dbuf[96];

  memset (&probe, 0, sizeof probe);
  probe.loc = d_parser_peek (ps, 0)->loc;
  d_parser_advance (ps);                 /* "probe" */

  t = d_parser_peek (ps, 0);
  if (!d_tok_is_word (t->kind))
    return error_at_token (t, "expected a probe name after 'probe' in provider %s, got %s",
                           prov->name, describe (t, dbuf, sizeof dbuf));
  probe.name = d_token_text (t);
  what = xasprintf ("probe %s:%s", prov->name, probe.name);
  d_parser_advance (ps);

  t = d_parser_peek (ps, 0);
  if (t->kind != DT_LPAREN)
    {
      error_at_token (t, "expected '(' after %s, got %s", what, describe (t, dbuf, sizeof dbuf));
      goto fail;
    }
  open = t->loc;
  d_parser_advance (ps);
  {
    char *awhat = xasprintf ("the arguments of %s", what);
    int r = parse_params (ps, awhat, &open, &probe.args, &probe.nargs);
    free (awhat);
    if (r < 0)
      goto fail;
  }

  t = d_parser_peek (ps, 0);
  if (t->kind == DT_COLON)
    {
      char *xwhat = xasprintf ("the translated arguments of %s", what);
      int r;

      d_parser_advance (ps);
      t = d_parser_peek (ps, 0);
      if (t->kind != DT_LPAREN)
        {
          error_at_token (t, "expected '(' after ':' in %s, got %s", what, describe (t, dbuf, sizeof dbuf));
          free (xwhat);
          goto fail;
        }
      open = t->loc;
      d_parser_advance (ps);
      r = parse_params (ps, xwhat, &open, &probe.xargs, &probe.nxargs);
      free (xwhat);
      if (r < 0)
        goto fail;
      probe.has_xlate = true;
    }

  t = d_parser_peek (ps, 0);
  if (t->kind == DT_SEMI)
    d_parser_advance (ps);
  else if (t->kind != DT_RBRACE && t->kind != DT_KW_PROBE && !at_end (t))
    {
      error_at_token (t, "expected ';' after %s, got %s", what, describe (t, dbuf, sizeof dbuf));
      goto fail;
    }

  if (probe.nargs > D_MAX_PROBE_ARGS)
    {
      diag_error_at (probe.loc.file, probe.loc.line,
                     "%s has %zu arguments; at most %d are supported",
                     what, probe.nargs, D_MAX_PROBE_ARGS);
      goto fail;
    }
  for (size_t i = 0; i < probe.nargs; i++)
    if (strcmp (probe.args[i].text, "...") == 0)
      {
        diag_error_at (probe.loc.file, probe.loc.line,
                       "%s has a variable argument list ('...'); probes take a fixed number of arguments",
                       what);
        goto fail;
      }
  free (what);
  return d_provider_add_probe (prov, &probe);

 fail:
  free (what);
  d_probe_decl_fini (&probe);
  return -1;
}

static int
ends_in_digit (const char *s)
{
  size_t n = strlen (s);
  return n && s[n - 1] >= '0' && s[n - 1] <= '9';
}

int
d_parser_provider (struct d_parser *ps)
{
  struct d_loc loc = d_parser_peek (ps, 0)->loc;
  struct d_provider *prov;
  struct d_token *t;
  char *name;
  int created;
  char dbuf[96];

  d_parser_advance (ps);                 /* "provider" */
  t = d_parser_peek (ps, 0);
  if (!d_tok_is_word (t->kind))
    return error_at_token (t, "expected a provider name after 'provider', got %s",
                           describe (t, dbuf, sizeof dbuf));
  name = d_token_text (t);
  d_parser_advance (ps);
  t = d_parser_peek (ps, 0);
  if (t->kind != DT_LBRACE)
    {
      error_at_token (t, "expected '{' after provider %s, got %s", name,
                      describe (t, dbuf, sizeof dbuf));
      free (name);
      return -1;
    }
  d_parser_advance (ps);
  prov = d_program_provider (ps->prog, name, &loc, &created);
  free (name);
  if (created && ends_in_digit (prov->name))
    diag_warn_at (loc.file, loc.line,
                  "provider name %s ends in a digit: DTrace rejects it, as its runtime name is %s<pid>",
                  prov->name, prov->name);

  for (;;)
    {
      t = d_parser_peek (ps, 0);
      switch (t->kind)
        {
        case DT_RBRACE:
          d_parser_advance (ps);
          if (d_parser_peek (ps, 0)->kind == DT_SEMI)
            d_parser_advance (ps);
          return 0;
        case DT_SEMI:
          d_parser_advance (ps);
          break;
        case DT_KW_PROBE:
          /* PROV may move when providers are added: none are inside a block. */
          if (parse_probe (ps, prov) < 0)
            return -1;
          break;
        case DT_ERROR:
          return -1;
        case DT_EOF:
          diag_error_at (loc.file, loc.line,
                         "missing '}' at the end of provider %s (end of file)", prov->name);
          return -1;
        default:
          return error_at_token (t, "expected 'probe' or '}' in provider %s, got %s",
                                 prov->name, describe (t, dbuf, sizeof dbuf));
        }
    }
}

/* ------------------------------------------------------------------ */
/* D program clauses (outline only).                                    */

static void
clause_fini (struct d_clause *cl)
{
  free_strings (cl->descs, cl->ndescs);
  free (cl->descs);
  memset (cl, 0, sizeof *cl);
}

void
d_clauses_free (struct d_clauses *clauses)
{
  size_t i;

  if (!clauses)
    return;
  for (i = 0; i < clauses->n; i++)
    clause_fini (&clauses->v[i]);
  free (clauses->v);
  memset (clauses, 0, sizeof *clauses);
}

static void
clause_add_desc (struct d_clause *cl, const char *start, const char *end)
{
  if (!start)
    return;
  VEC_PUSH (cl->descs, cl->ndescs, cl->descs_cap) = xstrndup (start, (size_t) (end - start));
}

static int
is_declaration_start (enum d_tok k)
{
  switch (k)
    {
    case DT_KW_TYPEDEF: case DT_KW_STRUCT: case DT_KW_UNION: case DT_KW_ENUM:
    case DT_KW_TRANSLATOR: case DT_KW_INLINE: case DT_KW_EXTERN: case DT_KW_STATIC:
    case DT_KW_CONST: case DT_KW_VOLATILE: case DT_KW_CHAR: case DT_KW_SHORT:
    case DT_KW_INT: case DT_KW_LONG: case DT_KW_SIGNED: case DT_KW_UNSIGNED:
    case DT_KW_FLOAT: case DT_KW_DOUBLE: case DT_KW_VOID: case DT_KW_STRING:
    case DT_KW_SELF: case DT_KW_THIS: case DT_KW_IMPORT:
    case DT_SEMI: case DT_RBRACE: case DT_RPAREN: case DT_RBRACKET:
      return 1;
    default:
      return 0;
    }
}

/* probe-descriptions [ "/" predicate "/" ] "{" body "}", or a declaration
 * that turns out to end in ";". */
static int
parse_clause (struct d_parser *ps)
{
  struct d_clause cl;
  const char *dstart = NULL, *dend = NULL;
  int depth = 0, in_pred = 0;
  struct d_token *t;

  memset (&cl, 0, sizeof cl);
  cl.loc = d_parser_peek (ps, 0)->loc;
  for (;;)
    {
      t = d_parser_peek (ps, 0);
      if (at_end (t))
        break;
      if (depth == 0)
        {
          if (t->kind == DT_LBRACE)
            break;
          if (t->kind == DT_SEMI)
            {
              /* "int x;" and friends: a declaration, not a clause. */
              d_parser_advance (ps);
              clause_fini (&cl);
              return 0;
            }
          if (!in_pred && t->kind == DT_COMMA)
            {
              clause_add_desc (&cl, dstart, dend);
              dstart = dend = NULL;
              d_parser_advance (ps);
              continue;
            }
          if (!in_pred && t->kind == DT_SLASH)
            {
              in_pred = 1;
              cl.has_predicate = true;
              d_parser_advance (ps);
              continue;
            }
        }
      if (is_opener (t->kind))
        depth++;
      else if (is_closer (t->kind) && depth > 0)
        depth--;
      if (!in_pred)
        {
          if (!dstart)
            dstart = t->text;
          dend = t->text + t->len;
        }
      d_parser_advance (ps);
    }
  if (t->kind == DT_ERROR)
    goto fail;
  clause_add_desc (&cl, dstart, dend);
  if (t->kind == DT_LBRACE)
    {
      struct d_loc open = t->loc;

      depth = 0;
      for (;;)
        {
          t = d_parser_peek (ps, 0);
          if (t->kind == DT_ERROR)
            goto fail;
          if (t->kind == DT_EOF)
            {
              diag_error_at (open.file, open.line, "missing '}' at the end of the clause body (end of file)");
              goto fail;
            }
          if (is_opener (t->kind))
            depth++;
          else if (is_closer (t->kind))
            depth--;
          d_parser_advance (ps);
          if (depth == 0)
            break;
        }
      cl.has_body = true;
    }
  if (ps->clauses)
    {
      VEC_PUSH (ps->clauses->v, ps->clauses->n, ps->clauses->cap) = cl;
      return 0;
    }

  clause_fini (&cl);
  return 0;

 fail:
  clause_fini (&cl);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Top level.                                                           */

int
d_parse_text (struct d_program *prog, const char *name, const char *text,
              size_t len, enum d_parse_mode mode, struct d_clauses *clauses)
{
  struct d_parser ps;
  int r = 0;

  d_parser_init (&ps, prog, name, text, len, mode);
  ps.clauses = clauses;

  for (;;)
    {
      struct d_token *t = d_parser_peek (&ps, 0);

      if (t->kind == DT_EOF)
        break;
      if (t->kind == DT_ERROR)
        {
          r = -1;
          break;
        }
      if (t->kind == DT_KW_PROVIDER && d_parser_is_provider_declaration (&ps))
        r = d_parser_provider (&ps);
      else if (mode == D_PARSE_PROGRAM && !is_declaration_start (t->kind))
        r = parse_clause (&ps);
      else
        r = d_parser_skip_declaration (&ps);
      if (r < 0)
        break;
    }

  d_parser_fini (&ps);
  return r;
}
