/* SPDX-License-Identifier: MIT */
/*
 * test-dformat.c — golden tests of consumer/dformat*.c, DTrace's exact
 * output formats (doc/output-formats.md).
 *
 * Expected texts are whole outputs compared byte for byte (trailing spaces
 * matter).  They come from the reference's examples and from Oracle's
 * test/unittest .r files (with {ptr} put back as the pointer, and the
 * CPU/ID columns its harness drops put back), or are worked out by hand
 * from the format rules where noted.  %Y/%T run with TZ=UTC.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "consumer/output/dformat.h"
#include "test/unit/unit.h"

#define N_(a) (sizeof (a) / sizeof (a)[0])

/* ------------------------------------------------------------------ */
/* A symbolizer over a fixed table                                       */

struct tsym {
  bool user;
  uint64_t lo, hi;           /* [lo, hi) */
  const char *module, *name;
  uint64_t base;
};

static const struct tsym tsyms[] = {
  { true, 0x401000, 0x401100, "a.out", "main", 0x400000 },
  { true, 0x401100, 0x401180, "a.out", "helper", 0x400000 },
  { true, 0x7f0000001000, 0x7f0000001100, "libc.so.6", "read", 0x7f0000000000 },
  { true, 0x7f0000002000, 0x7f0000003000, "libc.so.6", NULL, 0x7f0000000000 },
  { false, 0xffffffff81000000, 0xffffffff81000100, "vmlinux", "do_sys_open", 0xffffffff80000000 },
};

static bool
tsymbolize (void *arg, bool user, int32_t pid, uint64_t pc, struct dfmt_symbol *out)
{
  (void) arg;
  (void) pid;
  for (size_t i = 0; i < N_ (tsyms); i++)
    if (tsyms[i].user == user && pc >= tsyms[i].lo && pc < tsyms[i].hi)
      {
        out->module = tsyms[i].module;
        out->name = tsyms[i].name;
        out->offset = pc - tsyms[i].lo;
        out->base = tsyms[i].base;
        return true;
      }
  return false;
}

static struct dfmt_ctx
ctx_quiet (bool quiet)
{
  struct dfmt_ctx c;
  dfmt_ctx_init (&c);
  c.quiet = quiet;
  c.symbolize = tsymbolize;
  c.pid = 1234;
  return c;
}

/* Sink helpers: each test builds into a buffer and compares the text. */
static struct dfmt_out g_out;

static struct dfmt_out *
out_begin (void)
{
  dfmt_out_reset (&g_out);
  return &g_out;
}

#define OUT_IS(want, ...) UNIT_STREQ (dfmt_out_text (&g_out), want, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Framing and trace()                                                   */

static void
test_framing (void)
{
  struct dfmt_ctx c = ctx_quiet (false);
  struct dfmt_out *o = out_begin ();
  dfmt_header (o, &c);
  OUT_IS ("CPU     ID                    FUNCTION:NAME\n", "header");
  UNIT_INTEQ (strlen (dfmt_out_text (&g_out)), 44, "header is 43 columns");

  struct dfmt_probe begin = { 0, 1, "dtrace", "", "", "BEGIN" };
  o = out_begin ();
  dfmt_record_begin (o, &c, &begin, DFMT_FLOW_NONE, 0);
  struct dfmt_value s = dfmt_str ("hello, world", 256);
  dfmt_trace (o, &c, &s);
  dfmt_record_end (o, &c);
  OUT_IS ("  0      1                           :BEGIN   hello, world                     \n",
          "BEGIN line with a traced string (%%3d %%6d %%32s then \"  %%-33s\")");

  struct dfmt_probe rd = { 2, 73, "syscall", "", "read", "entry" };
  o = out_begin ();
  dfmt_record_begin (o, &c, &rd, DFMT_FLOW_NONE, 0);
  struct dfmt_value a0 = dfmt_int (5, 8, true), three = dfmt_int (3, 4, true);
  dfmt_trace (o, &c, &a0);
  dfmt_trace (o, &c, &three);
  dfmt_record_end (o, &c);
  OUT_IS ("  2     73                       read:entry                    5          3\n",
          "read:entry line: trace(arg0) of 8 bytes, trace(3) of an int");

  o = out_begin ();
  dfmt_record_begin (o, &c, &begin, DFMT_FLOW_NONE, 0);
  dfmt_record_end (o, &c);
  OUT_IS ("  0      1                           :BEGIN \n", "empty clause: a bare line");

  struct dfmt_probe longname = { 1, 100, "pid", "a.out", "a_function_with_a_long_name",
                                 "entry" };
  o = out_begin ();
  dfmt_record_begin (o, &c, &longname, DFMT_FLOW_NONE, 0);
  OUT_IS ("  1    100 a_function_with_a_long_name:entry ", "long FUNCTION:NAME overflows");

  /* Oracle trace/tst.string.r (its harness drops the CPU and ID columns) */
  o = out_begin ();
  dfmt_record_begin (o, &c, &begin, DFMT_FLOW_NONE, 0);
  const char *t1 = "this", *t2 = " %should work.\n",
             *t3 = "%don't w%orry -- this won't cause a %segfault.\n";
  struct dfmt_value v1 = dfmt_str (t1, 256), v2 = dfmt_str (t2, 256), v3 = dfmt_str (t3, 256);
  dfmt_trace (o, &c, &v1);
  dfmt_trace (o, &c, &v2);
  dfmt_trace (o, &c, &v3);
  dfmt_record_end (o, &c);
  OUT_IS ("  0      1 "
          "                          :BEGIN   this                                %should work.\n"
          "                    %don't w%orry -- this won't cause a %segfault.\n\n",
          "trace/tst.string.r");

  struct dfmt_ctx q = ctx_quiet (true);
  o = out_begin ();
  dfmt_header (o, &q);
  dfmt_record_begin (o, &q, &begin, DFMT_FLOW_NONE, 0);
  dfmt_trace (o, &q, &s);
  dfmt_record_end (o, &q);
  OUT_IS ("hello, world", "quiet: no header, prefix or record end; string as %%s");

  o = out_begin ();
  dfmt_exit_newline (o);
  OUT_IS ("\n", "exit newline");

  /* -F */
  struct dfmt_ctx f = ctx_quiet (false);
  f.flowindent = true;
  o = out_begin ();
  dfmt_header (o, &f);
  OUT_IS ("CPU FUNCTION                                 \n", "-F header \"%%3s %%-41s\"");
  struct dfmt_probe pe = { 0, 5, "pid1234", "a.out", "main", "entry" };
  struct dfmt_probe pr = { 0, 6, "pid1234", "a.out", "main", "return" };
  struct dfmt_probe se = { 3, 7, "syscall", "", "read", "entry" };
  struct dfmt_probe pu = { 0, 8, "usdt1", "a.out", "main", "query-start" };
  o = out_begin ();
  dfmt_record_begin (o, &f, &pe, dfmt_flow_of (pe.name), 0);
  dfmt_record_end (o, &f);
  dfmt_record_begin (o, &f, &se, dfmt_flow_of (se.name), 2);
  dfmt_record_end (o, &f);
  dfmt_record_begin (o, &f, &pu, dfmt_flow_of (pu.name), 4);
  dfmt_record_end (o, &f);
  dfmt_record_begin (o, &f, &pr, dfmt_flow_of (pr.name), 0);
  dfmt_record_end (o, &f);
  OUT_IS ("  0  -> main                                  \n"
          "  3    => read                                \n"
          "  0     | main:query-start                    \n"
          "  0  <- main                                  \n", "-F lines (DTrace's \" -> \" prefixes)");
  UNIT_CHECK (dfmt_flow_of ("entry") == DFMT_FLOW_ENTRY && dfmt_flow_of ("method-entry") == DFMT_FLOW_ENTRY,
         "-F: \"entry\" and \"...-entry\" enter");
  UNIT_CHECK (dfmt_flow_of ("return") == DFMT_FLOW_RETURN && dfmt_flow_of ("function-return") == DFMT_FLOW_RETURN,
         "-F: \"return\" and \"...-return\" return");
  UNIT_CHECK (dfmt_flow_of ("carpentry") == DFMT_FLOW_NONE && dfmt_flow_of ("noreturn") == DFMT_FLOW_NONE
         && dfmt_flow_of ("tick") == DFMT_FLOW_NONE, "-F: \"carpentry\" and \"noreturn\" are neither");
  /* under -q, -F still prints the header and the prefix (no newline) */
  struct dfmt_ctx fq = ctx_quiet (true);
  fq.flowindent = true;
  o = out_begin ();
  dfmt_header (o, &fq);
  dfmt_record_begin (o, &fq, &pe, DFMT_FLOW_ENTRY, 0);
  dfmt_record_end (o, &fq);
  OUT_IS ("CPU FUNCTION                                 \n  0  -> main                                  ",
          "-F -q: header and prefix, no newline (as DTrace)");
}

static void
test_trace_ints (void)
{
  struct dfmt_ctx c = ctx_quiet (false), q = ctx_quiet (true);
  /* Oracle's layout: signed or unsigned by type, each size in a column
   * wide enough for its range (3, 5, 10, 19 signed / 20 unsigned). */
  static const struct { int64_t v; unsigned size; bool sign; const char *nq, *qt; } t[] = {
    { 1, 4, true, "          1", "1" },
    { -2, 4, true, "         -2", "-2" },
    { 1234567890123LL, 8, false, "        1234567890123", "1234567890123" },
    { -1, 8, true, "                  -1", "-1" },
    { -1, 8, false, " 18446744073709551615", "18446744073709551615" },   /* uint64_t */
    { INT64_MIN, 8, true, " -9223372036854775808", "-9223372036854775808" },
    { -1, 2, true, "    -1", "-1" },                     /* (short)-1 */
    { -2, 1, true, "  -2", "-2" },                       /* (char)-2 */
    { -1, 2, false, " 65535", "65535" },                 /* (unsigned short)-1 */
    { -2, 1, false, " 254", "254" },                     /* (unsigned char)-2 */
    { 255, 1, false, " 255", "255" },
    { 7, 1, false, "   7", "7" },
    { 0x7fffffff, 4, true, " 2147483647", "2147483647" },
    { -2147483647LL - 1, 4, true, " -2147483648", "-2147483648" },
    { 0xffffffffLL, 4, false, " 4294967295", "4294967295" },   /* uint32_t */
  };
  for (size_t i = 0; i < N_ (t); i++)
    {
      struct dfmt_value v = dfmt_int (t[i].v, t[i].size, t[i].sign);
      struct dfmt_out *o = out_begin ();
      dfmt_trace (o, &c, &v);
      OUT_IS (t[i].nq, "trace(%lld) size %u non-quiet", (long long) t[i].v, t[i].size);
      o = out_begin ();
      dfmt_trace (o, &q, &v);
      OUT_IS (t[i].qt, "trace(%lld) size %u quiet", (long long) t[i].v, t[i].size);
    }
  struct dfmt_value ts = dfmt_int (1700000000123456789LL, 8, false);
  struct dfmt_out *o = out_begin ();
  dfmt_trace (o, &c, &ts);
  UNIT_INTEQ (strlen (dfmt_out_text (&g_out)), 21, "trace(timestamp): 19 digits in the unsigned 20-column field");
}

static const char hexdump_hello[] =
  "\n"
  "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
  "         0: 68 65 6c 6c 6f 00 01 02 ff 7e 20 41 42 43 44 45  hello....~ ABCDE\n"
  "        10: 46 0a 47                                         F.G\n";

static void
test_trace_bytes (void)
{
  struct dfmt_ctx c = ctx_quiet (false), q = ctx_quiet (true);
  static const uint8_t data[] = { 'h', 'e', 'l', 'l', 'o', 0, 1, 2, 0xff, '~', ' ', 'A', 'B',
                                  'C', 'D', 'E', 'F', '\n', 'G' };
  struct dfmt_out *o = out_begin ();
  dfmt_tracemem (o, data, sizeof data);
  OUT_IS (hexdump_hello, "tracemem: header, %%5x: rows, partial last row, dots");

  struct dfmt_value b = dfmt_bytes (data, sizeof data);
  o = out_begin ();
  dfmt_trace (o, &c, &b);
  OUT_IS (hexdump_hello, "trace() of non-string bytes is the hex dump");

  static const uint8_t str[8] = { 'p', 'a', 't', 'h', 0, 0, 0, 0 };
  struct dfmt_value sb = dfmt_bytes (str, sizeof str);
  o = out_begin ();
  dfmt_trace (o, &c, &sb);
  OUT_IS ("  path                             ", "trace() of a char[8] holding a string");
  o = out_begin ();
  dfmt_trace (o, &q, &sb);
  OUT_IS ("path", "quiet trace() of a char[8] holding a string");

  struct dfmt_ctx raw = ctx_quiet (true);
  raw.rawbytes = true;
  o = out_begin ();
  dfmt_trace (o, &raw, &sb);
  OUT_IS ("\n"
          "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
          "         0: 70 61 74 68 00 00 00 00                          path....\n",
          "rawbytes: always the hex dump");

  static const uint8_t seventeen[17] = { 0 };
  o = out_begin ();
  dfmt_tracemem (o, seventeen, 17);
  OUT_IS ("\n"
          "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
          "         0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ................\n"
          "        10: 00                                               .\n",
          "tracemem of 17 zero bytes (all-NUL data is no string)");
}

static void
test_symbols (void)
{
  struct dfmt_ctx c = ctx_quiet (false);
  static const uint64_t pcs[] = { 0x7f0000001012, 0x40104d, 0x401000, 0x7f0000002abc, 0x999, 0 };
  struct dfmt_value st = dfmt_stack (pcs, N_ (pcs), true, 1234);
  struct dfmt_out *o = out_begin ();
  dfmt_trace (o, &c, &st);
  OUT_IS ("\n"
          "              libc.so.6`read+0x12\n"
          "              a.out`main+0x4d\n"
          "              a.out`main\n"
          "              libc.so.6`0x7f0000002abc\n"
          "              0x999\n",
          "ustack: symbol+offset, exact start, module only, unknown, stop at 0");

  struct dfmt_ctx c4 = c;
  c4.stackindent = 4;
  o = out_begin ();
  dfmt_stack_print (o, &c4, &st);
  UNIT_CHECK (strncmp (dfmt_out_text (&g_out), "\n    libc.so.6`read+0x12\n", 25) == 0,
              "stackindent=4");

  static const uint64_t kpcs[] = { 0xffffffff81000010 };
  struct dfmt_value ks = dfmt_stack (kpcs, 1, false, 0);
  o = out_begin ();
  dfmt_trace (o, &c, &ks);
  OUT_IS ("\n              vmlinux`do_sys_open+0x10\n", "stack(): kernel frame");

  struct { uint64_t pc; enum dfmt_symform form; const char *want; } t[] = {
    { 0x40104d, DFMT_SYM_FUNC, "  a.out`main                                        " },
    { 0x40104d, DFMT_SYM_ADDR, "  a.out`main+0x4d                                   " },
    { 0x40104d, DFMT_SYM_MOD, "  a.out                                             " },
    { 0x7f0000002abc, DFMT_SYM_FUNC, "  libc.so.6`0x7f0000002abc                          " },
    { 0x12345, DFMT_SYM_FUNC, "  0x12345                                           " },
    { 0x12345, DFMT_SYM_MOD, "  0x12345                                           " },
  };
  for (size_t i = 0; i < N_ (t); i++)
    {
      struct dfmt_value v = dfmt_sym (t[i].pc, true, 1234, t[i].form);
      o = out_begin ();
      dfmt_trace (o, &c, &v);
      OUT_IS (t[i].want, "trace(usym-family) \"  %%-50s\" #%zu", i);
    }

  struct dfmt_value u = dfmt_sym (0x40104d, true, 1234, DFMT_SYM_FUNC);
  struct dfmt_value un = dfmt_sym_normalize (&c, u);
  UNIT_INTEQ (un.u.sym.pc, 0x401000, "usym key normalised to the function start");
  struct dfmt_value um = dfmt_sym_normalize (&c, dfmt_sym (0x40104d, true, 1, DFMT_SYM_MOD));
  UNIT_INTEQ (um.u.sym.pc, 0x400000, "umod key normalised to the module base");
  struct dfmt_value ua = dfmt_sym_normalize (&c, dfmt_sym (0x40104d, true, 1, DFMT_SYM_ADDR));
  UNIT_INTEQ (ua.u.sym.pc, 0x40104d, "uaddr key kept as is");

  struct dfmt_ctx nosym;
  dfmt_ctx_init (&nosym);
  o = out_begin ();
  dfmt_stack_print (o, &nosym, &st);
  OUT_IS ("\n              0x7f0000001012\n              0x40104d\n              0x401000\n"
          "              0x7f0000002abc\n              0x999\n", "no symbolizer: hex frames");
}

/* ------------------------------------------------------------------ */
/* printf                                                                */

static struct dfmt_type
type_of (const struct dfmt_value *v)
{
  struct dfmt_type t = { DFMT_T_INT, 4, true, NULL };
  switch (v->kind)
    {
    case DFMT_V_INT: t.size = v->u.i.size; t.is_signed = v->u.i.is_signed; break;
    case DFMT_V_STRING: t.cls = DFMT_T_STRING; break;
    case DFMT_V_SYM: t.cls = v->u.sym.user ? DFMT_T_USYM : DFMT_T_SYM; break;
    case DFMT_V_STACK: t.cls = DFMT_T_STACK; break;
    case DFMT_V_BYTES: t.cls = DFMT_T_CHARARRAY; break;
    }
  return t;
}

/* FMT with newlines and tabs shown as \n, \t (check descriptions are one line). */
static const char *
shown (const char *fmt)
{
  static char buf[8][256];
  static unsigned slot;
  char *b = buf[slot++ % 8];
  size_t n = 0;
  for (; *fmt && n + 3 < sizeof buf[0]; fmt++)
    if (*fmt == '\n' || *fmt == '\t')
      b[n++] = '\\', b[n++] = *fmt == '\n' ? 'n' : 't';
    else
      b[n++] = *fmt;
  b[n] = '\0';
  return b;
}

/* printf(FMT, ARGS...) with argument types taken from the values; the
 * output, or "error: TAG: MESSAGE". */
static char g_pf[4096];

static const char *
pf (const char *fmt, const struct dfmt_value *args, size_t n)
{
  struct dfmt_type types[16];
  for (size_t i = 0; i < n && i < 16; i++)
    types[i] = type_of (&args[i]);
  struct dfmt_diag err = { NULL, NULL };
  struct dfmt_fmt *f = dfmt_fmt_compile (fmt, "printf", false, types, n, &err);
  if (!f)
    {
      snprintf (g_pf, sizeof g_pf, "error: %s: %s", err.tag, err.msg);
      dfmt_diag_clear (&err);
      return g_pf;
    }
  struct dfmt_ctx c = ctx_quiet (true);
  struct dfmt_out o;
  dfmt_out_buffer (&o);
  if (dfmt_printf (&o, &c, f, args, n) < 0)
    snprintf (g_pf, sizeof g_pf, "run failed");
  else
    snprintf (g_pf, sizeof g_pf, "%s", dfmt_out_text (&o));
  dfmt_out_release (&o);
  dfmt_fmt_free (f);
  return g_pf;
}

#define I32(x) dfmt_int ((x), 4, true)
#define U32(x) dfmt_int ((x), 4, false)
#define I64(x) dfmt_int ((x), 8, true)
#define U64(x) dfmt_int ((int64_t) (x), 8, false)
#define I16(x) dfmt_int ((x), 2, true)
#define U16(x) dfmt_int ((x), 2, false)
#define I8(x) dfmt_int ((x), 1, true)
#define U8(x) dfmt_int ((x), 1, false)
#define STR(s) dfmt_str ((s), 256)
#define PF(want, fmt, ...)                                                   \
  do {                                                                       \
    const struct dfmt_value a_[] = { __VA_ARGS__ };                          \
    UNIT_STREQ (pf (fmt, a_, N_ (a_)), want, "printf(\"%s\")", shown (fmt));         \
  } while (0)
#define PF0(want, fmt) UNIT_STREQ (pf (fmt, NULL, 0), want, "printf(\"%s\")", shown (fmt))

static void
test_printf_oracle (void)
{
  /* printf/tst.flags.r ({ptr} is 0x123) */
  {
    struct dfmt_out o;
    dfmt_out_buffer (&o);
    struct dfmt_ctx c = ctx_quiet (true);
    struct { const char *fmt; struct dfmt_value v; } lines[] = {
      { "\n", { 0 } }, { "# %#8x\n", I32 (0x123) }, { "0 %08x\n", I32 (0x123) },
      { "- %-8x\n", I32 (0x123) }, { "+ %+8d\n", I32 (123) }, { "  % 8d\n", I32 (123) },
    };
    for (size_t i = 0; i < N_ (lines); i++)
      {
        struct dfmt_type t = type_of (&lines[i].v);
        size_t n = i ? 1 : 0;
        struct dfmt_fmt *f = dfmt_fmt_compile (lines[i].fmt, "printf", false, &t, n, NULL);
        dfmt_printf (&o, &c, f, &lines[i].v, n);
        dfmt_fmt_free (f);
      }
    dfmt_exit_newline (&o);
    UNIT_STREQ (dfmt_out_text (&o), "\n#    0x123\n0 00000123\n- 123     \n+     +123\n       123\n\n",
                "printf/tst.flags.r");
    dfmt_out_release (&o);
  }
  /* printf/tst.basics.r (i = 97) */
  PF ("%c = a", "%%c = %c", I32 (97));
  PF ("%d = 97", "%%d = %d", I32 (97));
  PF ("%hd = 97", "%%hd = %hd", I16 (97));
  PF ("%hi = 97", "%%hi = %hi", I16 (97));
  PF ("%ho = 141", "%%ho = %ho", U16 (97));
  PF ("%hu = 97", "%%hu = %hu", U16 (97));
  PF ("%hx = 61", "%%hx = %hx", U16 (97));
  PF ("%hX = 61", "%%hX = %hX", U16 (97));
  PF ("%i = 97", "%%i = %i", I32 (97));
  PF ("%lc = a", "%%lc = %lc", I32 (97));
  PF ("%ld = 97", "%%ld = %ld", I64 (97));
  PF ("%li = 97", "%%li = %li", I64 (97));
  PF ("%lo = 141", "%%lo = %lo", U64 (97));
  PF ("%lu = 97", "%%lu = %lu", U64 (97));
  PF ("%lx = 61", "%%lx = %lx", U64 (97));
  PF ("%lX = 61", "%%lX = %lX", U64 (97));
  PF ("%o = 141", "%%o = %o", U32 (97));
  PF ("%p = 61", "%%p = %p", U64 (97));
  PF ("%s = hello", "%%s = %s", STR ("hello"));
  PF ("%u = 97", "%%u = %u", U32 (97));
  PF ("%x = 61", "%%x = %x", U32 (97));
  PF ("%X = 61", "%%X = %X", U32 (97));
  PF0 ("100%", "100%%");
  /* printf/tst.widths.d and tst.widths1.r */
  PF ("1", "%0d", I32 (1));
  PF ("1", "%1d", I32 (1));
  PF (" 1", "%2d", I32 (1));
  PF ("    1", "%5d", I32 (1));
  PF ("1", "%*d", I32 (0), I32 (1));
  PF ("   1", "%*d", I32 (4), I32 (1));
  PF ("1    ", "%*d", I32 (-5), I32 (1));
  PF ("               3", "%?d", I32 (3));
  /* printf/tst.precs.d: hello|h|he|...; a precision of 0 is no precision
   * (DTrace's own expected output: `%.0s` and `%.*s` of 0 print "hello") */
  PF ("hello", "%.0s", STR ("hello"));
  PF ("hello", "%.*s", I32 (0), STR ("hello"));
  PF ("h", "%.1s", STR ("hello"));
  PF ("hel", "%.3s", STR ("hello"));
  PF ("hello", "%.5s", STR ("hello"));
  PF ("he", "%.*s", I32 (2), STR ("hello"));
  PF ("hello", "%.*s", I32 (-1), STR ("hello"));
  /* printf/tst.wp.d */
  PF ("hello", "%0.0s", STR ("hello"));
  PF ("hello", "%*.*s", I32 (0), I32 (0), STR ("hello"));
  PF ("0 0", "%.0d %.0o", I32 (0), I32 (0));
  PF ("he", "%2.2s", STR ("hello"));
  PF ("  hello", "%7.7s", STR ("hello"));
  PF ("    hello", "%9.9s", STR ("hello"));
  PF ("   he", "%*.*s", I32 (5), I32 (2), STR ("hello"));
  PF ("hello           |", "%-16.16s|", STR ("hello"));
  PF ("a_very_long_exec|", "%-16.16s|", STR ("a_very_long_execname"));
  /* printf/tst.uints.d */
  PF ("123 123 123 123", "%u %u %u %u", U8 (123), U16 (123), U64 (123), U64 (123));
}

static void
test_printf_ints (void)
{
  /* printf/tst.ints.d: 0x1234567890abcdef cast to each width.  Signed
   * values print signed (the C answers; the Solaris .r said 239 and 52719
   * for the char and short casts); unsigned ones and %u/%x/%o print the
   * value's own bits, without promotion. */
  const int64_t k = 0x1234567890abcdefLL;
  PF ("-17 -12817 -1867788817 1311768467294899695", "%d %d %d %d", I8 (k), I16 (k), I32 (k),
      I64 (k));
  PF ("239 52719 2427178479 1311768467294899695", "%d %d %d %d", U8 (k), U16 (k), U32 (k),
      U64 (k));
  PF ("239 52719 2427178479 1311768467294899695", "%u %u %u %u", I8 (k), I16 (k), I32 (k),
      I64 (k));
  PF ("ef cdef 90abcdef 1234567890abcdef", "%x %x %x %x", U8 (k), U16 (k), U32 (k), U64 (k));
  PF ("ef cdef 90abcdef 1234567890abcdef", "%x %x %x %x", I8 (k), I16 (k), I32 (k), I64 (k));
  PF ("357 146757 22052746757 110642547422052746757", "%o %o %o %o", U8 (k), U16 (k), U32 (k),
      U64 (k));
  PF ("12345678 90abcdef 67890abc", "%p %p %p", U64 (0x12345678), U64 (0x90abcdef),
      U64 (0x67890abc));
  PF ("2427178479", "%d", U32 (0x90abcdef));   /* reference §2.4 */
  PF ("61", "%p", U64 (97));
  PF ("0x61", "%#p", U64 (97));
  PF ("-1 18446744073709551615 ffffffffffffffff", "%d %u %x", I64 (-1), I64 (-1), I64 (-1));
  PF ("-9223372036854775808", "%d", I64 (INT64_MIN));
  PF ("-1", "%hhd", I8 (-1));
  PF ("255", "%hhu", I8 (-1));
  /* printf/tst.signs.d: %d of an unsigned type prints unsigned, %i signed */
  PF ("65535 -1 65535", "%d %i %u", U16 (0xffff), U16 (0xffff), U16 (0xffff));
  PF ("-1 -1 65535", "%d %i %u", I16 (-1), I16 (-1), I16 (-1));
  PF ("-1", "%i", U64 (UINT64_MAX));
}

/* printf/tst.print-f.d, tst.printgG.d, tst.printeE.d: %e %f %g of float,
 * double and long double values (their bytes, as a record holds them). */
static void
test_printf_floats (void)
{
  double d = 3.25;
  float f = -1.5f;
  long double l = 1e10L;
  const struct dfmt_value args[] = { dfmt_bytes (&d, sizeof d), dfmt_bytes (&f, sizeof f),
                                     dfmt_bytes (&l, sizeof l), dfmt_bytes (&d, sizeof d) };
  const struct dfmt_type types[] = { { DFMT_T_FLOAT, 8, true, NULL }, { DFMT_T_FLOAT, 4, true, NULL },
                                     { DFMT_T_FLOAT, 16, true, NULL }, { DFMT_T_FLOAT, 8, true, NULL } };
  struct dfmt_diag err = { NULL, NULL };
  struct dfmt_fmt *fm = dfmt_fmt_compile ("%f|%+g|%E|%-8.1f|", "printf", false, types, 4, &err);
  UNIT_CHECK (fm != NULL, "printf of float, double and long double compiles");
  if (!fm)
    {
      dfmt_diag_clear (&err);
      return;
    }
  struct dfmt_ctx c = ctx_quiet (true);
  struct dfmt_out o;
  dfmt_out_buffer (&o);
  UNIT_CHECK (dfmt_printf (&o, &c, fm, args, 4) == 0, "printf of floats runs");
  UNIT_STREQ (dfmt_out_text (&o), "3.250000|-1.5|1.000000E+10|3.2     |", "%%f %%+g %%E %%-8.1f");
  dfmt_out_release (&o);
  dfmt_fmt_free (fm);
  const struct dfmt_type itype = { DFMT_T_INT, 4, true, NULL };
  fm = dfmt_fmt_compile ("%f", "printf", false, &itype, 1, &err);
  UNIT_CHECK (fm == NULL, "%%f of an int is refused");
  dfmt_fmt_free (fm);
  dfmt_diag_clear (&err);
}

/* Differential checks of the hand-written integer conversion against the
 * C library, with literal formats on both sides. */
#define CMPC(dfmt, cfmt, val)                                                \
  do {                                                                       \
    char w_[128];                                                            \
    snprintf (w_, sizeof w_, cfmt, (long long) (val));                       \
    const struct dfmt_value a_[] = { I64 (val) };                            \
    UNIT_STREQ (pf (dfmt, a_, 1), w_, "printf(\"%s\") of %lld like C", dfmt, \
                (long long) (val));                                          \
  } while (0)

static void
test_printf_vs_c (void)
{
  static const long long vals[] = { 0, 1, -1, 42, -42, 123456, -7, 0x7fffffffffffffffLL };
  for (size_t i = 0; i < N_ (vals); i++)
    {
      long long v = vals[i];
      CMPC ("[%d]", "[%lld]", v);
      CMPC ("[%8d]", "[%8lld]", v);
      CMPC ("[%-8d]", "[%-8lld]", v);
      CMPC ("[%08d]", "[%08lld]", v);
      CMPC ("[%+d]", "[%+lld]", v);
      CMPC ("[% d]", "[% lld]", v);
      CMPC ("[%.3d]", "[%.3lld]", v);
      CMPC ("[%8.3d]", "[%8.3lld]", v);
      CMPC ("[%-+6d]", "[%-+6lld]", v);
      CMPC ("[%10.4d]", "[%10.4lld]", v);
      CMPC ("[%x]", "[%llx]", v);
      CMPC ("[%#x]", "[%#llx]", v);
      CMPC ("[%#010x]", "[%#010llx]", v);
      CMPC ("[%X]", "[%llX]", v);
      CMPC ("[%#o]", "[%#llo]", v);
      CMPC ("[%-12u]", "[%-12llu]", v);
    }
}

static void
test_printf_misc (void)
{
  /* %Y / %T from ns since the epoch, TZ=UTC: 2024-01-03 17:20:00 */
  const int64_t ns = 1704302400LL * 1000000000LL + 999999999LL;
  PF ("2024 Jan  3 17:20:00", "%Y", I64 (ns));
  PF ("[2024 Jan  3 17:20:00  ]", "[%-22Y]", I64 (ns));
  PF ("[  2024 Jan  3 17:20:00]", "[%22Y]", I64 (ns));
  PF ("Wed, 03 Jan 2024 17:20:00 UTC", "%T", I64 (ns));
  PF ("2024 Jan 13 00:00:00", "%Y", U64 (1705104000000000000ULL));
  /* strings and characters */
  PF ("[   hi]", "[%5s]", STR ("hi"));
  PF ("[     ]", "[%5s]", STR (""));
  PF ("[x]", "[%s]", dfmt_str ("x\0yz", 5));
  PF ("[hi   ]", "[%-5s]", STR ("hi"));
  PF ("[abc]", "[%s]", dfmt_str ("abcdef", 3));
  PF ("[a\\tb\\n\\001\\\\]", "[%S]", STR ("a\tb\n\001\\"));
  PF ("[\\n] [x]", "[%C] [%C]", I32 ('\n'), I8 ('x'));
  PF ("[  x]", "[%3c]", I32 ('x'));
  PF ("[x  ]", "[%-3c]", I32 ('x'));
  static const char arr[8] = "name";
  PF ("[name]", "[%s]", dfmt_bytes (arr, sizeof arr));
  /* symbols (%a kernel, %A user with ctx pid) and stacks */
  PF ("a.out`main+0x4d", "%A", U64 (0x40104d));
  PF ("[a.out`main      ]", "[%-16A]", U64 (0x401000));
  PF ("vmlinux`do_sys_open+0x8", "%a", U64 (0xffffffff81000008ULL));
  PF ("0x1000", "%a", U64 (0x1000));
  PF ("a.out`helper", "%A", dfmt_sym (0x401100, true, 1, DFMT_SYM_FUNC));
  static const uint64_t pcs[] = { 0x40104d, 0 };
  PF ("stack:\n              a.out`main+0x4d\n.", "stack:%k.", dfmt_stack (pcs, 2, true, 1));
  /* mixed */
  PF ("x = 123 y = 456\n", "x = %d y = %d\n", I32 (123), I32 (456));
  PF ("py_flow:     -> foo", "py_flow: %*s-> %s", I32 (4), STR (""), STR ("foo"));
  PF ("1,2", "%'d,%d", I32 (1), I32 (2));
}

#define PFERR(want, fmt, ...)                                                \
  do {                                                                       \
    const struct dfmt_value a_[] = { __VA_ARGS__ };                          \
    UNIT_STREQ (pf (fmt, a_, N_ (a_)), want, "error for printf(\"%s\")", shown (fmt)); \
  } while (0)

/* Compile with explicit types; the message, or "ok". */
static char g_err[1024];

static const char *
compile_err (const char *fmt, const char *func, bool printa, const struct dfmt_type *t, size_t n)
{
  struct dfmt_diag err = { NULL, NULL };
  struct dfmt_fmt *f = dfmt_fmt_compile (fmt, func, printa, t, n, &err);
  if (f)
    snprintf (g_err, sizeof g_err, "ok");
  else
    snprintf (g_err, sizeof g_err, "%s: %s", err.tag, err.msg);
  dfmt_fmt_free (f);
  dfmt_diag_clear (&err);
  return g_err;
}

static void
test_printf_errors (void)
{
  /* Oracle printf/err.*.r */
  PFERR ("error: D_PRINTF_ARG_EXTRA: printf( ) prototype mismatch: only 2 arguments required "
         "by this format string", "x = %d y = %d\n", I32 (123), I32 (456), I32 (789));
  PFERR ("error: D_PRINTF_ARG_EXTRA: printf( ) prototype mismatch: only 1 arguments required "
         "by this format string", "%?d\n", I32 (0), I32 (1));
  PF0 ("error: D_PRINTF_ARG_PROTO: printf( ) prototype mismatch: conversion #1 (%s) is missing "
       "a corresponding value argument", "%s");
  PFERR ("error: D_PRINTF_DYN_PROTO: printf( ) prototype mismatch: conversion #2 (%d) is missing "
         "a corresponding \".*\" argument", "%s %.*d\n", STR ("foo"));
  PFERR ("error: D_PRINTF_DYN_PROTO: printf( ) prototype mismatch: conversion #2 (%d) is missing "
         "a corresponding \"*\" argument", "%s %*d\n", STR ("foo"));
  PFERR ("error: D_PRINTF_DYN_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
         "prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string",
         "%*d\n", STR ("foo"), I32 (1));
  PFERR ("error: D_PRINTF_DYN_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
         "prototype:\n\tconversion: % .* d\n\t prototype: int\n\t  argument: string",
         "%.*d\n", STR ("foo"), I32 (1));
  PFERR ("error: D_PRINTF_AGG_CONV: %@ conversion requires an aggregation and is not for use "
         "with printf( )", "%@d\n", I32 (1));
  PFERR ("error: D_SYNTAX: format conversion #1 uses unsupported positional format (%n$)",
         "%1$d", I32 (1));
  PFERR ("error: D_SYNTAX: format conversion #1 name expected before end of format string",
         "%3", I32 (123));
  PFERR ("error: D_SYNTAX: format conversion #1 is undefined: %Z", "%Z", I32 (123));
  PFERR ("error: D_SYNTAX: format conversion #2 is undefined: %hs", "%d %hs", I32 (1), STR ("x"));
  PFERR ("error: D_SYNTAX: format conversion #1 name expected before end of format string",
         "%-08.3ll", I32 (1));

  struct dfmt_type agg[] = { { DFMT_T_INT, 4, true, NULL }, { DFMT_T_AGG, 0, false, NULL } };
  UNIT_STREQ (compile_err ("hello %d %d", "printf", false, agg, 2),
              "D_PRINTF_ARG_TYPE: printf( ) argument #3 is incompatible with conversion #2 "
              "prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
              "\t  argument: aggregation", "err.D_PRINTF_ARG_TYPE.aggarg");
  struct dfmt_type v[] = { { DFMT_T_VOID, 0, false, NULL } };
  UNIT_STREQ (compile_err ("%s\n", "printf", false, v, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: void", "err.D_PRINTF_ARG_TYPE.recursive");
  struct dfmt_type i64 = { DFMT_T_INT, 8, true, "int64_t" };
  UNIT_STREQ (compile_err ("%s", "printf", false, &i64, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: int64_t", "%%s of an integer suggests stringof");
  struct dfmt_type i32 = { DFMT_T_INT, 4, true, NULL };
  UNIT_STREQ (compile_err ("%hd", "printf", false, &i32, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %hd\n\t prototype: short\n\t  argument: int",
              "explicit %%hd is type-checked");
  UNIT_STREQ (compile_err ("%lu", "printf", false, &i32, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %lu\n\t prototype: unsigned long\n\t  argument: int",
              "explicit %%lu is type-checked");
  UNIT_STREQ (compile_err ("%lld %ld %d %hhx", "printf", false,
                           (struct dfmt_type[]) { i64, i64, i64, { DFMT_T_INT, 1, false, NULL } },
                           4), "ok", "matching explicit sizes are fine");
  UNIT_STREQ (compile_err ("%f", "printf", false, &i32, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %f\n\t prototype: double\n\t  argument: int",
              "no D value satisfies %%f");
  struct dfmt_type str = { DFMT_T_STRING, 0, false, NULL };
  UNIT_STREQ (compile_err ("%p", "printf", false, &str, 1),
              "D_PRINTF_ARG_TYPE: printf( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %p\n\t prototype: pointer or integer\n\t  argument: string",
              "%%p of a string");
  UNIT_STREQ (compile_err ("%d", "system", false, NULL, 0),
              "D_PRINTF_ARG_PROTO: system( ) prototype mismatch: conversion #1 (%d) is missing a "
              "corresponding value argument", "function name in messages");
  UNIT_STREQ (compile_err ("%s %s", "printf", false,
                           (struct dfmt_type[]) { str, { DFMT_T_CHARARRAY, 0, false, "char [16]" } },
                           2), "ok", "%%s takes string and char[]");

  /* printa: keys are the arguments; unused keys are fine */
  struct dfmt_type stack = { DFMT_T_STACK, 0, false, NULL };
  UNIT_STREQ (compile_err ("%p\n", "printa", true, &stack, 1),
              "D_PRINTF_ARG_TYPE: printa( ) argument #2 is incompatible with conversion #1 "
              "prototype:\n\tconversion: %p\n\t prototype: pointer or integer\n\t  argument: stack",
              "err.D_PRINTF_ARG_TYPE.ustack (printa)");
  UNIT_STREQ (compile_err ("%d %@d\n", "printa", true,
                           (struct dfmt_type[]) { i32, i32, i32 }, 3), "ok",
              "printa may leave keys unused");
  UNIT_STREQ (compile_err ("%d %d %@d\n", "printa", true, &i32, 1),
              "D_PRINTF_ARG_PROTO: printa( ) prototype mismatch: conversion #2 (%d) is missing a "
              "corresponding value argument", "printa: more conversions than keys");
  UNIT_STREQ (compile_err ("%@s\n", "printa", true, NULL, 0),
              "D_SYNTAX: format conversion #1 is undefined: %@s", "%%@s is no value conversion");

  struct dfmt_diag err = { NULL, NULL };
  struct dfmt_fmt *f = dfmt_fmt_parse ("%-*.*d %@8u %s%%", "printa", true, &err);
  UNIT_CHECK (f && dfmt_fmt_nargs (f) == 4 && dfmt_fmt_naggconv (f) == 1,
              "nargs counts dynamic width/precision, not %%@");
  dfmt_fmt_free (f);
  dfmt_diag_clear (&err);
}

/* ------------------------------------------------------------------ */
/* Aggregations                                                          */

static struct dfmt_agg *
agg_make (const char *name, enum dfmt_aggfn fn, size_t nkeys, const struct dfmt_type *keys)
{
  struct dfmt_aggdesc d;
  memset (&d, 0, sizeof d);
  d.name = name;
  d.fn = fn;
  d.nkeys = nkeys;
  d.keys = keys;
  return dfmt_agg_new (&d);
}

static struct dfmt_agg *
agg_lq (int32_t low, int32_t high, uint16_t step)
{
  struct dfmt_aggdesc d;
  memset (&d, 0, sizeof d);
  d.name = "";
  d.fn = DFMT_AGG_LQUANTIZE;
  d.lq_low = low, d.lq_high = high, d.lq_step = step;
  return dfmt_agg_new (&d);
}

static struct dfmt_agg *
agg_llq (uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps)
{
  struct dfmt_aggdesc d;
  memset (&d, 0, sizeof d);
  d.name = "";
  d.fn = DFMT_AGG_LLQUANTIZE;
  d.llq_factor = factor, d.llq_low = low, d.llq_high = high, d.llq_nsteps = nsteps;
  return dfmt_agg_new (&d);
}

/* @a[keys] = f(v, incr) */
static void
agg_put (struct dfmt_agg *a, const struct dfmt_value *keys, int64_t v, int64_t incr)
{
  dfmt_agg_add (a, dfmt_agg_entry (a, keys), v, incr);
}

static const char *
agg_text (const struct dfmt_agg *a, const struct dfmt_ctx *c)
{
  struct dfmt_out *o = out_begin ();
  dfmt_agg_print (o, c, a);
  return dfmt_out_text (&g_out);
}

#define HDR "\n           value  ------------- Distribution ------------- count    \n"

static void
test_buckets (void)
{
  UNIT_INTEQ (dfmt_quantize_bucket (0), 63, "quantize: 0 -> bucket 63");
  UNIT_INTEQ (dfmt_quantize_bucket (1), 64, "quantize: 1 -> 64");
  UNIT_INTEQ (dfmt_quantize_bucket (3), 65, "quantize: 3 -> 65 (label 2)");
  UNIT_INTEQ (dfmt_quantize_bucket_value (dfmt_quantize_bucket (40)), 32, "quantize: 40 -> 32");
  UNIT_INTEQ (dfmt_quantize_bucket (INT64_MAX), 126, "quantize: INT64_MAX -> last bucket");
  UNIT_INTEQ (dfmt_quantize_bucket_value (dfmt_quantize_bucket (-1)), -1, "quantize: -1 -> -1");
  UNIT_INTEQ (dfmt_quantize_bucket_value (dfmt_quantize_bucket (-3)), -2, "quantize: -3 -> -2");
  UNIT_INTEQ (dfmt_quantize_bucket_value (dfmt_quantize_bucket (-4)), -4, "quantize: -4 -> -4");
  UNIT_INTEQ (dfmt_quantize_bucket_value (dfmt_quantize_bucket (-7)), -4, "quantize: -7 -> -4");
  UNIT_INTEQ (dfmt_quantize_bucket (INT64_MIN), 0, "quantize: INT64_MIN -> bucket 0");
  UNIT_INTEQ (dfmt_quantize_bucket_value (0), -(INT64_C (1) << 62), "quantize: bucket 0 label");

  UNIT_INTEQ (dfmt_lquantize_nbuckets (0, 100, 10), 12, "lquantize(0,100,10): 12 buckets");
  UNIT_INTEQ (dfmt_lquantize_bucket (-1, 0, 100, 10), 0, "lquantize: below low -> 0");
  UNIT_INTEQ (dfmt_lquantize_bucket (42, 0, 100, 10), 5, "lquantize: 42 -> 40's bucket");
  UNIT_INTEQ (dfmt_lquantize_bucket (100, 0, 100, 10), 11, "lquantize: high -> overflow");
  UNIT_INTEQ (dfmt_lquantize_bucket ((INT64_C (1) << 32) + 5, 0, 100, 10), 1,
              "lquantize: value truncated to int32 (2^32+5 is 5)");
  UNIT_INTEQ (dfmt_lquantize_bucket (0xffffffffLL, 0, 100, 10), 0,
              "lquantize: 0xffffffff is int32 -1: underflow");
  UNIT_INTEQ (dfmt_lquantize_bucket (-15, -100, 100, 10), 9, "lquantize: negative offsets");
  UNIT_INTEQ (dfmt_lquantize_nbuckets (0, 95, 10), 11, "lquantize(0,95,10): 9 levels");

  UNIT_INTEQ (dfmt_llquantize_nbuckets (10, 0, 2, 10), 29, "llquantize(10,0,2,10): 29 buckets");
  UNIT_INTEQ (dfmt_llquantize_bucket (0, 10, 0, 2, 10), 0, "llquantize: 0 -> < 1");
  UNIT_INTEQ (dfmt_llquantize_bucket (-5, 10, 0, 2, 10), 0, "llquantize: negatives -> bucket 0");
  UNIT_INTEQ (dfmt_llquantize_bucket (7, 10, 0, 2, 10), 7, "llquantize: 7 -> bucket 7");
  UNIT_INTEQ (dfmt_llquantize_bucket (25, 10, 0, 2, 10), 11, "llquantize: 25 -> 20's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (999, 10, 0, 2, 10), 27, "llquantize: 999 -> 900's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (1000, 10, 0, 2, 10), 28, "llquantize: 1000 -> >= 1000");
  UNIT_INTEQ (dfmt_llquantize_nbuckets (10, 0, 6, 20), 2 + 9 + 6 * 18,
              "llquantize(10,0,6,20): 1..9 step 1 then 18 a magnitude");
  UNIT_INTEQ (dfmt_llquantize_bucket (95, 10, 0, 6, 20), 1 + 9 + 17,
              "llquantize(10,0,6,20): 95 is the last of 10..95 step 5");
  UNIT_CHECK (dfmt_llquantize_valid (10, 0, 6, 20), "llquantize(10,0,6,20) valid");
  UNIT_CHECK (!dfmt_llquantize_valid (10, 0, 6, 15), "factor must divide nsteps");
  UNIT_CHECK (dfmt_llquantize_valid (10, 0, 6, 5), "fewer steps than the factor, dividing it");
  UNIT_CHECK (!dfmt_llquantize_valid (10, 0, 6, 3), "fewer steps than the factor must divide it");
  /* llquantize(v, 10, 0, 5, 5): a magnitude's buckets are aligned to
   * multiples of its width (200 over 100 .. 999): 100, 200, 400, 600, 800 */
  UNIT_INTEQ (dfmt_llquantize_nbuckets (10, 0, 5, 5), 2 + 6 * 5, "llquantize(10,0,5,5): 5 a magnitude");
  UNIT_INTEQ (dfmt_llquantize_bucket (1, 10, 0, 5, 5), 1, "llquantize(10,0,5,5): 1 -> 1's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (3, 10, 0, 5, 5), 2, "llquantize(10,0,5,5): 3 -> 2's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (150, 10, 0, 5, 5), 11, "llquantize(10,0,5,5): 150 -> 100's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (320, 10, 0, 5, 5), 12, "llquantize(10,0,5,5): 320 -> 200's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (999, 10, 0, 5, 5), 15, "llquantize(10,0,5,5): 999 -> 800's bucket");
  UNIT_INTEQ (dfmt_llquantize_bucket (1000, 10, 0, 5, 5), 16, "llquantize(10,0,5,5): 1000 -> next magnitude");
  UNIT_CHECK (!dfmt_llquantize_valid (1, 0, 6, 5), "factor >= 2");
  UNIT_CHECK (!dfmt_llquantize_valid (10, 3, 3, 10), "high > low");
  UNIT_CHECK (!dfmt_llquantize_valid (10, 0, 20, 10), "10^20 overflows 64 bits");
  UNIT_CHECK (dfmt_llquantize_valid (6, 0, 4, 12), "nsteps 12 divides 6^2");
  UNIT_CHECK (!dfmt_llquantize_valid (2, 0, 4, 6), "nsteps 6 divides no power of 2");
}

static void
test_quantize_blocks (void)
{
  struct dfmt_ctx c = ctx_quiet (true);
  struct dfmt_agg *q = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  static const int64_t qv[] = { 1, 2, 3, 5, 40 };
  for (size_t i = 0; i < N_ (qv); i++)
    agg_put (q, NULL, qv[i], 1);
  UNIT_STREQ (agg_text (q, &c),
              "\n"
              "           value  ------------- Distribution ------------- count    \n"
              "               0 |                                         0        \n"
              "               1 |@@@@@@@@                                 1        \n"
              "               2 |@@@@@@@@@@@@@@@@                         2        \n"
              "               4 |@@@@@@@@                                 1        \n"
              "               8 |                                         0        \n"
              "              16 |                                         0        \n"
              "              32 |@@@@@@@@                                 1        \n"
              "              64 |                                         0        \n"
              "\n", "quantize {1,2,3,5,40} (doc/output-formats.md §7)");
  dfmt_agg_free (q);

  struct dfmt_agg *lq = agg_lq (0, 100, 10);
  static const int64_t lv[] = { 5, 15, 15, 15, 42, 250 };
  for (size_t i = 0; i < N_ (lv); i++)
    agg_put (lq, NULL, lv[i], 1);
  UNIT_STREQ (agg_text (lq, &c),
              "\n"
              "           value  ------------- Distribution ------------- count    \n"
              "             < 0 |                                         0        \n"
              "               0 |@@@@@@@                                  1        \n"
              "              10 |@@@@@@@@@@@@@@@@@@@@                     3        \n"
              "              20 |                                         0        \n"
              "              30 |                                         0        \n"
              "              40 |@@@@@@@                                  1        \n"
              "              50 |                                         0        \n"
              "              60 |                                         0        \n"
              "              70 |                                         0        \n"
              "              80 |                                         0        \n"
              "              90 |                                         0        \n"
              "          >= 100 |@@@@@@@                                  1        \n"
              "\n", "lquantize(x, 0, 100, 10) {5,15,15,15,42,250} (§2.7)");
  dfmt_agg_free (lq);

  struct dfmt_agg *llq = agg_llq (10, 0, 2, 10);
  static const int64_t llv[] = { 7, 7, 25, 30, 30, 30 };
  for (size_t i = 0; i < N_ (llv); i++)
    agg_put (llq, NULL, llv[i], 1);
  UNIT_STREQ (agg_text (llq, &c),
              "\n"
              "           value  ------------- Distribution ------------- count    \n"
              "               6 |                                         0        \n"
              "               7 |@@@@@@@@@@@@@                            2        \n"
              "               8 |                                         0        \n"
              "               9 |                                         0        \n"
              "              10 |                                         0        \n"
              "              20 |@@@@@@@                                  1        \n"
              "              30 |@@@@@@@@@@@@@@@@@@@@                     3        \n"
              "              40 |                                         0        \n"
              "\n", "llquantize(x, 10, 0, 2, 10) {7,7,25,30,30,30} (§2.7)");
  /* edges: below and above the whole range */
  agg_put (llq, NULL, 0, 1);
  agg_put (llq, NULL, 5000, 1);
  const char *t = agg_text (llq, &c);
  UNIT_CHECK (strncmp (t, HDR "             < 1 |", strlen (HDR) + 18) == 0,
              "llquantize: underflow label \"< 1\"");
  UNIT_CHECK (strstr (t, "\n         >= 1000 |@@@@@                                    1        \n\n")
              != NULL, "llquantize: overflow label \">= 1000\"");
  dfmt_agg_free (llq);

  /* Oracle aggs/tst.quantlast.r: one value in the last bucket, 1234 times */
  struct dfmt_agg *ql = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (ql, NULL, INT64_C (0x7fffffffffffffff), 1234);
  struct dfmt_out *o = out_begin ();
  dfmt_print_exit (o, &c, &ql, 1);
  OUT_IS ("\n\n           value  ------------- Distribution ------------- count    \n"
          "2305843009213693952 |                                         0        \n"
          "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1234     \n\n",
          "aggs/tst.quantlast.r");
  dfmt_agg_free (ql);

  /* Oracle aggs/tst.llquantize.r, illumos layout: llquantize(i, 10, 0, 3, 20)
   * for i in 1..1000 (Oracle's bucket of 0 and row -1 are not illumos'). */
  struct dfmt_agg *ll2 = agg_llq (10, 0, 3, 20);
  for (int64_t i = 1; i <= 1000; i++)
    agg_put (ll2, NULL, i, 1);
  t = agg_text (ll2, &c);
  UNIT_CHECK (strstr (t, "\n               9 |                                         1        \n"
                         "              10 |                                         5        \n"
                         "              15 |                                         5        \n") != NULL,
              "llquantize 10..95 step 5 rows");
  UNIT_CHECK (strstr (t, "\n             950 |@@                                       50       \n"
                         "            1000 |                                         1        \n"
                         "            1500 |                                         0        \n\n") != NULL,
              "llquantize 100..950 step 50, then 1000 step 500");
  UNIT_CHECK (strncmp (t, HDR "             < 1 |                                         0        \n"
                          "               1 |                                         1        \n",
                       strlen (HDR) + 2 * 68) == 0, "llquantize first rows");
  dfmt_agg_free (ll2);
}

static void
test_quantize_edges (void)
{
  struct dfmt_ctx c = ctx_quiet (true);
  /* all zero: quantize -1 0 1, lquantize its first three, llquantize two */
  struct dfmt_agg *q = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (q, NULL, 5, 1);
  dfmt_agg_clear (q);
  UNIT_STREQ (agg_text (q, &c),
              HDR
              "              -1 |                                         0        \n"
              "               0 |                                         0        \n"
              "               1 |                                         0        \n"
              "\n", "cleared quantize prints -1, 0, 1");
  agg_put (q, NULL, 5, 1);
  agg_put (q, NULL, 5, -1);
  UNIT_STREQ (agg_text (q, &c),
              HDR
              "              -1 |                                         0        \n"
              "               0 |                                         0        \n"
              "               1 |                                         0        \n"
              "\n", "increments that cancel: same as all zero");
  dfmt_agg_free (q);

  struct dfmt_agg *lq = agg_lq (-10, 10, 1);
  struct dfmt_aggval *e = dfmt_agg_entry (lq, NULL);
  (void) e;
  UNIT_STREQ (agg_text (lq, &c),
              HDR
              "           < -10 |                                         0        \n"
              "             -10 |                                         0        \n"
              "              -9 |                                         0        \n"
              "\n", "empty lquantize entry: its first three buckets");
  dfmt_agg_free (lq);

  struct dfmt_agg *llq = agg_llq (10, 0, 2, 10);
  dfmt_agg_entry (llq, NULL);
  UNIT_STREQ (agg_text (llq, &c),
              HDR
              "             < 1 |                                         0        \n"
              "               1 |                                         0        \n"
              "\n", "empty llquantize entry: its first two buckets (illumos)");
  dfmt_agg_free (llq);

  /* negative counts (quantize with negative increments) */
  struct dfmt_agg *n = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (n, NULL, 1, -3);
  agg_put (n, NULL, 2, -1);
  UNIT_STREQ (agg_text (n, &c),
              HDR
              "               0                                         | 0        \n"
              "               1           @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -3       \n"
              "               2                               @@@@@@@@@@| -1       \n"
              "               4                                         | 0        \n"
              "\n", "only negative counts: bars right-aligned against |");
  dfmt_agg_free (n);

  struct dfmt_agg *m = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (m, NULL, 1, -2);
  agg_put (m, NULL, 2, 2);
  UNIT_STREQ (agg_text (m, &c),
              HDR
              "               0                     |                     0        \n"
              "               1           @@@@@@@@@@|                     -2       \n"
              "               2                     |@@@@@@@@@@           2        \n"
              "               4                     |                     0        \n"
              "\n", "mixed signs: half-width bars around |");
  dfmt_agg_free (m);

  /* Oracle's llquantize_basic "allvals"/"negvals" shapes with an lquantize */
  struct dfmt_agg *lm = agg_lq (0, 4, 1);
  agg_put (lm, NULL, 1, 1);
  agg_put (lm, NULL, 2, -1);
  const char *t = agg_text (lm, &c);
  UNIT_STREQ (t,
              HDR
              "               0                     |                     0        \n"
              "               1                     |@@@@@@@@@@           1        \n"
              "               2           @@@@@@@@@@|                     -1       \n"
              "               3                     |                     0        \n"
              "\n", "mixed signs (aggs/tst.llquantize_basic.r allvals shape)");
  dfmt_agg_free (lm);

  struct dfmt_agg *big = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (big, NULL, 1, INT64_MAX);
  agg_put (big, NULL, 1, 1);       /* wraps to INT64_MIN */
  t = agg_text (big, &c);
  UNIT_CHECK (strstr (t, "               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| "
                         "-9223372036854775808\n") != NULL, "count -2^63 (tst.negquant)");
  dfmt_agg_free (big);
}

static void
test_agg_lines (void)
{
  struct dfmt_ctx c = ctx_quiet (true);
  struct dfmt_type tstr = { DFMT_T_STRING, 0, false, "string" };
  struct dfmt_type ti32 = { DFMT_T_INT, 4, true, "int" };
  struct dfmt_type ti64 = { DFMT_T_INT, 8, true, "int64_t" };

  /* @[execname] = count(): 69 columns */
  struct dfmt_agg *a = agg_make ("", DFMT_AGG_COUNT, 1, &tstr);
  struct dfmt_value k;
  static const struct { const char *name; int n; } procs[] = {
    { "dtrace", 1720 }, { "bash", 42 }, { "snmpd", 1 }, { "sshd", 42 },
  };
  for (size_t i = 0; i < N_ (procs); i++)
    {
      k = STR (procs[i].name);
      for (int j = 0; j < procs[i].n; j++)
        agg_put (a, &k, 0, 1);
    }
  UNIT_STREQ (agg_text (a, &c),
              "  snmpd                                                             1\n"
              "  bash                                                             42\n"
              "  sshd                                                             42\n"
              "  dtrace                                                         1720\n",
              "@[execname] = count(): value ascending, ties by key, 69 columns");
  UNIT_INTEQ (strchr (dfmt_out_text (&g_out), '\n') - dfmt_out_text (&g_out), 69, "69 columns");
  struct dfmt_ctx rev = c;
  rev.aggsortrev = true;
  UNIT_STREQ (agg_text (a, &rev),
              "  dtrace                                                         1720\n"
              "  sshd                                                             42\n"
              "  bash                                                             42\n"
              "  snmpd                                                             1\n",
              "aggsortrev reverses value and key order");
  struct dfmt_ctx bykey = c;
  bykey.aggsortkey = true;
  UNIT_STREQ (agg_text (a, &bykey),
              "  bash                                                             42\n"
              "  dtrace                                                         1720\n"
              "  snmpd                                                             1\n"
              "  sshd                                                             42\n",
              "aggsortkey sorts by key");
  /* trunc */
  dfmt_agg_trunc (a, 2, false);
  UNIT_STREQ (agg_text (a, &c),
              "  sshd                                                             42\n"
              "  dtrace                                                         1720\n",
              "trunc(@, 2) keeps the two largest");
  dfmt_agg_trunc (a, -1, false);
  UNIT_STREQ (agg_text (a, &c),
              "  sshd                                                             42\n",
              "trunc(@, -1) keeps the smallest");
  dfmt_agg_trunc (a, 0, true);
  UNIT_STREQ (agg_text (a, &c), "", "trunc(@) removes every key");
  UNIT_INTEQ (dfmt_agg_count (a), 0, "no entries after trunc(@)");
  k = STR ("bash");
  agg_put (a, &k, 0, 1);
  UNIT_STREQ (agg_text (a, &c),
              "  bash                                                              1\n",
              "entries come back after trunc");
  dfmt_agg_free (a);

  /* @[pid] = sum(x) */
  struct dfmt_agg *s = agg_make ("", DFMT_AGG_SUM, 1, &ti32);
  k = I32 (1234);
  agg_put (s, &k, 1000, 0);
  agg_put (s, &k, 720, 0);
  UNIT_STREQ (agg_text (s, &c), "     1234             1720\n", "@[pid] = sum(x)");
  dfmt_agg_clear (s);
  UNIT_STREQ (agg_text (s, &c), "     1234                0\n", "clear() keeps the key");
  dfmt_agg_free (s);

  /* Oracle aggs/tst.typecast-key.r */
  struct dfmt_type two[] = { ti32, ti32 };
  struct dfmt_agg *tk = agg_make ("", DFMT_AGG_COUNT, 2, two);
  struct dfmt_value kk[] = { I32 (1), I32 (2) };
  agg_put (tk, kk, 0, 1);
  agg_put (tk, kk, 0, 1);
  struct dfmt_out *o = out_begin ();
  dfmt_print_exit (o, &c, &tk, 1);
  OUT_IS ("\n        1        2                2\n", "aggs/tst.typecast-key.r");
  dfmt_agg_free (tk);

  /* @ = avg(x), no key */
  struct dfmt_agg *av = agg_make ("", DFMT_AGG_AVG, 0, NULL);
  agg_put (av, NULL, 400, 0);
  agg_put (av, NULL, 500, 0);
  agg_put (av, NULL, 451, 0);
  UNIT_STREQ (agg_text (av, &c), "              450\n", "@ = avg(x): 17 characters");
  dfmt_agg_normalize (av, 10);
  UNIT_STREQ (agg_text (av, &c), "               45\n", "normalize: avg = (sum/normal)/count");
  dfmt_agg_denormalize (av);
  agg_put (av, NULL, -10000, 0);
  UNIT_STREQ (agg_text (av, &c), "            -2162\n", "avg truncates toward zero");
  dfmt_agg_free (av);

  /* Oracle aggs/tst.stddev.d: 5000000000..5000000900 and negated */
  struct dfmt_agg *sa = agg_make ("a", DFMT_AGG_STDDEV, 0, NULL);
  struct dfmt_agg *sb = agg_make ("b", DFMT_AGG_STDDEV, 0, NULL);
  for (int i = 0; i < 10; i++)
    {
      agg_put (sa, NULL, 5000000000LL + 100 * i, 0);
      agg_put (sb, NULL, -5000000000LL - 100 * i, 0);
    }
  struct dfmt_agg *both[] = { sa, sb };
  o = out_begin ();
  dfmt_print_exit (o, &c, both, 2);
  OUT_IS ("\n              287\n              287\n", "aggs/tst.stddev: 287|287");
  dfmt_agg_free (sa);
  dfmt_agg_free (sb);

  /* Oracle aggs/tst.stddev2.r with printa("%9@x\n") */
  static const int64_t pairs[][2] = {
    { 0, 0 }, { 0x10, 0x20 }, { 0x100, 0x200 }, { 0x1000, 0x2000 }, { 0x10000, 0x20000 },
    { 0x100000, 0x200000 }, { 0x1000000, 0x2000000 }, { 0x10000000, 0x20000000 },
    { 0x20000000, 0x40000000 }, { 0x40000000, 0x80000000LL }, { 0x80000000LL, 0x100000000LL },
    { 0x100000000LL, 0x200000000LL },
  };
  struct dfmt_fmt *f9 = dfmt_fmt_parse ("%9@x\n", "printa", true, NULL);
  o = out_begin ();
  dfmt_exit_newline (o);    /* the .r's first line comes from printf("\n") */
  for (size_t i = 0; i < N_ (pairs); i++)
    {
      struct dfmt_agg *sd = agg_make ("", DFMT_AGG_STDDEV, 0, NULL);
      agg_put (sd, NULL, pairs[i][0], 0);
      agg_put (sd, NULL, pairs[i][1], 0);
      dfmt_printa (o, &c, f9, &sd, 1);
      dfmt_agg_free (sd);
    }
  OUT_IS ("\n        0\n        8\n       80\n      800\n     8000\n    80000\n   800000\n"
          "  8000000\n 10000000\n 20000000\n 40000000\n 80000000\n", "aggs/tst.stddev2.r");
  dfmt_fmt_free (f9);

  /* min and max, normalize */
  struct dfmt_agg *mn = agg_make ("", DFMT_AGG_MIN, 0, NULL);
  struct dfmt_agg *mx = agg_make ("", DFMT_AGG_MAX, 0, NULL);
  agg_put (mn, NULL, 5, 0), agg_put (mn, NULL, -3, 0), agg_put (mn, NULL, 9, 0);
  agg_put (mx, NULL, -5, 0), agg_put (mx, NULL, -3, 0), agg_put (mx, NULL, -9, 0);
  UNIT_STREQ (agg_text (mn, &c), "               -3\n", "min");
  UNIT_STREQ (agg_text (mx, &c), "               -3\n", "max of negatives");
  dfmt_agg_free (mn);
  dfmt_agg_free (mx);

  struct dfmt_agg *nz = agg_make ("", DFMT_AGG_SUM, 1, &ti64);
  k = I64 (-1);
  agg_put (nz, &k, 4500, 0);
  k = I64 (2);
  agg_put (nz, &k, 12345, 0);
  dfmt_agg_normalize (nz, 1000);
  UNIT_STREQ (agg_text (nz, &c),
              "               -1                4\n"
              "                2               12\n", "normalize(@, 1000): sums / 1000");
  UNIT_INTEQ (dfmt_agg_normal (nz), 1000, "normal factor kept");
  dfmt_agg_free (nz);

  struct dfmt_agg *nq = agg_make ("", DFMT_AGG_QUANTIZE, 0, NULL);
  agg_put (nq, NULL, 1, 30);
  agg_put (nq, NULL, 2, 10);
  dfmt_agg_normalize (nq, 10);
  UNIT_STREQ (agg_text (nq, &c),
              HDR
              "               0 |                                         0        \n"
              "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
              "               2 |@@@@@@@@@@                               1        \n"
              "               4 |                                         0        \n"
              "\n", "normalized quantize counts");
  dfmt_agg_free (nq);
}

static void
test_agg_keys (void)
{
  struct dfmt_ctx c = ctx_quiet (true);
  c.aggsortkey = true;
  /* Oracle aggs/tst.signedkeys.r (aggsortkey): integer keys sort unsigned,
   * 1- and 2-byte keys print unsigned, 4- and 8-byte signed */
  struct dfmt_type t8 = { DFMT_T_INT, 1, true, "char" }, t16 = { DFMT_T_INT, 2, true, "short" };
  struct dfmt_type t32 = { DFMT_T_INT, 4, true, "int" }, t64 = { DFMT_T_INT, 8, true, "long long" };
  struct dfmt_agg *a8 = agg_make ("i8", DFMT_AGG_SUM, 1, &t8);
  struct dfmt_agg *a16 = agg_make ("i16", DFMT_AGG_SUM, 1, &t16);
  struct dfmt_agg *a32 = agg_make ("i32", DFMT_AGG_SUM, 1, &t32);
  struct dfmt_agg *a64 = agg_make ("i64", DFMT_AGG_SUM, 1, &t64);
  for (int v = -2; v <= 2; v++)
    {
      struct dfmt_value k8 = I8 (v), k16 = I16 (v), k32 = I32 (v), k64 = I64 (v);
      agg_put (a8, &k8, v, 0);
      agg_put (a16, &k16, v, 0);
      agg_put (a32, &k32, v, 0);
      agg_put (a64, &k64, v, 0);
    }
  struct dfmt_agg *all[] = { a8, a16, a32, a64 };
  struct dfmt_out *o = out_begin ();
  dfmt_print_exit (o, &c, all, 4);
  OUT_IS ("\n"
          "   0                0\n   1                1\n   2                2\n"
          " 254               -2\n 255               -1\n"
          "     0                0\n     1                1\n     2                2\n"
          " 65534               -2\n 65535               -1\n"
          "        0                0\n        1                1\n        2                2\n"
          "       -2               -2\n       -1               -1\n"
          "                0                0\n                1                1\n"
          "                2                2\n               -2               -2\n"
          "               -1               -1\n", "aggs/tst.signedkeys.r (aggregations)");
  for (size_t i = 0; i < 4; i++)
    dfmt_agg_free (all[i]);

  /* aggsortkeypos: sort on the second key first */
  struct dfmt_type kt[] = { { DFMT_T_STRING, 0, false, NULL }, t32 };
  struct dfmt_agg *p = agg_make ("", DFMT_AGG_COUNT, 2, kt);
  struct dfmt_value k1[] = { STR ("b"), I32 (1) }, k2[] = { STR ("a"), I32 (2) },
                    k3[] = { STR ("c"), I32 (1) };
  agg_put (p, k1, 0, 1), agg_put (p, k2, 0, 1), agg_put (p, k3, 0, 1);
  struct dfmt_fmt *f = dfmt_fmt_parse ("%s %d %@d\n", "printa", true, NULL);
  struct dfmt_ctx kp = ctx_quiet (true);
  kp.aggsortkey = true;
  o = out_begin ();
  dfmt_printa (o, &kp, f, &p, 1);
  OUT_IS ("a 2 1\nb 1 1\nc 1 1\n", "aggsortkey: first key first");
  kp.aggsortkeypos = 1;
  o = out_begin ();
  dfmt_printa (o, &kp, f, &p, 1);
  OUT_IS ("b 1 1\nc 1 1\na 2 1\n", "aggsortkeypos=1: second key first");
  kp.aggsortkeypos = 0;
  kp.aggsortkey = false;
  o = out_begin ();
  dfmt_printa (o, &kp, f, &p, 1);
  OUT_IS ("a 2 1\nb 1 1\nc 1 1\n", "equal values: ties by key");
  dfmt_fmt_free (f);
  dfmt_agg_free (p);

  /* stack keys: the frames, then the value on its own line */
  struct dfmt_type tst = { DFMT_T_STACK, 0, false, NULL };
  struct dfmt_agg *sk = agg_make ("", DFMT_AGG_COUNT, 1, &tst);
  static const uint64_t pcs[] = { 0x7f0000001012, 0x40104d, 0 };
  struct dfmt_value ks = dfmt_stack (pcs, 3, true, 1234);
  for (int i = 0; i < 17; i++)
    agg_put (sk, &ks, 0, 1);
  UNIT_STREQ (agg_text (sk, &c),
              "\n              libc.so.6`read+0x12\n              a.out`main+0x4d\n"
              "               17\n", "@[ustack()] = count() (§2.8)");
  dfmt_agg_free (sk);

  /* usym keys, normalised, "  %-50s" */
  struct dfmt_type tus = { DFMT_T_USYM, 8, false, NULL };
  struct dfmt_agg *us = agg_make ("", DFMT_AGG_COUNT, 1, &tus);
  static const uint64_t hits[] = { 0x401004, 0x401010, 0x401104, 0x40104d };
  for (size_t i = 0; i < N_ (hits); i++)
    {
      struct dfmt_value kv = dfmt_sym_normalize (&c, dfmt_sym (hits[i], true, 1234, DFMT_SYM_FUNC));
      agg_put (us, &kv, 0, 1);
    }
  struct dfmt_ctx plain = ctx_quiet (true);
  UNIT_STREQ (agg_text (us, &plain),
              "  a.out`helper                                                      1\n"
              "  a.out`main                                                        3\n",
              "@[usym(pc)] = count(): one entry a function");
  dfmt_agg_free (us);

  /* keyed quantize (aggs/tst.quantize.r shape) */
  struct dfmt_agg *kq = agg_make ("", DFMT_AGG_QUANTIZE, 1, &t32);
  struct dfmt_value z = I32 (100), zero = I32 (0);
  agg_put (kq, &z, 100, 1);
  agg_put (kq, &zero, 0, 1);
  o = out_begin ();
  dfmt_print_exit (o, &plain, &kq, 1);
  OUT_IS ("\n"
          "        0"
          HDR
          "              -1 |                                         0        \n"
          "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
          "               1 |                                         0        \n"
          "\n"
          "      100"
          HDR
          "              32 |                                         0        \n"
          "              64 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
          "             128 |                                         0        \n"
          "\n", "keyed quantize at exit");
  dfmt_agg_free (kq);

  /* string key with a quantize: the key line keeps its padding */
  struct dfmt_type ts = { DFMT_T_STRING, 0, false, NULL };
  struct dfmt_agg *sq = agg_make ("", DFMT_AGG_QUANTIZE, 1, &ts);
  struct dfmt_value kb = STR ("bash");
  agg_put (sq, &kb, 3, 1);
  UNIT_STREQ (agg_text (sq, &plain),
              "  bash                                              "
              HDR
              "               1 |                                         0        \n"
              "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
              "               4 |                                         0        \n"
              "\n", "@[execname] = quantize(x)");
  dfmt_agg_free (sq);

  /* entry API */
  struct dfmt_agg *e = agg_make ("", DFMT_AGG_COUNT, 1, &ts);
  struct dfmt_value ka = STR ("a"), kb2 = STR ("b");
  agg_put (e, &ka, 0, 1);
  agg_put (e, &kb2, 0, 1);
  UNIT_CHECK (dfmt_agg_find (e, &ka) != NULL, "find an existing key");
  UNIT_CHECK (dfmt_agg_remove (e, &ka), "remove a key");
  UNIT_CHECK (dfmt_agg_find (e, &ka) == NULL && dfmt_agg_count (e) == 1, "key gone");
  UNIT_CHECK (dfmt_agg_keys_at (e, 0) && dfmt_agg_keys_at (e, 0)->u.str.len == 1,
              "iteration sees the other key");
  for (int i = 0; i < 1000; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "k%d", i);
      struct dfmt_value kn = dfmt_str (name, sizeof name);
      agg_put (e, &kn, 0, 1);
      agg_put (e, &kn, 0, 1);
    }
  UNIT_INTEQ (dfmt_agg_count (e), 1001, "1000 more keys, each once");
  struct dfmt_value k999 = STR ("k999");
  UNIT_INTEQ (dfmt_agg_find (e, &k999)->value, 2, "k999 counted twice");
  dfmt_agg_free (e);

  /* many entries: value order, and trunc by the quantize weighted sum */
  struct dfmt_agg *many = agg_make ("", DFMT_AGG_SUM, 1, &t32);
  uint32_t x = 12345;
  for (int i = 0; i < 500; i++)
    {
      x = x * 1103515245u + 12345u;
      struct dfmt_value ki = I32 (i);
      agg_put (many, &ki, (int64_t) (x >> 8) % 100000 - 50000, 0);
    }
  struct dfmt_fmt *fv = dfmt_fmt_parse ("%@d\n", "printa", true, NULL);
  o = out_begin ();
  dfmt_printa (o, &plain, fv, &many, 1);
  bool sorted = true;
  long long prev = INT64_MIN;
  size_t lines = 0;
  for (const char *line = dfmt_out_text (&g_out); *line; line = strchr (line, '\n') + 1)
    {
      long long cur = strtoll (line, NULL, 10);
      sorted &= cur >= prev;
      prev = cur;
      lines++;
    }
  UNIT_CHECK (sorted && lines == 500, "500 sums print in ascending order (%zu lines)", lines);
  dfmt_fmt_free (fv);
  dfmt_agg_free (many);

  struct dfmt_aggdesc lqd = { "", DFMT_AGG_LQUANTIZE, 0, 100, 10, 0, 0, 0, 0, 1, &ts };
  struct dfmt_agg *lk = dfmt_agg_new (&lqd);
  struct dfmt_value kx = STR ("x"), ky = STR ("y"), kz = STR ("z");
  agg_put (lk, &kx, 55, 1);
  agg_put (lk, &ky, 5, 3);
  agg_put (lk, &kz, 500, 1);
  struct dfmt_fmt *fs = dfmt_fmt_parse ("%s ", "printa", true, NULL);
  o = out_begin ();
  dfmt_printa (o, &plain, fs, &lk, 1);
  OUT_IS ("y x z ", "lquantize entries sort by weighted sum (3x0 < 50 < overflow)");
  dfmt_agg_trunc (lk, 1, false);
  o = out_begin ();
  dfmt_printa (o, &plain, fs, &lk, 1);
  OUT_IS ("z ", "trunc(@, 1) of an lquantize keeps the heaviest");
  dfmt_fmt_free (fs);
  dfmt_agg_free (lk);

  struct dfmt_agg *wr = agg_make ("", DFMT_AGG_SUM, 0, NULL);
  agg_put (wr, NULL, INT64_MAX, 0);
  agg_put (wr, NULL, 2, 0);
  UNIT_STREQ (agg_text (wr, &plain), " -9223372036854775807\n", "sums wrap like the kernel's");
  dfmt_agg_free (wr);

  /* merging per-CPU partials */
  struct dfmt_agg *mg = agg_make ("", DFMT_AGG_STDDEV, 0, NULL);
  struct dfmt_agg *cpu = agg_make ("", DFMT_AGG_STDDEV, 0, NULL);
  agg_put (mg, NULL, 2, 0);
  agg_put (cpu, NULL, 4, 0), agg_put (cpu, NULL, 4, 0), agg_put (cpu, NULL, 4, 0);
  agg_put (cpu, NULL, 5, 0), agg_put (cpu, NULL, 5, 0), agg_put (cpu, NULL, 7, 0);
  agg_put (cpu, NULL, 9, 0);
  dfmt_agg_merge (mg, dfmt_agg_entry (mg, NULL), dfmt_agg_entry (cpu, NULL));
  UNIT_STREQ (agg_text (mg, &plain), "                2\n", "stddev of {2,4,4,4,5,5,7,9} merged");
  dfmt_agg_free (mg);
  dfmt_agg_free (cpu);
}

static void
test_printa (void)
{
  struct dfmt_ctx c = ctx_quiet (true);
  /* Oracle printa/tst.basics.r (@a..@g) */
  struct dfmt_agg *a = agg_make ("a", DFMT_AGG_AVG, 0, NULL);
  struct dfmt_agg *b = agg_make ("b", DFMT_AGG_COUNT, 0, NULL);
  struct dfmt_agg *cq = agg_lq (1, 10, 1);
  struct dfmt_agg *d = agg_make ("d", DFMT_AGG_MAX, 0, NULL);
  struct dfmt_agg *e = agg_make ("e", DFMT_AGG_MIN, 0, NULL);
  struct dfmt_agg *f = agg_make ("f", DFMT_AGG_SUM, 0, NULL);
  struct dfmt_agg *g = agg_make ("g", DFMT_AGG_QUANTIZE, 0, NULL);
  struct dfmt_agg *aggs[] = { a, b, cq, d, e, f, g };
  for (size_t i = 0; i < N_ (aggs); i++)
    agg_put (aggs[i], NULL, 1, 1);
  static const char *fmts[] = { "@a = %@u\n", "@b = %@u\n", "@c = %@d\n", "@d = %@u\n",
                                "@e = %@u\n", "@f = %@u\n", "@g = %@d\n" };
  struct dfmt_out *o = out_begin ();
  for (size_t i = 0; i < N_ (aggs); i++)
    {
      struct dfmt_fmt *ff = dfmt_fmt_compile (fmts[i], "printa", true, NULL, 0, NULL);
      dfmt_printa (o, &c, ff, &aggs[i], 1);
      dfmt_fmt_free (ff);
    }
  OUT_IS ("@a = 1\n@b = 1\n@c = \n"
          "           value  ------------- Distribution ------------- count    \n"
          "             < 1 |                                         0        \n"
          "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
          "               2 |                                         0        \n"
          "\n@d = 1\n@e = 1\n@f = 1\n@g = \n"
          "           value  ------------- Distribution ------------- count    \n"
          "               0 |                                         0        \n"
          "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
          "               2 |                                         0        \n"
          "\n", "printa/tst.basics.r (@a..@g)");
  for (size_t i = 0; i < N_ (aggs); i++)
    {
      UNIT_CHECK (dfmt_agg_printed (aggs[i]), "printa marked @%c printed", (char) ('a' + i));
      dfmt_agg_free (aggs[i]);
    }

  /* printa/tst.tuple.d */
  struct dfmt_type ti = { DFMT_T_INT, 4, true, NULL };
  struct dfmt_type t5[] = { ti, ti, ti, ti, ti };
  struct dfmt_agg *tu = agg_make ("a", DFMT_AGG_COUNT, 5, t5);
  struct dfmt_value k5[] = { I32 (1), I32 (2), I32 (3), I32 (4), I32 (5) };
  agg_put (tu, k5, 0, 1);
  static const char *tf[] = { "%@u: -\n", "%@u: %d\n", "%@u: %d %d\n", "%@u: %d %d %d\n",
                              "%@u: %d %d %d %d\n", "%@u: %d %d %d %d %d\n" };
  o = out_begin ();
  for (size_t i = 0; i < N_ (tf); i++)
    {
      struct dfmt_fmt *ff = dfmt_fmt_compile (tf[i], "printa", true, t5, 5, NULL);
      dfmt_printa (o, &c, ff, &tu, 1);
      dfmt_fmt_free (ff);
    }
  OUT_IS ("1: -\n1: 1\n1: 1 2\n1: 1 2 3\n1: 1 2 3 4\n1: 1 2 3 4 5\n", "printa/tst.tuple");
  dfmt_agg_free (tu);

  /* printa/tst.dynwidth.d */
  struct dfmt_type t2[] = { ti, ti };
  struct dfmt_agg *dw = agg_make ("", DFMT_AGG_SUM, 2, t2);
  struct dfmt_value ka[] = { I32 (10), I32 (100) }, kb[] = { I32 (-10), I32 (200) };
  agg_put (dw, ka, 1, 0);
  agg_put (dw, kb, 2, 0);
  struct dfmt_fmt *f1 = dfmt_fmt_compile ("-->%-*d<--\n", "printa", true, t2, 2, NULL);
  struct dfmt_fmt *f2 = dfmt_fmt_compile ("-->%*d<--\n", "printa", true, t2, 2, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, f1, &dw, 1);
  dfmt_printa (o, &c, f2, &dw, 1);
  OUT_IS ("-->100       <--\n-->200       <--\n-->       100<--\n-->200       <--\n",
          "printa/tst.dynwidth");
  dfmt_fmt_free (f1);
  dfmt_fmt_free (f2);
  dfmt_agg_free (dw);

  /* printa/tst.manyval.d and a literal-only format */
  struct dfmt_agg *mv = agg_make ("a", DFMT_AGG_COUNT, 0, NULL);
  agg_put (mv, NULL, 0, 1);
  struct dfmt_fmt *f7 = dfmt_fmt_parse ("%@u %@u %@u %@u %@u %@u %@u\n", "printa", true, NULL);
  struct dfmt_fmt *fl = dfmt_fmt_parse ("entry\n", "printa", true, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, f7, &mv, 1);
  dfmt_printa (o, &c, fl, &mv, 1);
  OUT_IS ("1 1 1 1 1 1 1\nentry\n", "printa/tst.manyval, and a format without conversions");
  dfmt_fmt_free (f7);
  dfmt_fmt_free (fl);
  dfmt_agg_free (mv);

  /* multiaggs/tst.zero.d: joined on keys, missing values are 0 */
  struct dfmt_agg *foo = agg_make ("foo", DFMT_AGG_SUM, 1, &ti);
  struct dfmt_agg *bar = agg_make ("bar", DFMT_AGG_SUM, 1, &ti);
  struct dfmt_agg *bop = agg_make ("bop", DFMT_AGG_QUANTIZE, 1, &ti);
  struct dfmt_value k123 = I32 (123), k456 = I32 (456), k789 = I32 (789);
  agg_put (foo, &k123, 123, 0);
  agg_put (bar, &k456, 456, 0);
  agg_put (foo, &k789, 789, 0);
  agg_put (bar, &k789, 789, 0);
  struct dfmt_agg *fb[] = { foo, bar, bop };
  struct dfmt_fmt *fz = dfmt_fmt_compile ("%10d %@10d %@10d\n", "printa", true, &ti, 1, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, fz, fb, 2);
  OUT_IS ("       456          0        456\n"
          "       123        123          0\n"
          "       789        789        789\n", "printa(@foo, @bar): joined, missing is 0");
  struct dfmt_ctx sp = c;
  sp.aggsortpos = 1;
  o = out_begin ();
  dfmt_printa (o, &sp, fz, fb, 2);
  OUT_IS ("       123        123          0\n"
          "       456          0        456\n"
          "       789        789        789\n", "aggsortpos=1: @bar's values drive the order");
  struct dfmt_fmt *fr = dfmt_fmt_compile ("%d %@d %@d %@d\n", "printa", true, &ti, 1, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, fr, fb, 2);
  OUT_IS ("456 0 456 456\n123 123 0 0\n789 789 789 789\n", "extra %%@ repeat the last");
  struct dfmt_fmt *fq = dfmt_fmt_compile ("%d %@d %@d\n", "printa", true, &ti, 1, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, fq, (struct dfmt_agg *[]) { foo, bop }, 2);
  OUT_IS ("123 123 " HDR
          "              -1 |                                         0        \n"
          "               0 |                                         0        \n"
          "               1 |                                         0        \n"
          "\n789 789 " HDR
          "              -1 |                                         0        \n"
          "               0 |                                         0        \n"
          "               1 |                                         0        \n"
          "\n", "a missing quantize value prints the empty block");
  UNIT_CHECK (!dfmt_agg_printed (bop), "an aggregation with no entries is not marked printed");
  dfmt_fmt_free (fz);
  dfmt_fmt_free (fr);
  dfmt_fmt_free (fq);

  /* printa without a format, and the printed flag at exit */
  dfmt_agg_set_printed (foo, false);
  dfmt_agg_set_printed (bar, false);
  o = out_begin ();
  dfmt_printa_default (o, &c, fb, 2);
  OUT_IS ("\n"
          "      456                0              456\n"
          "      123              123                0\n"
          "      789              789              789\n", "printa(@foo, @bar) without a format");
  dfmt_agg_set_printed (bar, false);
  o = out_begin ();
  dfmt_print_exit (o, &c, fb, 3);
  OUT_IS ("\n      456              456\n      789              789\n",
          "exit: only aggregations no printa printed");
  dfmt_agg_free (foo);
  dfmt_agg_free (bar);
  dfmt_agg_free (bop);

  /* multiaggs2 shape: several aggregations back to back at exit */
  struct dfmt_agg *m1 = agg_make ("a", DFMT_AGG_SUM, 0, NULL);
  struct dfmt_agg *m2 = agg_make ("b", DFMT_AGG_SUM, 0, NULL);
  struct dfmt_agg *m3 = agg_make ("c", DFMT_AGG_SUM, 0, NULL);
  struct dfmt_agg *m4 = agg_make ("d", DFMT_AGG_AVG, 0, NULL);
  struct dfmt_agg *m5 = agg_make ("e", DFMT_AGG_COUNT, 0, NULL);   /* empty: prints nothing */
  agg_put (m1, NULL, 450, 0);
  agg_put (m2, NULL, 4500, 0);
  agg_put (m3, NULL, 0, 0);
  agg_put (m4, NULL, 900, 0);
  struct dfmt_agg *ms[] = { m1, m2, m5, m3, m4 };
  o = out_begin ();
  dfmt_print_exit (o, &c, ms, 5);
  OUT_IS ("\n              450\n             4500\n                0\n              900\n",
          "exit: aggregations back to back, empty ones print nothing");
  struct dfmt_fmt *fx = dfmt_fmt_parse ("%@d\n", "printa", true, NULL);
  o = out_begin ();
  dfmt_printa (o, &c, fx, &m5, 1);
  UNIT_CHECK (!dfmt_agg_printed (m5) && dfmt_out_text (&g_out)[0] == '\0',
              "printa of an empty aggregation prints nothing and marks nothing");
  dfmt_printa (o, &c, fx, &m1, 1);
  o = out_begin ();
  dfmt_print_exit (o, &c, ms, 5);
  OUT_IS ("\n             4500\n                0\n              900\n",
          "printed by printa: not printed again at exit");
  dfmt_fmt_free (fx);
  for (size_t i = 0; i < N_ (ms); i++)
    dfmt_agg_free (ms[i]);

  /* key signatures (Oracle multiaggs/err.D_PRINTA_AGGKEY.r, AGGPROTO.r) */
  struct dfmt_type ts = { DFMT_T_STRING, 0, false, NULL };
  struct dfmt_aggdesc dfoo = { "foo", DFMT_AGG_SUM, 0, 0, 0, 0, 0, 0, 0, 1, &ti };
  struct dfmt_aggdesc dbar0 = { "bar", DFMT_AGG_SUM, 0, 0, 0, 0, 0, 0, 0, 0, NULL };
  struct dfmt_aggdesc dbars = { "bar", DFMT_AGG_SUM, 0, 0, 0, 0, 0, 0, 0, 1, &ts };
  struct dfmt_aggdesc dbari = { "bar", DFMT_AGG_COUNT, 0, 0, 0, 0, 0, 0, 0, 1, &ti };
  struct dfmt_diag err = { NULL, NULL };
  const struct dfmt_aggdesc *p1[] = { &dfoo, &dbar0 };
  UNIT_CHECK (dfmt_printa_check_keys (p1, 2, &err) < 0 && err.tag
              && strcmp (err.tag, "D_PRINTA_AGGKEY") == 0, "D_PRINTA_AGGKEY tag");
  UNIT_STREQ (err.msg, "printa( ): @foo and @bar do not have matching key signatures: "
              "@foo has 1 key, @bar has 0 keys", "err.D_PRINTA_AGGKEY.r");
  dfmt_diag_clear (&err);
  const struct dfmt_aggdesc *p2[] = { &dfoo, &dbars };
  UNIT_CHECK (dfmt_printa_check_keys (p2, 2, &err) < 0 && err.tag
              && strcmp (err.tag, "D_PRINTA_AGGPROTO") == 0, "D_PRINTA_AGGPROTO tag");
  UNIT_STREQ (err.msg, "printa( ): @bar[ ] key #1 is incompatible with @foo:\n"
              "      foo key #1: int\n      bar key #1: string", "err.D_PRINTA_AGGPROTO.r");
  dfmt_diag_clear (&err);
  const struct dfmt_aggdesc *p3[] = { &dfoo, &dbari };
  UNIT_INTEQ (dfmt_printa_check_keys (p3, 2, &err), 0, "matching key signatures");
  UNIT_CHECK (err.msg == NULL, "no message when they match");
}

static void
test_sink (void)
{
  FILE *fp = tmpfile ();
  if (!fp)
    {
      UNIT_SKIP ("tmpfile() failed");
      return;
    }
  struct dfmt_out o;
  dfmt_out_file (&o, fp);
  struct dfmt_ctx c = ctx_quiet (false);
  struct dfmt_probe p = { 0, 1, "dtrace", "", "", "BEGIN" };
  dfmt_header (&o, &c);
  dfmt_record_begin (&o, &c, &p, DFMT_FLOW_NONE, 0);
  struct dfmt_value v = I32 (42);
  dfmt_trace (&o, &c, &v);
  dfmt_record_end (&o, &c);
  char buf[256] = "";
  rewind (fp);
  size_t n = fread (buf, 1, sizeof buf - 1, fp);
  buf[n] = '\0';
  fclose (fp);
  UNIT_STREQ (buf, "CPU     ID                    FUNCTION:NAME\n"
              "  0      1                           :BEGIN          42\n", "FILE * sink");
  UNIT_CHECK (!o.failed, "no write failure");
}

int
main (void)
{
  setenv ("TZ", "UTC", 1);
  tzset ();
  dfmt_out_buffer (&g_out);
  test_framing ();
  test_trace_ints ();
  test_trace_bytes ();
  test_symbols ();
  test_printf_oracle ();
  test_printf_ints ();
  test_printf_floats ();
  test_printf_vs_c ();
  test_printf_misc ();
  test_printf_errors ();
  test_buckets ();
  test_quantize_blocks ();
  test_quantize_edges ();
  test_agg_lines ();
  test_agg_keys ();
  test_printa ();
  test_sink ();
  dfmt_out_release (&g_out);
  return unit_exit ();
}
