/* SPDX-License-Identifier: MIT */
/*
 * fuzz-provider.c — libFuzzer harness: `.d` provider definitions as
 * `dtrace -h` reads them (dlang/, provider mode) and, when they parse, the
 * header generation (provider-compiler/) into a memory stream: the default
 * systemtap-note header with and without an include guard, then, when the
 * call-style check passes, the `-x callstyle` header.
 *
 * The input is handed to d_parse_string as it is, not NUL-terminated, so
 * that a read past its end is an AddressSanitizer report.
 */
#include <stdio.h>
#include <stdlib.h>

#include "dlang/dlang.h"
#include "provider-compiler/provider-compiler.h"
#include "test/fuzz/fuzz-util.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_quiet ();
  return 0;
}

/* Write PROG's header (CALLSTYLE or not) into memory and drop it. */
static void
header (const struct d_program *prog, const char *guard_name, bool callstyle)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (!f)
    abort ();
  struct d_header_options opt = { .output_name = guard_name };
  if (callstyle)
    d_write_callstyle_header (prog, &opt, f);
  else
    d_write_header (prog, &opt, f);
  fclose (f);
  free (text);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct d_program prog;
  if (d_parse_string ("fuzz.d", (const char *) data, size, D_PARSE_PROVIDERS, &prog) != 0)
    return 0;
  header (&prog, NULL, false);
  header (&prog, "out/fuzz-probes.h", false);
  if (d_check_callstyle (&prog) == 0)
    header (&prog, "fuzz.h", true);
  d_program_free (&prog);
  return 0;
}
