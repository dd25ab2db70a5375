/* SPDX-License-Identifier: MIT */
/*
 * syscall-probes.h — the syscall provider: `syscall:vmlinux:NAME:entry|return`
 * for every x86-64 system call, fired by the raw tracepoints sys_enter and
 * sys_exit (no tracefs; the program compares the call number through a map).
 *
 * Names are the kernel's (openat, newfstatat, pread64, ...); a glob such as
 * `open*` finds open, openat, openat2 and open_by_handle_at.  Arguments are
 * the call's at entry (rdi rsi rdx r10 r8 r9), except that openat and
 * openat2 put the path first, the way Solaris's open(path, flags, mode)
 * has it, so `syscall::open*:entry { copyinstr(arg0) }` prints the path:
 * openat: arg0 = path, arg1 = flags, arg2 = mode, arg3 = dirfd; openat2:
 * arg0 = path, arg1 = how, arg2 = size, arg3 = dirfd.  At return arg0 and
 * arg1 are both the return value (negative errno on failure, as the kernel
 * returns it).  -p/-c do not limit syscall probes (as in DTrace): use a
 * predicate on pid.  Calls of 32-bit (ia32) processes are not told apart.
 */
#ifndef SDTKIT_CONSUMER_SYSCALL_PROBES_H
#define SDTKIT_CONSUMER_SYSCALL_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "consumer/abi.h"
#include "consumer/probes/probe-desc.h"

struct syscall_name {
  int nr;
  const char *name;
};

extern const struct syscall_name syscall_table_x86_64[];
extern const size_t syscall_table_x86_64_size;
extern const struct syscall_name syscall_table_aarch64[];
extern const size_t syscall_table_aarch64_size;

struct syscall_probe {
  int nr;
  const char *name;      /* static, from the table */
  bool is_return;
};

/* Does D name syscall probe P? */
bool syscall_probe_match (const struct syscall_probe *p, const struct probe_desc *d);
/* True when D can only mean syscall probes (provider field exactly
 * "syscall"). */
bool syscall_desc_exclusive (const struct probe_desc *d);
/* Every syscall probe any of the NDESCS descriptions names, in table order
 * (entry before return).  *OUT is malloc'd. */
size_t syscall_probes_find (const struct probe_desc *descs, size_t ndescs, struct syscall_probe **out);
/* The argument locations of P (the spec the program reads). */
void syscall_site_spec (const struct syscall_probe *p, unsigned probe_id, struct site_spec *out);
/* `dtrace -l`: the probes matching the descriptions (all when NDESCS is 0),
 * to the one printer (probe-list.h). */
struct probe_lister;
void syscall_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs);

#endif
