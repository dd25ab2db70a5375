/* SPDX-License-Identifier: MIT */
/*
 * lexer.c — the D tokenizer, shared by provider definitions and D programs.
 *
 * A hand-written scanner over an in-memory buffer (never NUL-terminated:
 * every access is bounded by ->end).  It knows the whole D token set:
 * identifiers and keywords, integer/float/char/string literals, every C/D
 * operator, `@aggregations`, `$macro` variables and the backquote.
 *
 * Lines whose first non-blank character is `#` are directives, handled here
 * so that the parser never sees them: cpp line markers (`# N "file" flags`,
 * `#line N "file"`) move ->file/->line so that every token keeps its ORIGINAL
 * position; `#pragma D ...` comes back as one DT_PRAGMA token; every other
 * `#` line (`#include`, `#define`, `#if` without -C, libvirt's `# file:`
 * notes, a `#!` line) is skipped.  Comments and backslash-newline splices are
 * honoured inside directives as cpp does.
 *
 * Malformed input never stops the lexer: a bad literal or a stray byte is a
 * DT_INVALID token carrying a reason, and the parser decides whether that
 * matters (it does not inside C declarations that provider mode skips).  The
 * only fatal lexical error is an unterminated comment, reported at the line
 * where the comment started.
 */
#include "dlang/lexer.h"
#include "dlang/source.h"
#include "common/diag.h"
#include "common/xalloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Token tables.                                                        */

struct d_spelling {
  const char *s;
  enum d_tok kind;
};

#define D_KW_ENTRY(e, s) { s, DT_KW_##e },
static const struct d_spelling d_keywords[] = { D_KEYWORDS (D_KW_ENTRY) };
#undef D_KW_ENTRY

#define D_P_ENTRY(e, s) { s, DT_##e },
static const struct d_spelling d_punctuators[] = { D_PUNCTUATORS (D_P_ENTRY) };
#undef D_P_ENTRY

#define D_NELEM(a) (sizeof (a) / sizeof ((a)[0]))

const char *
d_tok_spelling (enum d_tok kind)
{
  size_t i;

  if (d_tok_is_keyword (kind))
    return d_keywords[kind - D_TOK_FIRST_KW].s;
  for (i = 0; i < D_NELEM (d_punctuators); i++)
    if (d_punctuators[i].kind == kind)
      return d_punctuators[i].s;
  return NULL;
}

const char *
d_tok_kind_name (enum d_tok kind)
{
  switch (kind)
    {
    case DT_EOF: return "end of file";
    case DT_ERROR: return "error";
    case DT_INVALID: return "invalid token";
    case DT_IDENT: return "identifier";
    case DT_MACROVAR: return "macro variable";
    case DT_AGGVAR: return "aggregation";
    case DT_INT: return "integer constant";
    case DT_FLOAT: return "floating-point constant";
    case DT_CHAR: return "character constant";
    case DT_STRING: return "string constant";
    case DT_PRAGMA: return "#pragma";
    default:
      if (d_tok_is_keyword (kind))
        return "keyword";
      return "punctuator";
    }
}

void
d_token_fini (struct d_token *tok)
{
  free (tok->value);
  memset (tok, 0, sizeof *tok);
}

char *
d_token_text (const struct d_token *tok)
{
  return xstrndup (tok->text, tok->len);
}

/* ------------------------------------------------------------------ */
/* Character classes (ASCII only: the C library's are locale-dependent). */

static int is_alpha_ (int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit (int c) { return c >= '0' && c <= '9'; }
static int is_xdigit_ (int c) { return is_digit (c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_ident_char (int c) { return is_alpha_ (c) || is_digit (c) || c == '$'; }
static int is_blank (int c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

static int
xdigit_value (int c)
{
  if (is_digit (c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

/* ------------------------------------------------------------------ */
/* Scanner state helpers.                                               */

void
d_lexer_init (struct d_lexer *lx, struct d_program *prog, const char *file,
              const char *text, size_t len)
{
  memset (lx, 0, sizeof *lx);
  lx->prog = prog;
  lx->buf = text ? text : "";
  lx->end = lx->buf + (text ? len : 0);
  lx->p = lx->buf;
  lx->file = d_program_intern_file (prog, file, strlen (file));
  lx->line = 1;
  lx->line_start = lx->buf;
  lx->bol = 1;
  /* A UTF-8 byte order mark is not part of the text. */
  if (lx->end - lx->p >= 3 && memcmp (lx->p, "\xef\xbb\xbf", 3) == 0)
    lx->p += 3, lx->line_start = lx->p;
}

static int
peekc (const struct d_lexer *lx, size_t k)
{
  return lx->p + k < lx->end ? (unsigned char) lx->p[k] : -1;
}

/* Consume the '\n' at lx->p. */
static void
newline (struct d_lexer *lx)
{
  lx->p++;
  lx->line++;
  lx->line_start = lx->p;
}

/* At a backslash: if it starts a line splice ("\\\n" or "\\\r\n"), consume it
 * and return 1. */
static int
splice (struct d_lexer *lx)
{
  if (peekc (lx, 0) != '\\')
    return 0;
  if (peekc (lx, 1) == '\n')
    {
      lx->p++;
      newline (lx);
      return 1;
    }
  if (peekc (lx, 1) == '\r' && peekc (lx, 2) == '\n')
    {
      lx->p += 2;
      newline (lx);
      return 1;
    }
  return 0;
}

/* At "/ *": skip the comment.  Returns -1 (reported) when unterminated. */
static int
skip_block_comment (struct d_lexer *lx)
{
  int start_line = lx->line;
  const char *start_file = lx->file;

  lx->p += 2;
  while (lx->p < lx->end)
    {
      if (*lx->p == '*' && peekc (lx, 1) == '/')
        {
          lx->p += 2;
          return 0;
        }
      if (*lx->p == '\n')
        newline (lx);
      else
        lx->p++;
    }
  if (lx->report)
    {
      struct d_loc loc = { start_file, start_line, 0 };
      lx->report (lx->report_ctx, &loc, "unterminated comment");
    }
  else
    diag_error_at (start_file, start_line, "unterminated comment");
  return -1;
}

/* At "//": skip to the end of the line (the '\n' is left), splices included. */
static void
skip_line_comment (struct d_lexer *lx)
{
  while (lx->p < lx->end && *lx->p != '\n')
    {
      if (!splice (lx))
        lx->p++;
    }
}

static void
set_loc (const struct d_lexer *lx, struct d_token *tok, const char *start)
{
  tok->text = start;
  tok->loc.file = lx->file;
  tok->loc.line = lx->line;
  tok->loc.column = (int) (start - lx->line_start) + 1;
}

/* ------------------------------------------------------------------ */
/* Directives.                                                          */

/* Collect the logical line after '#' into B (comments become one blank;
 * quoted text is kept as is); stop before the terminating '\n'.  Returns -1
 * on an unterminated comment (reported). */
static int
collect_directive (struct d_lexer *lx, struct d_buf *b)
{
  while (lx->p < lx->end && *lx->p != '\n')
    {
      int c = (unsigned char) *lx->p;

      if (splice (lx))
        continue;
      if (c == '/' && peekc (lx, 1) == '*')
        {
          if (skip_block_comment (lx) < 0)
            return -1;
          d_buf_putc (b, ' ');
          continue;
        }
      if (c == '/' && peekc (lx, 1) == '/')
        {
          skip_line_comment (lx);
          break;
        }
      if (c == '"' || c == '\'')
        {
          /* A quoted run never crosses a line; it hides comment openers. */
          d_buf_putc (b, (char) c);
          lx->p++;
          while (lx->p < lx->end && *lx->p != '\n')
            {
              if (splice (lx))
                continue;
              if (*lx->p == '\\' && lx->p + 1 < lx->end && lx->p[1] != '\n')
                {
                  d_buf_putc (b, *lx->p++);
                  d_buf_putc (b, *lx->p++);
                  continue;
                }
              d_buf_putc (b, *lx->p);
              if (*lx->p++ == c)
                break;
            }
          continue;
        }
      d_buf_putc (b, (char) c);
      lx->p++;
    }
  if (!b->s)
    d_buf_putc (b, ' ');
  return 0;
}

/* Parse "N [\"file\"]..." at S (a line marker's operands).  Applies it and
 * returns 1 when well formed, else 0 (the line is then just skipped). */
static int
apply_line_marker (struct d_lexer *lx, const char *s)
{
  long n = 0;
  struct d_buf name = { 0 };

  while (*s == ' ' || *s == '\t')
    s++;
  if (!is_digit ((unsigned char) *s))
    return 0;
  while (is_digit ((unsigned char) *s))
    {
      n = n * 10 + (*s++ - '0');
      if (n > INT_MAX / 2)
        return 0;
    }
  if (*s && *s != ' ' && *s != '\t')
    return 0;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s == '"')
    {
      s++;
      while (*s && *s != '"')
        {
          if (*s == '\\' && s[1])
            {
              s++;
              if (*s >= '0' && *s <= '7')
                {
                  int v = 0, k;
                  for (k = 0; k < 3 && *s >= '0' && *s <= '7'; k++)
                    v = v * 8 + (*s++ - '0');
                  d_buf_putc (&name, (char) v);
                  continue;
                }
            }
          d_buf_putc (&name, *s++);
        }
      if (*s != '"')
        {
          free (name.s);
          return 0;
        }
      lx->file = d_program_intern_file (lx->prog, name.s ? name.s : "", name.len);
      free (name.s);
    }
  /* The line after the marker is line N. */
  lx->line = (int) n - 1;
  return 1;
}

/* At '#' at the beginning of a line.  Returns 1 with a DT_PRAGMA in *TOK,
 * 0 when the directive was consumed silently, -1 on a fatal error. */
static int
directive (struct d_lexer *lx, struct d_token *tok)
{
  struct d_buf b = { 0 };
  const char *hash = lx->p;
  int line = lx->line, column = (int) (hash - lx->line_start) + 1;
  const char *file = lx->file;
  const char *s;
  size_t wl;

  lx->p++;
  if (collect_directive (lx, &b) < 0)
    {
      free (b.s);
      return -1;
    }
  s = b.s;
  while (*s == ' ' || *s == '\t' || *s == '\f' || *s == '\v' || *s == '\r')
    s++;
  for (wl = 0; is_alpha_ ((unsigned char) s[wl]); wl++)
    ;
  if (is_digit ((unsigned char) *s))
    apply_line_marker (lx, s);
  else if (wl == 4 && strncmp (s, "line", 4) == 0)
    apply_line_marker (lx, s + 4);
  else if (wl == 6 && strncmp (s, "pragma", 6) == 0)
    {
      const char *t = s + 6;
      struct d_buf v = { 0 };
      int blank = 0;

      while (is_blank ((unsigned char) *t))
        t++;
      if (t[0] == 'D' && (t[1] == '\0' || is_blank ((unsigned char) t[1])))
        {
          /* Keep "D ..." with runs of blanks collapsed and ends trimmed. */
          for (; *t; t++)
            {
              if (is_blank ((unsigned char) *t))
                blank = 1;
              else
                {
                  if (blank && v.len)
                    d_buf_putc (&v, ' ');
                  blank = 0;
                  d_buf_putc (&v, *t);
                }
            }
          memset (tok, 0, sizeof *tok);
          tok->kind = DT_PRAGMA;
          tok->text = hash;
          tok->len = (size_t) (lx->p - hash);
          tok->loc.file = file;
          tok->loc.line = line;
          tok->loc.column = column;
          tok->value = v.s;
          tok->vlen = v.len;
          free (b.s);
          return 1;
        }
    }
  free (b.s);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Literals.                                                            */

/* Decode the escape sequence whose backslash is at lx->p; returns its byte
 * value. */
static int
decode_escape (struct d_lexer *lx)
{
  int c;

  lx->p++;                      /* the backslash */
  if (lx->p >= lx->end)
    return '\\';
  c = (unsigned char) *lx->p++;
  switch (c)
    {
    case 'n': return '\n';
    case 't': return '\t';
    case 'v': return '\v';
    case 'b': return '\b';
    case 'r': return '\r';
    case 'f': return '\f';
    case 'a': return '\a';
    case 'x':
      {
        int v = 0, any = 0;
        while (lx->p < lx->end && is_xdigit_ ((unsigned char) *lx->p))
          {
            v = (v * 16 + xdigit_value ((unsigned char) *lx->p++)) & 0xff;
            any = 1;
          }
        return any ? v : 'x';
      }
    default:
      if (c >= '0' && c <= '7')
        {
          int v = c - '0', k;
          for (k = 1; k < 3 && lx->p < lx->end && *lx->p >= '0' && *lx->p <= '7'; k++)
            v = v * 8 + (*lx->p++ - '0');
          return v & 0xff;
        }
      return c;                 /* \\ \' \" \? and, leniently, anything else */
    }
}

/* At '"' or '\''. */
static void
lex_quoted (struct d_lexer *lx, struct d_token *tok)
{
  int q = (unsigned char) *lx->p;
  struct d_buf v = { 0 };
  int terminated = 0;
  size_t nchars = 0;
  uint64_t cv = 0;

  lx->p++;
  while (lx->p < lx->end && *lx->p != '\n')
    {
      int c;

      if (splice (lx))
        continue;
      c = (unsigned char) *lx->p;
      if (c == q)
        {
          lx->p++;
          terminated = 1;
          break;
        }
      if (c == '\\')
        c = decode_escape (lx);
      else
        lx->p++;
      d_buf_putc (&v, (char) c);
      cv = (cv << 8) | (unsigned) (c & 0xff);
      nchars++;
    }
  tok->len = (size_t) (lx->p - tok->text);
  if (!terminated)
    {
      free (v.s);
      tok->kind = DT_INVALID;
      tok->msg = q == '"' ? "unterminated string constant" : "unterminated character constant";
      return;
    }
  if (q == '"')
    {
      tok->kind = DT_STRING;
      if (!v.s)
        v.s = xstrdup ("");
      tok->value = v.s;
      tok->vlen = v.len;
      return;
    }
  free (v.s);
  if (nchars == 0 || nchars > 8)
    {
      tok->kind = DT_INVALID;
      tok->msg = nchars ? "character constant too long" : "empty character constant";
      return;
    }
  tok->kind = DT_CHAR;
  tok->ival = cv;
}

/* At a digit, or '.' followed by a digit. */
static void
lex_number (struct d_lexer *lx, struct d_token *tok)
{
  const char *s = lx->p, *q = s;
  int is_float = 0, base = 10;
  uint64_t v = 0;
  int overflow = 0, bad_digit = 0;

  if (q[0] == '0' && q + 1 < lx->end && (q[1] == 'x' || q[1] == 'X')
      && q + 2 < lx->end && is_xdigit_ ((unsigned char) q[2]))
    {
      base = 16;
      q += 2;
      while (q < lx->end && is_xdigit_ ((unsigned char) *q))
        {
          if (v > (UINT64_MAX >> 4))
            overflow = 1;
          v = (v << 4) | (uint64_t) xdigit_value ((unsigned char) *q++);
        }
    }
  else
    {
      const char *d = q;

      while (q < lx->end && is_digit ((unsigned char) *q))
        q++;
      if (q < lx->end && *q == '.')
        {
          is_float = 1;
          q++;
          while (q < lx->end && is_digit ((unsigned char) *q))
            q++;
        }
      if (q < lx->end && (*q == 'e' || *q == 'E'))
        {
          const char *e = q + 1;
          if (e < lx->end && (*e == '+' || *e == '-'))
            e++;
          if (e < lx->end && is_digit ((unsigned char) *e))
            {
              is_float = 1;
              q = e;
              while (q < lx->end && is_digit ((unsigned char) *q))
                q++;
            }
        }
      if (!is_float)
        {
          base = (*d == '0') ? 8 : 10;
          for (; d < q; d++)
            {
              unsigned dv = (unsigned) (*d - '0');
              if (dv >= (unsigned) base)
                bad_digit = 1;
              if (v > (UINT64_MAX - dv) / (unsigned) base)
                overflow = 1;
              v = v * (unsigned) base + dv;
            }
        }
    }

  if (is_float)
    {
      char tmp[128];
      size_t n = (size_t) (q - s);

      if (q < lx->end && (*q == 'f' || *q == 'F' || *q == 'l' || *q == 'L'))
        q++;
      tok->kind = DT_FLOAT;
      if (n >= sizeof tmp)
        n = sizeof tmp - 1;
      memcpy (tmp, s, n);
      tmp[n] = '\0';
      tok->fval = strtod (tmp, NULL);
    }
  else
    {
      unsigned flags = 0;
      int nl = 0, nu = 0;

      while (q < lx->end && (*q == 'u' || *q == 'U' || *q == 'l' || *q == 'L'))
        {
          if (*q == 'u' || *q == 'U')
            nu++;
          else
            nl++;
          q++;
        }
      if (nu)
        flags |= D_INT_UNSIGNED;
      if (nl == 1)
        flags |= D_INT_LONG;
      else if (nl == 2)
        flags |= D_INT_LONGLONG;
      tok->kind = DT_INT;
      tok->ival = v;
      tok->iflags = flags;
      if (nu > 1 || nl > 2)
        tok->kind = DT_INVALID, tok->msg = "invalid suffix on integer constant";
      else if (bad_digit)
        tok->kind = DT_INVALID, tok->msg = "invalid digit in octal constant";
      else if (overflow)
        tok->kind = DT_INVALID, tok->msg = "integer constant is too large";
    }
  /* "123abc": the whole run is one bad token. */
  if (q < lx->end && (is_ident_char ((unsigned char) *q) || *q == '.'))
    {
      while (q < lx->end && (is_ident_char ((unsigned char) *q) || *q == '.'))
        q++;
      tok->kind = DT_INVALID;
      tok->msg = "invalid numeric constant";
    }
  lx->p = q;
  tok->len = (size_t) (q - s);
}

static enum d_tok
keyword_kind (const char *s, size_t n)
{
  size_t i;

  for (i = 0; i < D_NELEM (d_keywords); i++)
    if (strlen (d_keywords[i].s) == n && memcmp (d_keywords[i].s, s, n) == 0)
      return d_keywords[i].kind;
  return DT_IDENT;
}

/* ------------------------------------------------------------------ */
/* The scanner.                                                         */

void
d_lexer_next (struct d_lexer *lx, struct d_token *tok)
{
  memset (tok, 0, sizeof *tok);
  if (lx->failed)
    {
      set_loc (lx, tok, lx->p);
      tok->kind = DT_ERROR;
      return;
    }

  for (;;)
    {
      int c;

      if (lx->p >= lx->end)
        {
          set_loc (lx, tok, lx->p);
          tok->kind = DT_EOF;
          return;
        }
      c = (unsigned char) *lx->p;
      if (c == '\n')
        {
          newline (lx);
          lx->bol = 1;
          continue;
        }
      if (is_blank (c))
        {
          lx->p++;
          continue;
        }
      if (splice (lx))
        continue;
      if (c == '/' && peekc (lx, 1) == '*')
        {
          if (skip_block_comment (lx) < 0)
            {
              lx->failed = 1;
              set_loc (lx, tok, lx->p);
              tok->kind = DT_ERROR;
              return;
            }
          continue;
        }
      if (c == '/' && peekc (lx, 1) == '/')
        {
          skip_line_comment (lx);
          continue;
        }
      if (c == '#' && lx->bol)
        {
          int r = directive (lx, tok);
          if (r < 0)
            {
              lx->failed = 1;
              set_loc (lx, tok, lx->p);
              tok->kind = DT_ERROR;
              return;
            }
          if (r > 0)
            return;
          continue;
        }
      break;
    }

  lx->bol = 0;
  set_loc (lx, tok, lx->p);
  {
    int c = (unsigned char) *lx->p;

    if (is_alpha_ (c))
      {
        const char *q = lx->p;
        while (q < lx->end && is_ident_char ((unsigned char) *q))
          q++;
        tok->len = (size_t) (q - lx->p);
        tok->kind = keyword_kind (lx->p, tok->len);
        lx->p = q;
        return;
      }
    if (is_digit (c) || (c == '.' && is_digit (peekc (lx, 1))))
      {
        lex_number (lx, tok);
        return;
      }
    if (c == '"' || c == '\'')
      {
        lex_quoted (lx, tok);
        return;
      }
    if (c == '$')
      {
        const char *q = lx->p + 1;
        if (q < lx->end && *q == '$')
          q++;
        if (q < lx->end && is_digit ((unsigned char) *q))
          {
            while (q < lx->end && is_digit ((unsigned char) *q))
              q++;
          }
        else if (q < lx->end && is_alpha_ ((unsigned char) *q))
          {
            while (q < lx->end && (is_alpha_ ((unsigned char) *q) || is_digit ((unsigned char) *q)))
              q++;
          }
        else
          {
            lx->p++;
            tok->len = 1;
            tok->kind = DT_INVALID;
            tok->msg = "stray '$'";
            return;
          }
        tok->kind = DT_MACROVAR;
        tok->len = (size_t) (q - lx->p);
        lx->p = q;
        return;
      }
    if (c == '@')
      {
        const char *q = lx->p + 1;
        if (q < lx->end && is_alpha_ ((unsigned char) *q))
          while (q < lx->end && (is_alpha_ ((unsigned char) *q) || is_digit ((unsigned char) *q)))
            q++;
        tok->kind = DT_AGGVAR;
        tok->len = (size_t) (q - lx->p);
        lx->p = q;
        return;
      }
    /* Punctuators: longest match first. */
    {
      size_t want, i;
      for (want = 3; want >= 1; want--)
        {
          if ((size_t) (lx->end - lx->p) < want)
            continue;
          for (i = 0; i < D_NELEM (d_punctuators); i++)
            if (strlen (d_punctuators[i].s) == want
                && memcmp (d_punctuators[i].s, lx->p, want) == 0)
              {
                tok->kind = d_punctuators[i].kind;
                tok->len = want;
                lx->p += want;
                return;
              }
        }
    }
    lx->p++;
    tok->len = 1;
    tok->kind = DT_INVALID;
    tok->msg = c == '\\' ? "stray '\\'" : "invalid character";
  }
}
