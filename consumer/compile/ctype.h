/* SPDX-License-Identifier: MIT */
/*
 * ctype.h — the C type model shared by D scripts and the traced program.
 *
 * D programs name C types from two places: declarations in the script itself
 * (struct, union, enum, typedef; D's built-in integer typedefs) and the traced
 * program's debug information (DWARF, read by consumer/probes/dwarf-types.c).
 * Both build the same graph of `struct ctype` nodes, owned by one
 * `struct ctype_table` per compilation, so the checker and the code generator
 * see a single model: sizes, member offsets, array bounds and enumerators are
 * facts of the node, never recomputed elsewhere.
 *
 * Names.  Every named type belongs to a scope: the script (module NULL), or a
 * module of the traced program, named as D names it (the file's base name:
 * "a.out" for the main executable, "libc.so.6" ...).  A lookup with a module
 * (`struct a.out`conn`) searches that scope only; an unscoped lookup searches
 * the script, then D's built-ins, then every module the resolver knows — the
 * first definition wins, and a definition that differs between modules is an
 * error the caller reports (ctype_equal tells).
 *
 * This folder makes no system call: types from files arrive through the
 * resolver callback in the target description (struct ctype_resolver), which
 * the runtime fills with the DWARF reader.  Unit tests fill it with a stub.
 *
 * Memory: nodes, names and member arrays are allocated from the table and
 * freed together by ctype_table_free; pointers to nodes stay valid until then.
 */
#ifndef SDTKIT_CTYPE_H
#define SDTKIT_CTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ctype_kind {
  CT_VOID,
  CT_INT,        /* integers, char and _Bool; enum underlying types */
  CT_FLOAT,      /* float, double, long double: size only (D does no FP) */
  CT_ENUM,
  CT_POINTER,
  CT_ARRAY,
  CT_STRUCT,
  CT_UNION,
  CT_FUNCTION,   /* only ever pointed to */
  CT_TYPEDEF,
};

/* Qualifiers are kept (for printing names) but never change layout. */
enum ctype_qual { CQ_NONE = 0, CQ_CONST = 1, CQ_VOLATILE = 2, CQ_RESTRICT = 4 };

struct ctype;

struct ctype_member {
  const char *name;            /* NULL for an anonymous struct/union member */
  const struct ctype *type;
  uint64_t offset;             /* bytes from the start of the aggregate */
  uint8_t bit_offset;          /* bit-fields: bits from the byte at offset (LSB first) */
  uint8_t bit_size;            /* bit-fields: width; 0 for an ordinary member */
};

struct ctype_enumerator {
  const char *name;
  int64_t value;
};

struct ctype {
  enum ctype_kind kind;
  unsigned qual;               /* enum ctype_qual bits */
  const char *name;            /* CT_INT/CT_FLOAT: "unsigned long"; struct/union/enum: the tag
                                  (NULL if anonymous); CT_TYPEDEF: the typedef's name */
  const char *module;          /* the scope it was defined in; NULL: the script or D */
  uint64_t size;               /* bytes; 0 for void, functions and incomplete types */
  uint32_t align;              /* bytes */
  bool is_signed;              /* CT_INT, CT_ENUM */
  bool complete;               /* struct/union/enum: the body is known */
  bool userland;               /* CT_POINTER: points into the traced process's memory
                                  (D's `userland` qualifier; types read from a program's
                                  DWARF are userland) */
  const struct ctype *ref;     /* CT_POINTER: pointee; CT_ARRAY: element; CT_TYPEDEF:
                                  target; CT_ENUM: underlying integer; CT_FUNCTION: return */
  uint64_t nelems;             /* CT_ARRAY: bound (0: unknown, `int a[]`) */
  size_t nmembers;             /* CT_STRUCT, CT_UNION */
  const struct ctype_member *members;
  size_t nenumerators;         /* CT_ENUM */
  const struct ctype_enumerator *enumerators;
};

/* How the runtime answers "what is struct conn?" for the traced program.
 * lookup: kind is CT_STRUCT, CT_UNION, CT_ENUM or CT_TYPEDEF; module NULL
 * searches every module; returns NULL if unknown.  Nodes it returns must be
 * created in `table` (the resolver receives it).  On an error it sets
 * *error to a message (the caller frees it) and returns NULL: e.g.
 * "libfoo.so: no debug information (looked in the file, its .gnu_debuglink
 * and /usr/lib/debug/.build-id/ab/cdef.debug)". */
struct ctype_table;
struct ctype_probe_args;
struct ctype_resolver {
  void *ctx;
  const struct ctype *(*lookup) (void *ctx, struct ctype_table *table, enum ctype_kind kind,
                                 const char *module, const char *name, char **error);
  /* The type of argument `index` (0-based) of the pid probe's function
   * `func` in `module` (NULL: the probe's own); NULL if unknown. */
  const struct ctype *(*func_arg) (void *ctx, struct ctype_table *table, const char *module,
                                   const char *func, unsigned index, char **error);
  /* Why MODULE (NULL: the traced program's executable, else the first
   * module) has no types: the message naming the file and every place its
   * debug information was looked for, or NULL when its types opened. */
  const char *(*types_missing) (void *ctx, const char *module);
  /* The enumerator NAME of the traced program's enums as an integer
   * constant: 1 (*VALUE set), 0 when no enum defines it, -1 with *ERROR
   * (malloc'd) when enums give it different values. */
  int (*enumerator) (void *ctx, struct ctype_table *table, const char *name, int64_t *value,
                     char **error);
  /* The USDT probes that the probe descriptions DESCS (as the script
   * writes them) match in the traced program's modules, with their
   * declared argument types (doc/d-types.md): *OUT (free with
   * ctype_probe_args_free), the count returned.  *EVERY_DESC: each
   * description matched at least one probe.  NULL: no USDT types. */
  /* kernel_types only: the kernel variable NAME (MODULE "vmlinux"): *ADDR
   * (/proc/kallsyms) and *TYPE (BTF's VAR; NULL when BTF does not describe
   * it): 0, or -1 with *ERROR. */
  int (*symbol) (void *ctx, struct ctype_table *table, const char *module, const char *name,
                 uint64_t *addr, const struct ctype **type, char **error);
  size_t (*usdt_args) (void *usdt_ctx, const char *const *descs, size_t ndescs,
                       struct ctype_probe_args **out, bool *every_desc);
  void *usdt_ctx;
};

/* One USDT probe and its declared argument types: the type text as the
 * provider's .d spells it ("struct request *"), named in MODULE. */
struct ctype_probe_args {
  char *module;      /* the module as scoped names name it ("a.out", "libfoo.so.1") */
  char *probe;       /* "provider:module::name", for messages */
  bool declared;     /* the module carries the probe's declaration */
  size_t nargs;      /* declared arguments */
  char *types[12];   /* NULL past nargs (or not recorded) */
};
void ctype_probe_args_free (struct ctype_probe_args *a, size_t n);

struct ctype_table *ctype_table_new (void);
void ctype_table_free (struct ctype_table *t);

/* Memory owned by the table. */
void *ctype_alloc (struct ctype_table *t, size_t size);
const char *ctype_strdup (struct ctype_table *t, const char *s);

/* A new node (zeroed except kind), owned by the table; fill it, then
 * ctype_define() it if it is named. */
struct ctype *ctype_new (struct ctype_table *t, enum ctype_kind kind);

/* Shared nodes: D's integer types by spelling ("int", "unsigned char",
 * "uint64_t", "uchar_t", ...); NULL if the spelling is not a D built-in. */
const struct ctype *ctype_builtin (struct ctype_table *t, const char *spelling);
const struct ctype *ctype_int (struct ctype_table *t, unsigned size, bool is_signed);
const struct ctype *ctype_void (struct ctype_table *t);
const struct ctype *ctype_pointer_to (struct ctype_table *t, const struct ctype *to, bool userland);
const struct ctype *ctype_array_of (struct ctype_table *t, const struct ctype *elem, uint64_t n);

/* Names: define in a scope (module NULL: the script), look up in one. */
bool ctype_define (struct ctype_table *t, struct ctype *type);   /* false: already defined */
const struct ctype *ctype_find (struct ctype_table *t, enum ctype_kind kind, const char *module,
                                const char *name);

/* Typedefs and qualifiers stripped: the type that decides layout. */
const struct ctype *ctype_resolve (const struct ctype *t);
/* A member by name, searching anonymous members; *offset gets its offset
 * from the start of `agg` (which must resolve to a struct or union). */
const struct ctype_member *ctype_member (const struct ctype *agg, const char *name, uint64_t *offset);
/* Structural equality (same layout, names and member types). */
bool ctype_equal (const struct ctype *a, const struct ctype *b);
/* C's spelling of the type: "struct conn *", "int [5]", "uint64_t". Caller frees. */
char *ctype_name (const struct ctype *t);

#endif
