/* SPDX-License-Identifier: MIT */
/*
 * pid-probes.h — the pid provider: `pidPID:module:function:entry|return|OFF`
 * probes on any function of a process's executable or shared libraries,
 * found by ELF symbol table (dtrace(1) "Providers pid, syscall and profile").
 *
 * Which files: the executable file mappings of /proc/PID/maps; for a -c
 * child held before its exec, the file it is about to execute and the
 * libraries the loader will map for it (pid-libs.h; not yet those it will
 * dlopen: name those by path).  Module matching: `a.out` is the executable, a field
 * with '/' is that file (by dev/inode: it may be mapped later, e.g. a
 * library of a held -c child), a plain word matches the basename exactly,
 * as a glob, or as the basename up to ".so" (`libc` = `libc.so.6`).
 *
 * Probe names: `entry` (the function's first instruction), `return` (a
 * uretprobe: it fires whichever return is taken, tail calls included) and a
 * hex offset into the function ("1c"), which must lie on an instruction
 * boundary (decoded from the function's start, x86-insn.h).  A glob or empty
 * name field means entry and return; offset probes are created only when
 * named.  Functions sharing an address (aliases) are separate probes; within
 * one program group the first of them fires.
 *
 * Arguments (set through the same per-site spec as USDT): at entry and at
 * offsets arg0..arg5 are rdi rsi rdx rcx r8 r9 and arg6.. the stack slots
 * above the return address (the SysV AMD64 convention: exact at entry only);
 * at return arg0 is the offset of the function's final `ret` when the
 * function ends in one, else 0 (a uretprobe cannot tell which return
 * instruction was taken), and arg1 is rax, the return value.
 */
#ifndef SDTKIT_CONSUMER_PID_PROBES_H
#define SDTKIT_CONSUMER_PID_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "consumer/abi.h"
#include "common/diag.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/probes/usdt-probes.h"

enum pid_probe_type { PIDP_ENTRY, PIDP_RETURN, PIDP_OFFSET };

struct pid_file {
  dev_t dev;
  ino_t ino;
  char *path;          /* opens the file from our namespace */
  char *module;        /* basename */
  bool is_exec;        /* the process's executable (a.out) */
};

struct pid_probe {
  pid_t pid;
  char *provider;      /* "pid1234" */
  const struct pid_file *file;
  char *function;
  char *name;          /* "entry", "return", "1c" */
  enum pid_probe_type type;
  uint64_t offset;     /* file offset of the probed instruction (return: the function's entry) */
  uint64_t ret_off;    /* PIDP_RETURN: arg0 */
};

struct pid_probe_list {
  size_t nprobes;
  struct pid_probe *probes;
  size_t nfiles;
  struct pid_file **files;
  size_t files_cap;
};

/* PID when D's provider field is `pid` followed by a decimal pid (no
 * globs), else 0. */
pid_t pid_desc_pid (const struct probe_desc *d);

/* Every pid probe the NDESCS descriptions name.  PROCS (the -p/-c
 * processes) tell which pids are held -c children.  Returns 0, or -1 after
 * diag_error (a process that cannot be read, a bad offset). */
int pid_probes_find (const struct probe_desc *descs, size_t ndescs,
                     const struct usdt_proc *procs, size_t nprocs, struct pid_probe_list *out);
void pid_probe_list_free (struct pid_probe_list *l);

/* Does D name probe P? */
bool pid_probe_match (const struct pid_probe *p, const struct probe_desc *d);

/* The argument locations of P for the sites map. */
void pid_site_spec (const struct pid_probe *p, unsigned probe_id, struct site_spec *out);

/* `dtrace -l`: each probe to the one printer (probe-list.h). */
struct probe_lister;
void pid_list_print (struct probe_lister *pl, const struct pid_probe_list *l);

#endif
