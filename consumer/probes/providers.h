/* SPDX-License-Identifier: MIT */
/*
 * providers.h — the pid, syscall, profile-N, proc and sched providers as the runtime
 * sees them: one object that resolves their probes into the program's probe
 * table, matches descriptions to them, fills their argument specs, loads and
 * attaches their programs, and lists them for -l.
 *
 *   pid      pid-probes.c     uprobes (uprobe_multi / perf), PK_PID
 *   syscall  syscall-probes.c raw tracepoints sys_enter/sys_exit,
 *                             PK_SYSCALL_ENTRY/RETURN
 *   profile  profile-probes.c perf_event CPU clock per CPU, PK_PROFILE
 *   proc, sched  kernel-probes.c  raw tracepoints, PK_KERNEL
 *
 * pid probes use the sites map like USDT: cookie = base + probe index,
 * where base is the first sites-map entry after the USDT sites.  syscall
 * programs get their own map (call number -> spec) per program group.
 *
 * The providers see the probe table (abi.h struct dprobe), never the
 * compiler: runtime/attach-providers.c generates and loads each group's
 * program and hands its fd to the attach functions here.
 */
#ifndef SDTKIT_CONSUMER_PROVIDERS_H
#define SDTKIT_CONSUMER_PROVIDERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "consumer/abi.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/probes/uprobe-attach.h"
#include "consumer/probes/usdt-probes.h"

struct providers;

struct providers *providers_new (void);
/* Detach and free (NULL is fine). */
void providers_free (struct providers *pv);
/* True when D can only name probes of these providers (so the USDT search
 * may skip it). */
bool providers_desc_exclusive (const struct probe_desc *d);
/* Append the probes the descriptions name to *PROBES (ids continue after
 * the last).  Returns 0, or -1 after diag_error. */
int providers_resolve (struct providers *pv, struct dprobe **probes, size_t *nprobes,
                       const struct probe_desc *descs, size_t nd, const struct usdt_proc *procs,
                       size_t nprocs);
/* Does D name probe DP (a probe these providers made; false otherwise)? */
bool providers_probe_match (const struct dprobe *dp, const struct probe_desc *d);
/* Sites-map entries the pid probes need. */
size_t providers_nsites (const struct providers *pv);
/* Write the pid probes' specs at BASE.. of SITES_FD. */
void providers_fill_sites (struct providers *pv, const struct dprobe *probes, size_t nprobes,
                           int sites_fd, unsigned base);
/* Attach PROG_FD, the program of the pid probes enabling the same clauses
 * as PROBES[FIRST], to their sites (each process's entry/offset and return
 * sites apart); they are marked in DONE.  Returns 0, or -1. */
int providers_attach_pid (struct providers *pv, const struct dprobe *probes, size_t nprobes, bool *done,
                          size_t first, int prog_fd, enum uprobe_mode mode);
/* The call-number map (MAP_SYSCALL_SITES) of the syscall probes of
 * PROBES[FIRST]'s kind enabling its clauses, created and filled; they are
 * marked in DONE.  Returns the fd (kept: closed on detach), or -1. */
int providers_syscall_map (struct providers *pv, const struct dprobe *probes, size_t nprobes, bool *done,
                           size_t first);
/* Attach a syscall program to sys_enter (PK_SYSCALL_ENTRY) or sys_exit. */
int providers_attach_syscall (struct providers *pv, enum probe_kind kind, int prog_fd);
/* Attach a profile-N program to a CPU-clock event on every CPU. */
int providers_attach_profile (struct providers *pv, const struct dprobe *dp, int prog_fd);
/* Attach a proc or sched probe's program to its raw tracepoint. */
int providers_attach_kernel (struct providers *pv, const struct dprobe *dp, int prog_fd);
/* The pid provider's uprobe links, handed to the caller (to detach with
 * the others, in parallel). */
struct uprobe_attachment *providers_take_uprobe_links (struct providers *pv);
/* Detach everything attached (the programs stop firing). */
void providers_detach (struct providers *pv);
/* `dtrace -l` of syscall, profile and pid probes matching the
 * descriptions (all syscall and profile ones when ND is 0), to the one
 * printer (probe-list.h).  Returns 0, or -1 after diag_error. */
struct probe_lister;
int providers_list (struct probe_lister *pl, const struct probe_desc *descs, size_t nd,
                    const struct usdt_proc *procs, size_t nprocs);

#endif
