/* SPDX-License-Identifier: MIT */
/*
 * openmetrics.h — aggregations in the Prometheus text exposition format
 * (version 0.0.4, what Prometheus scrapes and node_exporter's textfile
 * collector reads), ended by OpenMetrics' "# EOF" line (a comment to a
 * 0.0.4 reader) so that a reader can tell a whole text from a cut one.
 * Used by -x oformat=openmetrics (the -o file) and -x metrics=HOST:PORT
 * (GET /metrics); the mapping is doc/output-formats.md §15:
 *
 *   @name                dtrace_<name> (@ alone: dtrace_agg; any character
 *                        a metric name may not hold becomes '_')
 *   keys                 labels key0, key1, ... (strings escaped and made
 *                        valid UTF-8, symbols their text, stacks one folded
 *                        label: frames root first, joined by ';')
 *   count() sum()        counter, samples dtrace_<name>_total
 *   min max avg stddev   gauge (avg the exact mean sum/count; a cleared
 *                        min or max NaN)
 *   quantize lquantize   histogram: cumulative dtrace_<name>_bucket{le=...},
 *   llquantize           le the inclusive upper bound of the row, rows from
 *                        one below the lowest non-empty row of any key to the
 *                        highest, then le="+Inf"; _sum (the exact sum of the
 *                        values, which the kernel keeps beside the buckets:
 *                        dprog.h quantize_sums) and _count
 * Each family has "# HELP" (the function, the aggregation and where the
 * script defines it) and "# TYPE" for the name its samples carry.  Raw
 * values: normalize() does not apply.  A family whose sample names another
 * family already took is left out, with a comment saying so.
 *
 * This file only renders tables read by output.c (output_metrics).
 */
#ifndef SDTKIT_CONSUMER_OPENMETRICS_H
#define SDTKIT_CONSUMER_OPENMETRICS_H

#include <stddef.h>

#include "consumer/output/dformat.h"

/* What an HTTP response carrying the text says it is. */
#define OM_CONTENT_TYPE "text/plain; version=0.0.4; charset=utf-8"

/* Every aggregation of AGGS, in order; ORIGINS[i] (may be NULL) says where
 * aggregation i is defined ("script x.d line 3"), for its HELP line.  Ends
 * with "# EOF\n". */
void om_render (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                const char *const *origins, size_t naggs);

#endif
