/* SPDX-License-Identifier: MIT */
/*
 * ast.h — the syntax tree of D programs (D_PARSE_PROGRAM): clauses,
 * statements, expressions and top-level declarations.
 *
 * The parser (dlang/script*.c) builds it through the builders of
 * dlang/build.h; the consumer's checker annotates it (->type, ->sym) and its
 * code generator reads it.  The front end never reads it back.
 */
#ifndef SDTKIT_DLANG_AST_H
#define SDTKIT_DLANG_AST_H

#include "dlang/dlang.h"

enum d_node_kind {
  /* expressions */
  DN_INT,          /* integer or character constant: ->ival, ->int_type */
  DN_STRING,       /* string literal: ->sval (decoded), ->slen */
  DN_IDENT,        /* identifier: ->sval (builtin, global, inline, assoc array name) */
  DN_MACRO,        /* $1, $target, $$1 ... left for the checker: ->sval with the `$`s */
  DN_SELF,         /* self->NAME: ->sval */
  DN_THIS,         /* this->NAME: ->sval */
  DN_INDEX,        /* NAME[k1, ...]: ->sval, ->args (keys) */
  DN_AGG,          /* @NAME[k1, ...] or @NAME or @: ->sval ("" for @), ->args (keys) */
  DN_CALL,         /* NAME(a1, ...): actions and subroutines: ->sval, ->args */
  DN_UNARY,        /* ->op (DOP_NEG, DOP_NOT, DOP_BITNOT, DOP_DEREF, DOP_ADDROF, DOP_PLUS), ->a */
  DN_BINARY,       /* ->op, ->a, ->b */
  DN_TERNARY,      /* ->a ? ->b : ->c */
  DN_ASSIGN,       /* ->op (DOP_ASSIGN or a compound DOP_*), ->a (lvalue), ->b */
  DN_INCDEC,       /* ->op DOP_PREINC, DOP_PREDEC, DOP_POSTINC, DOP_POSTDEC; ->a */
  DN_CAST,         /* (->cast) ->a */
  DN_SIZEOF,       /* sizeof(type) (->cast set) or sizeof expr (->a set) */
  DN_STRINGOF,     /* stringof ->a */
  DN_OFFSETOF,     /* offsetof (->cast, ->sval): a member's offset */
  DN_MEMBER,       /* ->a . NAME (->op DOP_DOT) or ->a -> NAME (->op DOP_ARROW): ->sval */
  DN_XLATE,        /* xlate <->cast> (->a): a translated value (used through a member) */
  /* statements */
  DN_EXPR_STMT,    /* ->a; (an aggregation statement is an DN_ASSIGN whose ->a is DN_AGG) */
  DN_IF,           /* if (->a) ->b [else ->c] */
  DN_BLOCK,        /* { ->args... } */
  DN_EMPTY         /* ; */
};

enum d_op {
  DOP_NONE = 0,
  DOP_ADD, DOP_SUB, DOP_MUL, DOP_DIV, DOP_MOD,
  DOP_SHL, DOP_SHR, DOP_BITAND, DOP_BITOR, DOP_BITXOR,
  DOP_LAND, DOP_LOR, DOP_LXOR,                       /* && || ^^ */
  DOP_EQ, DOP_NE, DOP_LT, DOP_LE, DOP_GT, DOP_GE,
  DOP_NEG, DOP_PLUS, DOP_NOT, DOP_BITNOT, DOP_DEREF, DOP_ADDROF,
  DOP_ASSIGN,                                         /* = ; compound assignments use
                                                         the binary op: DOP_ADD for += */
  DOP_PREINC, DOP_PREDEC, DOP_POSTINC, DOP_POSTDEC,
  DOP_DOT, DOP_ARROW
};

/* A type as written in D source (casts, sizeof, declarations): the
 * checker resolves it.  ->text is the normalised spelling, e.g.
 * "unsigned long", "char *", "string", "uint64_t". */
struct d_type_name {
  char *text;
};

struct d_node {
  enum d_node_kind kind;
  enum d_op op;
  struct d_loc loc;
  int64_t ival;                 /* DN_INT */
  char int_suffix[4];           /* DN_INT: "", "u", "l", "ul", "ll", "ull" (lower-case); 'c' for char literal */
  char *sval;                   /* names, string literal bytes (NUL-terminated) */
  size_t slen;                  /* DN_STRING: length without the NUL */
  struct d_node *a, *b, *c;
  size_t nargs;
  struct d_node **args;         /* call arguments, keys, block statements */
  struct d_type_name *cast;     /* DN_CAST, DN_SIZEOF(type) */
  /* Filled by the consumer's checker; opaque to the front end. */
  void *type;
  void *sym;
};

/* One probe description as written, after the lexer: "syscall::read:entry",
 * "memcached$target:::command-get", "BEGIN".  Macro variables are kept. */
struct d_probe_desc {
  char *text;
  struct d_loc loc;
};

struct d_clause_ast {
  size_t ndescs;
  struct d_probe_desc *descs;
  struct d_node *predicate;     /* NULL when absent */
  struct d_node *body;          /* DN_BLOCK (possibly empty) */
  struct d_loc loc;
};

/* Top-level declarations of a D program. */
enum d_decl_kind {
  DD_INLINE,        /* inline TYPE NAME = expr; */
  DD_GLOBAL,        /* TYPE NAME; */
  DD_SELF,          /* self TYPE NAME; */
  DD_THIS,          /* this TYPE NAME; */
  DD_OPTION,        /* #pragma D option NAME[=VALUE] */
  /* C type definitions (script-decl.c) */
  DD_TYPEDEF,       /* typedef TYPE NAME; */
  DD_STRUCT,        /* struct NAME { members }: ->name the tag (NULL: anonymous), ->members */
  DD_UNION,         /* union NAME { members } */
  DD_ENUM,          /* enum NAME { enumerators }: ->members are DD_ENUMERATOR */
  DD_MEMBER,        /* a member TYPE NAME [: bits] of a struct or union (->name NULL:
                       unnamed padding bits) */
  DD_ENUMERATOR,    /* NAME [= ->init] */
  DD_TRANSLATOR     /* translator ->type < ->in_type ->value > { members }: ->members are
                       DD_MEMBER decls, each ->name = ->init */
};

struct d_decl {
  enum d_decl_kind kind;
  struct d_type_name *type;     /* not for DD_OPTION */
  char *name;                   /* variable or option name */
  char *value;                  /* DD_OPTION value, or NULL */
  struct d_node *init;          /* DD_INLINE, DD_ENUMERATOR (or NULL) */
  struct d_loc loc;
  /* DD_TYPEDEF, DD_GLOBAL, DD_MEMBER whose type starts with a struct, union
   * or enum body: that definition (owned), and ->type->text starts with
   * D_DEF_PLACEHOLDER in place of its name ("__d_def *", "__d_def [4]"). */
  struct d_decl *def;
  /* DD_STRUCT, DD_UNION: DD_MEMBER decls; DD_ENUM: DD_ENUMERATOR decls */
  size_t nmembers, members_cap;
  struct d_decl *members;
  struct d_node *bits;          /* DD_MEMBER: the bit-field width, or NULL */
  struct d_type_name *in_type;  /* DD_TRANSLATOR: the input type (->value its name) */
};

#define D_DEF_PLACEHOLDER "__d_def"

/* A D program: filled by d_parse_* in D_PARSE_PROGRAM mode (providers and
 * pragmas of the program go to struct d_program as before). */
struct d_script {
  size_t nclauses;
  struct d_clause_ast *clauses;
  size_t ndecls;
  struct d_decl *decls;
  /* Private to the front end: the capacities of the arrays above. */
  size_t clauses_cap, decls_cap;
};

void d_script_free (struct d_script *s);
void d_node_free (struct d_node *n);
/* A deep copy of N (the checker's annotations left out), *COUNT increased
 * by its nodes; NULL (nothing allocated) when that would pass LIMIT. */
struct d_node *d_node_clone (const struct d_node *n, size_t *count, size_t limit);

#endif
