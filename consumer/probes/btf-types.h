/* SPDX-License-Identifier: MIT */
/*
 * btf-types.h — the running kernel's C types, from its BTF
 * (/sys/kernel/btf/vmlinux, read through libbpf), as nodes of the
 * compiler's type model (compile/ctype.h) in the scope "vmlinux".
 *
 * A struct or union is converted with its members; a struct a pointer
 * points to is an incomplete node of its name, filled in when it is looked
 * up (the checker's ck_complete, when `->` reaches it), so a type as large
 * as task_struct converts only what a script touches.  Every pointer is a
 * kernel pointer (not `userland`): reads through it are
 * bpf_probe_read_kernel, writes are refused.  Enums become their integer
 * type, typedefs and qualifiers their target.
 */
#ifndef SDTKIT_CONSUMER_BTF_TYPES_H
#define SDTKIT_CONSUMER_BTF_TYPES_H

#include "consumer/compile/ctype.h"

struct btf_types;

/* NULL (with *ERROR malloc'd) when the kernel has no BTF. */
struct btf_types *btf_types_open (char **error);
void btf_types_free (struct btf_types *bt);
/* The struct or union (KIND) NAME, complete, in TABLE; NULL with *ERROR
 * when the kernel has none. */
const struct ctype *btf_types_lookup (struct btf_types *bt, struct ctype_table *table,
                                      enum ctype_kind kind, const char *name, char **error);

/* The type of parameter INDEX of kernel function FUNC (INDEX
 * BTF_RETURN_INDEX: its return type), in TABLE; NULL when there is no
 * such function or parameter, or it returns void (no error). */
/* The kernel variable NAME (a BTF_KIND_VAR): its type in TABLE, *PERCPU
 * when it lives in the per-CPU section; NULL when BTF has no such
 * variable. */
const struct ctype *btf_types_var (struct btf_types *bt, struct ctype_table *table,
                                   const char *name, bool *percpu);
#define BTF_RETURN_INDEX 12u
const struct ctype *btf_types_func_arg (struct btf_types *bt, struct ctype_table *table,
                                        const char *func, unsigned index);

#endif
