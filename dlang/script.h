/* SPDX-License-Identifier: MIT */
/*
 * script.h — what the two halves of the D program grammar share:
 * script-expr.c (DTrace-style errors, the recursion guard, type names and
 * expressions) below script.c (statements, clauses, declarations and the
 * program), which calls it and is never called by it.
 */
#ifndef SDTKIT_DLANG_SCRIPT_H
#define SDTKIT_DLANG_SCRIPT_H

#include "dlang/parser.h"
#include "common/diag.h"

/* "ERRPREFIX: line N: MESSAGE" (see script-expr.c for the forms). */
void d_script_error (struct d_parser *ps, const struct d_loc *loc, const char *fmt, ...)
  DIAG_PRINTF (3, 4);
/* "syntax error near ..." at T (nothing when T is a lexical error already
 * reported).  Returns -1. */
int d_script_syntax_error (struct d_parser *ps, const struct d_token *t);
/* Expect KIND at lookahead 0 and consume it; else a syntax error (-1). */
int d_script_expect (struct d_parser *ps, enum d_tok kind);
/* The recursion guard of expressions and statements: 0, or -1 after
 * "program is nested too deeply"; each successful enter needs a leave. */
int d_script_enter (struct d_parser *ps);
void d_script_leave (struct d_parser *ps);

/* An expression (an assignment expression: no comma operator), or NULL
 * after reporting. */
struct d_node *d_script_expr (struct d_parser *ps);

/* A type name at lookahead 0 followed by CLOSER (left as lookahead 0):
 * its normalised spelling, or NULL after a syntax error. */
struct d_type_name *d_script_type_name (struct d_parser *ps, enum d_tok closer);

/* script-decl.c: at "typedef", or at "struct"/"union"/"enum" with a body:
 * the definition (DD_TYPEDEF, DD_STRUCT ... decls), its declarators
 * variables of kind VAR_KIND (DD_GLOBAL; DD_SELF or DD_THIS after "self" or
 * "this").  0, or -1 after an error. */
int d_script_type_definition (struct d_parser *ps, enum d_decl_kind var_kind);
/* At "struct"/"union"/"enum": is a body next (a definition, not a use)? */
int d_script_at_type_body (struct d_parser *ps);

static inline struct d_token *
d_peek0 (struct d_parser *ps)
{
  return d_parser_peek (ps, 0);
}

#endif
