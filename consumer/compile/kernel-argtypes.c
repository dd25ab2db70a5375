/* SPDX-License-Identifier: MIT */
/*
 * kernel-argtypes.c — the kernel providers' argument table (see
 * kernel-argtypes.h).  The type strings are Oracle's DTrace for Linux's
 * (its `dtrace -lv` output); probes Oracle lacks (sched:::sleep, preempt,
 * change-pri, lockstat:::rw-block) have Solaris DTrace's.
 */
#include "consumer/compile/kernel-argtypes.h"

#include <string.h>

#define LWP "lwpsinfo_t *"
#define PS "psinfo_t *"
#define IO { "bufinfo_t *", "devinfo_t *", "fileinfo_t *" }

/* provider, name, Oracle's types, the args[N] typed as int (bit N), the
 * argN holding the task (codegen-kernel.c's prologues) */
static const struct kernel_argtypes table[] = {
  { "proc", "create", { PS }, 0x1, 2 },
  { "proc", "exec", { "string" }, 0x1, -1 },
  { "proc", "exec-failure", { "int" }, 0x1, -1 },
  { "proc", "exec-success", { NULL }, 0x2, -1 },   /* sdtkit's args[1]: argc */
  { "proc", "exit", { "int" }, 0x1, -1 },
  { "proc", "lwp-create", { LWP, PS }, 0x3, 2 },
  { "proc", "lwp-exit", { NULL }, 0, -1 },
  { "proc", "lwp-start", { NULL }, 0, -1 },
  { "proc", "signal-clear", { "int" }, 0x1, -1 },
  { "proc", "signal-discard", { LWP, PS, "int" }, 0x7, 3 },
  { "proc", "signal-handle", { "int", "siginfo_t *", "void (*)(void)" }, 0x1, -1 },
  { "proc", "signal-send", { LWP, PS, "int" }, 0x7, 3 },
  { "proc", "start", { NULL }, 0, -1 },
  { "sched", "change-pri", { LWP, PS, "pri_t" }, 0x7, 3 },
  { "sched", "dequeue", { LWP, PS, "cpuinfo_t *" }, 0x7, 4 },
  { "sched", "enqueue", { LWP, PS, "cpuinfo_t *", "int" }, 0xf, 4 },
  { "sched", "off-cpu", { LWP, PS }, 0x3, 2 },
  { "sched", "on-cpu", { NULL }, 0x3, -1 },        /* sdtkit's args[0], [1]: ids */
  { "sched", "preempt", { NULL }, 0x3, -1 },
  { "sched", "remain-cpu", { NULL }, 0, -1 },
  { "sched", "sleep", { NULL }, 0x3, -1 },
  { "sched", "surrender", { LWP, PS }, 0x3, 2 },
  { "sched", "tick", { LWP, PS }, 0x3, 2 },
  { "sched", "wakeup", { LWP, PS }, 0x3, 2 },
  { "io", "done", IO, 0, -1 },
  { "io", "start", IO, 0, -1 },
  { "io", "wait-done", IO, 0, -1 },
  { "io", "wait-start", IO, 0, -1 },
  { "lockstat", "adaptive-acquire", { "struct mutex *" }, 0, -1 },
  { "lockstat", "adaptive-acquire-error", { "struct mutex *", "int" }, 0, -1 },
  { "lockstat", "adaptive-block", { "struct mutex *", "uint64_t" }, 0, -1 },
  { "lockstat", "adaptive-release", { "struct mutex *" }, 0, -1 },
  { "lockstat", "adaptive-spin", { "struct mutex *", "uint64_t" }, 0, -1 },
  { "lockstat", "rw-acquire", { "struct rwlock *", "int" }, 0, -1 },
  { "lockstat", "rw-block", { "struct rwlock *", "uint64_t", "int" }, 0, -1 },
  { "lockstat", "rw-release", { "struct rwlock *", "int" }, 0, -1 },
  { "lockstat", "rw-spin", { "struct rwlock *", "uint64_t", "int" }, 0, -1 },
  { "lockstat", "spin-acquire", { "spinlock_t *" }, 0, -1 },
  { "lockstat", "spin-release", { "spinlock_t *" }, 0, -1 },
  { "lockstat", "spin-spin", { "spinlock_t *", "uint64_t" }, 0, -1 },
};

const struct kernel_argtypes *
kernel_argtypes_find (const char *provider, const char *name)
{
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp (table[i].provider, provider) == 0 && strcmp (table[i].name, name) == 0)
      return &table[i];
  return NULL;
}

size_t
kernel_argtypes_count (const struct kernel_argtypes *row)
{
  size_t n = 0;
  while (n < KERNEL_ARGTYPES_MAX && row->types[n])
    n++;
  return n;
}
