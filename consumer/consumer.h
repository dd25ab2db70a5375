/* SPDX-License-Identifier: MIT */
/*
 * consumer.h — the D consumer: the one interface the front end calls for
 * tracing (`-n`, `-s script`, `-p`, `-c`) and for listing probes (`-l`).
 *
 * The pipeline behind it (doc/design.md): parse -> resolve probe descriptions
 * -> type-check -> generate BPF per probe group -> load (libbpf) -> attach
 * (uprobe_multi or perf-event links, never tracefs) -> consume the ring
 * buffer and the aggregation maps -> print in DTrace's formats.
 */
#ifndef SDTKIT_CONSUMER_CONSUMER_H
#define SDTKIT_CONSUMER_CONSUMER_H

#include <stdbool.h>
#include <stddef.h>

#include "dlang/dlang.h"

/* One program source, in command-line order. */
enum consumer_source_kind {
  SRC_SCRIPT,      /* -s FILE */
  SRC_NAME,        /* -n TEXT: a description (name field last) or a whole program */
  SRC_PROVIDER,    /* -P */
  SRC_MODULE,      /* -m */
  SRC_FUNCTION     /* -f */
};

struct consumer_source {
  enum consumer_source_kind kind;
  const char *text;
};

struct consumer_options {
  size_t nsources;
  const struct consumer_source *sources;
  bool quiet;                  /* -q */
  bool flowindent;             /* -F */
  bool verbose;                /* -v */
  bool zdefs;                  /* -Z */
  bool destructive;            /* -w */
  bool compile_only;           /* -e: compile and match the probes, enable nothing */
  size_t nxopts;               /* -x name[=value] */
  const char *const *xopts;
  size_t npids;                /* -p */
  const char *const *pids;
  const char *command;         /* -c */
  size_t nargs;                /* macro arguments $1.. */
  const char *const *args;
  const char *output;          /* -o: append trace output to this file */
  struct d_cpp_options cpp;    /* -C -D -U -I */
};

/* Trace until exit(), Ctrl-C, or the end of the -c/-p processes.
 * Returns the exit status (DTrace's: exit(n) -> n, errors 1). */
int consumer_run (const struct consumer_options *opt);

/* -l: list the probes the sources (or, with none, the modules) match. */
int consumer_list (const struct consumer_options *opt, size_t nmodules, const char *const *modules);

#endif
