/* SPDX-License-Identifier: MIT */
/*
 * lexer.h — layer 1 of the D front end: tokens and the lexer (lexer.c).
 *
 * The lexer turns text into tokens; it knows cpp line markers and
 * `#pragma D` lines, and nothing about grammar, the parser or the trees
 * built from it (see dlang/parser.h for the layering).  It interns the file
 * names of line markers in the d_program's pool (dlang/source.h).
 */
#ifndef SDTKIT_DLANG_LEXER_H
#define SDTKIT_DLANG_LEXER_H

#include <stddef.h>
#include <stdint.h>

#include "dlang/dlang.h"

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
/* The token's source spelling (malloc'd). */
char *d_token_text (const struct d_token *tok);

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

#endif
