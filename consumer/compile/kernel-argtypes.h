/* SPDX-License-Identifier: MIT */
/*
 * kernel-argtypes.h — the proc, sched, io and lockstat probes' arguments:
 * one row per probe Oracle's DTrace for Linux has (and sdtkit's own
 * additions), read by `dtrace -lv` (the "Argument Types" section) and by
 * the D checker (the type of args[N], and which argN holds the task an
 * lwpsinfo_t or psinfo_t argument translates).
 *
 * A probe's Oracle type strings are what Oracle's `dtrace -lv` prints
 * (lwpsinfo_t *, psinfo_t *, bufinfo_t *, struct mutex *, ...).  sdtkit's
 * values differ where no translator exists yet: args[N] as a value is an
 * integer (a thread or process id for lwpsinfo_t/psinfo_t, the lock's
 * address for lockstat), and args[N]->member of a psinfo_t/lwpsinfo_t
 * argument is the member of the task in argument slot TASK_SLOT; a
 * cpuinfo_t * argument's value is the CPU number, and args[N]->member is
 * cpuinfo_t's of that CPU (doc/kernel-providers.md).
 */
#ifndef SDTKIT_CONSUMER_COMPILE_KERNEL_ARGTYPES_H
#define SDTKIT_CONSUMER_COMPILE_KERNEL_ARGTYPES_H

#include <stddef.h>

#define KERNEL_ARGTYPES_MAX 4

struct kernel_argtypes {
  const char *provider, *name;
  const char *types[KERNEL_ARGTYPES_MAX];   /* Oracle's args[] types; NULL after the last */
  unsigned values;              /* bit N set: args[N] is a 32-bit int in D (a string when
                                   its type is "string"); other args[N] are 64-bit */
  int task_slot;                /* the argN holding the task struct whose lwpsinfo_t/psinfo_t
                                   args[N]->member reads; -1: none */
};

/* PROVIDER:::NAME's row, or NULL. */
const struct kernel_argtypes *kernel_argtypes_find (const char *provider, const char *name);

/* The number of Oracle argument types of ROW (0: none). */
size_t kernel_argtypes_count (const struct kernel_argtypes *row);

#endif
