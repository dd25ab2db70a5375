/* SPDX-License-Identifier: MIT */
/*
 * output.h — turning ring-buffer records and aggregation maps into
 * DTrace's output (through consumer/dformat.h, which owns the formats).
 */
#ifndef SDTKIT_CONSUMER_OUTPUT_H
#define SDTKIT_CONSUMER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "consumer/compile/dprog.h"
#include "consumer/output/dformat.h"

struct output;

/* AGG_FDS: the map of each aggregation (dprog.aggs[i]), the runtime's. */
struct output *output_new (struct dprog *prog, const int *agg_fds, FILE *out);
void output_free (struct output *o);

/* ustack(): FD is the runtime's MAP_USTACKS (consumer/abi.h), whose values
 * are CAPTURE_SIZE bytes; each ustack() value is unwound from its capture
 * (consumer/output/unwind.h).  Not called when the program has no ustack(). */
void output_set_ustacks (struct output *o, int fd, size_t capture_size);

/* Check the printf/printa formats of every clause against their arguments
 * (DTrace's compile-time prototype errors).  Returns 0 or -1 after errors. */
int output_check_formats (struct output *o, size_t first_clause, size_t nclauses, const char *errprefix);

/* Format one record.  Sets *exit_seen and *exit_status on an exit action. */
void output_record (struct output *o, const void *data, size_t size, bool *exit_seen, int *exit_status);

/* The symbolizer of ustack() and friends (consumer/symbolize.h); NULL
 * when the program records no user stacks or symbols. */
struct symbolizer *output_symbolizer (struct output *o);

/* At the end: the unconditional newline, then every aggregation that no
 * printa printed. */
void output_finish (struct output *o);

/* -x oformat=json (json-output.h): true when the output is JSON Lines; the
 * error and drop objects are written to the output, one line each. */
struct json_fault;
bool output_is_json (const struct output *o);
void output_json_error (struct output *o, const struct json_fault *f);
void output_json_drop (struct output *o, const char *kind, int cpu, uint64_t count, const char *message);

/* -x oformat=openmetrics, -x metrics: every aggregation read from its map
 * now and appended to BUF as Prometheus text (openmetrics.h); ORIGINS[i]
 * says where aggregation i is defined (may be NULL). */
void output_metrics (struct output *o, struct dfmt_out *buf, const char *const *origins);

/* Write to FP from now on (the -o file reopened after SIGHUP). */
void output_set_file (struct output *o, FILE *fp);

#endif
