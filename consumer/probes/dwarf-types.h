/* SPDX-License-Identifier: MIT */
/*
 * dwarf-types.h — one module's C types, read from its DWARF (libdwarf) into
 * the compiler's type model (consumer/compile/ctype.h).
 *
 * Lazy by design: opening finds the debug file (debug-file.h) and nothing
 * more; the first lookup indexes the names of the top-level DIEs of every
 * compilation unit (no type is converted); each lookup converts only the
 * DIEs the named type reaches, memoized by DIE offset, so self-referential
 * types terminate and a type shared by many is converted once per table.
 *
 * Converted named types (struct, union, enum, typedef) are defined in the
 * table in the module's scope (`struct a.out`conn`); pointers read from
 * DWARF are userland pointers.  A declaration (`struct conn;`) is completed
 * by the definition of the same name elsewhere in the module.
 *
 * Every input is bounded: DIE offsets must increase along a sibling chain,
 * nesting is limited, counts are capped; corrupt DWARF gives an error
 * naming the file, never a crash or a hang.
 */
#ifndef SDTKIT_CONSUMER_DWARF_TYPES_H
#define SDTKIT_CONSUMER_DWARF_TYPES_H

#include "consumer/compile/ctype.h"

struct dwarf_types;

/* The types of the ELF file PATH, named MODULE in D (its base name, or
 * "a.out" for the main executable).  NULL with *ERROR set (malloc'd) when
 * there is no debug information or it cannot be read. */
struct dwarf_types *dwarf_types_open (const char *path, const char *module, char **error);
void dwarf_types_free (struct dwarf_types *dt);

/* The debug file actually read. */
const char *dwarf_types_debug_path (const struct dwarf_types *dt);

/* The type KIND (CT_STRUCT, CT_UNION, CT_ENUM, CT_TYPEDEF) named NAME,
 * created in TABLE; NULL if the module has no such type (*ERROR NULL), or
 * on bad DWARF (*ERROR set, malloc'd). */
const struct ctype *dwarf_types_lookup (struct dwarf_types *dt, struct ctype_table *table,
                                        enum ctype_kind kind, const char *name, char **error);

/* The type of parameter INDEX (0-based) of function FUNC; NULL if unknown
 * (*ERROR NULL) or on bad DWARF (*ERROR set). */
const struct ctype *dwarf_types_func_arg (struct dwarf_types *dt, struct ctype_table *table,
                                          const char *func, unsigned index, char **error);

/* An enumerator of the module's enums: its value, and the enum and module
 * that define it (for messages; they live as long as DT). */
struct dwarf_enumerator {
  int64_t value;
  const char *enum_name, *module;
};

/* The enumerator NAME of the module's named enums: 1 (*OUT set), 0 if
 * none defines it, -1 with *ERROR (malloc'd) when two enums give it
 * different values (the error names both) or on bad DWARF
 * (dwarf-enumerators.c). */
int dwarf_types_enumerator (struct dwarf_types *dt, struct ctype_table *table, const char *name,
                            struct dwarf_enumerator *out, char **error);

/* How many names the index holds (0 before the first lookup): tests and
 * the benchmark see that opening indexes nothing. */
size_t dwarf_types_indexed (const struct dwarf_types *dt);

#endif
