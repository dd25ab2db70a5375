/* SPDX-License-Identifier: MIT */
/*
 * test-callstyle.c — unit tests of the call-style support in the provider
 * compiler (provider-compiler/header-callstyle.c): the classification of .d
 * argument types into what a call site can describe (size, sign, or why
 * not), and the shape of the `-h -x callstyle` header.  The linking itself
 * (dtrace-g/call-site-linker.c) is tested on real objects by
 * test/integration/callstyle.sh.
 */
#include "provider-compiler/provider-compiler.h"
#include "test/unit/unit.h"

#include <stdlib.h>

struct type_case {
  const char *type;
  enum d_arg_class cls;
  int size;
  bool is_signed;
};

static const struct type_case type_cases[] = {
  { "int", D_ARG_INTEGER, 4, true },
  { "unsigned", D_ARG_INTEGER, 4, false },
  { "unsigned int", D_ARG_INTEGER, 4, false },
  { "signed", D_ARG_INTEGER, 4, true },
  { "const int", D_ARG_INTEGER, 4, true },
  { "volatile unsigned short", D_ARG_INTEGER, 2, false },
  { "short int", D_ARG_INTEGER, 2, true },
  { "char", D_ARG_INTEGER, 1, true },
  { "signed char", D_ARG_INTEGER, 1, true },
  { "unsigned char", D_ARG_INTEGER, 1, false },
  { "long", D_ARG_INTEGER, 8, true },
  { "long int", D_ARG_INTEGER, 8, true },
  { "unsigned long", D_ARG_INTEGER, 8, false },
  { "long long int", D_ARG_INTEGER, 8, true },
  { "unsigned long long", D_ARG_INTEGER, 8, false },
  { "_Bool", D_ARG_INTEGER, 1, false },
  { "bool", D_ARG_INTEGER, 1, false },
  { "enum color", D_ARG_INTEGER, 4, true },
  { "uint8_t", D_ARG_INTEGER, 1, false },
  { "int16_t", D_ARG_INTEGER, 2, true },
  { "uint32_t", D_ARG_INTEGER, 4, false },
  { "int64_t", D_ARG_INTEGER, 8, true },
  { "size_t", D_ARG_INTEGER, 8, false },
  { "ssize_t", D_ARG_INTEGER, 8, true },
  { "off_t", D_ARG_INTEGER, 8, true },
  { "pid_t", D_ARG_INTEGER, 4, true },
  { "uintptr_t", D_ARG_INTEGER, 8, false },
  { "const uint16_t", D_ARG_INTEGER, 2, false },
  { "char *", D_ARG_POINTER, 8, false },
  { "const char *", D_ARG_POINTER, 8, false },
  { "void **", D_ARG_POINTER, 8, false },
  { "struct conn *", D_ARG_POINTER, 8, false },
  { "double *", D_ARG_POINTER, 8, false },
  { "int [4]", D_ARG_POINTER, 8, false },
  { "void (*)(int, char *)", D_ARG_POINTER, 8, false },
  { "string", D_ARG_POINTER, 8, false },
  { "caddr_t", D_ARG_POINTER, 8, false },
  { "Oid", D_ARG_UNKNOWN, 8, false },
  { "jl_value_t", D_ARG_UNKNOWN, 8, false },
  { "float", D_ARG_FLOAT, 4, false },
  { "double", D_ARG_FLOAT, 8, false },
  { "long double", D_ARG_FLOAT, 16, false },
  { "struct timeval", D_ARG_AGGREGATE, 0, false },
  { "union u", D_ARG_AGGREGATE, 0, false },
  { "__int128", D_ARG_WIDE, 16, false },
};

static void
test_classify (void)
{
  for (size_t i = 0; i < sizeof type_cases / sizeof type_cases[0]; i++)
    {
      const struct type_case *c = &type_cases[i];
      struct d_arg_type t;
      d_classify_arg_type (c->type, &t);
      UNIT_CHECK (t.cls == c->cls && t.size == c->size && t.is_signed == c->is_signed,
                  "classify '%s': class %d size %d %s (got %d %d %s)", c->type, (int) c->cls,
                  c->size, c->is_signed ? "signed" : "unsigned", (int) t.cls, t.size,
                  t.is_signed ? "signed" : "unsigned");
    }
}

/* Parse TEXT as a provider file; 0 on success. */
static int
parse (const char *text, struct d_program *p)
{
  return d_parse_string ("t.d", text, strlen (text), D_PARSE_PROVIDERS, p);
}

static void
test_problems (void)
{
  struct d_program p;
  int r = parse ("provider pv { probe ok(int a, const char *s); probe bad(int a, double d, struct st s,"
                 " long double ld); };", &p);
  UNIT_INTEQ (r, 0, "parse a provider with undescribable arguments");
  if (r != 0)
    return;
  const struct d_provider *pv = &p.providers[0];
  for (size_t a = 0; a < 2; a++)
    {
      char *m = d_callstyle_arg_problem (pv, &pv->probes[0], a);
      UNIT_CHECK (m == NULL, "ok:%zu can be described", a);
      free (m);
    }
  char *m = d_callstyle_arg_problem (pv, &pv->probes[1], 0);
  UNIT_CHECK (m == NULL, "bad:1 (int) can be described");
  free (m);
  m = d_callstyle_arg_problem (pv, &pv->probes[1], 1);
  UNIT_STREQ (m, "probe pv:bad: argument 2 is floating point (double); the x86-64 calling convention "
              "passes it in an SSE register, which probes cannot describe", "double: the SSE message");
  free (m);
  m = d_callstyle_arg_problem (pv, &pv->probes[1], 2);
  UNIT_STREQ (m, "probe pv:bad: argument 3 is a structure or union passed by value (struct st); "
              "probe arguments are integers or pointers of at most 8 bytes (pass a pointer)",
              "struct by value: its message");
  free (m);
  m = d_callstyle_arg_problem (pv, &pv->probes[1], 3);
  UNIT_CHECK (m && strstr (m, "argument 4 is floating point (long double)") && strstr (m, "x87"),
              "long double: the x87 message (%s)", m ? m : "(null)");
  free (m);
  d_program_free (&p);
}

/* The header for TEXT, as a string (NULL on failure). */
static char *
header_for (const char *text, const char *output_name)
{
  struct d_program p;
  if (parse (text, &p) != 0)
    return NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  struct d_header_options opt = { output_name };
  int r = f ? d_write_callstyle_header (&p, &opt, f) : -1;
  if (f)
    fclose (f);
  d_program_free (&p);
  if (r != 0)
    {
      free (buf);
      return NULL;
    }
  return buf;
}

static void
test_header (void)
{
  char *h = header_for ("provider demo {\n"
                        "  probe request__start(int id, string path, struct conn *c);\n"
                        "  probe done();\n"
                        "  probe v(void);\n"
                        "  probe arr(char *names[2], void (*cb)(int));\n"
                        "};\n", "out/probes.h.tmp");
  UNIT_CHECK (h != NULL, "header written");
  if (!h)
    return;
  UNIT_CHECK (strstr (h, "#ifndef _PROBES_H_TMP\n#define _PROBES_H_TMP\n") != NULL,
              "include guard from the output name");
  UNIT_CHECK (strstr (h, "#define DEMO_REQUEST_START(arg1, arg2, arg3) \\\n"
                         "__dtrace_demo___request__start(arg1, arg2, arg3)\n") != NULL,
              "macro, and the call on the next line");
  UNIT_CHECK (strstr (h, "extern void __dtrace_demo___request__start(int, const char *, struct conn *);\n")
              != NULL, "typed prototype; string is const char *");
  UNIT_CHECK (strstr (h, "struct conn;\n") != NULL, "struct tags declared at file scope");
  UNIT_CHECK (strstr (h, "extern void __dtrace_demo___done(void);\n") != NULL, "() is (void)");
  UNIT_CHECK (strstr (h, "extern void __dtrace_demo___v(void);\n") != NULL, "(void) is (void)");
  UNIT_CHECK (strstr (h, "extern void __dtrace_demo___arr(char *[2], void (*)(int));\n") != NULL,
              "arrays and function pointers as abstract declarators");
  UNIT_CHECK (strstr (h, "#define DEMO_DONE_ENABLED() __builtin_expect (*(volatile unsigned short *) "
                         "&demo_done_semaphore, 0)\n") != NULL, "ENABLED() reads the semaphore");
  UNIT_CHECK (strstr (h, "__extension__ extern unsigned short demo_done_semaphore __attribute__ ((unused))"
                         " __attribute__ ((section (\".probes\"))) _SDTKIT_CS_SEM_VISIBILITY;\n") != NULL,
              "semaphore declaration");
  UNIT_CHECK (strstr (h, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n") != NULL, "extern \"C\" for C++");
  /* Erlang lower-cases whole `#define ERLANG_X(...)` lines: ENABLED()
   * bodies must not depend on upper case. */
  const char *e = strstr (h, "#define DEMO_V_ENABLED() ");
  bool upper = false;
  for (const char *q = e ? e + strlen ("#define DEMO_V_ENABLED() ") : NULL; q && *q && *q != '\n'; q++)
    upper |= *q >= 'A' && *q <= 'Z';
  UNIT_CHECK (e && !upper, "ENABLED() body without upper case");
  free (h);
}

int
main (void)
{
  test_classify ();
  test_problems ();
  test_header ();
  return unit_exit ();
}
