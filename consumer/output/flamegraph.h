/* SPDX-License-Identifier: MIT */
/*
 * flamegraph.h — stack-keyed aggregations as folded stacks and as a flame
 * graph (-x oformat=folded, -x oformat=svg; doc/unwinding.md).
 *
 * A stack-keyed aggregation is one with a ustack() or stack() key.  Each of
 * its entries becomes a path of frames, outermost first: the other keys
 * (strings, integers, symbols, in key order) and then the stack's frames
 * as module`function (no offset, so that all pcs of one function are one
 * frame), the value being the entry's printed value.  Entries whose paths
 * are equal are summed.  Quantize-family aggregations have no single value
 * and are left out.
 *
 * Folded: one line per path, "frame;frame;frame value", in path order (the
 * format of the FlameGraph tools' stackcollapse step).
 *
 * SVG: one self-contained document (no script, no external reference): a
 * rectangle per distinct path prefix plus one for the root ("all"), widths
 * proportional to the summed values, the root at the bottom; each rectangle
 * is in a <g> with a <title> (name, value, percentage of the total) that a
 * browser shows on hover, and its name as <text> when it fits.
 */
#ifndef SDTKIT_CONSUMER_FLAMEGRAPH_H
#define SDTKIT_CONSUMER_FLAMEGRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "consumer/output/dformat.h"

/* Does A have a stack key? */
bool flame_agg_has_stack (const struct dfmt_agg *a);

/* The folded lines of every stack-keyed aggregation of AGGS. */
void flame_print_folded (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                         size_t naggs);

/* The flame graph of every stack-keyed aggregation of AGGS, as SVG. */
void flame_print_svg (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                      size_t naggs);

#endif
