/* SPDX-License-Identifier: MIT */
/*
 * provider-compiler.h — `dtrace -h`: the C header of probe macros from the
 * provider model of a parsed `.d` file (dlang/dlang.h), in the default
 * systemtap-note style or, with `-x callstyle`, the Solaris call style; and
 * the classification of argument types that call-style sites (and
 * `dtrace -G`, which links them) rely on.
 */
#ifndef SDTKIT_PROVIDER_COMPILER_H
#define SDTKIT_PROVIDER_COMPILER_H

#include <stdbool.h>
#include <stdio.h>

#include "dlang/dlang.h"

/* `-h`: the C header of probe macros (header-gen.c). */

struct d_header_options {
  const char *output_name;  /* output path, for the Solaris-style include guard; NULL: no guard */
};

/* Write the header for every provider of PROG to OUT.  Returns 0, or -1 on a
 * write error (reported by the caller, who owns the file). */
int d_write_header (const struct d_program *prog, const struct d_header_options *opt, FILE *out);

/* Macro-name mapping: provider "hotspot_jni", probe "AllocObject__entry" ->
 * "HOTSPOT_JNI_ALLOCOBJECT_ENTRY" (malloc'd). */
char *d_macro_name (const char *provider, const char *probe);

/* ------------------------------------------------------------------ */
/* `-h -x callstyle`: the Solaris-style header whose probes are calls of  */
/* `extern void __dtrace_<prov>___<probe>(<types>)`, patched out of the   */
/* objects by `dtrace -G` (provider-compiler/header-callstyle.c).         */

int d_write_callstyle_header (const struct d_program *prog, const struct d_header_options *opt,
                              FILE *out);

/* What a call-style site can describe of an argument, from its .d type
 * (x86-64 LP64 sizes).  Pointers, arrays, function pointers and D's
 * `string` are 8-byte unsigned; C integer types and the usual typedefs
 * (stdint.h, sys/types.h, Solaris) have their size and sign; enums are
 * 4-byte signed; other typedef names are D_ARG_UNKNOWN (described as 8-byte
 * unsigned).  Floats, structs/unions by value, 128-bit integers and void
 * cannot be described. */
enum d_arg_class {
  D_ARG_INTEGER, D_ARG_POINTER, D_ARG_UNKNOWN,
  D_ARG_FLOAT, D_ARG_AGGREGATE, D_ARG_WIDE, D_ARG_VOID
};
struct d_arg_type {
  enum d_arg_class cls;
  int size;            /* bytes */
  bool is_signed;
};
void d_classify_arg_type (const char *type, struct d_arg_type *out);
/* "probe P:N: argument K is floating point (double); ..." (malloc'd) when
 * argument I (from 0) cannot be described at a call-style site, else NULL. */
char *d_callstyle_arg_problem (const struct d_provider *prov, const struct d_probe_decl *probe,
                               size_t i);
/* Report (file:line) every probe argument of PROG that call-style sites
 * cannot describe.  Returns 0, or -1 after printing errors. */
int d_check_callstyle (const struct d_program *prog);

#endif
