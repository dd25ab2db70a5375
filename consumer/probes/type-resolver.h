/* SPDX-License-Identifier: MIT */
/*
 * type-resolver.h — the compiler's ctype_resolver (consumer/compile/ctype.h)
 * over the traced program's modules: the executable ("a.out") and the
 * libraries of the -p/-c targets, and files named by path in probe
 * descriptions.  Each module's DWARF is opened on the first lookup that
 * needs it (dwarf-types.h), once.
 *
 * Scoped lookups (`struct a.out`conn`, `struct libfoo.so`session`) search
 * the module named so: "a.out" is the executable, otherwise the file's
 * base name, where "libfoo.so" also names "libfoo.so.1".  Unscoped lookups
 * search the modules with debug information in order, the executable
 * first, and stop at the first that defines the name; one that differs in
 * a module already indexed (by an earlier lookup) is an error.  A module without debug information is an error when it is named,
 * and when no module has any.
 */
#ifndef SDTKIT_CONSUMER_TYPE_RESOLVER_H
#define SDTKIT_CONSUMER_TYPE_RESOLVER_H

#include <stdbool.h>

#include "consumer/compile/ctype.h"

struct type_resolver;

struct type_resolver *type_resolver_new (void);
void type_resolver_free (struct type_resolver *r);

/* Add the file PATH, a module named NAME (NULL: PATH's base name), also
 * "a.out" when IS_EXEC.  The same path twice is added once. */
void type_resolver_add (struct type_resolver *r, const char *path, const char *name, bool is_exec);

/* FN (ARG, R) adds the modules, called once before the first lookup: a
 * script that names no type costs nothing. */
void type_resolver_on_first_use (struct type_resolver *r, void (*fn) (void *, struct type_resolver *),
                                 void *arg);

/* How many modules were added. */
size_t type_resolver_count (const struct type_resolver *r);

/* Module I, the modules added first if they were not yet: its file, the
 * name scoped types use ("a.out" or the base name) and the base name the
 * process maps it under.  False past the last. */
bool type_resolver_module (struct type_resolver *r, size_t i, const char **path, const char **name,
                           const char **base);

/* The callbacks, over R (which must outlive their use). */
struct ctype_resolver type_resolver_bind (struct type_resolver *r);

#endif
