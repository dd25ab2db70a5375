/* SPDX-License-Identifier: MIT */
/*
 * runtime-int.h — what the runtime's files share (private to runtime/).
 *
 * One `struct runtime` holds a tracing session from the first -x option to
 * the last close: the sources and their parse trees, the checked program
 * (struct dprog), the probes it was resolved to, the maps, programs and
 * links, the processes and the output.  Each file does one step on it:
 *   xoptions.c  -x options and #pragma D option
 *   sources.c   -s/-n/-P/-m/-f sources parsed
 *   types.c     the modules C types are read from (the compiler's resolver)
 *   resolve.c   probe descriptions -> probes, clauses enabled on them
 *   maps.c      the BPF maps created and filled
 *   sites.c     USDT site specs, shared sites, attach grouping by site shape
 *   load.c      programs generated, loaded and attached; BEGIN/END run
 *   attach-providers.c  the same for the pid, syscall and profile-N probes
 *   loader.c    the maps by name; images loaded with their fds
 *   session.c   consumer_run: the steps in order, the event loop, teardown
 *   listing.c   consumer_list (-l)
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_RUNTIME_INT_H
#define SDTKIT_CONSUMER_RUNTIME_RUNTIME_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <bpf/bpf.h>

#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "consumer/consumer.h"
#include "consumer/probes/usdt-probes.h"
#include "consumer/runtime/lib-loads.h"
#include "consumer/runtime/loader.h"
#include "consumer/probes/uprobe-attach.h"

enum { PROBE_ID_BEGIN = 1, PROBE_ID_END = 2, PROBE_ID_ERROR = 3, PROBE_ID_USDT = 4 };

struct source_state {
  const struct consumer_source *src;
  char *text;                     /* program text for -n/-P/-m/-f */
  char *errprefix;
  char *notice;                   /* "description 'X '" or "script 'x.d'" */
  struct d_program dp;
  struct d_script script;
  bool parsed;
  size_t first_clause, nclauses;
};

struct runtime {
  const struct consumer_options *opt;
  struct dprog prog;
  struct strconsts consts;
  struct codegen_ctx cg;
  struct map_table maps;        /* the maps by symbolic name (loader.h) */
  size_t nsrc;
  struct source_state *src;
  struct usdt_probe_list usdt;
  bool have_usdt;
  struct uprobe_attachment *att;
  int *prog_fds;
  size_t nprog_fds, prog_fds_cap;
  int begin_fd, end_fd;
  int error_fd;                 /* dtrace:::ERROR's clauses (fault.h), or -1 */
  struct spec_store *spec;      /* speculative records (speculation.h) */
  uint64_t nerrors;             /* faults reported */
  struct ring_buffer *rb;
  struct ring_buffer *errrb;    /* the ERROR clauses' records (fault.h) */
  struct output *out;
  FILE *outf;
  struct usdt_proc *procs;
  size_t nprocs;
  struct dt_proc *dtp;          /* -p and -c processes, same order as procs */
  bool exit_seen;
  int exit_status;
  int switch_ms;                /* ring buffer poll interval */
  int aggrate_ms;               /* -x aggrate: the metrics file's rewrites (0: 1 s) */
  char *metrics_addr;           /* -x metrics=HOST:PORT, or NULL */
  struct metrics_export *metrics;   /* -x oformat=openmetrics / metrics (metrics-export.c) */
  uint64_t *drops_seen;         /* [counter][cpu] already reported */
  size_t *matched;              /* per source: (clause, probe) pairs enabled */
  struct tick { int fd; uint64_t interval, next; } *ticks;
  size_t nticks, ticks_cap;
  struct providers *prov;       /* pid, syscall, profile-N (providers.h) */
  struct type_resolver *types;  /* the modules C types are read from (types.c) */
  struct btf_types *kernel_types;   /* the kernel's BTF, opened on first use (types.c) */
  bool kernel_types_tried;
  struct usdt_cache *usdt_files;  /* the modules' notes, each read once: for
                                   args[N] (usdt-argtypes.c), then the probes */
  enum evaltime evaltime;       /* -x evaltime (lib-loads.h) */
  struct resolve *res;          /* the descriptions (resolve.c) */
  struct late *late;            /* probes of libraries loaded later (usdt-late.c) */
  unsigned late_first_id, late_limit_id;   /* their probe ids, */
  unsigned late_first_cookie, late_limit_cookie;   /* their sites */
  struct lib_watch *libwatch;   /* the dynamic linker's hook, -c/-p */
  bool watch_execs;             /* -Z, system-wide USDT: processes exec'ed later
                                   are searched for probes (lib-events.c) */
  int exec_link, exec_rb;       /* its raw tracepoint and ring buffer */
  pid_t *lib_pending;           /* processes it reported (lib-events.c) */
  size_t nlib_pending, lib_pending_cap;
  unsigned new_probes_first;    /* ids later processes' probes get (maps.c), */
  unsigned new_probes_limit;    /* up to this one (excluded) */
};

/* xoptions.c */
/* Set option NAME (VALUE or NULL); errors name PREFIX and LINE (a pragma's
 * script) or, PREFIX NULL, the -x option. */
int apply_option (struct runtime *rt, const char *name, const char *value, const char *prefix,
                  int line);
int apply_xopt (struct runtime *rt, const char *opt);

/* metrics-export.c: -x oformat=openmetrics and -x metrics.  Start after
 * the output is open (-1 after an error line); wait instead of
 * ring_buffer__poll while tracing (negative errno on failure); final after
 * END: the file's last version, or the text on stdout when there is no
 * file (true: it took the place of the aggregations' printout). */
int metrics_export_start (struct runtime *rt);
int metrics_export_wait (struct runtime *rt, int wait_ms);
bool metrics_export_final (struct runtime *rt);
void metrics_export_free (struct runtime *rt);

/* sources.c */
int parse_sources (struct runtime *rt);

/* resolve.c */
const char *macro_lookup (void *arg, const char *name);
int resolve_probes (struct runtime *rt);
/* The descriptions that name USDT probes (borrowed; free the array). */
size_t resolve_usdt_descs (const struct runtime *rt, struct probe_desc **out);
/* Enable on USDT probe J (added after resolve_probes) the clauses whose
 * descriptions match it; returns how many. */
size_t resolve_enable_late_probe (struct runtime *rt, size_t j);
/* *DP, cleared, as USDT probe U with probe id ID (its names copied). */
void resolve_usdt_dprobe (struct dprobe *dp, const struct usdt_probe *u, unsigned id);
/* Free what probe *DP owns (its names and clause list). */
void resolve_dprobe_fini (struct dprobe *dp);
void resolve_free (struct runtime *rt);

/* lib-events.c: the dynamic linker's hook reports link-map changes */
void lib_events_watch (struct runtime *rt);
int lib_events_arm (struct runtime *rt);
void lib_events_service (struct runtime *rt);
void lib_events_free (struct runtime *rt);

/* usdt-late.c: the probes of libraries -c/-p processes map later */
void usdt_late_init (struct runtime *rt);
void usdt_late_look (struct runtime *rt, pid_t pid);
void usdt_late_free (struct runtime *rt);

/* maps.c */
int make_map (enum bpf_map_type type, const char *name, unsigned key, unsigned value, unsigned entries,
              uint32_t flags);
int create_maps (struct runtime *rt);

/* sites.c */
struct site_spec;
struct usdt_site;
void site_spec_of (const struct usdt_site *site, unsigned probe_id, struct site_spec *out);
int mark_shared_sites (struct runtime *rt);
void group_fixed_args (struct runtime *rt, const struct uprobe_site *sites, size_t nsites);
size_t site_arg_classes (struct runtime *rt, const struct uprobe_site *sites, size_t nsites, size_t *cls);
bool same_group (const struct dprobe *a, const struct dprobe *b);
int attach_group_per_pid (struct runtime *rt, size_t first, int fd, enum uprobe_mode mode,
                          const bool *allowed);

/* load.c */
void run_once (int fd);
void run_tick (int fd);
int load_and_attach (struct runtime *rt);

/* attach-providers.c: the pid, syscall and profile-N programs. */
int attach_providers (struct runtime *rt, enum uprobe_mode mode);

/* types.c: the compiler's type resolver over the target's modules, once
 * the processes are grabbed and the sources parsed. */
void setup_types (struct runtime *rt);
/* usdt-argtypes.c: the resolver's usdt_args over rt->types' modules. */
void usdt_argtypes_bind (struct runtime *rt, struct ctype_resolver *r);

/* session.c (shared with listing.c) */
int grab_processes (struct runtime *rt);
int run_to_evaltime (struct runtime *rt);

#endif
