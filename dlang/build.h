/* SPDX-License-Identifier: MIT */
/*
 * build.h — the builders of the D front end's results: the provider model
 * (struct d_program, program.c) and the D program syntax tree (struct
 * d_script, ast.c).
 *
 * The parser calls these to record what it recognised; they know nothing of
 * tokens, the lexer or the grammar (see dlang/parser.h for the layering).
 * Every array grows with VEC_PUSH, and every builder moves what it is given.
 */
#ifndef SDTKIT_DLANG_BUILD_H
#define SDTKIT_DLANG_BUILD_H

#include "dlang/ast.h"

/* ------------------------------------------------------------------ */
/* The provider model (program.c).                                      */

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

/* ------------------------------------------------------------------ */
/* The syntax tree (ast.c).                                             */

struct d_node *d_node_new (enum d_node_kind kind, const struct d_loc *loc);
/* Append ARG to N's ->args. */
void d_node_push (struct d_node *n, struct d_node *arg);
/* A type name of spelling TEXT (moved). */
struct d_type_name *d_type_name_new (char *text);

/* *D cleared but for KIND and LOC; returns D. */
struct d_decl *d_decl_init (struct d_decl *d, enum d_decl_kind kind, const struct d_loc *loc);
/* A new declaration at the end of S (zeroed but for KIND and LOC). */
struct d_decl *d_script_add_decl (struct d_script *s, enum d_decl_kind kind,
                                  const struct d_loc *loc);
/* Free a declaration allocated on its own (and what it owns). */
void d_decl_free (struct d_decl *d);
/* Drop the declarations past the first N. */
void d_script_truncate_decls (struct d_script *s, size_t n);
/* Append *CL (moved, then cleared) to S. */
void d_script_add_clause (struct d_script *s, struct d_clause_ast *cl);
void d_clause_ast_fini (struct d_clause_ast *cl);

/* A `#pragma D` line of a D program (TEXT is moved): `D option NAME[=VALUE]
 * ...` gives one DD_OPTION decl of S per word; any other goes to PROG. */
void d_script_add_pragma (struct d_program *prog, struct d_script *s, char *text,
                          const struct d_loc *loc);

#endif
