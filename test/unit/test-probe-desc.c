/* SPDX-License-Identifier: MIT */
/*
 * test-probe-desc.c — probe descriptions: fill from the right, -P/-m/-f/-n
 * field selection, macro substitution, gmatch globs and the `-` == `__`
 * rule for USDT probe names.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/probes/probe-desc.h"
#include "consumer/runtime/process.h"
#include "common/xalloc.h"
#include "unit.h"

static const char *
macro_lookup (void *arg, const char *name)
{
  (void) arg;
  if (strcmp (name, "target") == 0)
    return "1234";
  if (strcmp (name, "pid") == 0)
    return "99";
  if (strcmp (name, "1") == 0)
    return "memcached";
  if (strcmp (name, "2") == 0)
    return "command-get";
  return NULL;
}

static const struct probe_macros macros = { macro_lookup, NULL };

/* Parse and compare the four fields. */
static void
check_parse (const char *text, enum probe_field last, const char *prov, const char *mod,
             const char *func, const char *name)
{
  struct probe_desc d;
  char *err = NULL;
  int rc = probe_desc_parse (text, last, &macros, &d, &err);
  UNIT_INTEQ (rc, 0, "parse \"%s\" (field %d) succeeds%s%s", text, (int) last, err ? ": " : "",
              err ? err : "");
  if (rc == 0)
    {
      char *got = probe_desc_format (&d);
      char *want = xasprintf ("%s:%s:%s:%s", prov, mod, func, name);
      UNIT_STREQ (got, want, "parse \"%s\" (field %d)", text, (int) last);
      free (got);
      free (want);
      probe_desc_free (&d);
    }
  free (err);
}

static void
check_parse_fails (const char *text, enum probe_field last, const char *want_err)
{
  struct probe_desc d;
  char *err = NULL;
  int rc = probe_desc_parse (text, last, &macros, &d, &err);
  UNIT_INTEQ (rc, -1, "parse \"%s\" (field %d) fails", text, (int) last);
  UNIT_CHECK (err && strstr (err, want_err), "error for \"%s\" mentions \"%s\" (got \"%s\")", text,
              want_err, err ? err : "(null)");
  if (rc == 0)
    probe_desc_free (&d);
  free (err);
}

static void
test_fill_from_right (void)
{
  check_parse ("BEGIN", PROBE_FIELD_NAME, "", "", "", "BEGIN");
  check_parse ("read:entry", PROBE_FIELD_NAME, "", "", "read", "entry");
  check_parse ("libc:malloc:entry", PROBE_FIELD_NAME, "", "libc", "malloc", "entry");
  check_parse ("syscall::read:entry", PROBE_FIELD_NAME, "syscall", "", "read", "entry");
  check_parse ("syscall:::", PROBE_FIELD_NAME, "syscall", "", "", "");
  check_parse (":::", PROBE_FIELD_NAME, "", "", "", "");
  check_parse ("", PROBE_FIELD_NAME, "", "", "", "");
  check_parse ("  dtrace:::BEGIN \t", PROBE_FIELD_NAME, "dtrace", "", "", "BEGIN");
  /* -P / -m / -f: the right-most component fills that field. */
  check_parse ("syscall", PROBE_FIELD_PROVIDER, "syscall", "", "", "");
  check_parse ("libc.so.6", PROBE_FIELD_MODULE, "", "libc.so.6", "", "");
  check_parse ("pid1:libc.so.6", PROBE_FIELD_MODULE, "pid1", "libc.so.6", "", "");
  check_parse ("malloc", PROBE_FIELD_FUNCTION, "", "", "malloc", "");
  check_parse ("libc:malloc", PROBE_FIELD_FUNCTION, "", "libc", "malloc", "");
  check_parse ("p:m:malloc", PROBE_FIELD_FUNCTION, "p", "m", "malloc", "");
  /* Module paths keep their slashes. */
  check_parse ("demo:./demo::go", PROBE_FIELD_NAME, "demo", "./demo", "", "go");
  check_parse ("/usr/bin/python3.11", PROBE_FIELD_MODULE, "", "/usr/bin/python3.11", "", "");
  /* An escaped colon is part of the field. */
  check_parse ("a\\:b:c", PROBE_FIELD_NAME, "", "", "a\\:b", "c");
  check_parse_fails ("a:b:c:d:e", PROBE_FIELD_NAME, "too many fields");
  check_parse_fails ("a:b", PROBE_FIELD_PROVIDER, "too many fields");
  check_parse_fails ("a:b:c", PROBE_FIELD_MODULE, "too many fields");
  check_parse_fails ("a:b:c:d", PROBE_FIELD_FUNCTION, "too many fields");
}

static void
test_macros (void)
{
  check_parse ("pid$target:::entry", PROBE_FIELD_NAME, "pid1234", "", "", "entry");
  check_parse ("pid$$target:::entry", PROBE_FIELD_NAME, "pid1234", "", "", "entry");
  check_parse ("$1$target:::$2", PROBE_FIELD_NAME, "memcached1234", "", "", "command-get");
  check_parse ("profile-$pid", PROBE_FIELD_NAME, "", "", "", "profile-99");
  check_parse ("pid$$1:::", PROBE_FIELD_NAME, "pidmemcached", "", "", "");
  check_parse_fails ("pid$3:::entry", PROBE_FIELD_NAME, "macro argument $3 is not defined");
  check_parse_fails ("x$nosuch:::", PROBE_FIELD_NAME, "macro variable $nosuch is not defined");
  char *err = NULL;
  char *s = probe_macro_expand ("a\\$target$", &macros, &err);
  UNIT_STREQ (s, "a\\$target$", "an escaped $ and a lone trailing $ are kept");
  free (s);
  s = probe_macro_expand ("$target", NULL, &err);
  UNIT_CHECK (s == NULL && err != NULL, "no macro table: $target is undefined");
  free (s);
  free (err);
}

static void
test_globs (void)
{
  struct { const char *pat, *text; bool want; } cases[] = {
    { "abc", "abc", true },
    { "abc", "abd", false },
    { "abc", "ab", false },
    { "ab", "abc", false },
    { "*", "", true },
    { "*", "anything", true },
    { "a*", "a", true },
    { "a*c", "abbbc", true },
    { "a*c", "abbbd", false },
    { "*c*", "abcd", true },
    { "a*b*c", "axxbyyc", true },
    { "a*b*c", "axxbyyb", false },
    { "memcached*", "memcached1234", true },
    { "memcached*", "memcache1234", false },
    { "?", "x", true },
    { "?", "", false },
    { "a?c", "abc", true },
    { "a??", "ab", false },
    { "[abc]x", "bx", true },
    { "[abc]x", "dx", false },
    { "[a-z]9", "q9", true },
    { "[a-z]9", "Q9", false },
    { "[!x]y", "ay", true },
    { "[!x]y", "xy", false },
    { "[^x]y", "xy", false },
    { "[]]", "]", true },
    { "[!]]", "a", true },
    { "[a-]", "-", true },
    { "[", "[", true },
    { "a[", "a[", true },
    { "\\*", "*", true },
    { "\\*", "a", false },
    { "a\\?c", "a?c", true },
    { "a\\?c", "abc", false },
    { "\\[x]", "[x]", true },
    { "[\\]]", "]", true },
    { "tick-[0-9]*s", "tick-10s", true },
    { "pid[0-9]*", "pid", false },
    { "**a", "ba", true },
    { "*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    UNIT_INTEQ (probe_glob_match (cases[i].pat, cases[i].text), cases[i].want,
                "glob \"%s\" vs \"%s\"", cases[i].pat, cases[i].text);
  UNIT_CHECK (probe_glob_is_pattern ("a*"), "a* is a pattern");
  UNIT_CHECK (probe_glob_is_pattern ("[ab]"), "[ab] is a pattern");
  UNIT_CHECK (!probe_glob_is_pattern ("a\\*"), "a\\* is not a pattern");
  UNIT_CHECK (!probe_glob_is_pattern ("command-get"), "command-get is not a pattern");
  UNIT_CHECK (probe_field_match ("", "whatever"), "empty field matches everything");
  UNIT_CHECK (probe_field_match (NULL, "whatever"), "NULL field matches everything");
  UNIT_CHECK (!probe_field_match ("x", ""), "non-empty field does not match an empty value");
}

static void
test_names (void)
{
  UNIT_CHECK (probe_name_match ("command-get", "command__get"), "command-get matches note command__get");
  UNIT_CHECK (probe_name_match ("command__get", "command__get"), "the raw note name matches");
  UNIT_CHECK (probe_name_match ("command-*", "command__get"), "glob command-* matches command__get");
  UNIT_CHECK (probe_name_match ("command*", "command__get"), "glob command* matches command__get");
  UNIT_CHECK (probe_name_match ("*-get", "command__get"), "glob *-get matches command__get");
  UNIT_CHECK (probe_name_match ("command?get", "command__get"), "? stands for the dash");
  UNIT_CHECK (!probe_name_match ("command-set", "command__get"), "command-set does not match command__get");
  UNIT_CHECK (!probe_name_match ("command-get", "command_get"), "a single underscore is not a dash");
  UNIT_CHECK (probe_name_match ("query-done", "query__done"), "query-done matches query__done");
  UNIT_CHECK (probe_name_match ("a-_b", "a___b"), "a___b reads as a-_b");
  UNIT_CHECK (probe_name_match ("", "anything__at__all"), "empty name matches everything");
  UNIT_CHECK (probe_name_match ("[cq]*-*", "query__done"), "bracket glob with dash");
}

static void
test_split (void)
{
  size_t argc;
  char **argv = dt_proc_split ("  ./prog  run\t1 \n", &argc);
  UNIT_INTEQ (argc, 3, "-c splits on blanks");
  UNIT_STREQ (argv[0], "./prog", "argv[0]");
  UNIT_STREQ (argv[2], "1", "argv[2]");
  UNIT_CHECK (argv[3] == NULL, "argv is NULL-terminated");
  dt_proc_argv_free (argv);
  argv = dt_proc_split ("   ", &argc);
  UNIT_INTEQ (argc, 0, "a blank command has no words");
  dt_proc_argv_free (argv);
  char *sh = dt_proc_resolve ("sh");
  UNIT_CHECK (sh && sh[0] == '/', "sh resolves through PATH to an absolute path (%s)", sh ? sh : "(null)");
  free (sh);
  char *none = dt_proc_resolve ("sdtkit-no-such-command-xyz");
  UNIT_CHECK (none == NULL, "an unknown command does not resolve");
  free (none);
}

int
main (void)
{
  test_fill_from_right ();
  test_macros ();
  test_globs ();
  test_names ();
  test_split ();
  return unit_exit ();
}
