/* SPDX-License-Identifier: MIT */
/*
 * fuzz-printf.c — libFuzzer harness: printf()/printa() formats as the
 * checker hands them to consumer/output (dfmt_fmt_parse, dfmt_fmt_check),
 * and, for printf formats that pass, the formatting at run time into a
 * memory buffer (dfmt_printf) with values of the checked types.
 *
 * Input: byte 0 picks the action (bit 0: printa; bits 1-2: the action name
 * in messages), byte 1 the number of argument types (0-15), then one byte
 * per type (the class, size and sign, and the value printed for it), then
 * the format string.  Formats with a field width or precision of four
 * digits or more are checked but not printed, and the values given for
 * dynamic widths (%*d) are small: a width makes as much output as it says
 * (issue #12 item 9: printf("%2147483647d") writes 2 GB), which would only
 * make the fuzzer time out.  Once widths are limited, both filters can go.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat.h"
#include "test/fuzz/fuzz-util.h"

#define MAX_ARGS 15

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_quiet ();
  return 0;
}

static const uint64_t stack_pcs[] = { 0x401000, 0x401234, 0x7f0000001000, 0 };
static const uint8_t char_array[8] = "bytes";

/* Type and value number B (any byte): integers of each size and sign with a
 * small value taken from B (dynamic widths stay small), and every other
 * class once. */
static void
type_of (uint8_t b, struct dfmt_type *t, struct dfmt_value *v)
{
  static const unsigned sizes[] = { 1, 2, 4, 8 };
  /* -4..11 signed, 0..15 unsigned: never a huge dynamic width */
  int64_t small = (int64_t) (b >> 4) - ((b & 4) ? 4 : 0);
  memset (t, 0, sizeof *t);
  switch (b & 15)
    {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
      t->cls = DFMT_T_INT;
      t->size = sizes[b & 3];
      t->is_signed = (b & 4) != 0;
      *v = dfmt_int (small, t->size, t->is_signed);
      break;
    case 8:
      t->cls = DFMT_T_POINTER;
      t->size = 8;
      t->name = "char *";
      *v = dfmt_int (0x7f0000000000 + small, 8, false);
      break;
    case 9:
      t->cls = DFMT_T_STRING;
      *v = dfmt_str ((b & 16) ? "" : "string value", 256);
      break;
    case 10:
      t->cls = DFMT_T_CHARARRAY;
      t->size = sizeof char_array;
      t->name = "char [8]";
      *v = dfmt_bytes (char_array, sizeof char_array);
      break;
    case 11:
      t->cls = DFMT_T_STACK;
      *v = dfmt_stack (stack_pcs, 3, (b & 16) != 0, 42);
      break;
    case 12:
      t->cls = DFMT_T_SYM;
      *v = dfmt_sym (0xffffffff81000000 + (uint64_t) small, false, 0, DFMT_SYM_FUNC);
      break;
    case 13:
      t->cls = DFMT_T_USYM;
      *v = dfmt_sym (0x401000 + (uint64_t) small, true, 42, DFMT_SYM_ADDR);
      break;
    case 14:
      t->cls = (b & 16) ? DFMT_T_AGG : DFMT_T_VOID;
      *v = dfmt_int (0, 8, false);
      break;
    default:
      t->cls = DFMT_T_OTHER;
      t->name = "struct fuzz";
      *v = dfmt_bytes (char_array, 3);
      break;
    }
}

/* Does FMT hold a run of four digits or more (a width that big)? */
static bool
huge_width (const char *fmt)
{
  size_t run = 0;
  for (const char *c = fmt; *c; c++)
    if (*c >= '0' && *c <= '9')
      {
        if (++run >= 4)
          return true;
      }
    else
      run = 0;
  return false;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const char *const funcs[] = { "printf", "printa", "system", "freopen" };
  if (size < 2)
    return 0;
  bool printa = data[0] & 1;
  const char *func = funcs[(data[0] >> 1) & 3];
  size_t nargs = data[1] & MAX_ARGS;
  if (size < 2 + nargs)
    return 0;
  struct dfmt_type types[MAX_ARGS];
  struct dfmt_value values[MAX_ARGS];
  for (size_t i = 0; i < nargs; i++)
    type_of (data[2 + i], &types[i], &values[i]);
  char *fmt = fuzz_string (data + 2 + nargs, size - 2 - nargs);

  struct dfmt_diag err = { NULL, NULL };
  struct dfmt_fmt *f = dfmt_fmt_parse (fmt, func, printa, &err);
  if (f && dfmt_fmt_check (f, types, nargs, &err) == 0)
    {
      if (!printa && !huge_width (fmt) && dfmt_fmt_nargs (f) <= nargs)
        {
          struct dfmt_ctx ctx;
          dfmt_ctx_init (&ctx);
          ctx.pid = 42;
          struct dfmt_out out;
          dfmt_out_buffer (&out);
          dfmt_printf (&out, &ctx, f, values, dfmt_fmt_nargs (f));
          dfmt_out_release (&out);
        }
      dfmt_fmt_naggconv (f);
    }
  dfmt_fmt_free (f);
  dfmt_diag_clear (&err);
  free (fmt);
  return 0;
}
