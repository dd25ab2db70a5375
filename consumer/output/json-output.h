/* SPDX-License-Identifier: MIT */
/*
 * json-output.h — -x oformat=json: the consumer's output as JSON Lines,
 * one object per line, each line written and flushed whole.
 *
 * Four kinds of object, told apart by "type" (doc/output-formats.md §14):
 *   probe        a firing that recorded data: timestamp (ns, DTrace's
 *                `timestamp`), walltimestamp (ns since the epoch), cpu, pid,
 *                id, provider, module, function, name, and "output": one
 *                element per action that ran, in order —
 *                  {"action":"printf","text":T,"args":[...]}   T as printed
 *                  {"action":"trace","value":V}
 *                  {"action":"printa","aggregations":[A...]}
 *                  {"action":"exit","status":N}
 *   aggregation  one not printed by printa, at the end: A with "type" first
 *   error        a runtime fault: epid, id, the probe, fault, address (for an
 *                invalid address), action (0: the predicate), offset, and
 *                the text line DTrace prints as "message"
 *   drop         kind, cpu (when counted per CPU), count, message
 * A (an aggregation): name (without '@'; "" for @), function, "entries"
 * in print order, each {"keys":[...],"value":V} (avg adds count and sum),
 * or {"keys":[...],"buckets":[[label,count],...]} for the quantize family:
 * the non-zero rows, label a number, or the row's text ("< 0", ">= 100")
 * for the open-ended rows of lquantize/llquantize.
 * Values: integers are numbers, strings strings (json-writer.h: escaped and
 * made valid UTF-8), symbols their text ("a.out`main"), stacks arrays of
 * frame texts.
 *
 * This file only renders; output.c decides what to render and when, as it
 * does for the text formats of consumer/output/dformat.h.
 */
#ifndef SDTKIT_CONSUMER_JSON_OUTPUT_H
#define SDTKIT_CONSUMER_JSON_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "consumer/output/dformat.h"
#include "consumer/output/json-writer.h"

/* A firing's object: begin, one call per action, end. */
void json_probe_begin (struct json_writer *w, const struct dfmt_probe *p, uint64_t timestamp,
                       uint64_t walltimestamp, int32_t pid);
void json_probe_trace (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_value *v);
void json_probe_printf (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                        const struct dfmt_value *args, size_t nargs);
/* Marks the aggregations that had entries as printed (dfmt_agg_printed). */
void json_probe_printa (struct json_writer *w, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                        size_t naggs);
void json_probe_exit (struct json_writer *w, int status);
void json_probe_end (struct json_writer *w);

/* A standalone aggregation object. */
void json_aggregation (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_agg *a);

/* One value (see above). */
void json_value (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_value *v);

struct json_fault {
  unsigned epid;
  const struct dfmt_probe *probe;     /* its id is the probe id */
  const char *fault;           /* "invalid address", "divide-by-zero", ... */
  bool has_address;
  uint64_t address;
  uint64_t action;             /* 0: the predicate */
  uint64_t offset;
  const char *message;
};
void json_error (struct json_writer *w, const struct json_fault *f);
/* CPU < 0: not counted per CPU. */
void json_drop (struct json_writer *w, const char *kind, int cpu, uint64_t count, const char *message);

#endif
