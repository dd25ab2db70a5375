/* SPDX-License-Identifier: MIT */
/*
 * loader.h — the runtime's maps by symbolic name, and the loading of the
 * compiler's relocatable program images (compile/bpf-image.h).
 *
 * The runtime creates the maps (maps.c) and keeps their fds here, indexed
 * by abi.h's map references; the loader copies an image, writes into each
 * relocated map load the fd of the map it names, and loads the copy with
 * libbpf.  The compiler never sees an fd.
 */
#ifndef SDTKIT_CONSUMER_LOADER_H
#define SDTKIT_CONSUMER_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer/abi.h"
#include "consumer/compile/bpf-image.h"
#include "consumer/compile/codegen.h"

struct map_table {
  int fixed[MAP_NFIXED];       /* enum map_id -> fd, -1: not created */
  int *vars;                   /* dprog.vars[i] -> fd (-1: globals, this->) */
  size_t nvars;
  int *aggs;                   /* dprog.aggs[i] -> fd */
  size_t naggs;
};

/* Every fd -1, room for NVARS variables and NAGGS aggregations. */
void map_table_init (struct map_table *m, size_t nvars, size_t naggs);
/* Close every map created, free the table (it is left as after init with
 * no variables). */
void map_table_close (struct map_table *m);
/* The fd of map reference REF (abi.h), or -1. */
int map_table_fd (const struct map_table *m, uint32_t ref);

/* Load IMG, the program of PROBE's clauses (NULL: of no probe), with MAPS'
 * fds.  On a verifier rejection prints "the kernel's BPF verifier rejected
 * the program for probe PROBE: WHY" when it hit one of the verifier's size
 * or complexity limits (verifier-limits.h), otherwise "... for probe
 * PROBE: ERRNO" ("... program NAME: ERRNO" without a probe), and when
 * VERBOSE, the log.  Returns the program fd or -1. */
int loader_load (const struct bpf_image *img, const struct map_table *maps, const struct dprobe *probe,
                 bool verbose);

/* Generate (codegen_program) and load the program NAME of PROBE's clauses
 * (for USDT, of every probe with the same clauses).  Returns its fd or -1. */
int loader_program (struct codegen_ctx *cg, const struct map_table *maps, bool verbose,
                    enum probe_kind kind, unsigned probe_id, const struct dprobe *probe, const char *name);

/* Close the per-cookie copies of programs (kernels without attach
 * cookies) and forget them: at the end of a session. */
void loader_forget_cookie_programs (void);

#endif
