/*
 * d-internal.h — private declarations shared by the D front end's files.
 *
 * Layering: lexer.c turns text into tokens (it knows cpp line markers and
 * `#pragma D`, nothing about grammar); parser.c is a recursive-descent parser
 * pulling tokens through a small lookahead buffer; program.c owns the result
 * (struct d_program), its file-name pool and the merging of providers;
 * cpp.c runs the C preprocessor for -C.
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
#ifndef SDTKIT_D_INTERNAL_H
#define SDTKIT_D_INTERNAL_H

#include "provider-compiler/provider-compiler.h"
#include "common/diag.h"

#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Tokens.                                                              */

/* Keywords: enum suffix, spelling. */
#define D_KEYWORDS(X) \
  X (AUTO, "auto") X (BREAK, "break") X (CASE, "case") X (CHAR, "char") \
  X (CONST, "const") X (CONTINUE, "continue") X (COUNTER, "counter") \
  X (DEFAULT, "default") X (DO, "do") X (DOUBLE, "double") X (ELSE, "else") \
  X (ENUM, "enum") X (EXTERN, "extern") X (FLOAT, "float") X (FOR, "for") \
  X (GOTO, "goto") X (IF, "if") X (IMPORT, "import") X (INLINE, "inline") \
  X (INT, "int") X (LONG, "long") X (OFFSETOF, "offsetof") X (PROBE, "probe") \
  X (PROVIDER, "provider") X (REGISTER, "register") X (RESTRICT, "restrict") \
  X (RETURN, "return") X (SELF, "self") X (SHORT, "short") X (SIGNED, "signed") \
  X (SIZEOF, "sizeof") X (STATIC, "static") X (STRING, "string") \
  X (STRINGOF, "stringof") X (STRUCT, "struct") X (SWITCH, "switch") \
  X (THIS, "this") X (TRANSLATOR, "translator") X (TYPEDEF, "typedef") \
  X (UNION, "union") X (UNSIGNED, "unsigned") X (USERLAND, "userland") \
  X (VOID, "void") X (VOLATILE, "volatile") X (WHILE, "while") X (XLATE, "xlate")

/* Operators and punctuation: enum suffix, spelling. */
#define D_PUNCTUATORS(X) \
  X (LBRACKET, "[") X (RBRACKET, "]") X (LPAREN, "(") X (RPAREN, ")") \
  X (LBRACE, "{") X (RBRACE, "}") X (DOT, ".") X (ELLIPSIS, "...") \
  X (ARROW, "->") X (INC, "++") X (DEC, "--") X (AMP, "&") X (STAR, "*") \
  X (PLUS, "+") X (MINUS, "-") X (TILDE, "~") X (BANG, "!") X (SLASH, "/") \
  X (PERCENT, "%") X (SHL, "<<") X (SHR, ">>") X (LT, "<") X (GT, ">") \
  X (LE, "<=") X (GE, ">=") X (EQ, "==") X (NE, "!=") X (CARET, "^") \
  X (PIPE, "|") X (ANDAND, "&&") X (OROR, "||") X (XORXOR, "^^") \
  X (QUESTION, "?") X (COLON, ":") X (SEMI, ";") X (COMMA, ",") \
  X (ASSIGN, "=") X (MUL_ASSIGN, "*=") X (DIV_ASSIGN, "/=") \
  X (MOD_ASSIGN, "%=") X (ADD_ASSIGN, "+=") X (SUB_ASSIGN, "-=") \
  X (SHL_ASSIGN, "<<=") X (SHR_ASSIGN, ">>=") X (AND_ASSIGN, "&=") \
  X (XOR_ASSIGN, "^=") X (OR_ASSIGN, "|=") X (BACKQUOTE, "`") X (HASH, "#")

enum d_tok {
  DT_EOF = 0,
  DT_ERROR,       /* fatal lexical error, already reported (unterminated comment) */
  DT_INVALID,     /* a malformed token; ->msg says why (the parser decides) */
  DT_IDENT,       /* [A-Za-z_][A-Za-z0-9_$]* */
  DT_MACROVAR,    /* $1, $target, $pid, $$1 (text includes the `$`s) */
  DT_AGGVAR,      /* @name or a lone @ (text includes the `@`) */
  DT_INT,         /* ->ival, ->iflags */
  DT_FLOAT,       /* ->fval */
  DT_CHAR,        /* 'c': ->ival */
  DT_STRING,      /* "...": decoded ->value (NUL-terminated), ->vlen */
  DT_PRAGMA,      /* #pragma D ...: ->value "D option quiet" (blanks collapsed) */
#define D_TOK_KW_ENUM(e, s) DT_KW_##e,
  D_KEYWORDS (D_TOK_KW_ENUM)
#undef D_TOK_KW_ENUM
#define D_TOK_P_ENUM(e, s) DT_##e,
  D_PUNCTUATORS (D_TOK_P_ENUM)
#undef D_TOK_P_ENUM
  DT_COUNT
};

#define D_TOK_FIRST_KW DT_KW_AUTO
#define D_TOK_LAST_KW DT_KW_XLATE

/* Integer suffix flags (DT_INT). */
#define D_INT_UNSIGNED 1u
#define D_INT_LONG 2u
#define D_INT_LONGLONG 4u

struct d_token {
  enum d_tok kind;
  const char *text;     /* source spelling (points into the lexed buffer) */
  size_t len;
  struct d_loc loc;     /* where the token starts */
  uint64_t ival;        /* DT_INT, DT_CHAR */
  unsigned iflags;      /* DT_INT: D_INT_* */
  double fval;          /* DT_FLOAT */
  char *value;          /* DT_STRING / DT_PRAGMA: owned, NUL-terminated */
  size_t vlen;
  const char *msg;      /* DT_INVALID: static reason */
};

/* "identifier", "keyword", "end of file"... for messages (static). */
const char *d_tok_kind_name (enum d_tok kind);
/* Spelling of keywords and punctuators; NULL for the other kinds. */
const char *d_tok_spelling (enum d_tok kind);
static inline int d_tok_is_keyword (enum d_tok k)
{ return k >= D_TOK_FIRST_KW && k <= D_TOK_LAST_KW; }
/* Identifier or keyword: anything spelt like a name. */
static inline int d_tok_is_word (enum d_tok k)
{ return k == DT_IDENT || d_tok_is_keyword (k); }
/* Free what a token owns and clear it. */
void d_token_fini (struct d_token *tok);

/* ------------------------------------------------------------------ */
/* Lexer (lexer.c).                                                     */

struct d_lexer {
  struct d_program *prog;   /* file names are interned here */
  const char *buf, *end, *p;
  const char *file;         /* current file (pool string) */
  int line;                 /* current line */
  const char *line_start;   /* for columns */
  int bol;                  /* only blanks since the start of the line */
  int failed;               /* a DT_ERROR was returned */
  /* When set, the fatal lexical error (unterminated comment) is reported
   * through this instead of diag_error_at (D programs use DTrace's shape). */
  void (*report) (void *ctx, const struct d_loc *loc, const char *msg);
  void *report_ctx;
};

/* Lex TEXT[0..LEN) whose first line is line 1 of FILE (interned in PROG). */
void d_lexer_init (struct d_lexer *lx, struct d_program *prog, const char *file,
                   const char *text, size_t len);
/* Next token into *TOK (the caller owns it: d_token_fini).  After DT_EOF or
 * DT_ERROR every further call returns the same kind again. */
void d_lexer_next (struct d_lexer *lx, struct d_token *tok);

/* ------------------------------------------------------------------ */
/* Program building (program.c).                                        */

/* Intern a file name in PROG's pool; the result lives as long as PROG. */
const char *d_program_intern_file (struct d_program *prog, const char *name, size_t len);
/* The provider named NAME, created (at LOC) when new. */
struct d_provider *d_program_provider (struct d_program *prog, const char *name,
                                       const struct d_loc *loc, int *created);
/* Add *PROBE (moved, then cleared) to PROV.  A redeclaration with the same
 * argument types is dropped; a different arity is an error (reported, -1);
 * the same arity with other types gives a warning and keeps the first. */
int d_provider_add_probe (struct d_provider *prov, struct d_probe_decl *probe);
void d_probe_decl_fini (struct d_probe_decl *probe);
void d_params_free (struct d_param *params, size_t n);
/* Record a `#pragma D` (TEXT is moved into PROG). */
void d_program_add_pragma (struct d_program *prog, char *text, const struct d_loc *loc);

/* Read all of PATH (NUL-terminated, *LEN set), or NULL after reporting
 * "failed to open PATH: reason". */
char *d_read_file (const char *path, size_t *len);

/* ------------------------------------------------------------------ */
/* Parser (parser.c).                                                   */

/* Lookahead depth: casts need "( unsigned long long * )" and a few more. */
#define D_LA_SIZE 32

/* The parser state, shared by the provider grammar (parser.c) and the D
 * program grammar (d-script.c). */
struct d_parser {
  struct d_lexer lx;
  struct d_program *prog;
  enum d_parse_mode mode;
  struct d_clauses *clauses;    /* outline of clauses (d_parse_text), or NULL */
  /* D programs (d-script.c). */
  struct d_script *script;      /* set: `#pragma D option` lines become DD_OPTION decls */
  const char *errprefix;        /* "failed to compile script x.d", "invalid probe specifier ..." */
  const char *main_file;        /* pool name of the text parsed; other files are named in errors */
  bool string_input;            /* -n text: an error on its line 1 has no "line 1: " */
  bool in_pred;                 /* a `/` before `{`, `;`, `/` or the end closes the predicate */
  int depth;                    /* recursion guard */
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

/* D programs (d-script.c): a `#pragma D` line seen while parsing a script
 * (TEXT is moved); drop the DD_OPTION decls past N. */
void d_script_take_pragma (struct d_parser *ps, char *text, const struct d_loc *loc);
void d_script_truncate_decls (struct d_script *s, size_t n);

/* A D clause seen by d_parse_text in D_PARSE_PROGRAM mode: an outline only
 * (the full AST of a D program is struct d_script, from d_parse_script_*). */
struct d_clause {
  size_t ndescs;
  char **descs;             /* probe descriptions, raw source text: "syscall::open*:entry" */
  bool has_predicate;
  bool has_body;            /* false: a lone description at end of file (old CPython `BEGIN`) */
  struct d_loc loc;
};

struct d_clauses {
  size_t n;
  struct d_clause *v;
};

void d_clauses_free (struct d_clauses *clauses);

/* Parse TEXT into PROG (whose file pool already holds NAME).  Clauses of a
 * D program are outlined into *CLAUSES when it is not NULL.  Returns 0, or
 * -1 after reporting an error; PROG (and CLAUSES) must then be freed. */
int d_parse_text (struct d_program *prog, const char *name, const char *text,
                  size_t len, enum d_parse_mode mode, struct d_clauses *clauses);

/* Split one parameter declaration (tokens TOKS[0..N)) into text/type/name
 * (exposed for the tests and for the consumer's casts).  N > 0. */
void d_param_from_tokens (const struct d_token *toks, size_t n, struct d_param *out);

/* ------------------------------------------------------------------ */
/* cpp (cpp.c).                                                         */

/* Split S into words like a POSIX shell would (blanks separate; '...',
 * "..." and backslash quote; no expansions).  Returns the number of words
 * (NULL-terminated *WORDS, free with d_words_free), or -1 on an
 * unterminated quote. */
int d_split_words (const char *s, char ***words);
void d_words_free (char **words);

/* Both headers' include guard: "_PROBES_H_TMP" from ".../probes.h.tmp"
 * (header-gen.c; malloc'd). */
char *d_header_guard_name (const char *output);

#endif
