/* SPDX-License-Identifier: MIT */
/*
 * header-int.h — what the two `-h` header writers share (header-gen.c for
 * the default systemtap-note header, header-callstyle.c for `-x
 * callstyle`): a FILE that remembers a failed write, the include guard, and
 * the per-probe lines both headers spell the same way.  The helpers live in
 * header-gen.c.
 */
#ifndef SDTKIT_PROVIDER_HEADER_INT_H
#define SDTKIT_PROVIDER_HEADER_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "provider-compiler/provider-compiler.h"
#include "common/diag.h"

struct hdr_out {
  FILE *f;
  bool failed;              /* a write failed */
};

void hdr_put (struct hdr_out *o, const char *fmt, ...) DIAG_PRINTF (2, 3);

/* Start a header on F: BANNER (its opening comment), then the include
 * guard when OPT names the output.  Returns the guard (malloc'd) for the
 * closing #endif, or NULL. */
char *hdr_begin (struct hdr_out *o, FILE *f, const struct d_header_options *opt,
                 const char *banner);

/* Both headers' include guard: "_PROBES_H_TMP" from ".../probes.h.tmp"
 * (malloc'd). */
char *d_header_guard_name (const char *output);

/* "\n/ * MACRO ( int a, const char *b ) * /\n": the probe's declaration as a
 * comment (the only place the default header names argument types). */
void hdr_probe_comment (struct hdr_out *o, const char *macro, const struct d_probe_decl *pr);
/* "arg1, arg2, ..., argN". */
void hdr_arg_names (struct hdr_out *o, size_t n);
/* Flush; 0, or -1 when any write failed. */
int hdr_finish (struct hdr_out *o);

#endif
