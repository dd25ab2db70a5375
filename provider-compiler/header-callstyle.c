/* SPDX-License-Identifier: MIT */
/*
 * header-callstyle.c — `dtrace -h -x callstyle`: the Solaris-style header,
 * whose probes are ordinary C function calls that `dtrace -G` later patches
 * out of the compiled objects (dtrace-g/call-site-linker.c), plus the C type
 * classifier both use.
 *
 * Per probe `demo:::request-start(int id, const char *path)`:
 *
 *   / * DEMO_REQUEST_START ( int id, const char *path ) * /
 *   #define DEMO_REQUEST_START(arg1, arg2) \
 *   __dtrace_demo___request__start(arg1, arg2)
 *   #define DEMO_REQUEST_START_ENABLED() __builtin_expect (*(volatile unsigned short *) &demo_request__start_semaphore, 0)
 *   extern void __dtrace_demo___request__start(int, const char *);
 *   __extension__ extern unsigned short demo_request__start_semaphore ...;
 *
 * The function is declared with the .d's native types, so the compiler checks
 * every argument (and converts it, as for any call): that is the point of
 * call-style probes besides their reach (any language that can call a C
 * function can fire them).  The macro names are those of the default header,
 * so a project switches style by regenerating its header.  The symbol is
 * `__dtrace_` + provider + `___` + the probe name as declared (`__` for `-`),
 * the spelling of Solaris, illumos and FreeBSD headers, so headers generated
 * there and committed into projects link the same way.
 *
 * *_ENABLED() reads the semaphore directly (a volatile 2-byte load), exactly
 * like the default header; only Solaris-generated headers call
 * `__dtraceenabled_<prov>___<probe>()`, which the -G object defines.
 *
 * The shape rules of the default header hold where they matter (build-compat
 * R15-R19): macro bodies on the next line, one upper-case PROVIDER_ token per
 * line, ENABLED() bodies without upper case.  Types do appear outside
 * comments here, in the prototypes: a call-style header is opt-in.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "provider-compiler/header-int.h"
#include "common/strset.h"
#include "common/xalloc.h"

/* ------------------------------------------------------------------ */
/* Type classification.                                                */

/* Typedef names of the C library and of Solaris headers: size, sign.
 * Sizes are those of x86-64 Linux (LP64), the one ABI call-style sites are
 * linked for. */
static const struct {
  const char *name;
  signed char size;   /* negative: signed */
  bool pointer;
} known_typedefs[] = {
  { "int8_t", -1, false }, { "int16_t", -2, false }, { "int32_t", -4, false },
  { "int64_t", -8, false }, { "uint8_t", 1, false }, { "uint16_t", 2, false },
  { "uint32_t", 4, false }, { "uint64_t", 8, false },
  { "int_least8_t", -1, false }, { "int_least16_t", -2, false },
  { "int_least32_t", -4, false }, { "int_least64_t", -8, false },
  { "uint_least8_t", 1, false }, { "uint_least16_t", 2, false },
  { "uint_least32_t", 4, false }, { "uint_least64_t", 8, false },
  { "int_fast8_t", -1, false }, { "int_fast16_t", -8, false },
  { "int_fast32_t", -8, false }, { "int_fast64_t", -8, false },
  { "uint_fast8_t", 1, false }, { "uint_fast16_t", 8, false },
  { "uint_fast32_t", 8, false }, { "uint_fast64_t", 8, false },
  { "intptr_t", -8, false }, { "uintptr_t", 8, false },
  { "intmax_t", -8, false }, { "uintmax_t", 8, false },
  { "size_t", 8, false }, { "ssize_t", -8, false }, { "ptrdiff_t", -8, false },
  { "off_t", -8, false }, { "off64_t", -8, false }, { "loff_t", -8, false },
  { "pid_t", -4, false }, { "uid_t", 4, false }, { "gid_t", 4, false },
  { "id_t", 4, false }, { "mode_t", 4, false }, { "dev_t", 8, false },
  { "ino_t", 8, false }, { "ino64_t", 8, false }, { "nlink_t", 8, false },
  { "blksize_t", -8, false }, { "blkcnt_t", -8, false }, { "time_t", -8, false },
  { "suseconds_t", -8, false }, { "useconds_t", 4, false }, { "clock_t", -8, false },
  { "clockid_t", -4, false }, { "key_t", -4, false }, { "socklen_t", 4, false },
  { "sa_family_t", 2, false }, { "in_addr_t", 4, false }, { "in_port_t", 2, false },
  { "sig_atomic_t", -4, false }, { "pthread_t", 8, false },
  { "wchar_t", -4, false }, { "wint_t", 4, false },
  { "char16_t", 2, false }, { "char32_t", 4, false }, { "char8_t", 1, false },
  { "bool", 1, false }, { "_Bool", 1, false },
  { "u_char", 1, false }, { "u_short", 2, false }, { "u_int", 4, false },
  { "u_long", 8, false }, { "u_int8_t", 1, false }, { "u_int16_t", 2, false },
  { "u_int32_t", 4, false }, { "u_int64_t", 8, false },
  { "uchar_t", 1, false }, { "ushort_t", 2, false }, { "uint_t", 4, false },
  { "ulong_t", 8, false }, { "longlong_t", -8, false }, { "u_longlong_t", 8, false },
  { "hrtime_t", -8, false }, { "boolean_t", -4, false },
  { "__u8", 1, false }, { "__u16", 2, false }, { "__u32", 4, false }, { "__u64", 8, false },
  { "__s8", -1, false }, { "__s16", -2, false }, { "__s32", -4, false }, { "__s64", -8, false },
  { "caddr_t", 8, true }, { "string", 8, true },
};

/* The words of a C type's spelling and what each says; any other word
 * (a typedef name) is W_OTHER. */
enum type_word {
  W_QUALIFIER, W_UNSIGNED, W_SIGNED, W_SHORT, W_LONG, W_CHAR, W_INT, W_BOOL, W_FLOAT,
  W_DOUBLE, W_COMPLEX, W_VOID, W_AGGREGATE, W_ENUM, W_INT128, W_OTHER, NWORDS
};
static const struct { const char *text; enum type_word word; } type_words[] = {
  { "const", W_QUALIFIER }, { "volatile", W_QUALIFIER }, { "restrict", W_QUALIFIER },
  { "__restrict", W_QUALIFIER }, { "__restrict__", W_QUALIFIER }, { "register", W_QUALIFIER },
  { "__const", W_QUALIFIER }, { "__volatile__", W_QUALIFIER },
  { "unsigned", W_UNSIGNED }, { "signed", W_SIGNED }, { "__signed__", W_SIGNED },
  { "short", W_SHORT }, { "long", W_LONG }, { "char", W_CHAR }, { "int", W_INT },
  { "_Bool", W_BOOL }, { "float", W_FLOAT }, { "double", W_DOUBLE },
  { "_Complex", W_COMPLEX }, { "__complex__", W_COMPLEX }, { "void", W_VOID },
  { "struct", W_AGGREGATE }, { "union", W_AGGREGATE }, { "enum", W_ENUM },
  { "__int128", W_INT128 }, { "__int128_t", W_INT128 }, { "__uint128_t", W_INT128 },
};

static bool
is_ident_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_' || c == '$';
}

static struct d_arg_type
classify (const char *type)
{
  const struct d_arg_type unknown = { D_ARG_UNKNOWN, 8, false };
  if (!type)
    return unknown;
  /* Any declarator punctuation makes it a pointer: `*`, an array (passed
   * as a pointer), a function pointer. */
  if (strpbrk (type, "*[("))
    return (struct d_arg_type) { D_ARG_POINTER, 8, false };
  unsigned seen[NWORDS] = { 0 };
  const char *other_word = NULL;
  size_t other_len = 0;
  for (const char *p = type; *p;)
    {
      if (!is_ident_char (*p))
        {
          p++;
          continue;
        }
      const char *w = p;
      while (is_ident_char (*p))
        p++;
      size_t n = (size_t) (p - w);
      enum type_word word = W_OTHER;
      for (size_t i = 0; i < sizeof type_words / sizeof type_words[0]; i++)
        if (strlen (type_words[i].text) == n && memcmp (type_words[i].text, w, n) == 0)
          word = type_words[i].word;
      seen[word]++;
      if (word == W_AGGREGATE || word == W_ENUM)
        {
          /* the tag that follows is part of this word group */
          while (*p == ' ')
            p++;
          while (is_ident_char (*p))
            p++;
        }
      else if (word == W_OTHER)
        {
          other_word = w;
          other_len = n;
        }
    }
  bool is_unsigned = seen[W_UNSIGNED], is_signed = seen[W_SIGNED], is_short = seen[W_SHORT];
  bool is_char = seen[W_CHAR], is_int = seen[W_INT], is_bool = seen[W_BOOL];
  bool is_float = seen[W_FLOAT], is_double = seen[W_DOUBLE], is_complex = seen[W_COMPLEX];
  bool is_void = seen[W_VOID], is_aggr = seen[W_AGGREGATE], is_enum = seen[W_ENUM];
  bool is_int128 = seen[W_INT128];
  unsigned longs = seen[W_LONG], other = seen[W_OTHER];

  if (is_float || is_double || is_complex)
    return (struct d_arg_type) { D_ARG_FLOAT, is_float && !is_complex ? 4 : longs ? 16 : 8, false };
  if (is_aggr)
    return (struct d_arg_type) { D_ARG_AGGREGATE, 0, false };
  if (is_int128)
    return (struct d_arg_type) { D_ARG_WIDE, 16, false };
  if (is_void && !other && !is_int && !is_char && !longs && !is_short)
    return (struct d_arg_type) { D_ARG_VOID, 0, false };
  if (is_enum)
    return (struct d_arg_type) { D_ARG_INTEGER, 4, true };
  if (other == 1 && !is_unsigned && !is_signed && !is_short && !is_char && !is_int && !longs
      && !is_bool)
    {
      for (size_t i = 0; i < sizeof known_typedefs / sizeof known_typedefs[0]; i++)
        if (strlen (known_typedefs[i].name) == other_len
            && memcmp (known_typedefs[i].name, other_word, other_len) == 0)
          {
            int s = known_typedefs[i].size;
            return (struct d_arg_type) { known_typedefs[i].pointer ? D_ARG_POINTER : D_ARG_INTEGER,
                                         s < 0 ? -s : s, s < 0 };
          }
      return unknown;   /* an unknown typedef: D_ARG_UNKNOWN, 8 bytes */
    }
  if (other)
    return unknown;     /* several unknown words: unknown */
  if (!(is_unsigned || is_signed || is_short || is_char || is_int || longs || is_bool))
    return unknown;
  int size = is_bool || is_char ? 1 : is_short ? 2 : longs ? 8 : 4;
  /* Plain char is signed on x86-64. */
  return (struct d_arg_type) { D_ARG_INTEGER, size, !is_unsigned && !is_bool };
}

void
d_classify_arg_type (const char *type, struct d_arg_type *out)
{
  *out = classify (type);
}

/* "is floating point (double)" and friends; NULL when the type can be
 * described.  Static strings. */
static const char *
undescribable (const struct d_arg_type *t)
{
  switch (t->cls)
    {
    case D_ARG_FLOAT:
      return "is floating point";
    case D_ARG_AGGREGATE:
      return "is a structure or union passed by value";
    case D_ARG_WIDE:
      return "is a 128-bit integer";
    case D_ARG_VOID:
      return "has type void";
    default:
      return NULL;
    }
}

char *
d_callstyle_arg_problem (const struct d_provider *prov, const struct d_probe_decl *probe,
                         size_t i)
{
  struct d_arg_type t;
  d_classify_arg_type (probe->args[i].type, &t);
  const char *what = undescribable (&t);
  if (!what)
    return NULL;
  const char *type = probe->args[i].type ? probe->args[i].type : "?";
  bool x87 = t.cls == D_ARG_FLOAT && strstr (type, "long") && !strstr (type, "omplex");
  const char *why = x87
    ? "; the x86-64 calling convention passes it on the stack as an x87 value, which probes "
      "cannot describe"
    : t.cls == D_ARG_FLOAT
    ? "; the x86-64 calling convention passes it in an SSE register, which probes cannot describe"
    : t.cls == D_ARG_AGGREGATE || t.cls == D_ARG_WIDE
    ? "; probe arguments are integers or pointers of at most 8 bytes (pass a pointer)"
    : "";
  return xasprintf ("probe %s:%s: argument %zu %s (%s)%s", prov->name, probe->name, i + 1, what,
                    type, why);
}

int
d_check_callstyle (const struct d_program *prog)
{
  int rc = 0;
  for (size_t p = 0; p < prog->nproviders; p++)
    {
      const struct d_provider *pv = &prog->providers[p];
      for (size_t j = 0; j < pv->nprobes; j++)
        {
          const struct d_probe_decl *pr = &pv->probes[j];
          for (size_t a = 0; a < pr->nargs; a++)
            {
              char *msg = d_callstyle_arg_problem (pv, pr, a);
              if (msg)
                {
                  diag_error_at (pr->loc.file, pr->loc.line, "%s", msg);
                  free (msg);
                  rc = -1;
                }
            }
        }
    }
  return rc;
}

/* ------------------------------------------------------------------ */
/* The header.                                                          */

/* The C spelling of a .d parameter type: D's `string` is `const char *`. */
static char *
c_type (const char *type)
{
  size_t len = strlen (type);
  char *r = xmalloc (len * 6 + 1), *w = r;   /* "string" -> "const char *" at most doubles */
  for (const char *p = type; *p;)
    {
      if (is_ident_char (*p))
        {
          const char *s = p;
          while (is_ident_char (*p))
            p++;
          if ((size_t) (p - s) == 6 && memcmp (s, "string", 6) == 0)
            {
              memcpy (w, "const char *", 12);
              w += 12;
              /* "const char *" already ends the base type: drop one blank */
              if (*p == ' ' && p[1] == '*')
                p++;
            }
          else
            {
              memcpy (w, s, (size_t) (p - s));
              w += p - s;
            }
        }
      else
        *w++ = *p++;
    }
  *w = '\0';
  return r;
}

/* Emit `struct TAG;` for every struct/union tag the prototypes name, once
 * per header: an undeclared tag inside a prototype would get prototype
 * scope, and no caller's pointer could match it. */
static void
emit_tags (struct hdr_out *o, const struct d_program *prog)
{
  struct strset seen = { 0 };
  for (size_t p = 0; p < prog->nproviders; p++)
    for (size_t j = 0; j < prog->providers[p].nprobes; j++)
      {
        const struct d_probe_decl *pr = &prog->providers[p].probes[j];
        for (size_t a = 0; a < pr->nargs; a++)
          {
            const char *t = pr->args[a].type;
            for (const char *q = t; q && *q; q++)
              {
                size_t kw = 0;
                if ((q == t || !is_ident_char (q[-1])) && strncmp (q, "struct ", 7) == 0)
                  kw = 6;
                else if ((q == t || !is_ident_char (q[-1])) && strncmp (q, "union ", 6) == 0)
                  kw = 5;
                if (!kw)
                  continue;
                const char *tag = q + kw + 1;
                size_t tl = 0;
                while (is_ident_char (tag[tl]))
                  tl++;
                if (tl == 0)
                  continue;
                char *decl = xasprintf ("%.*s %.*s", (int) kw, q, (int) tl, tag);
                if (strset_add (&seen, decl))
                  hdr_put (o, "%s;\n", decl);
              }
          }
      }
  strset_clear (&seen);
}

static void
emit_provider (struct hdr_out *o, const struct d_provider *prov)
{
  const char *pn = prov->name;
  hdr_put (o, "\n/* provider %s */\n", pn);
  for (size_t i = 0; i < prov->nprobes; i++)
    {
      const struct d_probe_decl *pr = &prov->probes[i];
      char *macro = d_macro_name (pn, pr->name);
      hdr_probe_comment (o, macro, pr);
      hdr_put (o, "#define %s(", macro);
      hdr_arg_names (o, pr->nargs);
      hdr_put (o, ") \\\n__dtrace_%s___%s(", pn, pr->name);
      hdr_arg_names (o, pr->nargs);
      hdr_put (o, ")\n");
      hdr_put (o, "#define %s_ENABLED() __builtin_expect (*(volatile unsigned short *) &%s_%s_semaphore, 0)\n",
           macro, pn, pr->name);
      hdr_put (o, "extern void __dtrace_%s___%s(", pn, pr->name);
      if (pr->nargs == 0)
        hdr_put (o, "void");
      for (size_t a = 0; a < pr->nargs; a++)
        {
          char *t = c_type (pr->args[a].type ? pr->args[a].type : "int");
          hdr_put (o, "%s%s", a ? ", " : "", t);
          free (t);
        }
      hdr_put (o, ");\n");
      hdr_put (o, "__extension__ extern unsigned short %s_%s_semaphore __attribute__ ((unused))"
           " __attribute__ ((section (\".probes\"))) _SDTKIT_CS_SEM_VISIBILITY;\n", pn, pr->name);
      free (macro);
    }
}

int
d_write_callstyle_header (const struct d_program *prog, const struct d_header_options *opt,
                          FILE *f)
{
  struct hdr_out o;
  char *guard = hdr_begin (&o, f, opt,
                           "/* Generated by sdtkit dtrace -h -x callstyle: call-style USDT probes.\n"
                           " * Each probe is a call of __dtrace_<provider>___<probe>(); `dtrace -G` turns\n"
                           " * the calls in the compiled objects into no-ops described by systemtap v3\n"
                           " * .note.stapsdt notes, and defines the semaphores *_ENABLED() reads. */\n");
  hdr_put (&o, "#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n");
  hdr_put (&o, "#if !defined __cplusplus && !defined __bool_true_false_are_defined\n"
           "#include <stdbool.h>\n#endif\n");
  hdr_put (&o, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
  hdr_put (&o, "#ifndef _SDTKIT_CS_SEM_VISIBILITY\n"
           "#if defined STAP_SDT_V1 || defined STAP_SDT_V2\n"
           "# define _SDTKIT_CS_SEM_VISIBILITY\n"
           "#else\n"
           "# define _SDTKIT_CS_SEM_VISIBILITY __attribute__ ((visibility (\"hidden\")))\n"
           "#endif\n"
           "#endif\n");
  emit_tags (&o, prog);
  for (size_t i = 0; i < prog->nproviders; i++)
    emit_provider (&o, &prog->providers[i]);
  hdr_put (&o, "\n#ifdef __cplusplus\n}\n#endif\n");
  if (guard)
    hdr_put (&o, "#endif /* %s */\n", guard);
  free (guard);
  return hdr_finish (&o);
}
