/* SPDX-License-Identifier: MIT */
/*
 * parser.h — the parser of the D front end: the token stream, the provider
 * grammar and lenient skipping (parser.c), and the D program grammar
 * (script-expr.c, script.c, through dlang/script.h).
 *
 * Layering.  The front end is four layers; each calls only the ones below
 * it (and common/), never up:
 *
 *   4. entry points  parse.c: d_parse_file/_string, d_parse_script_file/_string
 *                    (read or preprocess the text, run a parser, clean up)
 *   3. parser        parser.c (token stream, providers, parameters, outline
 *                    clauses) <- script-expr.c (expressions, type names,
 *                    DTrace-style errors) <- script.c (statements, clauses,
 *                    declarations, the program)
 *   2. lexer         lexer.c: text to tokens (dlang/lexer.h)
 *      builders      program.c (provider model), ast.c (syntax tree):
 *                    dlang/build.h; they know no tokens and no grammar
 *   1. source        source.c (bounded reading, file-name pool, byte
 *                    buffer), cpp.c (-C): dlang/source.h
 *
 * The lexer and the builders are side by side: neither calls the other.
 * The one call that runs against the arrows is a callback the parser hands
 * the lexer (struct d_lexer ->report) so that an unterminated comment in a
 * D program is reported in DTrace's shape; the lexer does not know who it
 * calls.  The public headers are dlang/dlang.h (model, entry points) and
 * dlang/ast.h (tree).
 *
 * Normalised spelling of probe parameters (struct d_param), used for both
 * ->text and ->type.  Tokens keep their source spelling and are separated by
 * one blank, except:
 *   - a `*` follows `(` or another `*` directly, and nothing is put between a
 *     `*` and the token after it:   "char *", "void **", "char *key",
 *     "int *const p", "void (*cb)(int)";
 *   - no blank after `(` or `[`, none before `)`, `]` or `,`;
 *   - `[` attaches to the declared name, to `]` and to `)`; `(` attaches to
 *     `)`:  "int x[4]", "char *[2]", "void (*)(int, char *)".
 * ->type is the same token list without the declared name:
 *   text "const char *key"   type "const char *"   name "key"
 *   text "unsigned long long" type "unsigned long long" name NULL
 *   text "int x[4]"          type "int [4]"        name "x"
 *   text "void (*cb)(int)"   type "void (*)(int)"  name "cb"
 *   text "struct st_x *sock" type "struct st_x *"  name "sock"
 */
#ifndef SDTKIT_DLANG_PARSER_H
#define SDTKIT_DLANG_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "dlang/build.h"
#include "dlang/lexer.h"
#include "common/strset.h"

/* Lookahead depth: casts need "( unsigned long long * )" and a few more. */
#define D_LA_SIZE 32

/* The parser state, shared by the provider grammar (parser.c) and the D
 * program grammar (script*.c). */
struct d_parser {
  struct d_lexer lx;
  struct d_program *prog;
  enum d_parse_mode mode;
  struct d_clauses *clauses;    /* outline of clauses (d_parse_text), or NULL */
  /* D programs (script*.c). */
  struct d_script *script;      /* set: `#pragma D option` lines become DD_OPTION decls */
  const char *errprefix;        /* "failed to compile script x.d", "invalid probe specifier ..." */
  const char *main_file;        /* pool name of the text parsed; other files are named in errors */
  bool string_input;            /* -n text: an error on its line 1 has no "line 1: " */
  bool in_pred;                 /* a `/` before `{`, `;`, `/` or the end closes the predicate */
  int depth;                    /* recursion guard */
  struct strset typedef_names;  /* typedefs the program declared (casts to them) */
  /* The lookahead ring.  mark_*[slot]: how many program pragmas and script
   * decls existed right after the token in SLOT was read (for restarts). */
  struct d_token la[D_LA_SIZE];
  size_t mark_pragmas[D_LA_SIZE], mark_decls[D_LA_SIZE];
  unsigned head, count;
};

void d_parser_init (struct d_parser *ps, struct d_program *prog, const char *name,
                    const char *text, size_t len, enum d_parse_mode mode);
/* Drop the lookahead (the parser owns nothing else). */
void d_parser_fini (struct d_parser *ps);
/* Token K ahead (K < D_LA_SIZE); pragmas are taken out on the way. */
struct d_token *d_parser_peek (struct d_parser *ps, unsigned k);
void d_parser_advance (struct d_parser *ps);
/* Forget the lookahead and lex again from POS, a position on the line of
 * token 0 at or after its start (probe descriptions are scanned as raw
 * text).  Pragmas and DD_OPTION decls read after token 0 are dropped (they
 * will be read again). */
void d_parser_restart_at (struct d_parser *ps, const char *pos);
/* At `provider`: a provider declaration (rather than C using the name)? */
int d_parser_is_provider_declaration (struct d_parser *ps);
/* At `provider NAME {`: parse it into ps->prog.  0, or -1 after an error. */
int d_parser_provider (struct d_parser *ps);
/* Skip one C declaration / definition leniently (see parser.c). */
int d_parser_skip_declaration (struct d_parser *ps);

/* A list of value-less tokens copied from the lookahead (declarators,
 * parameter lists); ->value of each copy is NULL. */
struct d_tokens {
  struct d_token *v;
  size_t n, cap;
};
void d_tokens_push (struct d_tokens *tv, const struct d_token *t);

/* Split one parameter declaration (tokens TOKS[0..N)) into text/type/name,
 * in the normalised spelling above (also for D casts).  N > 0. */
void d_param_from_tokens (const struct d_token *toks, size_t n, struct d_param *out);

/* A D clause seen by d_parse_text in D_PARSE_PROGRAM mode: an outline only
 * (the full AST of a D program is struct d_script, from d_parse_script_*). */
struct d_clause {
  size_t ndescs, descs_cap;
  char **descs;             /* probe descriptions, raw source text: "syscall::open*:entry" */
  bool has_predicate;
  bool has_body;            /* false: a lone description at end of file (old CPython `BEGIN`) */
  struct d_loc loc;
};

struct d_clauses {
  size_t n;
  struct d_clause *v;
  size_t cap;
};

void d_clauses_free (struct d_clauses *clauses);

/* Parse TEXT into PROG (whose file pool already holds NAME).  Clauses of a
 * D program are outlined into *CLAUSES when it is not NULL.  Returns 0, or
 * -1 after reporting an error; PROG (and CLAUSES) must then be freed. */
int d_parse_text (struct d_program *prog, const char *name, const char *text,
                  size_t len, enum d_parse_mode mode, struct d_clauses *clauses);

/* ------------------------------------------------------------------ */
/* D programs (script.c).                                               */

/* Parse TEXT as a D program into OUT (and PROG, for its providers and
 * pragmas); errors in DTrace's shape, ERRPREFIX first (see dlang.h).
 * STRING_INPUT: -n text, whose line 1 is not named.  Returns 0, or -1 after
 * reporting; OUT is then freed (PROG is the caller's). */
int d_script_parse_text (const char *name, const char *text, size_t len, const char *errprefix,
                         bool string_input, struct d_program *prog, struct d_script *out);

#endif
