/* SPDX-License-Identifier: MIT */
/*
 * header-gen.c — `dtrace -h`: the C header of probe macros.
 *
 * The header is self-contained: each probe site is emitted by our own inline
 * asm as a single 1-byte `nop` plus one systemtap v3 `.note.stapsdt` note, so
 * applications need no <sys/sdt.h> at build time, and every Linux tool (gdb,
 * perf, bpftrace, bcc, systemtap, our consumer) reads the sites.
 *
 * The text keeps systemtap's macro SHAPE because real builds post-process it
 * with sed (doc/build-requirements.md R15-R19):
 *   - `#define PROV_PROBE(arg1, ..., argN) \` with the expansion on the next
 *     line, and at most one upper-case PROVIDER_ token per line (CPython's
 *     non-global sed, the global renames of PHP/PostgreSQL/Ruby);
 *   - `#define PROV_PROBE_ENABLED() <body>` whose body has no upper-case
 *     letters (Erlang lower-cases whole `#define ERLANG_X(...)` lines);
 *   - argument types only inside comments (memcached rewrites `char *`);
 *   - the literal lines `#define _SDT_HAS_SEMAPHORES 1` and
 *     `#define STAP_HAS_SEMAPHORES 1` (GLib turns them into #undef, and then
 *     no probe site may reference a semaphore);
 *   - a Solaris-style include guard derived from the output name
 *     (probes.h.tmp -> _PROBES_H_TMP, the spelling Ruby's sed expects).
 *
 * Argument size and signedness come from each argument expression's type
 * (C: __builtin_classify_type/__typeof__; C++: a small trait template), as
 * sdt.h does; arrays are passed as pointers.  The `f` float flag is never
 * emitted: gdb 13, bcc, bpftrace 0.17 and libbpf reject whole probes that
 * carry it; floats travel as raw bits, as DTrace's integer args do.  On
 * x86-64 the operand constraint is "nr" (register or constant): no stack or
 * %rip operands, so every consumer can decode every argument and clang's
 * red-zone spills disappear.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "provider-compiler/header-int.h"
#include "common/xalloc.h"
#include "sdt/arch.h"
#include "sdt/sdt.h"

/* The shared macros: emitted by every generated header, defined once per
 * translation unit (guarded by a versioned macro). */
static const char prelude_head[] =
  "#ifndef _SDTKIT_PROBE_MACROS_1\n"
  "#define _SDTKIT_PROBE_MACROS_1 1\n"
  "#define _SDTKIT_STR(x) _SDTKIT_STR2 (x)\n"
  "#define _SDTKIT_STR2(x) #x\n"
  "#if __SIZEOF_POINTER__ == 8\n"
  "# define _SDTKIT_ADDR \".8byte \"\n"
  "#else\n"
  "# define _SDTKIT_ADDR \".4byte \"\n"
  "#endif\n"
  "#if defined STAP_SDT_V1 || defined STAP_SDT_V2\n"
  "# define _SDTKIT_SEM_VISIBILITY\n"
  "#else\n"
  "# define _SDTKIT_SEM_VISIBILITY __attribute__ ((visibility (\"hidden\")))\n"
  "#endif\n"
  "#ifdef __cplusplus\n"
  "extern \"C++\" {\n"
  "template <typename _T> struct _sdtkit_arg_t { enum { _size = sizeof (_T), _sign = ((_T) -1 < (_T) 1) }; };\n"
  "template <typename _T> struct _sdtkit_arg_t<const _T> : _sdtkit_arg_t<_T> {};\n"
  "template <typename _T> struct _sdtkit_arg_t<volatile _T> : _sdtkit_arg_t<_T> {};\n"
  "template <typename _T> struct _sdtkit_arg_t<const volatile _T> : _sdtkit_arg_t<_T> {};\n"
  "template <typename _T> struct _sdtkit_arg_t<_T &> : _sdtkit_arg_t<_T> {};\n"
  "template <typename _T> struct _sdtkit_arg_t<_T *> { enum { _size = sizeof (_T *), _sign = 0 }; };\n"
  "template <typename _T, __SIZE_TYPE__ _N> struct _sdtkit_arg_t<_T[_N]> : _sdtkit_arg_t<_T *> {};\n"
  "template <typename _T, __SIZE_TYPE__ _N> struct _sdtkit_arg_t<const _T[_N]> : _sdtkit_arg_t<_T *> {};\n"
  "template <typename _T, __SIZE_TYPE__ _N> struct _sdtkit_arg_t<volatile _T[_N]> : _sdtkit_arg_t<_T *> {};\n"
  "template <typename _T, __SIZE_TYPE__ _N> struct _sdtkit_arg_t<const volatile _T[_N]> : _sdtkit_arg_t<_T *> {};\n"
  "template <typename _T> struct _sdtkit_arg_t<_T[]> : _sdtkit_arg_t<_T *> {};\n"
  "template <> struct _sdtkit_arg_t<float> { enum { _size = sizeof (float), _sign = 0 }; };\n"
  "template <> struct _sdtkit_arg_t<double> { enum { _size = sizeof (double), _sign = 0 }; };\n"
  "template <> struct _sdtkit_arg_t<long double> { enum { _size = sizeof (long double), _sign = 0 }; };\n"
  "}\n"
  "# define _SDTKIT_SIZED(x) (_sdtkit_arg_t<__typeof__ (x)>::_sign \\\n"
  "  ? -(int) _sdtkit_arg_t<__typeof__ (x)>::_size : (int) _sdtkit_arg_t<__typeof__ (x)>::_size)\n"
  "#else\n"
  "# define _SDTKIT_DECAY(x) ((void) 0, (x))\n"
  "# define _SDTKIT_CLASS(x) __builtin_classify_type (_SDTKIT_DECAY (x))\n"
  "# define _SDTKIT_IS_PTR(x) (_SDTKIT_CLASS (x) == 5)\n"
  "# define _SDTKIT_IS_INT(x) (_SDTKIT_CLASS (x) >= 1 && _SDTKIT_CLASS (x) <= 4)\n"
  "# define _SDTKIT_VALTYPE(x) __typeof__ (__builtin_choose_expr (_SDTKIT_IS_PTR (x), 0, _SDTKIT_DECAY (x)))\n"
  "# define _SDTKIT_SIGNED(x) (_SDTKIT_IS_INT (x) && (_SDTKIT_VALTYPE (x)) -1 < (_SDTKIT_VALTYPE (x)) 1)\n"
  "# define _SDTKIT_SIZE(x) (_SDTKIT_IS_PTR (x) ? (int) sizeof (void *) : (int) sizeof (_SDTKIT_VALTYPE (x)))\n"
  "# define _SDTKIT_SIZED(x) (_SDTKIT_SIGNED (x) ? -_SDTKIT_SIZE (x) : _SDTKIT_SIZE (x))\n"
  "#endif\n"
  "#define _SDTKIT_OP(x) \"n\" (_SDTKIT_SZ (_SDTKIT_SIZED (x))), _SDTKIT_STR (_SDTKIT_ARG_CONSTRAINT) (x)\n"
  "#define _SDTKIT_NOTE(prov, name, sem, args) \\\n"
  "  _SDTKIT_SITE \\\n"
  "  \".pushsection .note.stapsdt,\\\"?\\\",\\\"note\\\"\\n\" \\\n"
  "  \".balign 4\\n\" \\\n"
  "  \".4byte 992f-991f,994f-993f,3\\n\" \\\n"
  "  \"991:.asciz \\\"stapsdt\\\"\\n\" \\\n"
  "  \"992:.balign 4\\n\" \\\n"
  "  \"993:\" _SDTKIT_ADDR \"990b,_.stapsdt.base,\" _SDTKIT_STR (sem) \"\\n\" \\\n"
  "  \".asciz \\\"\" prov \"\\\",\\\"\" name \"\\\",\\\"\" args \"\\\"\\n\" \\\n"
  "  \"994:.balign 4\\n\" \\\n"
  "  \".popsection\\n\"\n"
  /* The prelink anchor, once per assembly file; a separate asm statement
   * keeps each template under C90's 509-character string limit. */
  "#define _SDTKIT_BASE \\\n"
  "  __asm__ __volatile__ (\".ifndef _.stapsdt.base\\n\" \\\n"
  "  \".pushsection .stapsdt.base,\\\"aGR\\\",\\\"progbits\\\",.stapsdt.base,comdat\\n\" \\\n"
  "  \".weak _.stapsdt.base\\n\" \\\n"
  "  \".hidden _.stapsdt.base\\n\" \\\n"
  "  \"_.stapsdt.base:.space 1\\n\" \\\n"
  "  \".size _.stapsdt.base,1\\n\" \\\n"
  "  \".popsection\\n\" \\\n"
  "  \".endif\\n\")\n";

/* The machine's branch of the header: per entry of sdt/arch.c, the
 * operand constraint, the operand template _SDTKIT_ARGF (size operand S,
 * value operand A), whether the size is printed negated (%n), and the site;
 * then STAP_SDT_ARG_CONSTRAINT, when defined, overrides the constraint as
 * with <sys/sdt.h>. */
static void
emit_arch_branches (struct hdr_out *o)
{
  for (size_t i = 0; i < sdt_narches; i++)
    {
      const struct sdt_arch *a = &sdt_arches[i];
      if (a->cpp_test)
        hdr_put (o, "#%s %s\n", i ? "elif" : "if", a->cpp_test);
      else
        hdr_put (o, "#else\n");
      if (a->clang_constraint)
        hdr_put (o, "# ifdef __clang__\n#  define _SDTKIT_ARCH_CONSTRAINT %s\n# else\n"
                 "#  define _SDTKIT_ARCH_CONSTRAINT %s\n# endif\n", a->clang_constraint,
                 a->constraint);
      else
        hdr_put (o, "# define _SDTKIT_ARCH_CONSTRAINT %s\n", a->constraint);
      hdr_put (o, "# define _SDTKIT_ARGF(s, a) %s\n", a->argf);
      hdr_put (o, "# define _SDTKIT_SZ(x) %s\n", a->size_negated ? "(-(x))" : "(x)");
      if (a->site_fast)
        hdr_put (o, "# ifndef SDTKIT_NOP1_SITES\n"
                 "#  define _SDTKIT_SITE \"%s\"\n"
                 "# else\n"
                 "#  define _SDTKIT_SITE \"%s\"\n"
                 "# endif\n", a->site_fast, a->site);
      else
        hdr_put (o, "# define _SDTKIT_SITE \"%s\"\n", a->site);
    }
  hdr_put (o, "#endif\n"
           "#if defined STAP_SDT_ARG_CONSTRAINT\n"
           "# define _SDTKIT_ARG_CONSTRAINT STAP_SDT_ARG_CONSTRAINT\n"
           "#else\n"
           "# define _SDTKIT_ARG_CONSTRAINT _SDTKIT_ARCH_CONSTRAINT\n"
           "#endif\n");
}

static const char prelude_tail[] = "#endif /* _SDTKIT_PROBE_MACROS_1 */\n";

/* The declared type of one argument, once per assembly file, in the
 * non-allocated section .sdtkit.argtypes (sdt/argtypes.c has the record
 * layout): one COMDAT group per probe, so a link keeps one copy; nothing
 * of it is loaded.  Its own guard: a header of an older sdtkit that
 * defined the macros above first does not define this one. */
static const char argtype_macro[] =
  "#ifndef _SDTKIT_ARGTYPES_1\n"
  "#define _SDTKIT_ARGTYPES_1 1\n"
  "#define _SDTKIT_ARGTYPE(prov, name, i, type) \\\n"
  "  __asm__ __volatile__ (\".ifndef .L_sdtkit_argtype.\" #prov \".\" #name \".\" #i \"\\n\" \\\n"
  "  \".pushsection \" \"" SDT_ARGTYPES_SECTION "\" \",\\\"G\\\",\\\"progbits\\\",_sdtkit_argtypes.\" #prov \".\" #name \",comdat\\n\" \\\n"
  "  \".L_sdtkit_argtype.\" #prov \".\" #name \".\" #i \":\\n\" \\\n"
  "  \".asciz \\\"\" #prov \"\\\",\\\"\" #name \"\\\",\\\"\" #i \"\\\",\\\"\" type \"\\\"\\n\" \\\n"
  "  \".popsection\\n.endif\\n\")\n"
  "#endif /* _SDTKIT_ARGTYPES_1 */\n";

/* The bytes of _SDTKIT_ARGTYPE's string once concatenated, for C90's
 * limit on a string literal (509): a record that would pass it is left
 * out (that probe's types are then unknown to consumers). */
static size_t
argtype_string_length (const char *prov, const char *name, size_t index, const char *type)
{
  size_t names = strlen (prov) + strlen (name) + (index > 9 ? 2 : 1);
  return 4 * names + strlen (SDT_ARGTYPES_SECTION) + strlen (type) + 160;
}

/* Only text that needs no escaping inside the asm string. */
static bool
argtype_recordable (const char *prov, const char *name, size_t index, const char *type)
{
  for (const char *p = type; *p; p++)
    if (*p == '"' || *p == '\\' || (unsigned char) *p < ' ' || (unsigned char) *p > '~')
      return false;
  return type[0] && argtype_string_length (prov, name, index, type) <= 509;
}

/* ------------------------------------------------------------------ */
/* Shared with header-callstyle.c (header-int.h).                      */

void
hdr_put (struct hdr_out *o, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  if (vfprintf (o->f, fmt, ap) < 0)
    o->failed = true;
  va_end (ap);
}

char *
hdr_begin (struct hdr_out *o, FILE *f, const struct d_header_options *opt, const char *banner)
{
  char *guard = opt && opt->output_name ? d_header_guard_name (opt->output_name) : NULL;
  o->f = f;
  o->failed = false;
  hdr_put (o, "%s", banner);
  if (guard)
    hdr_put (o, "#ifndef %s\n#define %s\n", guard, guard);
  return guard;
}

void
hdr_probe_comment (struct hdr_out *o, const char *macro, const struct d_probe_decl *pr)
{
  hdr_put (o, "\n/* %s (", macro);
  for (size_t a = 0; a < pr->nargs; a++)
    hdr_put (o, "%s %s", a ? "," : "", pr->args[a].text);
  hdr_put (o, " ) */\n");
}

void
hdr_arg_names (struct hdr_out *o, size_t n)
{
  for (size_t a = 0; a < n; a++)
    hdr_put (o, "%sarg%zu", a ? ", " : "", a + 1);
}

int
hdr_finish (struct hdr_out *o)
{
  if (fflush (o->f) != 0)
    o->failed = true;
  return o->failed ? -1 : 0;
}

char *
d_macro_name (const char *provider, const char *probe)
{
  size_t n = strlen (provider) + 1 + strlen (probe) + 1;
  char *m = xmalloc (n), *w = m;
  const char *p;
  for (p = provider; *p; p++)
    *w++ = (*p == '-' || *p == '.') ? '_' : (char) toupper ((unsigned char) *p);
  *w++ = '_';
  for (p = probe; *p; p++)
    {
      if (p[0] == '_' && p[1] == '_')
        {
          *w++ = '_';
          p++;
          continue;
        }
      *w++ = (*p == '-' || *p == '.') ? '_' : (char) toupper ((unsigned char) *p);
    }
  *w = '\0';
  return m;
}

/* "_PROBES_H_TMP" from ".../probes.h.tmp" (Solaris dtrace's spelling). */
char *
d_header_guard_name (const char *output)
{
  const char *base = strrchr (output, '/');
  base = base ? base + 1 : output;
  char *g = xmalloc (strlen (base) + 2), *w = g;
  *w++ = '_';
  for (const char *p = base; *p; p++)
    *w++ = isalnum ((unsigned char) *p) ? (char) toupper ((unsigned char) *p) : '_';
  *w = '\0';
  return g;
}

/* One _SDTKIT_PROBEn macro: operands 2i (size/sign) and 2i+1 (value). */
static void
emit_probe_macro (struct hdr_out *o, unsigned n)
{
  hdr_put (o, "#define _SDTKIT_PROBE%u(prov, name, sem", n);
  for (unsigned i = 1; i <= n; i++)
    hdr_put (o, ", a%u", i);
  hdr_put (o, ") \\\n  do { _SDTKIT_BASE; __asm__ __volatile__ (_SDTKIT_NOTE (#prov, #name, sem, ");
  for (unsigned i = 0; i < n; i++)
    hdr_put (o, "%s_SDTKIT_ARGF (%u, %u)", i ? " \" \" " : "", 2 * i, 2 * i + 1);
  hdr_put (o, "%s)", n ? "" : "\"\"");
  if (n > 0)
    {
      hdr_put (o, " \\\n       :");
      for (unsigned i = 1; i <= n; i++)
        hdr_put (o, "%s _SDTKIT_OP (a%u)", i > 1 ? "," : " :", i);
    }
  hdr_put (o, "); } while (0)\n");
}

static void
emit_prelude (struct hdr_out *o)
{
  hdr_put (o, "%s", prelude_head);
  emit_arch_branches (o);
  for (unsigned n = 0; n <= D_MAX_PROBE_ARGS; n++)
    emit_probe_macro (o, n);
  hdr_put (o, "%s", prelude_tail);
  hdr_put (o, "%s", argtype_macro);
}

static void
emit_provider (struct hdr_out *o, const struct d_provider *prov)
{
  const char *pn = prov->name;
  hdr_put (o, "\n/* provider %s */\n", pn);
  /* Semaphores are referenced only while _SDT_HAS_SEMAPHORES is in effect
   * and <sys/sdt.h> did not come first without it (then, as with systemtap,
   * the TU has no semaphores; ENABLED() is then conservatively true). */
  hdr_put (o, "#if defined _SDT_HAS_SEMAPHORES && !defined _SDTKIT_SDT_H_FIRST\n");
  hdr_put (o, "#define _sdtkit_sem_%s(s) s\n", pn);
  hdr_put (o, "#define _sdtkit_enabled_%s(s) __builtin_expect (*(volatile unsigned short *) &(s), 0)\n", pn);
  hdr_put (o, "#else\n");
  hdr_put (o, "#define _sdtkit_sem_%s(s) 0\n", pn);
  hdr_put (o, "#define _sdtkit_enabled_%s(s) 1\n", pn);
  hdr_put (o, "#endif\n");

  for (size_t i = 0; i < prov->nprobes; i++)
    {
      const struct d_probe_decl *pr = &prov->probes[i];
      char *macro = d_macro_name (pn, pr->name);
      hdr_probe_comment (o, macro, pr);
      hdr_put (o, "__extension__ extern unsigned short %s_%s_semaphore __attribute__ ((unused))"
           " __attribute__ ((section (\".probes\"))) _SDTKIT_SEM_VISIBILITY;\n", pn, pr->name);
      hdr_put (o, "#define %s(", macro);
      hdr_arg_names (o, pr->nargs);
      hdr_put (o, ") \\\n");
      bool typed = pr->nargs > 0;
      for (size_t a = 0; a < pr->nargs; a++)
        typed = typed && argtype_recordable (pn, pr->name, a, pr->args[a].type);
      if (typed)
        {
          hdr_put (o, "do {");
          for (size_t a = 0; a < pr->nargs; a++)
            hdr_put (o, " _SDTKIT_ARGTYPE (%s, %s, %zu, \"%s\");", pn, pr->name, a, pr->args[a].type);
          hdr_put (o, " ");
        }
      hdr_put (o, "_SDTKIT_PROBE%zu (%s, %s, _sdtkit_sem_%s (%s_%s_semaphore)", pr->nargs, pn,
           pr->name, pn, pn, pr->name);
      for (size_t a = 0; a < pr->nargs; a++)
        hdr_put (o, ", arg%zu", a + 1);
      hdr_put (o, typed ? "); } while (0)\n" : ")\n");
      hdr_put (o, "#define %s_ENABLED() _sdtkit_enabled_%s (%s_%s_semaphore)\n", macro, pn, pn,
           pr->name);
      free (macro);
    }
}

int
d_write_header (const struct d_program *prog, const struct d_header_options *opt, FILE *f)
{
  struct hdr_out o;
  char *guard = hdr_begin (&o, f, opt, "/* Generated by sdtkit dtrace -h: USDT probe macros "
                           "(systemtap v3 notes, no <sys/sdt.h> needed). */\n");
  hdr_put (&o, "#ifdef __GNUC__\n#pragma GCC system_header\n#endif\n");
  /* <sys/sdt.h> included earlier without semaphores fixes the TU's choice. */
  hdr_put (&o, "#if defined _SYS_SDT_H && !defined _SDT_HAS_SEMAPHORES && !defined _SDTKIT_SDT_H_FIRST\n"
           "#define _SDTKIT_SDT_H_FIRST 1\n#endif\n");
  hdr_put (&o, "#define _SDT_HAS_SEMAPHORES 1\n");
  hdr_put (&o, "#define STAP_HAS_SEMAPHORES 1 /* deprecated */\n");
  emit_prelude (&o);
  for (size_t i = 0; i < prog->nproviders; i++)
    emit_provider (&o, &prog->providers[i]);
  if (guard)
    hdr_put (&o, "\n#endif /* %s */\n", guard);
  free (guard);
  return hdr_finish (&o);
}
