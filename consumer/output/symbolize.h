/* SPDX-License-Identifier: MIT */
/*
 * symbolize.h — user and kernel addresses to `module`symbol+0xoff`, for
 * ustack(), stack(), usym() and friends (doc/output-formats.md §8).
 *
 * User addresses are resolved in the consumer from the process's mappings
 * (/proc/PID/maps) and the ELF symbol tables of the mapped files (.symtab,
 * else .dynsym; sdt/symbols.c).  A process's mappings are cached; they are
 * re-read when an address falls outside every cached mapping (dlopen) and
 * by symbolizer_prime(), which the runtime calls for the -p/-c processes
 * every switchrate and whenever their link map changes (a -c command is
 * stopped there: consumer/runtime/lib-events.c), so that their stacks still
 * resolve after they exit, however short their life.  A process
 * that exited before its mappings were ever read resolves to nothing: its
 * frames print as raw hex, as in DTrace.  A cached process whose pid now
 * belongs to another process (start time differs) is dropped.  Symbol
 * tables are cached per file (path, device and inode).
 *
 * Kernel addresses resolve through /proc/kallsyms (module "vmlinux", or the
 * module's name), read once on first use.
 */
#ifndef SDTKIT_CONSUMER_SYMBOLIZE_H
#define SDTKIT_CONSUMER_SYMBOLIZE_H

#include <stdbool.h>
#include <stdint.h>

#include "consumer/output/dformat.h"

struct symbolizer;

struct symbolizer *symbolizer_new (void);
void symbolizer_free (struct symbolizer *s);

/* A dfmt_symbolize_fn: ARG is the struct symbolizer. */
bool symbolizer_lookup (void *arg, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *out);

/* The file mapped at user PC of PID and PC's link-time address in it (what
 * the file's symbol and CFI tables speak of), for the unwinder.  *PATH
 * belongs to the symbolizer.  False when no mapped file holds PC. */
bool symbolizer_user_file (struct symbolizer *s, int32_t pid, uint64_t pc, const char **path,
                           uint64_t *vaddr);

/* C++ names demangled (the default) or as the symbol tables have them
 * (-x nodemangle). */
void symbolizer_set_demangle (struct symbolizer *s, bool demangle);

/* Read (or refresh) PID's mappings now, while the process lives. */
void symbolizer_prime (struct symbolizer *s, int32_t pid);

#endif
