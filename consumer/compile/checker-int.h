/* SPDX-License-Identifier: MIT */
/*
 * checker-int.h — what the checker's files share.  checker.c holds the
 * checker's state, the tables of variables and aggregations, types, the
 * clause's actions and record, statements and the entry points;
 * checker-expr.c expressions (names, built-in variables, macros,
 * subroutines, operators); checker-aggs.c aggregating functions and the
 * actions naming aggregations; checker-actions.c assignments and actions.
 */
#ifndef SDTKIT_CONSUMER_CHECKER_INT_H
#define SDTKIT_CONSUMER_CHECKER_INT_H

#include "consumer/compile/checker.h"
#include "common/diag.h"
#include "common/strset.h"

/* A named constant: an enumerator or an inline definition. */
struct ck_const {
  const char *name;
  struct dtype type;
  int64_t value;
  const char *str;             /* string inlines */
  const struct d_node *expr;   /* an inline of another expression: a copy of it
                                  stands at each use (DTrace's inlines) */
};

struct ck {
  struct dprog *prog;
  const char *errprefix;
  struct dclause *clause;      /* the clause being checked */
  int errors;
  unsigned spec_flags;         /* SPF_*: speculation rules within the clause */
  bool extern_decl;            /* an extern declaration: a function type is a type */
  struct strset externs;       /* the names extern declarations gave */
  int forward_tags;            /* in a declaration, an unknown struct or union tag
                                  names an incomplete type, as in C: 1 when pointed
                                  to (struct s *p), 2 anywhere (a typedef) */
  size_t inline_nodes;         /* nodes the uses of inlines have added */
  size_t nconsts, consts_cap;
  struct ck_const *consts;
  const struct d_node *addr_operand;   /* the operand of the & being checked */
  /* translators (checker-xlate.c): those declared, the xlate node being
   * checked as the operand of a member, the value of an inline */
  size_t nxlators, xlators_cap;
  struct ck_xlator *xlators;
  const struct d_node *xlate_use;
  bool xlate_inline;
  const struct d_script *script;   /* the script being checked */
  /* the built-in D library (checker-prelude.c), parsed on first use */
  struct d_script *prelude;
  bool prelude_tried;
};

struct ck_xlator {
  struct d_decl *decl;          /* DD_TRANSLATOR */
  const struct ctype *out;      /* the output struct or union (typedefs resolved) */
};

/* print( ): the largest struct, union or array it records. */
#define PRINT_MAX_BYTES 2048u

enum { SPF_SPECULATE = 1, SPF_COMMIT = 2, SPF_DATAREC = 4 };

static const struct dtype T_INT = { DT_INTEGER, 4, true, false, NULL };
static const struct dtype T_UINT = { DT_INTEGER, 4, false, false, NULL };
static const struct dtype T_LONG = { DT_INTEGER, 8, true, false, NULL };
static const struct dtype T_ULONG = { DT_INTEGER, 8, false, false, NULL };
static const struct dtype T_STRING = { DT_STRING, 0, false, false, NULL };
static const struct dtype T_VOID = { DT_VOID, 0, false, false, NULL };

/* checker.c: errors ("<prefix>: line N: <message>"), allocations freed
 * with the program, node annotations. */
void ck_err (struct ck *c, const struct d_loc *loc, const char *fmt, ...) DIAG_PRINTF (3, 4);
void *ck_alloc (struct dprog *p, size_t n);
struct ninfo *ck_info (struct ck *c, struct d_node *n);

/* checker.c: types written in the source and the arithmetic ones. */
bool ck_parse_type (const char *text, struct dtype *t);
bool ck_pointee_type (const char *text, struct dtype *elem);
bool ck_is_buffer_pointer (struct dtype t);
struct dtype ck_arith (struct dtype a, struct dtype b);
struct dtype ck_promote (struct dtype a);
int64_t ck_truncate (int64_t v, struct dtype t);

/* checker.c: variables and aggregations. */
struct dvar *ck_find_var (struct dprog *p, enum var_scope scope, const char *name);
/* checker-expr.c: a constant index of a declared scalar array within its bound. */
int ck_declared_array_bounds (struct ck *c, const struct d_node *n);
struct dvar *ck_new_var (struct ck *c, enum var_scope scope, const char *name, struct dtype t,
                         size_t nkeys, const struct dtype *keys, const struct d_loc *loc);
/* The node whose info is NI refers to variable V: it has V's type (a
 * struct kept in the globals or this-> storage is D's own memory). */
static inline void
ck_refer_var (struct ninfo *ni, struct dvar *v)
{
  ni->var = v;
  ni->type = v->type;
  if (v->type.kind == DT_OBJECT)
    ni->mem = MEM_LOCAL;
}
struct dagg *ck_find_agg (struct dprog *p, const char *name);
struct dagg *ck_new_agg (struct ck *c, const char *name, const struct d_loc *loc);

/* checker.c: the clause's actions and their record items. */
struct daction *ck_add_action (struct ck *c, enum action_kind kind, struct d_node *call);
void ck_add_item (struct ck *c, struct daction *a, struct dtype t);

/* checker.c: expressions checked (ck_expr), of integer type (ck_int), not
 * a stack or symbol record (ck_not_record).  0, or -1 after an error. */
int ck_expr (struct ck *c, struct d_node *n);
int ck_int (struct ck *c, struct d_node *n, const char *what);
int ck_not_record (struct ck *c, const struct d_node *k);
/* The keys (N's arguments, at most CK_MAX_KEYS) of an array or aggregation
 * reference, each checked (ck_expr), their types into KEYS.  VOID_OK: an
 * associative array's keys, where a void key, and a struct or union value
 * in D's memory, are allowed.  0, or -1 after an error. */
#define CK_MAX_KEYS 16
int ck_keys (struct ck *c, struct d_node *n, bool void_ok, struct dtype keys[CK_MAX_KEYS]);
/* checker-actions.c: does N (at nesting DEPTH) assign anything? */
bool ck_has_side_effect (const struct d_node *n, int depth);
/* checker-assoc.c: `string s[int];` declares an associative array (*HANDLED
 * false when D's brackets hold a bound instead); every use of an array
 * matches its prototype (KEYS: the use's key types; PREFIX "self->" or ""). */
int ck_assoc_decl (struct ck *c, struct d_decl *d, enum var_scope scope, bool *handled);
int ck_match_prototype (struct ck *c, const struct d_node *n, const char *prefix, const char *name,
                        const struct dvar *v, const struct dtype *keys);
/* NAME was declared extern: report that a D program cannot use it (at N's
 * line) and return true. */
bool ck_extern_use (struct ck *c, const struct d_node *n, const char *name);

/* checker-types.c: C types (ctype.h) of the script and the traced program. */
struct ctype_table *ck_types (struct ck *c);
bool ck_find_const (struct ck *c, const char *name, struct ck_const *out);
/* DD_TYPEDEF, DD_STRUCT, DD_UNION, DD_ENUM; DD_INLINE. */
int ck_type_decl (struct ck *c, struct d_decl *d);
int ck_inline_decl (struct ck *c, struct d_decl *d);
/* The C type a type name spells (DEF: its anonymous body); NULL with
 * *IS_STRING for D's string, NULL after reporting otherwise. */
const struct ctype *ck_ctype (struct ck *c, const char *text, struct d_decl *def,
                              const struct d_loc *loc, bool *is_string);
/* The D type of a type name (string included).  0, or -1 after reporting. */
int ck_type_of (struct ck *c, const char *text, struct d_decl *def, const struct d_loc *loc,
                struct dtype *out);
/* The D value type of a C type. */
struct dtype ck_dtype_of (const struct ctype *t);
/* checker-types.c: D's string as a struct or union member (strsize bytes
 * in place), and whether a member's type is that. */
const struct ctype *ck_string_member_type (struct ck *c);
/* checker-members.c: NAME[i] on a declared scalar array becomes an index
 * of the global array object (D's memory) in the clause ROOT. */
void ck_lower_declared_arrays (struct ck *c, struct d_node *root);
/* checker-members.c: NAME[i] where NAME is a global holding a typed
 * pointer becomes an index of that pointer (true when rewritten). */
bool ck_pointer_index_form (struct ck *c, struct d_node *n);
bool ck_is_string_member_type (const struct ctype *t);

/* checker-args.c: args[N] of a pid entry probe typed from the function's
 * parameters (OUT untouched when unknown; -1 after reporting), and a struct
 * or union from the traced program completed on demand (the resolved type;
 * still incomplete when the program has no definition). */
int ck_args_type (struct ck *c, unsigned index, const struct d_loc *loc, struct dtype *out);
/* checker-args.c: why args[INDEX] of a pid probe is untyped (malloc'd), or
 * NULL. */
char *ck_args_untyped_why (struct ck *c, unsigned index);
/* checker-args.c: args[INDEX] of a kernel probe (proc:::create,
 * signal-send, sched:::wakeup, ...) used with ->: DTrace's translated type
 * ("psinfo_t *", "lwpsinfo_t *") of the task the prologue keeps in arg
 * *SLOT (codegen-kernel.c, kernel-argtypes.h), or "cpuinfo_t *" of the
 * CPU number in arg *SLOT; NULL for other arguments. */
const char *ck_kernel_args_xlate (struct ck *c, unsigned index, int *slot);
const struct ctype *ck_complete (struct ck *c, const struct ctype *t);

/* checker-xlate.c: translators.  A DD_TRANSLATOR declaration; a DN_XLATE
 * node; a member N of a checked DN_XLATE operand (rewritten in place as
 * the translator member's expression, then checked).  0, or -1 after
 * reporting. */
int ck_translator_decl (struct ck *c, struct d_decl *d);
int ck_xlate_node (struct ck *c, struct d_node *n);
int ck_xlate_member (struct ck *c, struct d_node *n);
/* S, the statement `var = xlate <T> (e);`, becomes a block of one member
 * assignment each (members the translator does not define: 0): 0; 1 when
 * T is not a struct or union (S untouched); -1 after reporting. */
int ck_xlate_assign (struct ck *c, struct d_node *s);

/* checker-ksyms.c: N, an identifier `name or vmlinux`name, becomes the
 * kernel variable's value, *(T *) address, and is checked as that. */
int ck_kernel_symbol (struct ck *c, struct d_node *n);
/* extern T NAME;: the type `NAME has (when BTF does not say). */
void ck_extern_type (struct ck *c, const char *name, const struct ctype *t);
/* N assigns or increments a kernel symbol: true after reporting it. */
bool ck_kernel_symbol_store (struct ck *c, const struct d_node *n);

/* checker-prelude.c: the built-in D library (DTrace's psinfo_t,
 * lwpsinfo_t, cpuinfo_t, their translators, curpsinfo, curlwpsinfo and
 * constants; curcpu, a built-in of type cpuinfo_t *, loads it too): is
 * NAME one of its names?  Then it is loaded
 * (once per script) and true returned; false when NAME is not its, or
 * after reporting (at LOC) that it cannot be loaded (*FAILED). */
bool ck_prelude_load (struct ck *c, const char *name, const struct d_loc *loc, bool *failed);
/* checker-libconsts.c: DTrace's signal.d and errno.d constants (SIGUSR1,
 * CLD_EXITED, ENOENT ...) by name; false if NAME is none of them. */
bool ck_library_constant (const char *name, int64_t *value);
void ck_prelude_free (struct ck *c);
/* checker.c: one top-level declaration. */
int ck_decl (struct ck *c, struct d_decl *d);

/* checker-members.c: typed memory. */
int ck_member (struct ck *c, struct d_node *n);
int ck_deref (struct ck *c, struct d_node *n);
/* *(p + k) on a copied-in buffer pointer P becomes P[k]; 1 when N is not that. */
int ck_deref_buffer_offset (struct ck *c, struct d_node *n);
int ck_typed_index (struct ck *c, struct d_node *n);
bool ck_pointer_arith (struct ck *c, struct d_node *n, struct ninfo *ni);
void ck_decay (struct ck *c, struct ninfo *ni);
bool ck_array_string (struct ck *c, struct d_node *n);
int ck_addr_of (struct ck *c, struct d_node *n);
int ck_object_var_ok (struct ck *c, enum var_scope s, struct dtype t, const struct d_loc *loc);
int ck_mem_lvalue (struct ck *c, struct d_node *lv, struct dtype vt);
/* A member, element or pointee node (typed memory when checked). */
bool ck_is_mem_node (const struct d_node *n);
/* self->x[k...]: a thread-local associative array (a VS_SELF variable with
 * keys, named N->a->sval; the parser makes it an index of self->x). */
bool ck_is_self_index (const struct d_node *n);

/* checker-expr.c */
bool ck_builtin_of (const char *name, enum builtin *b, struct dtype *t);
/* One expression node (its operands through ck_expr). */
int ck_expr_node (struct ck *c, struct d_node *n);
/* ustack() stack() usym()...: 1 when N is none of them. */
int ck_stack_subr (struct ck *c, struct d_node *n);

/* checker-aggs.c */
int ck_aggregation (struct ck *c, struct d_node *stmt, struct d_node *lhs, struct d_node *call);
struct dagg *ck_agg_arg (struct ck *c, struct d_node *n, const char *fn);
int ck_printa_keys_match (struct ck *c, struct d_node *call, const struct dagg *x, const struct dagg *y);

/* checker-actions.c */
/* DTrace's ordering rules for speculate/commit/discard and the actions
 * around them. */
void ck_spec_rules (struct ck *c, enum action_kind kind, const struct d_loc *loc);
int ck_lvalue (struct ck *c, struct d_node *lv, struct dtype vt);
int ck_assign (struct ck *c, struct d_node *n);
int ck_incdec (struct ck *c, struct d_node *n);
/* An action call: 0, -1 after an error, 1 when CALL is no action. */
int ck_action_call (struct ck *c, struct d_node *call);

#endif
