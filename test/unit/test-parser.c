/* SPDX-License-Identifier: MIT */
/*
 * test-parser.c — unit tests of the D front end (dlang/).
 *
 * Covers the lexer (token kinds, values, positions, comments, cpp line
 * markers, `#pragma D`), the provider grammar and its lenient skipping of
 * everything else, the normalised text/type/name split of parameters, error
 * messages and their original file:line, D_PARSE_PROGRAM outlines, -C with
 * CPP/CC variants, the test/corpus files (good ones parse with the expected
 * shape; the files in bad/ fail with the message their first line announces), and
 * robustness on truncated and random input (run under ASan in CI).
 *
 * stderr is captured (dup2 onto a temporary file) around each parse so that
 * messages can be checked; the corpus is found through $SRCDIR, else
 * relative to this program.
 */
#include "dlang/dlang.h"
#include "dlang/parser.h"
#include "dlang/source.h"
#include "common/xalloc.h"
#include "test/unit/unit.h"

#define err_text unit_err_text
#define cap_begin unit_capture_begin
#define cap_end unit_capture_end

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *srcdir = ".";
static char tmpdir[4096];

/* ------------------------------------------------------------------ */
/* stderr capture.                                                      */


static int
err_has (const char *s)
{
  return err_text && strstr (err_text, s) != NULL;
}

/* ------------------------------------------------------------------ */
/* Helpers.                                                             */

static int
parse_mode (const char *text, enum d_parse_mode mode, struct d_program *p)
{
  int r;

  cap_begin ();
  r = d_parse_string ("t.d", text, strlen (text), mode, p);
  cap_end ();
  return r;
}

static int
parse (const char *text, struct d_program *p)
{
  return parse_mode (text, D_PARSE_PROVIDERS, p);
}

static int
parse_file_opts (const char *path, int use_cpp, const char *const *args, struct d_program *p)
{
  struct d_cpp_options cpp = { 0 };
  char *argv[32];
  int r;

  cpp.enabled = use_cpp;
  while (args && args[cpp.nargs] && cpp.nargs < 32)
    {
      argv[cpp.nargs] = (char *) args[cpp.nargs];
      cpp.nargs++;
    }
  cpp.args = argv;
  cap_begin ();
  r = d_parse_file (path, &cpp, D_PARSE_PROVIDERS, p);
  cap_end ();
  return r;
}

static const struct d_provider *
provider_of (const struct d_program *p, const char *name)
{
  size_t i;

  for (i = 0; i < p->nproviders; i++)
    if (strcmp (p->providers[i].name, name) == 0)
      return &p->providers[i];
  return NULL;
}

static const struct d_probe_decl *
probe_of (const struct d_program *p, const char *prov, const char *name)
{
  const struct d_provider *pv = provider_of (p, prov);
  size_t i;

  for (i = 0; pv && i < pv->nprobes; i++)
    if (strcmp (pv->probes[i].name, name) == 0)
      return &pv->probes[i];
  return NULL;
}

static size_t
total_probes (const struct d_program *p)
{
  size_t i, n = 0;

  for (i = 0; i < p->nproviders; i++)
    n += p->providers[i].nprobes;
  return n;
}

static char *
xcat (char *s, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static char *
xcat (char *s, const char *fmt, ...)
{
  va_list ap;
  char *t = NULL, *r;

  va_start (ap, fmt);
  if (vasprintf (&t, fmt, ap) < 0)
    t = NULL;
  va_end (ap);
  r = xasprintf ("%s%s", s ? s : "", t ? t : "");
  free (s);
  free (t);
  return r;
}

/* "a(int, char *)" for one probe's native types. */
static char *
types_of (const struct d_probe_decl *d)
{
  char *s = NULL;
  size_t i;

  if (!d)
    return xstrdup ("(no probe)");
  s = xcat (s, "%s(", d->name);
  for (i = 0; i < d->nargs; i++)
    s = xcat (s, "%s%s", i ? ", " : "", d->args[i].type);
  s = xcat (s, ")");
  if (d->has_xlate)
    {
      s = xcat (s, " : (");
      for (i = 0; i < d->nxargs; i++)
        s = xcat (s, "%s%s", i ? ", " : "", d->xargs[i].type);
      s = xcat (s, ")");
    }
  return s;
}

/* Everything a program says, to compare parses. */
static char *
signature (const struct d_program *p)
{
  char *s = xstrdup ("");
  size_t i, j, k;

  for (i = 0; i < p->nproviders; i++)
    {
      s = xcat (s, "provider %s @%d\n", p->providers[i].name, p->providers[i].loc.line);
      for (j = 0; j < p->providers[i].nprobes; j++)
        {
          const struct d_probe_decl *d = &p->providers[i].probes[j];
          char *t = types_of (d);
          s = xcat (s, " %s @%s:%d", t, d->loc.file, d->loc.line);
          for (k = 0; k < d->nargs; k++)
            s = xcat (s, " [%s]", d->args[k].text);
          s = xcat (s, "\n");
          free (t);
        }
    }
  for (i = 0; i < p->npragmas; i++)
    s = xcat (s, "pragma %s @%d\n", p->pragmas[i].text, p->pragmas[i].loc.line);
  return s;
}

static char *
write_file (const char *name, const char *text)
{
  char *path = xasprintf ("%s/%s", tmpdir, name);
  FILE *f = fopen (path, "w");

  if (f)
    {
      fputs (text, f);
      fclose (f);
    }
  return path;
}

static int
in_path (const char *prog)
{
  const char *path = getenv ("PATH");
  char *copy, *dir, *save = NULL;
  int found = 0;

  if (!path)
    return 0;
  copy = xstrdup (path);
  for (dir = strtok_r (copy, ":", &save); dir && !found; dir = strtok_r (NULL, ":", &save))
    {
      char *f = xasprintf ("%s/%s", *dir ? dir : ".", prog);
      found = access (f, X_OK) == 0;
      free (f);
    }
  free (copy);
  return found;
}

/* Set or unset (VALUE NULL) an environment variable. */
static void
env_set (const char *name, const char *value)
{
  if (value)
    setenv (name, value, 1);
  else
    unsetenv (name);
}

/* ------------------------------------------------------------------ */
/* Lexer.                                                               */

struct lexed {
  struct d_program prog;
  struct d_token toks[64];
  size_t n;
};

/* Lex TEXT fully (tokens up to EOF/ERROR, at most 64). */
static void
lex_all (const char *text, struct lexed *L)
{
  struct d_lexer lx;

  memset (L, 0, sizeof *L);
  d_lexer_init (&lx, &L->prog, "lex.d", text, strlen (text));
  cap_begin ();
  for (;;)
    {
      struct d_token *t = &L->toks[L->n];
      d_lexer_next (&lx, t);
      if (L->n < 63)
        L->n++;
      else
        d_token_fini (t);
      if (t->kind == DT_EOF || t->kind == DT_ERROR)
        break;
    }
  cap_end ();
}

static void
lexed_free (struct lexed *L)
{
  size_t i;

  for (i = 0; i < L->n; i++)
    d_token_fini (&L->toks[i]);
  d_program_free (&L->prog);
}

static int
tok_text_is (const struct d_token *t, const char *s)
{
  return t->len == strlen (s) && memcmp (t->text, s, t->len) == 0;
}

static void
test_lexer_tokens (void)
{
  struct lexed L;
  static const struct { const char *text; enum d_tok kind; } want[] = {
    { "a", DT_IDENT }, { "->", DT_ARROW }, { "b", DT_IDENT }, { "++", DT_INC },
    { "<<=", DT_SHL_ASSIGN }, { "...", DT_ELLIPSIS }, { "@agg", DT_AGGVAR },
    { "@", DT_AGGVAR }, { "`", DT_BACKQUOTE }, { "$1", DT_MACROVAR },
    { "$target", DT_MACROVAR }, { "$$1", DT_MACROVAR }, { "pid$target", DT_IDENT },
    { "0x1F", DT_INT }, { "017", DT_INT }, { "42ul", DT_INT }, { "1.5e3", DT_FLOAT },
    { ".5", DT_FLOAT }, { "'a'", DT_CHAR }, { "'\\n'", DT_CHAR },
    { "\"s\\tx\\101\"", DT_STRING }, { "^^", DT_XORXOR }, { ">>=", DT_SHR_ASSIGN },
    { "!=", DT_NE }, { "&&", DT_ANDAND }, { "||", DT_OROR }, { "?", DT_QUESTION },
    { ":", DT_COLON }, { "#", DT_HASH }, { "%=", DT_MOD_ASSIGN }, { "->", DT_ARROW },
    { "-", DT_MINUS }, { ">", DT_GT }, { "~", DT_TILDE }, { ".", DT_DOT },
  };
  size_t i, n = sizeof want / sizeof want[0];
  int ok = 1;

  lex_all ("a->b ++ <<= ... @agg @ ` $1 $target $$1 pid$target 0x1F 017 42ul 1.5e3 .5 'a' '\\n' "
           "\"s\\tx\\101\" ^^ >>= != && || ? : # %= ->- > ~ .", &L);
  UNIT_INTEQ (L.n, n + 1, "lexer: token count of the operator soup");
  for (i = 0; i < n && i < L.n; i++)
    {
      if (L.toks[i].kind != want[i].kind || !tok_text_is (&L.toks[i], want[i].text))
        {
          ok = 0;
          printf ("# token %zu: kind %d '%.*s', want %d '%s'\n", i, L.toks[i].kind,
                  (int) L.toks[i].len, L.toks[i].text, want[i].kind, want[i].text);
        }
    }
  UNIT_CHECK (ok, "lexer: every operator, literal and variable kind and spelling");
  UNIT_INTEQ (L.toks[13].ival, 31, "lexer: hex value 0x1F");
  UNIT_INTEQ (L.toks[14].ival, 15, "lexer: octal value 017");
  UNIT_INTEQ (L.toks[15].ival, 42, "lexer: decimal value 42ul");
  UNIT_INTEQ (L.toks[15].iflags, D_INT_UNSIGNED | D_INT_LONG, "lexer: suffix flags of 42ul");
  UNIT_CHECK (L.toks[16].fval == 1500.0, "lexer: float value 1.5e3");
  UNIT_INTEQ (L.toks[18].ival, 'a', "lexer: char value 'a'");
  UNIT_INTEQ (L.toks[19].ival, '\n', "lexer: char escape '\\n'");
  UNIT_STREQ (L.toks[20].value, "s\txA", "lexer: string escapes decoded");
  UNIT_INTEQ (L.toks[n].kind, DT_EOF, "lexer: ends with EOF");
  lexed_free (&L);
}

static void
test_lexer_keywords (void)
{
  static const char *const kws[] = {
    "provider", "probe", "translator", "inline", "typedef", "struct", "union", "enum",
    "self", "this", "string", "sizeof", "offsetof", "stringof", "xlate", "if", "else",
    "int", "char", "unsigned", "signed", "const", "volatile", "void", "userland", NULL
  };
  size_t i;
  int ok = 1;

  for (i = 0; kws[i]; i++)
    {
      struct lexed L;
      lex_all (kws[i], &L);
      if (!d_tok_is_keyword (L.toks[0].kind)
          || strcmp (d_tok_spelling (L.toks[0].kind), kws[i]) != 0)
        {
          ok = 0;
          printf ("# keyword %s lexed as kind %d\n", kws[i], L.toks[0].kind);
        }
      lexed_free (&L);
    }
  UNIT_CHECK (ok, "lexer: D keywords are keywords");
  {
    struct lexed L;
    lex_all ("providers probe_x _Bool bool command__get AllocObject__entry", &L);
    UNIT_CHECK (L.toks[0].kind == DT_IDENT && L.toks[1].kind == DT_IDENT && L.toks[2].kind == DT_IDENT
                && L.toks[3].kind == DT_IDENT && L.toks[4].kind == DT_IDENT && L.toks[5].kind == DT_IDENT,
                "lexer: keyword prefixes and probe names are identifiers");
    lexed_free (&L);
  }
}

static void
test_lexer_positions (void)
{
  struct lexed L;

  lex_all ("a\n  bb /* c\n c */ d // e\n\tf", &L);
  UNIT_INTEQ (L.n, 5, "lexer: comments vanish");
  UNIT_CHECK (L.toks[0].loc.line == 1 && L.toks[0].loc.column == 1, "lexer: a at 1:1");
  UNIT_CHECK (L.toks[1].loc.line == 2 && L.toks[1].loc.column == 3, "lexer: bb at 2:3");
  UNIT_CHECK (L.toks[2].loc.line == 3 && L.toks[2].loc.column == 7, "lexer: d at 3:7 after a multi-line comment");
  UNIT_CHECK (L.toks[3].loc.line == 4 && L.toks[3].loc.column == 2, "lexer: f at 4:2 after a // comment");
  UNIT_STREQ (L.toks[3].loc.file, "lex.d", "lexer: file name");
  lexed_free (&L);

  lex_all ("a\n# 10 \"foo.d\"\nb\n#line 20 \"bar.d\"\nc\n# 30\nd\n  #  7 \"s p\\\"q.d\" 1 3 4\ne", &L);
  UNIT_INTEQ (L.n, 6, "lexer: line markers are not tokens");
  UNIT_CHECK (L.toks[1].loc.line == 10 && strcmp (L.toks[1].loc.file, "foo.d") == 0,
              "lexer: '# 10 \"foo.d\"' moves to foo.d:10");
  UNIT_CHECK (L.toks[2].loc.line == 20 && strcmp (L.toks[2].loc.file, "bar.d") == 0,
              "lexer: '#line 20 \"bar.d\"' moves to bar.d:20");
  UNIT_CHECK (L.toks[3].loc.line == 30 && strcmp (L.toks[3].loc.file, "bar.d") == 0,
              "lexer: '# 30' keeps the file");
  UNIT_CHECK (L.toks[4].loc.line == 7 && strcmp (L.toks[4].loc.file, "s p\"q.d") == 0,
              "lexer: marker with flags and an escaped quote");
  UNIT_INTEQ (L.prog.nfiles, 4, "lexer: every marker file is in the pool once");
  lexed_free (&L);

  lex_all ("#pragma D attributes  Evolving/Evolving/Common   provider x provider /* c */\n"
           "#pragma once\n#include \"a/*b\" /* c\n */\n# file: src/util/x.c\n#define LONG \\\n  continued\n"
           "#!/usr/sbin/dtrace -s\n#if 0\nx\n#endif\n  # prefix: rpc\ny # z", &L);
  UNIT_INTEQ (L.n, 6, "lexer: only #pragma D comes out of # lines");
  UNIT_INTEQ (L.toks[0].kind, DT_PRAGMA, "lexer: #pragma D is a pragma token");
  UNIT_STREQ (L.toks[0].value, "D attributes Evolving/Evolving/Common provider x provider",
              "lexer: pragma text with blanks collapsed and the comment dropped");
  UNIT_CHECK (L.toks[1].kind == DT_IDENT && L.toks[1].loc.line == 10, "lexer: #if without cpp is skipped, its body is not");
  UNIT_CHECK (L.toks[2].kind == DT_IDENT && L.toks[2].loc.line == 13, "lexer: indented '# prefix:' skipped, line kept");
  UNIT_INTEQ (L.toks[3].kind, DT_HASH, "lexer: '#' inside a line is a token");
  lexed_free (&L);

  lex_all ("syscall::open*:entry pid$target:libc.so.6:malloc:entry", &L);
  UNIT_CHECK (L.toks[0].kind == DT_IDENT && L.toks[1].kind == DT_COLON && L.toks[2].kind == DT_COLON
              && L.toks[3].kind == DT_IDENT && L.toks[4].kind == DT_STAR && L.toks[5].kind == DT_COLON
              && L.toks[6].kind == DT_IDENT && L.toks[7].kind == DT_IDENT,
              "lexer: probe descriptions tokenize (':' and '*')");
  lexed_free (&L);
}

static void
test_lexer_errors (void)
{
  struct lexed L;
  unsigned before = diag_error_count ();

  lex_all ("a\n  /* open\n\n", &L);
  UNIT_INTEQ (L.toks[L.n - 1].kind, DT_ERROR, "lexer: unterminated comment is fatal");
  UNIT_INTEQ (diag_error_count (), before + 1, "lexer: unterminated comment reported once");
  UNIT_CHECK (err_has ("lex.d:2: error: unterminated comment"), "lexer: reported at the line it started (%s)", err_text);
  lexed_free (&L);

  lex_all ("09 \"abc\n\x01 $ 1x '' 99999999999999999999999 'x\ny", &L);
  UNIT_CHECK (L.toks[0].kind == DT_INVALID && strstr (L.toks[0].msg, "octal"), "lexer: 09 is invalid");
  UNIT_CHECK (L.toks[1].kind == DT_INVALID && strstr (L.toks[1].msg, "string"), "lexer: unterminated string");
  UNIT_CHECK (L.toks[2].kind == DT_INVALID && strstr (L.toks[2].msg, "character") && L.toks[2].loc.line == 2,
              "lexer: control byte, on the next line");
  UNIT_CHECK (L.toks[3].kind == DT_INVALID && strstr (L.toks[3].msg, "$"), "lexer: stray $");
  UNIT_CHECK (L.toks[4].kind == DT_INVALID, "lexer: 1x is invalid");
  UNIT_CHECK (L.toks[5].kind == DT_INVALID && strstr (L.toks[5].msg, "empty"), "lexer: empty char constant");
  UNIT_CHECK (L.toks[6].kind == DT_INVALID && strstr (L.toks[6].msg, "large"), "lexer: too large integer");
  UNIT_CHECK (L.toks[7].kind == DT_INVALID && strstr (L.toks[7].msg, "unterminated character"),
              "lexer: unterminated char constant");
  UNIT_CHECK (L.toks[8].kind == DT_IDENT && L.toks[8].loc.line == 3, "lexer: next line lexes normally");
  UNIT_INTEQ (diag_error_count (), before + 1, "lexer: invalid tokens are not reported by the lexer");
  lexed_free (&L);

  lex_all ("", &L);
  UNIT_CHECK (L.n == 1 && L.toks[0].kind == DT_EOF, "lexer: empty input");
  lexed_free (&L);
}

/* ------------------------------------------------------------------ */
/* Parameters.                                                          */

static void
test_params (void)
{
  static const struct { const char *decl, *text, *type, *name; } cases[] = {
    { "int", "int", "int", NULL },
    { "int x", "int x", "int", "x" },
    { "const char *key", "const char *key", "const char *", "key" },
    { "char const *s", "char const *s", "char const *", "s" },
    { "char *x", "char *x", "char *", "x" },
    { "char* y", "char *y", "char *", "y" },
    { "char * z", "char *z", "char *", "z" },
    { "char*d", "char *d", "char *", "d" },
    { "long long int", "long long int", "long long int", NULL },
    { "unsigned long long v", "unsigned long long v", "unsigned long long", "v" },
    { "const struct s *p", "const struct s *p", "const struct s *", "p" },
    { "volatile int x", "volatile int x", "volatile int", "x" },
    { "int *const p", "int *const p", "int *const", "p" },
    { "enum e x", "enum e x", "enum e", "x" },
    { "enum e", "enum e", "enum e", NULL },
    { "struct st_x *sock", "struct st_x *sock", "struct st_x *", "sock" },
    { "struct st_x *", "struct st_x *", "struct st_x *", NULL },
    { "signed char", "signed char", "signed char", NULL },
    { "bool", "bool", "bool", NULL },
    { "bool b", "bool b", "bool", "b" },
    { "string", "string", "string", NULL },
    { "string s", "string s", "string", "s" },
    { "const char *string", "const char *string", "const char *", "string" },
    { "uintptr_t*", "uintptr_t *", "uintptr_t *", NULL },
    { "void**", "void **", "void **", NULL },
    { "void ** pp", "void **pp", "void **", "pp" },
    { "double*", "double *", "double *", NULL },
    { "jl_task_t *task", "jl_task_t *task", "jl_task_t *", "task" },
    { "LocalTransactionId", "LocalTransactionId", "LocalTransactionId", NULL },
    { "unsigned", "unsigned", "unsigned", NULL },
    { "unsigned state", "unsigned state", "unsigned", "state" },
    { "int x[4]", "int x[4]", "int [4]", "x" },
    { "int [4]", "int [4]", "int [4]", NULL },
    { "char *names[2][3]", "char *names[2][3]", "char *[2][3]", "names" },
    { "void (*cb)(int)", "void (*cb)(int)", "void (*)(int)", "cb" },
    { "void ( * ) ( int , char * )", "void (*)(int, char *)", "void (*)(int, char *)", NULL },
    { "int (*arr)[4]", "int (*arr)[4]", "int (*)[4]", "arr" },
    { "int (*(*fp)(int))(char)", "int (*(*fp)(int))(char)", "int (*(*)(int))(char)", "fp" },
    { "long double d", "long double d", "long double", "d" },
    { "short int", "short int", "short int", NULL },
    { "pid_t pid", "pid_t pid", "pid_t", "pid" },
    { "int provider", "int provider", "int", "provider" },
    { "struct probe *probe", "struct probe *probe", "struct probe *", "probe" },
    { "char *__restrict p", "char *__restrict p", "char *__restrict", "p" },
    { "__const char *", "__const char *", "__const char *", NULL },
    { "_Bool flag", "_Bool flag", "_Bool", "flag" },
    { "userland char *s", "userland char *s", "userland char *", "s" },
    { "int\t  x", "int x", "int", "x" },
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct d_program p;
      char *src = xasprintf ("provider t { probe p(%s); };", cases[i].decl);
      int r = parse (src, &p);
      const struct d_probe_decl *d = probe_of (&p, "t", "p");

      if (r != 0 || !d || d->nargs != 1)
        UNIT_CHECK (0, "param '%s' parses as one argument (%s)", cases[i].decl, err_text);
      else
        {
          int ok = strcmp (d->args[0].text, cases[i].text) == 0
            && strcmp (d->args[0].type, cases[i].type) == 0
            && ((!d->args[0].name && !cases[i].name)
                || (d->args[0].name && cases[i].name && strcmp (d->args[0].name, cases[i].name) == 0));
          UNIT_CHECK (ok, "param '%s' -> text \"%s\" type \"%s\" name %s (got \"%s\" \"%s\" %s)",
                      cases[i].decl, cases[i].text, cases[i].type, cases[i].name ? cases[i].name : "-",
                      d->args[0].text, d->args[0].type, d->args[0].name ? d->args[0].name : "-");
        }
      d_program_free (&p);
      free (src);
    }
}

static void
test_param_lists (void)
{
  struct d_program p;
  const struct d_probe_decl *d;
  char *s;

  UNIT_INTEQ (parse ("provider t { probe a(); probe b(void); probe c( void ); probe d(void *); "
                     "probe f(\n\tint a,\n\tchar *b\n); };", &p), 0,
              "param lists: (), (void), (void *), multi-line");
  UNIT_INTEQ (probe_of (&p, "t", "a")->nargs, 0, "param lists: () is 0 args");
  UNIT_CHECK (probe_of (&p, "t", "a")->args == NULL, "param lists: () has no args array");
  UNIT_INTEQ (probe_of (&p, "t", "b")->nargs, 0, "param lists: (void) is 0 args");
  UNIT_INTEQ (probe_of (&p, "t", "c")->nargs, 0, "param lists: ( void ) is 0 args");
  UNIT_INTEQ (probe_of (&p, "t", "d")->nargs, 1, "param lists: (void *) is 1 arg");
  d = probe_of (&p, "t", "f");
  s = types_of (d);
  UNIT_STREQ (s, "f(int, char *)", "param lists: multi-line list");
  free (s);
  UNIT_CHECK (d && d->loc.line == 1, "param lists: probe line is where 'probe' is");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider t { probe x(int a, void); };", &p), -1, "param lists: void among others is an error");
  UNIT_INTEQ (parse ("provider t { probe x(int a, ..., int b); };", &p), -1, "param lists: '...' not last is an error");
  UNIT_INTEQ (parse ("provider t { probe e(int, ...); };", &p), -1, "param lists: a trailing '...' is an error too");
  UNIT_CHECK (err_has ("variable argument list"), "param lists: '...' error says why (%s)", err_text);
  UNIT_INTEQ (parse ("provider t { probe x(*); };", &p), -1, "param lists: a lone '*' is an error");
  UNIT_CHECK (err_has ("argument 1 in the arguments of probe t:x has no type"), "param lists: ... with a message (%s)", err_text);
  UNIT_INTEQ (parse ("provider t { probe x(int a,); };", &p), -1, "param lists: trailing comma is an error");
  UNIT_CHECK (err_has ("empty argument 2"), "param lists: empty argument named (%s)", err_text);
  UNIT_INTEQ (parse ("provider t { probe x(, int a); };", &p), -1, "param lists: leading comma is an error");
  UNIT_INTEQ (parse ("provider t { probe x(int = 3); };", &p), -1, "param lists: '=' is an error");
  UNIT_INTEQ (parse ("provider t { probe x(int a[4); };", &p), -1, "param lists: unbalanced '[' is an error");
  UNIT_INTEQ (parse ("provider t { probe x(\"s\"); };", &p), -1, "param lists: a string is an error");
}

/* ------------------------------------------------------------------ */
/* Provider forms.                                                      */

static void
test_provider_forms (void)
{
  struct d_program p;
  const struct d_probe_decl *d;
  char *s;

  UNIT_INTEQ (parse ("provider conftest{ probe fire(); };", &p), 0, "forms: Ruby's one-line conftest");
  UNIT_CHECK (p.nproviders == 1 && strcmp (p.providers[0].name, "conftest") == 0
              && p.providers[0].nprobes == 1 && strcmp (p.providers[0].probes[0].name, "fire") == 0
              && p.providers[0].probes[0].nargs == 0, "forms: conftest:fire with no args");
  UNIT_STREQ (p.files[0], "t.d", "forms: the main file is first in the pool");
  UNIT_CHECK (p.providers[0].loc.file == p.files[0], "forms: locations point into the pool");
  d_program_free (&p);
  UNIT_CHECK (p.nproviders == 0 && p.files == NULL, "forms: d_program_free empties the program");

  UNIT_INTEQ (parse ("provider x { probe a(int); }", &p), 0, "forms: no ';' after '}'");
  UNIT_CHECK (probe_of (&p, "x", "a") != NULL, "forms: ... probe found");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider x { probe a(int) probe b(int) };", &p), 0, "forms: ';' left out before probe and '}'");
  UNIT_INTEQ (total_probes (&p), 2, "forms: ... both probes");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider x {\n\tprobe a(int); probe b(); probe c(char *s);\n\tprobe d();;\n};;", &p), 0,
              "forms: several probes on one line, stray ';'");
  UNIT_INTEQ (total_probes (&p), 4, "forms: ... four probes");
  UNIT_INTEQ (probe_of (&p, "x", "c")->loc.line, 2, "forms: ... third probe on line 2");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider x {\n"
                     "  /* probe commented(int); provider y { probe z(); } */\n"
                     "  // probe slashed(int);\n"
                     "  probe provider_changed(int);\n"
                     "  /** @param probe the probe */ probe real(int probe);\n"
                     "};\n", &p), 0, "forms: comments containing probe/provider");
  UNIT_INTEQ (p.nproviders, 1, "forms: ... one provider only");
  UNIT_INTEQ (total_probes (&p), 2, "forms: ... commented probes are not declared");
  UNIT_CHECK (probe_of (&p, "x", "provider_changed") != NULL, "forms: probe provider_changed(int)");
  d = probe_of (&p, "x", "real");
  UNIT_CHECK (d && d->args[0].name && strcmp (d->args[0].name, "probe") == 0, "forms: an argument named 'probe'");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider ev {\n probe conn(conn_t *c, const char *a,\n   int p) : (connection_t *c, string a,\n   int p);\n};", &p), 0,
              "forms: translated arguments with string");
  d = probe_of (&p, "ev", "conn");
  s = types_of (d);
  UNIT_STREQ (s, "conn(conn_t *, const char *, int) : (connection_t *, string, int)", "forms: ... native and translated lists");
  free (s);
  UNIT_CHECK (d && d->has_xlate && d->nxargs == 3 && strcmp (d->xargs[1].name, "a") == 0, "forms: ... xargs split");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider x { probe a(int) : (); probe b() : (void); };", &p), 0, "forms: empty translated lists");
  UNIT_CHECK (probe_of (&p, "x", "a")->has_xlate && probe_of (&p, "x", "a")->nxargs == 0, "forms: ... ': ()' is 0 xargs");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider hotspot_jni { probe AllocObject__entry(void*, void*); probe a$b(); probe raise(); };", &p), 0,
              "forms: underscore provider, mixed case, '$' in a name, plain 'raise'");
  UNIT_CHECK (probe_of (&p, "hotspot_jni", "AllocObject__entry") && probe_of (&p, "hotspot_jni", "a$b")
              && probe_of (&p, "hotspot_jni", "raise"), "forms: ... names kept exactly");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider empty { };", &p), 0, "forms: an empty provider");
  UNIT_CHECK (p.nproviders == 1 && p.providers[0].nprobes == 0, "forms: ... kept with no probes");
  d_program_free (&p);

  UNIT_INTEQ (parse ("", &p), 0, "forms: empty input");
  UNIT_INTEQ (p.nproviders, 0, "forms: ... no provider");
  d_program_free (&p);
}

static void
test_arity (void)
{
  struct d_program p;
  unsigned before;

  UNIT_INTEQ (parse ("provider h { probe twelve(int, int, int, int, int, int, int, int, int, int, int, int); };", &p), 0,
              "arity: 12 args are fine");
  UNIT_INTEQ (probe_of (&p, "h", "twelve")->nargs, 12, "arity: ... 12 counted");
  d_program_free (&p);

  before = diag_error_count ();
  UNIT_INTEQ (parse ("provider h {\n probe ok();\n probe thirteen(int, int, int, int, int, int, int,\n"
                     " int, int, int, int, int, int);\n};", &p), -1, "arity: 13 args are an error");
  UNIT_CHECK (err_has ("dtrace: t.d:3: error: probe h:thirteen has 13 arguments; at most 12 are supported"),
              "arity: exact message at the probe's line (%s)", err_text);
  UNIT_INTEQ (diag_error_count (), before + 1, "arity: one error counted");
  UNIT_CHECK (p.nproviders == 0 && p.nfiles == 0 && p.files == NULL, "arity: *out is empty after an error");

  UNIT_INTEQ (parse ("provider h { probe x(int) : (int, int, int, int, int, int, int, int, int, int, int, int, int, int); };", &p), 0,
              "arity: the translated list is not limited to 12");
  d_program_free (&p);
}

static void
test_merging (void)
{
  struct d_program p;
  char *s;

  UNIT_INTEQ (parse ("provider a { probe x(int); };\nprovider b { probe y(); };\n"
                     "provider a { probe z(char *); probe x(int v); };", &p), 0,
                 "merge: two blocks of one provider");
  UNIT_INTEQ (p.nproviders, 2, "merge: ... two providers");
  UNIT_INTEQ (provider_of (&p, "a")->nprobes, 2, "merge: ... a has x and z");
  UNIT_INTEQ (provider_of (&p, "a")->loc.line, 1, "merge: ... location of the first block");
  UNIT_CHECK (strcmp (p.providers[0].probes[1].name, "z") == 0, "merge: ... declaration order kept");
  UNIT_CHECK (probe_of (&p, "a", "x")->args[0].name == NULL, "merge: ... the first declaration is kept");
  UNIT_CHECK (err_text[0] == '\0', "merge: ... an identical redeclaration is silent (%s)", err_text);
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider a {\n probe x(int);\n};\nprovider a {\n probe x(int, int);\n};", &p), -1,
              "merge: a different arity is an error");
  UNIT_CHECK (err_has ("t.d:5: error: probe a:x redeclared with 2 arguments; line 2 declared it with 1"),
              "merge: ... naming both lines (%s)", err_text);

  UNIT_INTEQ (parse ("provider a {\n probe x(int);\n probe x(long);\n};", &p), 0,
              "merge: same arity, other types: kept");
  UNIT_CHECK (err_has ("t.d:3: warning: probe a:x redeclared with other argument types"), "merge: ... with a warning (%s)", err_text);
  s = types_of (probe_of (&p, "a", "x"));
  UNIT_STREQ (s, "x(int)", "merge: ... the first one wins");
  free (s);
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider prov2 { probe x(); };", &p), 0, "names: provider ending in a digit is accepted");
  UNIT_CHECK (err_has ("t.d:1: warning: provider name prov2 ends in a digit"), "names: ... with a warning (%s)", err_text);
  d_program_free (&p);
}


/* Many probes and providers: merging goes through the name index
 * (issue 12.8: a scan per probe made -h quadratic).  Not timed: the
 * results must be those of a scan, at every size the index grows through. */
static void
test_many_probes (void)
{
  struct d_program p;
  char *text = xstrdup (""), *t;
  int r, ok = 1;

  for (int i = 0; i < 5000; i++)
    {
      t = xasprintf ("%sprovider v%dx { probe p%d(int); };\nprovider big { probe x%d(int, char *); };\n",
                     text, i % 700, i, i);
      free (text);
      text = t;
    }
  t = xasprintf ("%sprovider big { probe x4999(int, char *); probe x17(long, char *); };\n", text);
  free (text);
  text = t;
  r = parse (text, &p);
  UNIT_INTEQ (r, 0, "many: 5000 probes in 700 + 1 providers parse");
  UNIT_INTEQ (p.nproviders, 701, "many: ... the blocks of one name merged");
  UNIT_INTEQ (provider_of (&p, "big") ? provider_of (&p, "big")->nprobes : 0, 5000,
              "many: ... redeclarations kept once");
  for (int i = 0; r == 0 && i < 5000; i++)
    {
      char prov[32], name[32];
      snprintf (name, sizeof name, "x%d", i);
      ok &= strcmp (provider_of (&p, "big")->probes[i].name, name) == 0;
      snprintf (prov, sizeof prov, "v%dx", i % 700);
      snprintf (name, sizeof name, "p%d", i);
      ok &= probe_of (&p, prov, name) != NULL;
    }
  UNIT_CHECK (ok, "many: every probe in its provider, in declaration order");
  UNIT_CHECK (err_has ("t.d:10001: warning: probe big:x17 redeclared with other argument types; "
                       "the declaration at line 36 is kept"),
              "many: ... a late redeclaration with other types is found (%s)", err_text);
  d_program_free (&p);
  t = xasprintf ("%sprovider big { probe x4321(int); };\n", text);
  UNIT_INTEQ (parse (t, &p), -1, "many: a late redeclaration with another arity is an error");
  UNIT_CHECK (err_has ("t.d:10002: error: probe big:x4321 redeclared with 1 argument; "
                       "line 8644 declared it with 2"), "many: ... naming both lines (%s)", err_text);
  free (t);
  free (text);
}

/* Inputs that are not D sources (issue 12.8): too large, ELF, NUL bytes. */
static void
test_not_sources (void)
{
  struct d_program p;
  char *path = xasprintf ("%s/big.d", tmpdir), *want;
  FILE *f = fopen (path, "w");
  int r;

  for (size_t i = 0; f && i < D_MAX_SOURCE_SIZE / 64; i++)
    fputs ("                                                              \n ", f);
  if (f)
    fputc (' ', f);
  UNIT_CHECK (f && fclose (f) == 0, "not a source: wrote a file of 16 MiB + 1 byte");
  r = parse_file_opts (path, 0, NULL, &p);
  want = xasprintf ("dtrace: failed to read %s: larger than 16 MiB, the limit for a D source", path);
  UNIT_INTEQ (r, -1, "not a source: a file over the limit is refused");
  UNIT_STREQ (err_text, want, "not a source: ... naming the file and the limit");
  UNIT_CHECK (p.nproviders == 0 && p.nfiles == 0, "not a source: ... *out empty");
  free (want);
  r = parse_file_opts (path, 1, NULL, &p);
  UNIT_INTEQ (r, -1, "not a source: ... also with -C, before cpp runs");
  UNIT_INTEQ (truncate (path, (off_t) D_MAX_SOURCE_SIZE), 0, "not a source: cut to 16 MiB");
  UNIT_INTEQ (parse_file_opts (path, 0, NULL, &p), 0, "not a source: a file of exactly 16 MiB is read");
  d_program_free (&p);
  unlink (path);
  free (path);

  r = parse_file_opts ("/proc/self/exe", 0, NULL, &p);
  UNIT_INTEQ (r, -1, "not a source: an ELF file is refused");
  UNIT_STREQ (err_text, "dtrace: /proc/self/exe is not a D source: it is an ELF file",
              "not a source: ... saying so");
  r = d_parse_string ("t.d", "provider a { probe x(); };\n\n\0", 30, D_PARSE_PROVIDERS, &p);
  UNIT_INTEQ (r, 0, "not a source: d_parse_string takes text as given (no file check)");
  d_program_free (&p);
  path = xasprintf ("%s/nul.d", tmpdir);
  f = fopen (path, "w");
  if (f)
    {
      fwrite ("provider a {\n probe x();\n}; /* \0 */\n", 1, 36, f);
      fclose (f);
    }
  r = parse_file_opts (path, 0, NULL, &p);
  want = xasprintf ("dtrace: %s is not a D source: it holds a NUL byte (line 3)", path);
  UNIT_INTEQ (r, -1, "not a source: a NUL byte is refused");
  UNIT_STREQ (err_text, want, "not a source: ... with its line");
  unlink (path);
  free (path);
  free (want);
}

/* ------------------------------------------------------------------ */
/* Lenient skipping.                                                    */

static void
test_skipping (void)
{
  struct d_program p;
  static const char *const junk[] = {
    "typedef struct { int dummy; } conn_t;",
    "typedef struct s { struct { int a; } in; union { int b; char c; } u; } s_t, *s_p;",
    "struct provider { int probe; };",
    "union u { int a; long b; };",
    "enum e { A, B = 3, C };",
    "extern int f (int provider, const char *) __attribute__ ((noreturn, format (printf, 2, 3)));",
    "static inline int g (void) { if (1) { return 0; } else return 1; }",
    "inline int X = 3;",
    "translator conninfo_t < conn_t *C > { fd = C->fd; name = stringof (C->name); };",
    "BEGIN { exit (0); }",
    "BEGIN{}",
    "syscall::read:entry /pid == $target && arg0 > 1/ { @bytes[execname] = sum (arg2); }",
    "int provider;",
    "typedef int provider; provider p; provider q = 1, r[2]; int f (provider x);",
    "#include <stdio.h>\n#define X 1\n#if defined(X)\n#endif",
    "# file: src/util/x.c\n# prefix: rpc",
    "__extension__ typedef long long ll_t;",
    "char *strs[] = { \"a\", \"b}\" };",
    "int weird = ']' ;",
    ") } ] stray closers",
    "$1 @a ` 12abc \"unterminated\n",
  };
  size_t i;

  for (i = 0; i < sizeof junk / sizeof junk[0]; i++)
    {
      char *src = xasprintf ("%s\nprovider t { probe p(int x); };\n%s\n", junk[i], junk[i]);
      int r = parse (src, &p);
      UNIT_CHECK (r == 0 && p.nproviders == 1 && total_probes (&p) == 1,
                  "skip: provider survives around: %.*s (%s)", (int) strcspn (junk[i], "\n"), junk[i], err_text);
      d_program_free (&p);
      free (src);
    }

  UNIT_INTEQ (parse ("BEGIN\nprovider t { probe p(); };\nBEGIN", &p), 0, "skip: a lone BEGIN does not swallow the provider");
  UNIT_INTEQ (total_probes (&p), 1, "skip: ... probe found");
  d_program_free (&p);

  UNIT_INTEQ (parse ("BEGIN", &p), 0, "skip: a lone BEGIN at EOF (old CPython conftest)");
  UNIT_INTEQ (p.nproviders, 0, "skip: ... no provider");
  d_program_free (&p);

  UNIT_INTEQ (parse ("BEGIN{}\n", &p), 0, "skip: BEGIN{} (CPython conftest)");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider t {\n# file: src/a.c\n# prefix: a\n probe a(pid_t pid);\n#if 0\n probe b();\n#endif\n};", &p), 0,
              "skip: # lines inside a provider without -C");
  UNIT_INTEQ (total_probes (&p), 2, "skip: ... #if is not evaluated without -C");
  UNIT_INTEQ (probe_of (&p, "t", "a")->loc.line, 4, "skip: ... lines still counted");
  d_program_free (&p);

  UNIT_INTEQ (parse ("provider t { probe a(); };\n#pragma D attributes Evolving/Evolving/Common provider t provider\n"
                     "#pragma D attributes Private/Private/Unknown provider t module\n", &p), 0, "pragmas: kept");
  UNIT_INTEQ (p.npragmas, 2, "pragmas: ... two");
  UNIT_STREQ (p.npragmas ? p.pragmas[0].text : NULL, "D attributes Evolving/Evolving/Common provider t provider",
              "pragmas: ... text");
  UNIT_INTEQ (p.npragmas ? p.pragmas[1].loc.line : 0, 3, "pragmas: ... line");
  d_program_free (&p);
}

/* ------------------------------------------------------------------ */
/* Errors inside providers.                                             */

static void
test_errors (void)
{
  static const struct { const char *src, *msg; } cases[] = {
    { "provider p {\n probe (int);\n};", "t.d:2: error: expected a probe name after 'probe' in provider p, got '('" },
    { "provider p {\n probe x(int\n", "t.d:2: error: missing ')' at the end of the arguments of probe p:x" },
    { "provider p {\n probe x(int);\n", "t.d:1: error: missing '}' at the end of provider p" },
    { "provider p {\n probe x(int);\n int y;\n};", "t.d:3: error: expected 'probe' or '}' in provider p, got keyword 'int'" },
    { "provider p {\n probe x(int) int y;\n};", "t.d:2: error: expected ';' after probe p:x, got keyword 'int'" },
    { "provider p {\n probe x(int;\n};", "t.d:2: error: unexpected ';' in the arguments of probe p:x (missing ')'?)" },
    { "provider p {\n probe x(int)\n : string s;\n};", "t.d:3: error: expected '(' after ':' in probe p:x" },
    { "provider p {\n probe x(int) : (string s;\n};", "t.d:2: error: unexpected ';' in the translated arguments of probe p:x" },
    { "provider p {\n probe x int;\n};", "t.d:2: error: expected '(' after probe p:x, got keyword 'int'" },
    { "provider {\n probe x();\n};", "t.d:1: error: expected a provider name after 'provider', got '{'" },
    { "provider p\n probe x();\n};", "t.d:2: error: expected '{' after provider p, got keyword 'probe'" },
    { "provider p {\n probe x(int a[09]);\n};", "t.d:2: error: invalid token '09' (invalid digit in octal constant)" },
    { "provider p {\n probe x(int a)) ;\n};", "t.d:2: error: expected ';' after probe p:x, got ')'" },
    { "provider p {\n probe x() {\n};", "t.d:2: error: expected ';' after probe p:x, got '{'" },
    { "provider p {\n\n /* open\n probe x();\n};", "t.d:3: error: unterminated comment" },
    { "/* a */ provider p { /* b\n */\n probe x(int, int, int, int, int, int, int, int, int, int, int, int, int); };",
      "t.d:3: error: probe p:x has 13 arguments" },
    { "provider p {\n# 40 \"orig.d\"\n probe x(\n};", "orig.d:41: error: unexpected '}' in the arguments of probe p:x" },
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct d_program p;
      unsigned before = diag_error_count ();
      int r = parse (cases[i].src, &p);

      UNIT_CHECK (r == -1 && err_has (cases[i].msg) && diag_error_count () == before + 1,
                  "error %zu: \"%s\" (got rc %d, %u errors: %s)", i, cases[i].msg, r,
                  diag_error_count () - before, err_text);
      UNIT_CHECK (p.nproviders == 0 && p.providers == NULL && p.npragmas == 0 && p.nfiles == 0,
                  "error %zu: output left empty", i);
    }
}

/* ------------------------------------------------------------------ */
/* D programs (outline).                                                */

static void
test_program_mode (void)
{
  struct d_program p;
  struct d_clauses cl = { 0 };
  const char *src =
    "#!/usr/sbin/dtrace -s\n"
    "#pragma D option quiet\n"
    "int total;\n"
    "syscall::open*:entry,\n"
    "pid$target:libc.so.6:malloc:entry\n"
    "/pid == $target && arg0 / 2 > 1/\n"
    "{\n  @[execname] = count ();\n  if (x) { y = 1; } else { y = 2; }\n}\n"
    "ruby*:::method-entry { printf (\"%s\\n\", copyinstr (arg0)); }\n"
    "provider p { probe q(int); };\n"
    "tick-1sec { exit (0); }\n"
    "END\n";
  int r;

  UNIT_INTEQ (parse_mode ("BEGIN { exit(0); }", D_PARSE_PROGRAM, &p), 0, "program: BEGIN { exit(0); } does not fail");
  d_program_free (&p);

  memset (&p, 0, sizeof p);
  d_program_intern_file (&p, "prog.d", 6);
  cap_begin ();
  r = d_parse_text (&p, "prog.d", src, strlen (src), D_PARSE_PROGRAM, &cl);
  cap_end ();
  UNIT_INTEQ (r, 0, "program: a D program outlines (%s)", err_text);
  UNIT_INTEQ (cl.n, 4, "program: four clauses");
  if (cl.n == 4)
    {
      UNIT_INTEQ (cl.v[0].ndescs, 2, "program: first clause has two descriptions");
      UNIT_STREQ (cl.v[0].descs[0], "syscall::open*:entry", "program: description 1 text");
      UNIT_STREQ (cl.v[0].descs[1], "pid$target:libc.so.6:malloc:entry", "program: description 2 text");
      UNIT_CHECK (cl.v[0].has_predicate && cl.v[0].has_body, "program: predicate and body");
      UNIT_INTEQ (cl.v[0].loc.line, 4, "program: clause line");
      UNIT_STREQ (cl.v[1].descs[0], "ruby*:::method-entry", "program: D probe names with '-'");
      UNIT_CHECK (!cl.v[1].has_predicate, "program: no predicate");
      UNIT_STREQ (cl.v[2].descs[0], "tick-1sec", "program: tick-1sec");
      UNIT_CHECK (strcmp (cl.v[3].descs[0], "END") == 0 && !cl.v[3].has_body, "program: trailing END without a body");
    }
  UNIT_CHECK (probe_of (&p, "p", "q") != NULL, "program: providers are parsed in program mode too");
  UNIT_CHECK (p.npragmas == 1 && strcmp (p.pragmas[0].text, "D option quiet") == 0, "program: #pragma D option kept");
  d_clauses_free (&cl);
  d_program_free (&p);

  UNIT_INTEQ (parse_mode ("BEGIN {\n  x = 1;\n", D_PARSE_PROGRAM, &p), -1, "program: unclosed clause body is an error");
  UNIT_CHECK (err_has ("t.d:1: error: missing '}'"), "program: ... at the opening line (%s)", err_text);
}

/* ------------------------------------------------------------------ */
/* cpp.                                                                 */

static void
test_split_words (void)
{
  char **w;
  int n;

  n = d_split_words ("  gcc   -E ", &w);
  UNIT_CHECK (n == 2 && strcmp (w[0], "gcc") == 0 && strcmp (w[1], "-E") == 0 && w[2] == NULL, "words: blanks");
  d_words_free (w);
  n = d_split_words ("'my cc' \"-DX=a b\" -DY=\\\"q\\\" '' x\\ y \"a\\$b\\\\c\"", &w);
  UNIT_CHECK (n == 6 && strcmp (w[0], "my cc") == 0 && strcmp (w[1], "-DX=a b") == 0
              && strcmp (w[2], "-DY=\"q\"") == 0 && strcmp (w[3], "") == 0
              && strcmp (w[4], "x y") == 0 && strcmp (w[5], "a$b\\c") == 0, "words: quotes and backslashes");
  d_words_free (w);
  n = d_split_words ("ccache gcc -m64", &w);
  UNIT_CHECK (n == 3 && strcmp (w[0], "ccache") == 0 && strcmp (w[2], "-m64") == 0, "words: ccache gcc");
  d_words_free (w);
  n = d_split_words ("", &w);
  UNIT_CHECK (n == 0 && w && w[0] == NULL, "words: empty");
  d_words_free (w);
  n = d_split_words ("gcc 'oops", &w);
  UNIT_CHECK (n == -1 && w == NULL, "words: unterminated quote");
  n = d_split_words ("gcc \"oops", &w);
  UNIT_CHECK (n == -1, "words: unterminated double quote");
}

static void
test_cpp (void)
{
  const char *old_cpp = getenv ("CPP"), *old_cc = getenv ("CC");
  char *save_cpp = old_cpp ? xstrdup (old_cpp) : NULL, *save_cc = old_cc ? xstrdup (old_cc) : NULL;
  struct d_program p;
  char *pg, *rb, *inc, *hdr, *bad, *sig0 = NULL;
  char *incdir = xasprintf ("%s/inc", tmpdir);
  char *iflag = xasprintf ("-I%s", incdir);
  const char *no_args[] = { NULL };
  const char *i_args[] = { iflag, NULL };
  const char *d_args[] = { iflag, "-DWITH_EXTRA=1", NULL };
  const char *du_args[] = { iflag, "-DWITH_EXTRA=1", "-UWITH_EXTRA", NULL };
  const char *sunw_args[] = { "-U__SUNW_D", NULL };
  static const char *const variants[][2] = {
    { NULL, NULL }, { "gcc -E", NULL }, { "clang -E", NULL }, { NULL, "clang" },
    { NULL, "gcc" }, { "cpp", "clang" }, { "  ", "gcc" }, { "'gcc' \"-E\"", NULL },
  };
  size_t i;

  env_set ("CPP", NULL);
  env_set ("CC", NULL);
  mkdir (incdir, 0755);

  pg = write_file ("pg.d",
                   "/* PostgreSQL-style: types through #define */\n"
                   "#define LocalTransactionId unsigned int\n"
                   "#define LWLockMode int\n"
                   "#define bool unsigned char\n"
                   "provider pg {\n"
                   "\tprobe transaction__start(LocalTransactionId);\n"
                   "\tprobe lwlock__acquire(const char *, LWLockMode);\n"
                   "\tprobe sort__done(bool, long);\n"
                   "\tprobe checkpoint__start();\n"
                   "};\n");
  UNIT_INTEQ (parse_file_opts (pg, 1, no_args, &p), 0, "cpp: PostgreSQL-style #define types (%s)", err_text);
  {
    char *s1 = types_of (probe_of (&p, "pg", "transaction__start"));
    char *s2 = types_of (probe_of (&p, "pg", "sort__done"));
    UNIT_STREQ (s1, "transaction__start(unsigned int)", "cpp: LocalTransactionId expanded");
    UNIT_STREQ (s2, "sort__done(unsigned char, long)", "cpp: bool expanded");
    free (s1);
    free (s2);
  }
  UNIT_INTEQ (probe_of (&p, "pg", "sort__done") ? probe_of (&p, "pg", "sort__done")->loc.line : 0, 8,
              "cpp: original line numbers through line markers");
  UNIT_STREQ (probe_of (&p, "pg", "sort__done") ? probe_of (&p, "pg", "sort__done")->loc.file : NULL, pg,
              "cpp: original file name");
  UNIT_STREQ (p.nfiles ? p.files[0] : NULL, pg, "cpp: main file first in the pool");
  d_program_free (&p);
  UNIT_INTEQ (parse_file_opts (pg, 0, no_args, &p), 0, "no cpp: the same file parses, macros unexpanded");
  {
    char *s1 = types_of (probe_of (&p, "pg", "transaction__start"));
    UNIT_STREQ (s1, "transaction__start(LocalTransactionId)", "no cpp: unknown type name kept");
    free (s1);
  }
  d_program_free (&p);

  hdr = xasprintf ("%s/opts.h", incdir);
  {
    FILE *f = fopen (hdr, "w");
    if (f)
      {
        fputs ("#ifndef OPTS_H\n#define OPTS_H\n#ifndef WITH_EXTRA\n#define WITH_EXTRA 0\n#endif\n#define NAME_T const char *\n#endif\n", f);
        fclose (f);
      }
  }
  rb = write_file ("rb.d",
                   "#include \"opts.h\"\n"
                   "provider rb {\n"
                   "  /* rb:::method-entry(classname, methodname) -- a probe comment */\n"
                   "  probe method__entry(NAME_T classname, NAME_T methodname);\n"
                   "#if WITH_EXTRA\n"
                   "  probe insn(NAME_T insns_name);\n"
                   "#endif\n"
                   "#ifdef __SUNW_D\n"
                   "  probe sunw();\n"
                   "#endif\n"
                   "#ifdef __SDTKIT_D\n"
                   "  probe sdtkit();\n"
                   "#endif\n"
                   "  probe gc__mark__begin();\n"
                   "};\n"
                   "#pragma D attributes Stable/Evolving/Common provider rb provider\n");
  UNIT_INTEQ (parse_file_opts (rb, 1, i_args, &p), 0, "cpp: #include of a local header through -I (%s)", err_text);
  UNIT_CHECK (probe_of (&p, "rb", "insn") == NULL, "cpp: #if 0 removes a probe");
  UNIT_CHECK (probe_of (&p, "rb", "sunw") != NULL, "cpp: __SUNW_D is defined");
  UNIT_CHECK (probe_of (&p, "rb", "sdtkit") != NULL, "cpp: __SDTKIT_D is defined");
  {
    char *s1 = types_of (probe_of (&p, "rb", "method__entry"));
    UNIT_STREQ (s1, "method__entry(const char *, const char *)", "cpp: macro from the header expanded");
    free (s1);
  }
  UNIT_INTEQ (probe_of (&p, "rb", "gc__mark__begin") ? probe_of (&p, "rb", "gc__mark__begin")->loc.line : 0, 14,
              "cpp: line after the #include is right");
  UNIT_CHECK (p.npragmas == 1 && p.pragmas[0].loc.line == 16, "cpp: #pragma D survives cpp");
  {
    int seen = 0;
    size_t k;
    for (k = 0; k < p.nfiles; k++)
      seen |= strcmp (p.files[k], hdr) == 0;
    UNIT_CHECK (seen, "cpp: the included header is in the file pool");
  }
  sig0 = signature (&p);
  d_program_free (&p);

  UNIT_INTEQ (parse_file_opts (rb, 1, d_args, &p), 0, "cpp: -D reaches cpp");
  UNIT_CHECK (probe_of (&p, "rb", "insn") != NULL, "cpp: -DWITH_EXTRA=1 keeps the #if'd probe");
  d_program_free (&p);
  UNIT_INTEQ (parse_file_opts (rb, 1, du_args, &p), 0, "cpp: -U after -D");
  UNIT_CHECK (probe_of (&p, "rb", "insn") == NULL, "cpp: -U undoes -D (order kept)");
  d_program_free (&p);
  UNIT_INTEQ (parse_file_opts (rb, 1, (const char *[]) { iflag, sunw_args[0], NULL }, &p), 0, "cpp: -U__SUNW_D");
  UNIT_CHECK (probe_of (&p, "rb", "sunw") == NULL, "cpp: the user's -U comes after the built-in -D");
  d_program_free (&p);
  UNIT_INTEQ (parse_file_opts (rb, 0, no_args, &p), 0, "no cpp: #include/#if lines skipped");
  UNIT_CHECK (probe_of (&p, "rb", "insn") != NULL && probe_of (&p, "rb", "sunw") != NULL,
              "no cpp: every probe between #if/#endif is declared");
  d_program_free (&p);
  UNIT_INTEQ (parse_file_opts (rb, 1, no_args, &p), -1, "cpp: a missing header fails");
  UNIT_CHECK (err_has ("failed to preprocess") && err_has ("opts.h"), "cpp: ... with cpp's message and ours (%s)", err_text);

  /* The same result through every way of naming the preprocessor. */
  for (i = 0; i < sizeof variants / sizeof variants[0]; i++)
    {
      const char *cppv = variants[i][0], *ccv = variants[i][1];
      int need_clang = (cppv && strstr (cppv, "clang")) || (ccv && strstr (ccv, "clang") && (!cppv || !*cppv || cppv[0] == ' '));
      char *sig;

      if (need_clang && !in_path ("clang"))
        {
          UNIT_SKIP ("cpp: CPP=%s CC=%s (clang not installed)", cppv ? cppv : "-", ccv ? ccv : "-");
          continue;
        }
      env_set ("CPP", cppv);
      env_set ("CC", ccv);
      UNIT_INTEQ (parse_file_opts (rb, 1, i_args, &p), 0, "cpp: CPP=%s CC=%s parses (%s)",
                  cppv ? cppv : "-", ccv ? ccv : "-", err_text);
      sig = signature (&p);
      UNIT_STREQ (sig, sig0, "cpp: CPP=%s CC=%s gives the same program", cppv ? cppv : "-", ccv ? ccv : "-");
      free (sig);
      d_program_free (&p);
    }

  /* Errors in an included file name the included file. */
  inc = xasprintf ("%s/probes-inc.h", incdir);
  {
    FILE *f = fopen (inc, "w");
    if (f)
      {
        fputs ("/* included */\nprovider inc {\n  probe wide(int, int, int, int, int, int, int, int, int, int, int, int, int);\n};\n", f);
        fclose (f);
      }
  }
  bad = write_file ("inc.d", "/* main */\n#include \"probes-inc.h\"\nprovider main { probe ok(); };\n");
  env_set ("CPP", NULL);
  env_set ("CC", NULL);
  UNIT_INTEQ (parse_file_opts (bad, 1, i_args, &p), -1, "cpp: an error inside an included file");
  {
    char *want = xasprintf ("%s:3: error: probe inc:wide has 13 arguments", inc);
    UNIT_CHECK (err_has (want), "cpp: ... names the header and its line (%s)", err_text);
    free (want);
  }

  env_set ("CPP", "sdtkit-no-such-cpp -E");
  UNIT_INTEQ (parse_file_opts (rb, 1, i_args, &p), -1, "cpp: a nonexistent cpp fails");
  UNIT_CHECK (err_has ("dtrace: failed to preprocess ") && err_has ("cannot run sdtkit-no-such-cpp"),
              "cpp: ... with a clean message (%s)", err_text);
  env_set ("CPP", "false");
  UNIT_INTEQ (parse_file_opts (rb, 1, i_args, &p), -1, "cpp: a failing cpp fails");
  UNIT_CHECK (err_has ("failed to preprocess") && err_has ("exited with status 1"), "cpp: ... exit status shown (%s)", err_text);
  env_set ("CPP", "gcc 'unterminated");
  UNIT_INTEQ (parse_file_opts (rb, 1, i_args, &p), -1, "cpp: an unterminated quote in $CPP fails");
  UNIT_CHECK (err_has ("unterminated quote in $CPP"), "cpp: ... named (%s)", err_text);
  env_set ("CPP", NULL);
  {
    char *missing = xasprintf ("%s/does-not-exist.d", tmpdir);
    UNIT_INTEQ (parse_file_opts (missing, 1, no_args, &p), -1, "cpp: a missing file fails");
    UNIT_CHECK (err_has ("failed to open") && err_has ("No such file"), "cpp: ... cleanly (%s)", err_text);
    UNIT_INTEQ (parse_file_opts (missing, 0, no_args, &p), -1, "no cpp: a missing file fails");
    UNIT_CHECK (err_has ("failed to open") && err_has ("No such file"), "no cpp: ... cleanly (%s)", err_text);
    free (missing);
  }
  UNIT_INTEQ (parse_file_opts (tmpdir, 0, no_args, &p), -1, "no cpp: a directory fails");
  UNIT_INTEQ (parse_file_opts (tmpdir, 1, no_args, &p), -1, "cpp: a directory fails");

  env_set ("CPP", save_cpp);
  env_set ("CC", save_cc);
  unlink (pg);
  unlink (rb);
  unlink (hdr);
  unlink (inc);
  unlink (bad);
  rmdir (incdir);
  free (pg);
  free (rb);
  free (hdr);
  free (inc);
  free (bad);
  free (sig0);
  free (incdir);
  free (iflag);
  free (save_cpp);
  free (save_cc);
}

/* ------------------------------------------------------------------ */
/* The corpus.                                                          */

struct corpus_case {
  const char *file;
  int use_cpp;
  const char *cpp_arg;          /* one -I/-D word, relative paths under srcdir/test/corpus */
  size_t nproviders, nprobes, npragmas;
  const char *probe;            /* "prov:name" checked with ... */
  const char *types;            /* ... these types (types_of format) */
};

static const struct corpus_case corpus[] = {
  { "memcached-like.d", 0, NULL, 1, 8, 5, "kvcache:item__replace",
    "item__replace(const char *, int, int, const char *, int, int)" },
  { "memcached-like.d", 0, NULL, 1, 8, 5, "kvcache:slabs__allocate", "slabs__allocate(int, int, int, void *)" },
  { "postgresql-like.d", 1, NULL, 1, 21, 0, "exampledb:page__read__done",
    "page__read__done(int, unsigned int, unsigned int, unsigned int, unsigned int, int, unsigned char)" },
  { "postgresql-like.d", 0, NULL, 1, 21, 0, "exampledb:txn__start", "txn__start(TxnId)" },
  { "python-like.d", 0, NULL, 1, 10, 5, "interp:line", "line(const char *, const char *, int)" },
  { "ruby-like.d", 1, "-Iinclude", 1, 10, 5, "rubyish:string__create",
    "string__create(unsigned long, const char *, int)" },
  { "ruby-like.d", 0, NULL, 1, 12, 5, "rubyish:insn__operand", "insn__operand(const char *, const char *)" },
  { "php-like.d", 0, NULL, 1, 11, 0, "scriptvm:compile__file__entry", "compile__file__entry(char *, char *)" },
  { "glib-like.d", 0, NULL, 1, 15, 0, "gobj:main__context_pop_thread_default",
    "main__context_pop_thread_default(void *)" },
  { "qemu-like-a.dtrace", 0, NULL, 1, 5, 0, "emu:disk_read_sector", "disk_read_sector(void *, uint64_t, unsigned, bool)" },
  { "qemu-like-b.dtrace", 0, NULL, 1, 4, 0, "emu:timer_tick", "timer_tick()" },
  { "perl-like.d", 0, NULL, 1, 6, 0, "perlish:sub__entry", "sub__entry(const char *, const char *, int, const char *)" },
  { "erlang-like.d", 0, NULL, 1, 70, 5, "beamish:user_trace__n59",
    "user_trace__n59(char *, char *, int, int, int, int, char *, char *, char *, char *)" },
  { "erlang-like.d", 1, "-Iinclude", 1, 70, 5, "beamish:process__exit_signal__remote",
    "process__exit_signal__remote(char *, char *, char *, char *, int, int, int)" },
  { "libvirt-like.d", 0, NULL, 1, 12, 0, "virtish:rpc_client_msg_tx_queue",
    "rpc_client_msg_tx_queue(void *, void *, int, int, int, int, int, int)" },
  { "mariadb-like.d.base", 0, NULL, 1, 16, 5, "sqlserver:command__start",
    "command__start(unsigned long, int, char *, char *)" },
  { "node-like.d", 0, NULL, 1, 6, 5, "evio:http__server__request",
    "http__server__request(evio_http_request_t *, evio_connection_t *, const char *, int, const char *, const char *, int)"
    " : (evhttp_request_t *, evconn_t *, string, int, string, string, int)" },
  { "node-like.d", 1, NULL, 1, 6, 5, "evio:net__stream__end",
    "net__stream__end(evio_connection_t *, const char *, int, int) : (evconn_t *, string, int, int)" },
  { "openjdk-like.h.d", 0, NULL, 1, 29, 0, "hotspot_jni:AttachCurrentThreadAsDaemon__entry",
    "AttachCurrentThreadAsDaemon__entry(void *, void **, void *)" },
  { "openjdk-like.h.d", 0, NULL, 1, 29, 0, "hotspot_jni:GetDoubleArrayRegion__entry",
    "GetDoubleArrayRegion__entry(void *, void *, uint32_t, uint32_t, double *)" },
  { "h2o-like.d", 0, NULL, 2, 12, 0, "webby:h3s_destroy",
    "h3s_destroy(uint64_t, uint64_t, unsigned, size_t, size_t, ssize_t, ssize_t, uint64_t, uint64_t, const char *, const char *, int)" },
  { "xorg-like.d", 1, NULL, 1, 9, 0, "dispsrv:client__auth", "client__auth(int, string, pid_t, zid_t)" },
  { "xorg-like.d", 1, "-D__APPLE__", 1, 9, 0, "dispsrv:client__auth", "client__auth(int, char *, uint32_t, uint32_t)" },
  { "xorg-like.d", 0, NULL, 1, 9, 0, "dispsrv:input__event",
    "input__event(int, int, uint32_t, uint32_t, int, const_uint8_p, const_double_p)" },
  { "cpython-conftest.d", 0, NULL, 0, 0, 0, NULL, NULL },
  { "cpython-conftest-old.d", 0, NULL, 0, 0, 0, NULL, NULL },
  { "ruby-conftest.d", 0, NULL, 1, 1, 0, "conftest:fire", "fire()" },
  { "ruby-conftest.d", 1, NULL, 1, 1, 0, "conftest:fire", "fire()" },
  { "two-providers.d", 0, NULL, 2, 5, 0, "beta:tock", "tock(unsigned long long)" },
  { "types.d", 0, NULL, 1, 13, 0, "typezoo:funcptr", "funcptr(void (*)(int, char *), int (*)(void))" },
  { "types.d", 1, NULL, 1, 13, 0, "typezoo:longs", "longs(long long int, unsigned long long, long long, long double)" },
};

static int
is_corpus_name (const char *n)
{
  size_t l = strlen (n);
  return (l > 2 && strcmp (n + l - 2, ".d") == 0) || (l > 7 && strcmp (n + l - 7, ".dtrace") == 0)
    || (l > 7 && strcmp (n + l - 7, ".d.base") == 0);
}

static void
test_corpus (void)
{
  char *dir = xasprintf ("%s/test/corpus", srcdir);
  char *bdir = xasprintf ("%s/test/corpus/bad", srcdir);
  DIR *d;
  struct dirent *e;
  size_t i, nfiles = 0;
  struct stat st;

  if (stat (dir, &st) != 0)
    {
      UNIT_CHECK (0, "corpus: %s not found (run from the source tree or set SRCDIR)", dir);
      free (dir);
      free (bdir);
      return;
    }
  for (i = 0; i < sizeof corpus / sizeof corpus[0]; i++)
    {
      const struct corpus_case *c = &corpus[i];
      char *path = xasprintf ("%s/%s", dir, c->file);
      char *arg = NULL;
      const char *args[2] = { NULL, NULL };
      struct d_program p;
      int r;

      if (c->cpp_arg)
        {
          arg = strncmp (c->cpp_arg, "-I", 2) == 0 ? xasprintf ("-I%s/%s", dir, c->cpp_arg + 2) : xstrdup (c->cpp_arg);
          args[0] = arg;
        }
      r = parse_file_opts (path, c->use_cpp, args, &p);
      UNIT_INTEQ (r, 0, "corpus %s%s%s parses (%s)", c->file, c->use_cpp ? " -C " : "", c->cpp_arg ? c->cpp_arg : "", err_text);
      if (r == 0)
        {
          UNIT_CHECK (p.nproviders == c->nproviders && total_probes (&p) == c->nprobes && p.npragmas == c->npragmas,
                      "corpus %s%s: %zu providers, %zu probes, %zu pragmas (got %zu, %zu, %zu)", c->file,
                      c->use_cpp ? " -C" : "", c->nproviders, c->nprobes, c->npragmas, p.nproviders,
                      total_probes (&p), p.npragmas);
          if (c->probe)
            {
              char *prov = xstrdup (c->probe), *name = strchr (prov, ':');
              char *t;
              *name++ = '\0';
              t = types_of (probe_of (&p, prov, name));
              UNIT_STREQ (t, c->types, "corpus %s%s%s: %s", c->file, c->use_cpp ? " -C " : "",
                          c->cpp_arg ? c->cpp_arg : "", c->probe);
              free (t);
              free (prov);
            }
          UNIT_CHECK (strstr (err_text, "error") == NULL, "corpus %s: no error printed", c->file);
        }
      d_program_free (&p);
      free (arg);
      free (path);
    }

  /* Every good file parses without -C. */
  d = opendir (dir);
  UNIT_CHECK (d != NULL, "corpus: directory %s readable", dir);
  while (d && (e = readdir (d)))
    {
      char *path;
      struct d_program p;

      if (!is_corpus_name (e->d_name))
        continue;
      nfiles++;
      path = xasprintf ("%s/%s", dir, e->d_name);
      UNIT_INTEQ (parse_file_opts (path, 0, NULL, &p), 0, "corpus: %s parses without -C (%s)", e->d_name, err_text);
      d_program_free (&p);
      free (path);
    }
  if (d)
    closedir (d);
  UNIT_CHECK (nfiles >= 20, "corpus: at least 20 files (%zu)", nfiles);

  /* Bad files fail as announced on their first line. */
  nfiles = 0;
  d = opendir (bdir);
  UNIT_CHECK (d != NULL, "corpus: directory %s readable", bdir);
  while (d && (e = readdir (d)))
    {
      char *path, first[512] = "", *want, *colon, *msg;
      FILE *f;
      struct d_program p;
      const char *file;
      long line;
      unsigned before;
      int r;

      if (!is_corpus_name (e->d_name))
        continue;
      nfiles++;
      path = xasprintf ("%s/%s", bdir, e->d_name);
      f = fopen (path, "r");
      if (f)
        {
          if (!fgets (first, sizeof first, f))
            first[0] = '\0';
          fclose (f);
        }
      /* "/" "* expect: [FILE:]LINE: MESSAGE *" "/" */
      want = strstr (first, "expect: ");
      msg = NULL;
      file = path;
      line = 0;
      if (want)
        {
          char *end = strstr (want, " */");
          want += 8;
          if (end)
            *end = '\0';
          colon = strchr (want, ':');
          if (colon && (colon[1] < '0' || colon[1] > '9'))
            {
              *colon = '\0';
              line = strtol (want, NULL, 10);
              msg = colon + 2;
            }
          else if (colon)
            {
              *colon = '\0';
              file = want;
              line = strtol (colon + 1, &msg, 10);
              msg += 2;
            }
        }
      UNIT_CHECK (msg != NULL && line > 0, "corpus bad/%s: has an expect line", e->d_name);
      before = diag_error_count ();
      r = parse_file_opts (path, 0, NULL, &p);
      UNIT_INTEQ (r, -1, "corpus bad/%s fails", e->d_name);
      if (msg)
        {
          char *prefix = xasprintf ("dtrace: %s:%ld: error: ", file, line);
          char *full = xasprintf ("%s%s", prefix, msg);
          UNIT_CHECK (err_has (full), "corpus bad/%s: \"%s\" (got: %s)", e->d_name, full, err_text);
          free (prefix);
          free (full);
        }
      UNIT_INTEQ (diag_error_count (), before + 1, "corpus bad/%s: exactly one error", e->d_name);
      UNIT_CHECK (p.nproviders == 0 && p.nfiles == 0, "corpus bad/%s: output empty", e->d_name);
      free (path);
    }
  if (d)
    closedir (d);
  UNIT_CHECK (nfiles >= 5, "corpus: at least 5 bad files (%zu)", nfiles);
  free (dir);
  free (bdir);
}

/* ------------------------------------------------------------------ */
/* Robustness: truncations and random bytes never crash or leak.        */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned
rnd (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned) (rng >> 32);
}

static void
test_robustness (void)
{
  static const char *const files[] = { "memcached-like.d", "node-like.d", "types.d", "libvirt-like.d", "h2o-like.d" };
  static const char alphabet[] = "provider probe(){}[];:,*/ \n#\"'\\$@`0x9.-=string void int struct BEGIN";
  size_t i, k;
  int ok = 1, runs = 0;

  for (i = 0; i < sizeof files / sizeof files[0]; i++)
    {
      char *path = xasprintf ("%s/test/corpus/%s", srcdir, files[i]);
      FILE *f = fopen (path, "rb");
      char *buf = NULL;
      size_t len = 0, cap = 0, n;

      if (!f)
        {
          free (path);
          ok = 0;
          continue;
        }
      for (;;)
        {
          if (len + 4096 > cap)
            buf = xrealloc (buf, cap = cap * 2 + 4096);
          n = fread (buf + len, 1, 4096, f);
          if (!n)
            break;
          len += n;
        }
      fclose (f);
      /* Every prefix (stepping a few bytes) and a few corrupted copies. */
      for (k = 0; k <= len; k += 3)
        {
          struct d_program p;
          int r;
          cap_begin ();
          r = d_parse_string (files[i], buf, k, k % 2 ? D_PARSE_PROGRAM : D_PARSE_PROVIDERS, &p);
          cap_end ();
          if (r != 0 && r != -1)
            ok = 0;
          if (r == 0)
            d_program_free (&p);
          else if (p.nproviders || p.nfiles)
            ok = 0;
          runs++;
        }
      for (k = 0; k < 200; k++)
        {
          char *copy = xmalloc (len + 1);
          struct d_program p;
          unsigned j, nflip = 1 + rnd () % 8;
          int r;

          memcpy (copy, buf, len);
          for (j = 0; j < nflip && len; j++)
            copy[rnd () % len] = (char) (rnd () % 4 ? alphabet[rnd () % (sizeof alphabet - 1)] : (char) rnd ());
          cap_begin ();
          r = d_parse_string (files[i], copy, len, D_PARSE_PROVIDERS, &p);
          cap_end ();
          if (r == 0)
            d_program_free (&p);
          free (copy);
          runs++;
        }
      free (buf);
      free (path);
    }
  for (k = 0; k < 500; k++)
    {
      char buf[256];
      size_t n = rnd () % sizeof buf, j;
      struct d_program p;
      int r;

      for (j = 0; j < n; j++)
        buf[j] = rnd () % 3 ? alphabet[rnd () % (sizeof alphabet - 1)] : (char) rnd ();
      cap_begin ();
      r = d_parse_string ("rand.d", buf, n, k % 2 ? D_PARSE_PROGRAM : D_PARSE_PROVIDERS, &p);
      cap_end ();
      if (r == 0)
        d_program_free (&p);
      runs++;
    }
  UNIT_CHECK (ok && runs > 1000, "robustness: %d truncated/corrupted/random inputs parsed or rejected cleanly", runs);

  {
    /* A deep nesting and a long line. */
    size_t n = 100000;
    char *big = xmalloc (n + 64);
    struct d_program p;
    int r;
    memset (big, '(', n);
    memcpy (big + n, "\nprovider t { probe p(); };", 28);
    r = parse (big, &p);
    UNIT_CHECK (r == 0 && total_probes (&p) == 1, "robustness: 100000 open parens before a provider");
    d_program_free (&p);
    memcpy (big, "provider t { probe p(", 21);
    memset (big + 21, '(', n - 21);
    big[n] = '\0';
    r = parse (big, &p);
    UNIT_CHECK (r == -1 && err_has ("nested too deeply"), "robustness: deep nesting in arguments is an error");
    free (big);
  }
}

/* ------------------------------------------------------------------ */

static void
find_srcdir (const char *argv0)
{
  const char *env = getenv ("SRCDIR");
  static char buf[4096];
  struct stat st;

  if (env && *env)
    {
      srcdir = env;
      return;
    }
  /* <srcdir>/test/unit/test-parser (in-tree builds). */
  snprintf (buf, sizeof buf, "%s", argv0);
  {
    char *slash = strrchr (buf, '/');
    if (slash)
      {
        *slash = '\0';
        strncat (buf, "/../..", sizeof buf - strlen (buf) - 1);
        {
          char *probe = xasprintf ("%s/test/corpus", buf);
          if (stat (probe, &st) == 0)
            srcdir = buf;
          free (probe);
        }
      }
  }
}

int
main (int argc, char **argv)
{
  const char *t = getenv ("TMPDIR");

  (void) argc;
  find_srcdir (argv[0]);
  snprintf (tmpdir, sizeof tmpdir, "%s/sdtkit-test-parser.XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp (tmpdir))
    {
      printf ("not ok - mkdtemp %s: %s\n", tmpdir, strerror (errno));
      return 1;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);

  test_lexer_tokens ();
  test_lexer_keywords ();
  test_lexer_positions ();
  test_lexer_errors ();
  test_params ();
  test_param_lists ();
  test_provider_forms ();
  test_arity ();
  test_merging ();
  test_many_probes ();
  test_not_sources ();
  test_skipping ();
  test_errors ();
  test_program_mode ();
  test_split_words ();
  test_cpp ();
  test_corpus ();
  test_robustness ();

  rmdir (tmpdir);
  free (err_text);
  return unit_exit ();
}
