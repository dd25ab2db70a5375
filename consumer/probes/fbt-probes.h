/* SPDX-License-Identifier: MIT */
/*
 * fbt-probes.h — the fbt provider: `fbt:vmlinux:FUNCTION:entry|return` for
 * every function of the kernel's BTF (/sys/kernel/btf/vmlinux), fired by
 * BPF trampolines (fentry/fexit programs: BPF_PROG_TYPE_TRACING attached
 * to the function's BTF id), which need no kprobe support in the kernel;
 * where the kernel has no fentry, by kprobes and kretprobes made on the
 * kprobe PMU (perf_event_open, no tracefs), the program's context then
 * struct pt_regs.
 *
 * Arguments: at entry arg0..argN-1 are the function's (the program's
 * context holds them), each truncated and extended to its C type's width
 * (an int's upper register half is undefined); at return arg0 is 0 (a trampoline does not know
 * which return instruction ran) and arg1 the return value.  Functions with
 * more than 6 parameters or variadic ones are not listed, nor those a
 * probe's own program may run (BPF, maps, the ring buffer, fault-safe
 * copies, RCU, spin locks, clocks, unwinding: fbt-probes.c's list), where a
 * program could recurse or deadlock (kernels before 5.12 do not stop a
 * trampoline's program from recursing).  Each probe
 * enabled is one program and one link: a description may enable at most
 * FBT_MAX_ENABLED of them.  Functions the kernel will not trace (notrace,
 * freed after boot) are left out at attach with a warning naming them.
 */
#ifndef SDTKIT_CONSUMER_FBT_PROBES_H
#define SDTKIT_CONSUMER_FBT_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer/probes/probe-desc.h"

#define FBT_MAX_ENABLED 256

/* An argument's or the return value's width: its size in bytes (1 2 4 8)
 * or'ed with FBT_SIGNED; the register's upper bits beyond it are not the
 * value's (the caller leaves them undefined). */
#define FBT_SIGNED 0x80

struct fbt_probe {
  const char *name;       /* owned by the module's cache */
  uint32_t btf_id;        /* the FUNC */
  unsigned nargs;
  bool is_return;
  uint8_t widths[7];      /* the parameters', then the return value's */
};

/* Does D name fbt probe P? */
bool fbt_probe_match (const struct fbt_probe *p, const struct probe_desc *d);
/* True when D can only mean fbt probes. */
bool fbt_desc_exclusive (const struct probe_desc *d);
/* The fbt probes the descriptions name, by function name (entry before
 * return); *OUT malloc'd.  Returns the count, or -1 after diag_error (no
 * BTF). */
long fbt_probes_find (const struct probe_desc *descs, size_t ndescs, struct fbt_probe **out);
/* Are fbt probes kprobes and kretprobes here (the kernel has no fentry
 * but has the kprobe PMU)?  Their programs are then BPF_PROG_TYPE_KPROBE,
 * the context struct pt_regs. */
bool fbt_kprobes (void);
/* Attach an fentry/fexit program (or the kprobe program, fbt_kprobes()) (loaded with its attach BTF id): the
 * link, or -1 after a warning naming the probe (a function BTF has that
 * the kernel will not trace, as an __init one freed after boot, is not an
 * error: the other probes go on). */
int fbt_attach (const char *func, bool is_return, int prog_fd);
/* `dtrace -l`: matching fbt probes (every one when NDESCS is 0). */
struct probe_lister;
void fbt_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs);
/* Free the function list read from BTF. */
void fbt_forget (void);

#endif
