/*
 * providers.h — the pid, syscall and profile-N providers as the runtime
 * sees them: one object that resolves their probes into the program's probe
 * table, matches descriptions to them, fills their argument specs, loads and
 * attaches their programs, and lists them for -l.
 *
 *   pid      pid-probes.c     uprobes (uprobe_multi / perf), PK_PID
 *   syscall  syscall-probes.c raw tracepoints sys_enter/sys_exit,
 *                             PK_SYSCALL_ENTRY/RETURN
 *   profile  profile-probes.c perf_event CPU clock per CPU, PK_PROFILE
 *
 * pid probes use the sites map like USDT: cookie = base + probe index,
 * where base is the first sites-map entry after the USDT sites.  syscall
 * programs get their own map (call number -> spec) per program group.
 */
#ifndef SDTKIT_CONSUMER_PROVIDERS_H
#define SDTKIT_CONSUMER_PROVIDERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "consumer/compile/codegen.h"
#include "consumer/compile/dprog.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/runtime/uprobe-attach.h"
#include "consumer/probes/usdt-probes.h"

struct providers;

struct providers *providers_new (void);
/* Detach and free (NULL is fine). */
void providers_free (struct providers *pv);
/* True when D can only name probes of these providers (so the USDT search
 * may skip it). */
bool providers_desc_exclusive (const struct probe_desc *d);
/* Append the probes the descriptions name to P->probes (ids continue after
 * the last).  Returns 0, or -1 after diag_error. */
int providers_resolve (struct providers *pv, struct dprog *p, const struct probe_desc *descs,
                       size_t nd, const struct usdt_proc *procs, size_t nprocs);
/* Does D name probe DP (a probe these providers made; false otherwise)? */
bool providers_probe_match (const struct dprobe *dp, const struct probe_desc *d);
/* Sites-map entries the pid probes need. */
size_t providers_nsites (const struct providers *pv);
/* Write the pid probes' specs at BASE.. of SITES_FD. */
void providers_fill_sites (struct providers *pv, const struct dprog *p, int sites_fd, unsigned base);
/* Generate, load and attach a program per group of probes with the same
 * clauses.  Program fds are appended to *FDS.  Returns 0, or -1. */
int providers_attach (struct providers *pv, struct dprog *p, struct codegen_ctx *cg,
                      enum uprobe_mode mode, int **fds, size_t *nfds);
/* Detach everything attached (the programs stop firing). */
void providers_detach (struct providers *pv);
/* `dtrace -l` of syscall, profile and pid probes matching the
 * descriptions (all syscall and profile ones when ND is 0), to the one
 * printer (probe-list.h).  Returns 0, or -1 after diag_error. */
struct probe_lister;
int providers_list (struct probe_lister *pl, const struct probe_desc *descs, size_t nd,
                    const struct usdt_proc *procs, size_t nprocs);

#endif
