/* SPDX-License-Identifier: MIT */
/*
 * test-argspec.c — unit tests of sdt/argspec.c and sdt/names.c.
 *
 * Every operand form of doc/probe-sites.md §5 is parsed and its fields are
 * checked, then formatted back: for what the compilers emit the text must
 * round-trip byte for byte; a few non-canonical spellings (hex, ",1" scale,
 * zero displacement) must come back in canonical form.  Undecodable inputs
 * must be marked as such for that argument only, keep their text and carry a
 * reason.  Whole strings check splitting on blanks.
 */
#include <stdlib.h>

#include "sdt/arch.h"
#include "sdt/sdt.h"
#include <elf.h>
#include "test/unit/unit.h"

/* Parse TEXT, check that it formats back to WANT (TEXT itself when NULL). */
static void
roundtrip (const char *text, enum sdt_arg_kind kind, const char *want)
{
  struct sdt_arg a;
  sdt_arg_parse (text, &a);
  UNIT_INTEQ (a.kind, kind, "'%s' parses as kind %d", text, (int) kind);
  char *f = sdt_arg_format (&a);
  UNIT_STREQ (f, want ? want : text, "'%s' formats back", text);
  UNIT_STREQ (a.text, text, "'%s' keeps its text", text);
  free (f);
  sdt_arg_free (&a);
}

/* Parse TEXT, expect an undecodable argument with a reason. */
static void
undecodable (const char *text)
{
  struct sdt_arg a;
  sdt_arg_parse (text, &a);
  UNIT_INTEQ (a.kind, SDT_ARG_UNDECODABLE, "'%s' is undecodable", text);
  UNIT_CHECK (a.error && *a.error, "'%s' has a reason (%s)", text, a.error ? a.error : "none");
  UNIT_CHECK (a.symbol == NULL && a.base.reg == SDT_REG_NONE && a.index.reg == SDT_REG_NONE,
              "'%s' carries no half-decoded operand", text);
  char *f = sdt_arg_format (&a);
  UNIT_STREQ (f, text, "'%s' formats back to its text", text);
  free (f);
  sdt_arg_free (&a);
}

static void
test_prefix (void)
{
  static const struct { const char *t; int size; bool sgn, flt; } cases[] = {
    { "1@%al", 1, false, false }, { "-1@%al", 1, true, false },
    { "2@%ax", 2, false, false }, { "-2@%si", 2, true, false },
    { "4@%eax", 4, false, false }, { "-4@%edi", 4, true, false },
    { "8@%rax", 8, false, false }, { "-8@%rax", 8, true, false },
    { "4f@%eax", 4, false, true }, { "8f@%rdi", 8, false, true },
    { "-8f@%rdi", 8, true, true }, { "4f@-36(%rbp)", 4, false, true },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct sdt_arg a;
      sdt_arg_parse (cases[i].t, &a);
      UNIT_INTEQ (a.size, cases[i].size, "size of '%s'", cases[i].t);
      UNIT_INTEQ (a.is_signed, cases[i].sgn, "sign of '%s'", cases[i].t);
      UNIT_INTEQ (a.is_float, cases[i].flt, "float flag of '%s'", cases[i].t);
      UNIT_CHECK (a.error == NULL, "'%s' has no error", cases[i].t);
      char *f = sdt_arg_format (&a);
      UNIT_STREQ (f, cases[i].t, "'%s' round-trips", cases[i].t);
      free (f);
      sdt_arg_free (&a);
    }
}

static void
check_reg (const char *text, enum sdt_reg reg, int width, bool high8)
{
  struct sdt_arg a;
  sdt_arg_parse (text, &a);
  UNIT_CHECK (a.kind == SDT_ARG_REG && a.base.reg == reg && a.base.width == width
              && a.base.high8 == high8 && a.index.reg == SDT_REG_NONE,
              "'%s' is register %d width %d high8 %d", text, (int) reg, width, (int) high8);
  char *f = sdt_arg_format (&a);
  UNIT_STREQ (f, text, "'%s' round-trips", text);
  free (f);
  sdt_arg_free (&a);
}

static void
test_registers (void)
{
  check_reg ("8@%rax", SDT_REG_RAX, 8, false);
  check_reg ("8@%rbx", SDT_REG_RBX, 8, false);
  check_reg ("8@%rcx", SDT_REG_RCX, 8, false);
  check_reg ("8@%rdx", SDT_REG_RDX, 8, false);
  check_reg ("8@%rsi", SDT_REG_RSI, 8, false);
  check_reg ("8@%rdi", SDT_REG_RDI, 8, false);
  check_reg ("8@%rbp", SDT_REG_RBP, 8, false);
  check_reg ("8@%rsp", SDT_REG_RSP, 8, false);
  check_reg ("-4@%ebx", SDT_REG_RBX, 4, false);
  check_reg ("-4@%esp", SDT_REG_RSP, 4, false);
  check_reg ("2@%bp", SDT_REG_RBP, 2, false);
  check_reg ("-2@%di", SDT_REG_RDI, 2, false);
  check_reg ("1@%cl", SDT_REG_RCX, 1, false);
  check_reg ("1@%sil", SDT_REG_RSI, 1, false);
  check_reg ("1@%dil", SDT_REG_RDI, 1, false);
  check_reg ("1@%bpl", SDT_REG_RBP, 1, false);
  check_reg ("1@%spl", SDT_REG_RSP, 1, false);
  check_reg ("1@%ah", SDT_REG_RAX, 1, true);
  check_reg ("-1@%bh", SDT_REG_RBX, 1, true);
  check_reg ("1@%ch", SDT_REG_RCX, 1, true);
  check_reg ("1@%dh", SDT_REG_RDX, 1, true);
  check_reg ("8@%r8", SDT_REG_R8, 8, false);
  check_reg ("-4@%r8d", SDT_REG_R8, 4, false);
  check_reg ("2@%r8w", SDT_REG_R8, 2, false);
  check_reg ("1@%r8b", SDT_REG_R8, 1, false);
  check_reg ("8@%r15", SDT_REG_R15, 8, false);
  check_reg ("-4@%r12d", SDT_REG_R12, 4, false);
  check_reg ("2@%r13w", SDT_REG_R13, 2, false);
  check_reg ("1@%r11b", SDT_REG_R11, 1, false);
  check_reg ("8@%rip", SDT_REG_RIP, 8, false);
  check_reg ("8@%xmm0", SDT_REG_XMM0, 16, false);
  check_reg ("8f@%xmm15", SDT_REG_XMM0 + 15, 16, false);
  check_reg ("4f@%xmm9", SDT_REG_XMM0 + 9, 16, false);
  /* A wider or narrower register than the size: the size governs. */
  check_reg ("1@%rax", SDT_REG_RAX, 8, false);
  check_reg ("8@%eax", SDT_REG_RAX, 4, false);

  UNIT_STREQ (sdt_reg_name (SDT_REG_RAX, 8, false), "rax", "reg name rax");
  UNIT_STREQ (sdt_reg_name (SDT_REG_RAX, 4, false), "eax", "reg name eax");
  UNIT_STREQ (sdt_reg_name (SDT_REG_RAX, 2, false), "ax", "reg name ax");
  UNIT_STREQ (sdt_reg_name (SDT_REG_RAX, 1, false), "al", "reg name al");
  UNIT_STREQ (sdt_reg_name (SDT_REG_RAX, 1, true), "ah", "reg name ah");
  UNIT_STREQ (sdt_reg_name (SDT_REG_R10, 4, false), "r10d", "reg name r10d");
  UNIT_STREQ (sdt_reg_name (SDT_REG_XMM0 + 3, 16, false), "xmm3", "reg name xmm3");
  UNIT_CHECK (sdt_reg_name (SDT_REG_RSI, 1, true) == NULL, "no high-byte form of rsi");
  UNIT_CHECK (sdt_reg_name (SDT_REG_RAX, 3, false) == NULL, "no 3-byte register");
  UNIT_CHECK (sdt_reg_name (SDT_REG_NONE, 8, false) == NULL, "no name for SDT_REG_NONE");
}

static void
test_immediates (void)
{
  static const struct { const char *t; int64_t v; const char *canon; } cases[] = {
    { "-4@$42", 42, NULL }, { "-4@$-7", -7, NULL }, { "-4@$0", 0, NULL },
    { "-4@$1", 1, NULL }, { "-1@$5", 5, NULL }, { "8@$-1", -1, NULL },
    { "8@$-9223372036854775808", INT64_MIN, NULL },
    { "8@$9223372036854775807", INT64_MAX, NULL },
    { "4@$0x10", 16, "4@$16" }, { "8@$0xffffffffffffffff", -1, "8@$-1" },
    { "4@$-0x10", -16, "4@$-16" }, { "8@$18446744073709551615", -1, "8@$-1" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct sdt_arg a;
      sdt_arg_parse (cases[i].t, &a);
      UNIT_CHECK (a.kind == SDT_ARG_IMM && a.disp == cases[i].v,
                  "'%s' is immediate %" PRId64, cases[i].t, cases[i].v);
      sdt_arg_free (&a);
      roundtrip (cases[i].t, SDT_ARG_IMM, cases[i].canon);
    }
  undecodable ("4@$");
  undecodable ("4@$sym");
  undecodable ("4@$12abc");
  undecodable ("8@$18446744073709551616");
  undecodable ("8@$-9223372036854775809");
}

static void
check_mem (const char *text, int64_t disp, enum sdt_reg base, int bw,
           enum sdt_reg index, int scale, const char *canon)
{
  struct sdt_arg a;
  sdt_arg_parse (text, &a);
  UNIT_CHECK (a.kind == SDT_ARG_MEM && a.disp == disp && a.base.reg == base
              && (base == SDT_REG_NONE || a.base.width == bw) && a.index.reg == index
              && a.scale == scale && a.symbol == NULL,
              "'%s' is memory disp %" PRId64 " base %d index %d scale %d",
              text, disp, (int) base, (int) index, scale);
  char *f = sdt_arg_format (&a);
  UNIT_STREQ (f, canon ? canon : text, "'%s' formats canonically", text);
  free (f);
  sdt_arg_free (&a);
}

static void
test_memory (void)
{
  check_mem ("-4@-1204(%rbp)", -1204, SDT_REG_RBP, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("8@(%rsp)", 0, SDT_REG_RSP, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("-1@17(%rdx)", 17, SDT_REG_RDX, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("1@-87(%rsp)", -87, SDT_REG_RSP, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("-4@(%rdx)", 0, SDT_REG_RDX, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("-8@8(%rsi)", 8, SDT_REG_RSI, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("4@16(%r12)", 16, SDT_REG_R12, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("4@8(%ebp)", 8, SDT_REG_RBP, 4, SDT_REG_NONE, 1, NULL);
  check_mem ("1@-96(%rbp,%rax,8)", -96, SDT_REG_RBP, 8, SDT_REG_RAX, 8, NULL);
  check_mem ("-8@(%rsi,%rdi,8)", 0, SDT_REG_RSI, 8, SDT_REG_RDI, 8, NULL);
  check_mem ("-4@(%rax,%rdi,4)", 0, SDT_REG_RAX, 8, SDT_REG_RDI, 4, NULL);
  check_mem ("2@6(%rcx,%r9,2)", 6, SDT_REG_RCX, 8, SDT_REG_R9, 2, NULL);
  check_mem ("1@(%rdi,%rax)", 0, SDT_REG_RDI, 8, SDT_REG_RAX, 1, NULL);
  check_mem ("1@3(%r13,%r14)", 3, SDT_REG_R13, 8, SDT_REG_R14, 1, NULL);
  check_mem ("-4@(,%rax,4)", 0, SDT_REG_NONE, 0, SDT_REG_RAX, 4, NULL);
  check_mem ("-4@64(,%rbx,8)", 64, SDT_REG_NONE, 0, SDT_REG_RBX, 8, NULL);
  check_mem ("-4@4096", 4096, SDT_REG_NONE, 0, SDT_REG_NONE, 1, NULL);
  check_mem ("8@16(%rip)", 16, SDT_REG_RIP, 8, SDT_REG_NONE, 1, NULL);
  check_mem ("8@-4(%rip)", -4, SDT_REG_RIP, 8, SDT_REG_NONE, 1, NULL);
  /* Non-canonical spellings come back canonical. */
  check_mem ("8@0(%rsp)", 0, SDT_REG_RSP, 8, SDT_REG_NONE, 1, "8@(%rsp)");
  check_mem ("8@-0x10(%rbp)", -16, SDT_REG_RBP, 8, SDT_REG_NONE, 1, "8@-16(%rbp)");
  check_mem ("1@(%rdi,%rax,1)", 0, SDT_REG_RDI, 8, SDT_REG_RAX, 1, "1@(%rdi,%rax)");
}

static void
check_rip (const char *text, const char *sym, int64_t off)
{
  struct sdt_arg a;
  sdt_arg_parse (text, &a);
  UNIT_CHECK (a.kind == SDT_ARG_RIP_SYM && a.symbol && strcmp (a.symbol, sym) == 0
              && a.disp == off && a.index.reg == SDT_REG_NONE,
              "'%s' is %s%+" PRId64 "(%%rip)", text, sym, off);
  char *f = sdt_arg_format (&a);
  UNIT_STREQ (f, text, "'%s' round-trips", text);
  free (f);
  sdt_arg_free (&a);
}

static void
test_rip (void)
{
  check_rip ("-8@counter(%rip)", "counter", 0);
  check_rip ("8@seq_iter.6(%rip)", "seq_iter.6", 0);
  check_rip ("4@sym+8(%rip)", "sym", 8);
  check_rip ("-4@arr-4(%rip)", "arr", -4);
  check_rip ("-8@glob(%rip)", "glob", 0);
  check_rip ("1@_ZN3foo3barE(%rip)", "_ZN3foo3barE", 0);
  check_rip ("8@.LC0(%rip)", ".LC0", 0);
  check_rip ("4f@fval+12(%rip)", "fval", 12);
  undecodable ("8@x@GOTPCREL(%rip)");
  undecodable ("8@sym+(%rip)");
  undecodable ("4@sym(%rax)");
  undecodable ("4@arr(,%rax,4)");
  undecodable ("4@sym");
  undecodable ("4@16(%rip,%rax,2)");
}

static void
test_undecodable (void)
{
  /* Other architectures. */
  undecodable ("8@x0");
  undecodable ("-4@[sp,");
  undecodable ("4@[x21,");
  undecodable ("-8@v0");
  undecodable ("8@a0");
  undecodable ("-4@-20(s0)");
  undecodable ("-8@%r0");
  /* Sizes. */
  undecodable ("16@s(%rip)");
  undecodable ("3@%eax");
  undecodable ("0@%eax");
  undecodable ("12@-16(%rbp)");
  {
    struct sdt_arg a;
    sdt_arg_parse ("16@s(%rip)", &a);
    UNIT_INTEQ (a.size, 16, "an undecodable struct argument still reports its size");
    sdt_arg_free (&a);
  }
  /* Garbage. */
  undecodable ("garbage");
  undecodable ("@%eax");
  undecodable ("-@%eax");
  undecodable ("4%eax");
  undecodable ("4@");
  undecodable ("4@%");
  undecodable ("4@%foo");
  undecodable ("4@%eaxx");
  undecodable ("4x@%eax");
  undecodable ("4@()");
  undecodable ("4@(%rax");
  undecodable ("4@(%rax))");
  undecodable ("4@(%rax)x");
  undecodable ("4@(%rax,%rbx,3)");
  undecodable ("4@(%rax,%rbx,16)");
  undecodable ("4@(%rax,%rsp,2)");
  undecodable ("4@(%rax,)");
  undecodable ("4@(%al)");
  undecodable ("4@(%ax)");
  undecodable ("4@(%xmm0)");
  undecodable ("4@(,%rbx,)");
  undecodable ("4@99999999999999999999(%rax)");
  undecodable ("4@-(%rax)");
  undecodable ("4f");
  undecodable ("");
}

static void
test_strings (void)
{
  struct sdt_argspec spec;

  sdt_argspec_parse ("", &spec);
  UNIT_INTEQ (spec.nargs, 0, "empty string has 0 args");
  UNIT_CHECK (spec.args == NULL, "empty string allocates nothing");
  char *f = sdt_argspec_format (&spec);
  UNIT_STREQ (f, "", "empty spec formats to \"\"");
  free (f);
  sdt_argspec_free (&spec);

  sdt_argspec_parse ("   ", &spec);
  UNIT_INTEQ (spec.nargs, 0, "blank string has 0 args");
  sdt_argspec_free (&spec);

  static const char *const round[] = {
    "-4@%ebx 8@%rbp",
    "-8@counter(%rip) 8@%rax -4@$32",
    "8f@%rdi 4f@%eax",
    "1@%al -2@%si 8@%rdi -1@17(%rdx) 8@%rcx",
    "-4@$42 -4@$-7 -4@$120",
    "-4@%edi -8@%rax",
    "1@-87(%rsp) -2@-86(%rsp) 8@-8(%rsp)",
    "-4@%eax -4@%ebx -4@%ecx -4@%edx -4@%esi -4@%edi -4@%ebp -4@%r8d -4@%r9d -4@%r10d -4@%r11d -4@(%rdx)",
    "-4@4096 -4@(%rax,%rdi,4) 8@%r8",
    "8@$-1 8@$-9223372036854775808 -4@$-1 -1@$5",
  };
  for (size_t i = 0; i < sizeof round / sizeof round[0]; i++)
    {
      sdt_argspec_parse (round[i], &spec);
      UNIT_INTEQ (spec.nargs, sdt_args_count (round[i]), "'%s' arg count", round[i]);
      bool all = true;
      for (size_t k = 0; k < spec.nargs; k++)
        all = all && spec.args[k].kind != SDT_ARG_UNDECODABLE;
      UNIT_CHECK (all, "'%s' fully decodable", round[i]);
      f = sdt_argspec_format (&spec);
      UNIT_STREQ (f, round[i], "'%s' round-trips as a whole", round[i]);
      free (f);
      sdt_argspec_free (&spec);
      UNIT_CHECK (spec.nargs == 0 && spec.args == NULL, "argspec_free resets the spec");
    }

  sdt_argspec_parse ("-4@%edi -4@%edi -4@%edi -4@%edi -4@%edi -4@%edi "
                     "-4@%edi -4@%edi -4@%edi -4@%edi -4@%edi -4@%edi", &spec);
  UNIT_INTEQ (spec.nargs, SDT_MAX_ARGS, "twelve arguments");
  sdt_argspec_free (&spec);

  /* Extra blanks: leading, trailing, doubled, tabs. */
  sdt_argspec_parse ("  -4@%edi \t 8@(%rsp)   $x  ", &spec);
  UNIT_INTEQ (spec.nargs, 3, "extra blanks: 3 words");
  UNIT_STREQ (spec.args[0].text, "-4@%edi", "extra blanks: first word");
  UNIT_STREQ (spec.args[1].text, "8@(%rsp)", "extra blanks: second word");
  UNIT_INTEQ (spec.args[1].kind, SDT_ARG_MEM, "extra blanks: second word is memory");
  UNIT_INTEQ (spec.args[2].kind, SDT_ARG_UNDECODABLE, "extra blanks: third word undecodable");
  f = sdt_argspec_format (&spec);
  UNIT_STREQ (f, "-4@%edi 8@(%rsp) $x", "extra blanks collapse when formatted");
  free (f);
  sdt_argspec_free (&spec);

  /* One bad argument leaves the others alone. */
  sdt_argspec_parse ("-4@%edi 16@s(%rip) 8@x0 8@seq_iter.6(%rip)", &spec);
  UNIT_INTEQ (spec.nargs, 4, "mixed: 4 args");
  UNIT_INTEQ (spec.args[0].kind, SDT_ARG_REG, "mixed: arg 0 decodes");
  UNIT_INTEQ (spec.args[1].kind, SDT_ARG_UNDECODABLE, "mixed: arg 1 undecodable");
  UNIT_INTEQ (spec.args[2].kind, SDT_ARG_UNDECODABLE, "mixed: arg 2 undecodable");
  UNIT_INTEQ (spec.args[3].kind, SDT_ARG_RIP_SYM, "mixed: arg 3 decodes");
  f = sdt_argspec_format (&spec);
  UNIT_STREQ (f, "-4@%edi 16@s(%rip) 8@x0 8@seq_iter.6(%rip)", "mixed spec round-trips");
  free (f);
  sdt_argspec_free (&spec);

  /* aarch64 "[sp, 128]" contains a blank that does not separate words;
   * read as x86-64 it is one undecodable argument. */
  sdt_argspec_parse ("-4@[sp, 128] 8@x0", &spec);
  UNIT_INTEQ (spec.nargs, 2, "aarch64 operand with a blank is one word");
  UNIT_INTEQ (sdt_args_count ("-4@[sp, 128] 8@x0"), 2, "sdt_args_count agrees");
  UNIT_STREQ (spec.args[0].text, "-4@[sp, 128]", "the whole bracket is the word");
  UNIT_CHECK (spec.args[0].kind == SDT_ARG_UNDECODABLE && spec.args[1].kind == SDT_ARG_UNDECODABLE,
              "both undecodable as x86-64");
  sdt_argspec_free (&spec);
}

/* Every machine's operand forms, as GCC prints them for <sys/sdt.h> and
 * our header: decoded (kind, register number, displacement) and formatted
 * back to the same text. */
static void
test_arches (void)
{
  static const struct {
    unsigned machine;
    int cls;
    const char *word;
    enum sdt_arg_kind kind;
    int reg, index;
    int64_t disp;
  } cases[] = {
    { EM_AARCH64, ELFCLASS64, "-4@x0", SDT_ARG_REG, 0, -1, 0 },
    { EM_AARCH64, ELFCLASS64, "-4@w19", SDT_ARG_REG, 19, -1, 0 },
    { EM_AARCH64, ELFCLASS64, "8@[sp, 16]", SDT_ARG_MEM, 31, -1, 16 },
    { EM_AARCH64, ELFCLASS64, "8@[x1]", SDT_ARG_MEM, 1, -1, 0 },
    { EM_AARCH64, ELFCLASS64, "-2@-2", SDT_ARG_IMM, -1, -1, -2 },
    { EM_ARM, ELFCLASS32, "-4@r0", SDT_ARG_REG, 0, -1, 0 },
    { EM_ARM, ELFCLASS32, "-4@ip", SDT_ARG_REG, 12, -1, 0 },
    { EM_ARM, ELFCLASS32, "4@[fp, #-8]", SDT_ARG_MEM, 11, -1, -8 },
    { EM_ARM, ELFCLASS32, "-4@#5", SDT_ARG_IMM, -1, -1, 5 },
    { EM_PPC64, ELFCLASS64, "-4@3", SDT_ARG_REG, 3, -1, 0 },
    { EM_PPC64, ELFCLASS64, "8@0(9)", SDT_ARG_MEM, 9, -1, 0 },
    { EM_PPC64, ELFCLASS64, "-8@-16(31)", SDT_ARG_MEM, 31, -1, -16 },
    { EM_PPC64, ELFCLASS64, "-2@i-2", SDT_ARG_IMM, -1, -1, -2 },
    { EM_S390, ELFCLASS64, "-4@%r2", SDT_ARG_REG, 2, -1, 0 },
    { EM_S390, ELFCLASS64, "8@160(%r15)", SDT_ARG_MEM, 15, -1, 160 },
    { EM_S390, ELFCLASS64, "8@8(%r1,%r2)", SDT_ARG_MEM, 2, 1, 8 },
    { EM_S390, ELFCLASS64, "-4@5", SDT_ARG_IMM, -1, -1, 5 },
    { EM_RISCV, ELFCLASS64, "-4@a0", SDT_ARG_REG, 10, -1, 0 },
    { EM_RISCV, ELFCLASS64, "-4@s10", SDT_ARG_REG, 26, -1, 0 },
    { EM_RISCV, ELFCLASS64, "8@-20(s0)", SDT_ARG_MEM, 8, -1, -20 },
    { EM_RISCV, ELFCLASS64, "-4@5", SDT_ARG_IMM, -1, -1, 5 },
    { EM_386, ELFCLASS32, "-4@%eax", SDT_ARG_REG, SDT_REG_RAX, -1, 0 },
    { EM_386, ELFCLASS32, "4@8(%esp)", SDT_ARG_MEM, SDT_REG_RSP, -1, 8 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const struct sdt_arch *arch = sdt_arch_for_machine (cases[i].machine, cases[i].cls);
      UNIT_CHECK (arch != NULL, "machine %u is in the table", cases[i].machine);
      if (!arch)
        continue;
      struct sdt_arg a;
      sdt_arg_parse_arch (arch, cases[i].word, &a);
      UNIT_INTEQ (a.kind, cases[i].kind, "%s %s: kind (%s)", arch->name, cases[i].word,
                  a.error ? a.error : "");
      if (cases[i].reg >= 0)
        UNIT_INTEQ (a.base.reg, cases[i].reg, "%s %s: register", arch->name, cases[i].word);
      if (cases[i].index >= 0)
        UNIT_INTEQ (a.index.reg, cases[i].index, "%s %s: index", arch->name, cases[i].word);
      UNIT_CHECK (a.disp == cases[i].disp, "%s %s: value", arch->name, cases[i].word);
      char *f = sdt_arg_format (&a);
      UNIT_STREQ (f, cases[i].word, "%s %s: formats back", arch->name, cases[i].word);
      free (f);
      sdt_arg_free (&a);
    }

  /* Another machine's syntax is undecodable, with the machine named. */
  static const struct { unsigned machine; const char *word; } bad[] = {
    { EM_AARCH64, "8@%r2" }, { EM_AARCH64, "8@[q9, 8]" }, { EM_ARM, "4@x0" },
    { EM_PPC64, "8@-3" }, { EM_RISCV, "8@[sp]" }, { EM_S390, "8@0(%r16)" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      const struct sdt_arch *arch = sdt_arch_for_machine (bad[i].machine, 0);
      struct sdt_arg a;
      sdt_arg_parse_arch (arch, bad[i].word, &a);
      UNIT_INTEQ (a.kind, SDT_ARG_UNDECODABLE, "%s %s: undecodable", arch->name, bad[i].word);
      UNIT_CHECK (a.error && strstr (a.error, arch->name), "%s %s: the reason names %s (%s)",
                  arch->name, bad[i].word, arch->name, a.error ? a.error : "");
      sdt_arg_free (&a);
    }
  UNIT_CHECK (sdt_arch_for_machine (EM_SPARCV9, 0) == NULL, "sparc64 is not in the table");
  UNIT_STREQ (sdt_machine_name (EM_SPARCV9), "sparc64", "but it has a name");
}

static void
test_names (void)
{
  static const struct { const char *note, *d; } cases[] = {
    { "command__get", "command-get" }, { "start", "start" },
    { "query__done__now", "query-done-now" }, { "", "" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      char *d = sdt_name_to_d (cases[i].note);
      char *n = sdt_name_from_d (cases[i].d);
      UNIT_STREQ (d, cases[i].d, "to_d '%s'", cases[i].note);
      UNIT_STREQ (n, cases[i].note, "from_d '%s'", cases[i].d);
      free (d);
      free (n);
    }
  char *s = sdt_name_to_d ("a___b");
  UNIT_STREQ (s, "a-_b", "to_d maps pairs left to right");
  free (s);
  s = sdt_name_to_d ("single_under");
  UNIT_STREQ (s, "single_under", "to_d leaves single underscores");
  free (s);

  UNIT_INTEQ (sdt_args_count (""), 0, "args_count empty");
  UNIT_INTEQ (sdt_args_count (NULL), 0, "args_count NULL");
  UNIT_INTEQ (sdt_args_count ("-4@%edi"), 1, "args_count one");
  UNIT_INTEQ (sdt_args_count(" -4@%edi  8@%rax\t1@%al "), 3, "args_count blanks");
}

int
main (void)
{
  test_prefix ();
  test_registers ();
  test_immediates ();
  test_memory ();
  test_rip ();
  test_undecodable ();
  test_strings ();
  test_names ();
  test_arches ();
  return unit_exit ();
}
