/*
 * provider-compiler — the one D front end, and the `-h` header generator.
 *
 * One lexer and one parser serve both `.d` provider definitions (`dtrace -h`,
 * `dtrace -G`) and, later, D programs for the consumer.  In provider mode the
 * parser is deliberately lenient about everything that is not a provider
 * (arbitrary C declarations, typedefs, structs, translators, inline
 * definitions, probe clauses such as CPython's `BEGIN{}`): those are skipped
 * by balanced-bracket scanning, as real builds require (build-compat R9-R14).
 * `-C` runs the C preprocessor (in C mode, honouring CPP/CC) first; cpp line
 * markers keep diagnostics pointing at the original file and line.
 */
#ifndef SDTKIT_PROVIDER_COMPILER_H
#define SDTKIT_PROVIDER_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct d_loc {
  const char *file;   /* owned by the d_program (string pool) */
  int line;
  int column;
};

/* One parameter of a probe declaration. */
struct d_param {
  char *text;   /* the whole declaration, one blank between tokens, "*" bound to what follows: "const char *key" */
  char *type;   /* the type alone: "const char *"; "int [4]" for arrays */
  char *name;   /* the declared name, or NULL when unnamed */
};

struct d_probe_decl {
  char *name;               /* as declared: "command__get" (note and semaphore name) */
  size_t nargs;             /* native arguments; "()" and "(void)" are 0 */
  struct d_param *args;
  bool has_xlate;           /* "probe p(...) : (...)" */
  size_t nxargs;
  struct d_param *xargs;    /* translated (D) argument list after ':' */
  struct d_loc loc;
};

struct d_provider {
  char *name;
  size_t nprobes;
  struct d_probe_decl *probes;
  struct d_loc loc;         /* first declaration; several blocks of one name are merged */
};

/* `#pragma D attributes ...` and other `#pragma D` lines, kept verbatim. */
struct d_pragma {
  char *text;               /* "D attributes Evolving/Evolving/Common provider memcached provider" */
  struct d_loc loc;
};

struct d_program {
  size_t nproviders;
  struct d_provider *providers;
  size_t npragmas;
  struct d_pragma *pragmas;
  /* The source files seen (main file and, after -C, included ones);
   * every d_loc.file points into this pool. */
  size_t nfiles;
  char **files;
};

enum d_parse_mode {
  D_PARSE_PROVIDERS,        /* -h / -G: providers only, skip everything else */
  D_PARSE_PROGRAM           /* consumer: full D (grows with issue 4) */
};

struct d_cpp_options {
  bool enabled;             /* -C */
  size_t nargs;             /* -D/-U/-I words, in command-line order, joined form ("-DX=1", "-Idir") */
  char **args;
};

/* Parse PATH (through cpp when cpp->enabled).  Returns 0 on success.  On
 * error prints "dtrace: FILE:LINE: error: ..." (through diag) and returns -1;
 * *out is then empty and needs no d_program_free. */
int d_parse_file (const char *path, const struct d_cpp_options *cpp,
                  enum d_parse_mode mode, struct d_program *out);
/* Same on text already in memory; NAME is used in diagnostics. */
int d_parse_string (const char *name, const char *text, size_t len,
                    enum d_parse_mode mode, struct d_program *out);
void d_program_free (struct d_program *prog);

/* Run the C preprocessor on PATH and return its output (malloc'd, *len set),
 * or NULL after printing an error.  Command: $CPP if set (shell-word split),
 * else "$CC -E" if CC is set, else "cpp"; always in C mode ("-x c"), with the
 * -D/-U/-I words, never through a shell. */
char *d_preprocess (const char *path, const struct d_cpp_options *cpp, size_t *len);

/* Limits. */
#define D_MAX_PROBE_ARGS 12

/* ------------------------------------------------------------------ */
/* `-h`: the C header of probe macros (provider-compiler/header-gen.c). */

struct d_header_options {
  const char *output_name;  /* output path, for the Solaris-style include guard; NULL: no guard */
};

/* Write the header for every provider of PROG to OUT.  Returns 0, or -1 on a
 * write error (reported by the caller, who owns the file). */
int d_write_header (const struct d_program *prog, const struct d_header_options *opt, FILE *out);

/* Macro-name mapping: provider "hotspot_jni", probe "AllocObject__entry" ->
 * "HOTSPOT_JNI_ALLOCOBJECT_ENTRY" (malloc'd). */
char *d_macro_name (const char *provider, const char *probe);

/* ------------------------------------------------------------------ */
/* `-h -x callstyle`: the Solaris-style header whose probes are calls of  */
/* `extern void __dtrace_<prov>___<probe>(<types>)`, patched out of the   */
/* objects by `dtrace -G` (provider-compiler/header-callstyle.c).         */

int d_write_callstyle_header (const struct d_program *prog, const struct d_header_options *opt,
                              FILE *out);

/* What a call-style site can describe of an argument, from its .d type
 * (x86-64 LP64 sizes).  Pointers, arrays, function pointers and D's
 * `string` are 8-byte unsigned; C integer types and the usual typedefs
 * (stdint.h, sys/types.h, Solaris) have their size and sign; enums are
 * 4-byte signed; other typedef names are D_ARG_UNKNOWN (described as 8-byte
 * unsigned).  Floats, structs/unions by value, 128-bit integers and void
 * cannot be described. */
enum d_arg_class {
  D_ARG_INTEGER, D_ARG_POINTER, D_ARG_UNKNOWN,
  D_ARG_FLOAT, D_ARG_AGGREGATE, D_ARG_WIDE, D_ARG_VOID
};
struct d_arg_type {
  enum d_arg_class cls;
  int size;            /* bytes */
  bool is_signed;
};
void d_classify_arg_type (const char *type, struct d_arg_type *out);
/* "probe P:N: argument K is floating point (double); ..." (malloc'd) when
 * argument I (from 0) cannot be described at a call-style site, else NULL. */
char *d_callstyle_arg_problem (const struct d_provider *prov, const struct d_probe_decl *probe,
                               size_t i);
/* Report (file:line) every probe argument of PROG that call-style sites
 * cannot describe.  Returns 0, or -1 after printing errors. */
int d_check_callstyle (const struct d_program *prog);


/* ------------------------------------------------------------------ */
/* D programs (D_PARSE_PROGRAM): clauses, statements, expressions.      */
/* The parser builds this tree; the consumer's checker annotates it     */
/* (->type, ->sym) and its code generator reads it.                     */

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
  DN_MEMBER,       /* ->a . NAME (->op DOP_DOT) or ->a -> NAME (->op DOP_ARROW): ->sval */
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
  DD_OPTION         /* #pragma D option NAME[=VALUE] */
};

struct d_decl {
  enum d_decl_kind kind;
  struct d_type_name *type;     /* not for DD_OPTION */
  char *name;                   /* variable or option name */
  char *value;                  /* DD_OPTION value, or NULL */
  struct d_node *init;          /* DD_INLINE */
  struct d_loc loc;
};

/* A D program: filled by d_parse_* in D_PARSE_PROGRAM mode (providers and
 * pragmas of the program go to struct d_program as before). */
struct d_script {
  size_t nclauses;
  struct d_clause_ast *clauses;
  size_t ndecls;
  struct d_decl *decls;
};

/* Parse a D program from a file (-s, through cpp when cpp->enabled) or a
 * string (-n and friends).  Errors are printed in DTrace's form, ERRPREFIX
 * first: "failed to compile script x.d" gives
 * "dtrace: failed to compile script x.d: line 3: syntax error near \"}\"";
 * "invalid probe specifier BEGIN{x" gives
 * "dtrace: invalid probe specifier BEGIN{x: syntax error near end of input".
 * A leading "#!" line is skipped.  Returns 0, or -1 after printing. */
int d_parse_script_file (const char *path, const struct d_cpp_options *cpp, const char *errprefix,
                         struct d_program *prog, struct d_script *out);
int d_parse_script_string (const char *name, const char *text, const char *errprefix,
                           struct d_program *prog, struct d_script *out);
void d_script_free (struct d_script *s);
void d_node_free (struct d_node *n);

#endif
