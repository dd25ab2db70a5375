/* SPDX-License-Identifier: MIT */
/*
 * probe-desc.h — DTrace probe descriptions: parsing, macro substitution and
 * glob matching (dtrace(1) "Providers pid, syscall and profile").
 *
 * A description is `provider:module:function:name`.  Fewer fields fill FROM
 * THE RIGHT ("name", "func:name", "mod:func:name"); with -P/-m/-f the right-
 * most field given is the provider/module/function instead of the name, and
 * the fields before it fill leftwards from there.  An empty field matches
 * everything.  Each field is a gmatch-style glob: `*`, `?`, `[abc]`,
 * `[a-z]`, `[!x]` and backslash escapes.  `$target`, `$1`, `$$1`, `$pid`,
 * ... are replaced textually before the split, through a caller-supplied
 * lookup.
 *
 * USDT probe names: a note stores `command__get`; D spells it `command-get`.
 * probe_name_match() treats `-` in a pattern and `__` in a note name as the
 * same character, for plain names and globs alike.
 */
#ifndef SDTKIT_CONSUMER_PROBE_DESC_H
#define SDTKIT_CONSUMER_PROBE_DESC_H

#include <stdbool.h>
#include <stddef.h>

/* Which field the right-most component of a description fills: the option
 * that introduced it (-P, -m, -f, or -n / a script clause). */
enum probe_field {
  PROBE_FIELD_PROVIDER = 0,   /* -P */
  PROBE_FIELD_MODULE = 1,     /* -m */
  PROBE_FIELD_FUNCTION = 2,   /* -f */
  PROBE_FIELD_NAME = 3        /* -n, and descriptions in scripts */
};

struct probe_desc {
  char *provider;   /* never NULL; "" matches every provider */
  char *module;
  char *function;
  char *name;
};

/* Macro variables for `$name` / `$$name` / `$N`.  LOOKUP returns the text of
 * the macro NAME ("target", "pid", "1", ...) or NULL when it is not defined.
 * The returned string must stay valid until probe_desc_parse returns. */
struct probe_macros {
  const char *(*lookup) (void *arg, const char *name);
  void *arg;
};

/* Substitute macro variables in TEXT.  Returns a malloc'd string, or NULL
 * with *ERR set (malloc'd message) when a macro is undefined.  MACROS may be
 * NULL (then any `$name` is undefined).  A backslash-escaped `\$` is kept as
 * it is (a glob escape for a literal dollar). */
char *probe_macro_expand (const char *text, const struct probe_macros *macros, char **err);

/* Parse TEXT (after macro substitution) into OUT, filling from the right
 * starting at field LAST.  Blanks around the text are ignored.  Returns 0, or
 * -1 with *ERR set (malloc'd) for too many fields or an undefined macro.
 * Free OUT with probe_desc_free. */
int probe_desc_parse (const char *text, enum probe_field last,
                      const struct probe_macros *macros,
                      struct probe_desc *out, char **err);
void probe_desc_free (struct probe_desc *d);
/* "provider:module:function:name" (malloc'd). */
char *probe_desc_format (const struct probe_desc *d);

/* gmatch: does the whole of TEXT match PATTERN?  An empty pattern matches
 * only the empty string here; field matching below treats "" as "any". */
bool probe_glob_match (const char *pattern, const char *text);
/* True when PATTERN contains an unescaped glob character. */
bool probe_glob_is_pattern (const char *pattern);

/* Field match: an empty PATTERN matches everything, else probe_glob_match. */
bool probe_field_match (const char *pattern, const char *value);
/* Does D's provider field name PROVIDER itself: matching it, and neither
 * empty nor `*` alone?  Providers of thousands of kernel probes (fbt, sdt)
 * and those whose names collide with USDT ones are enabled or listed only
 * so, never by `:::entry` or a plain -l. */
bool probe_desc_names_provider (const struct probe_desc *d, const char *provider);
/* Probe-name match for USDT: NOTE_NAME is the raw note name
 * ("command__get").  True when PATTERN matches the D spelling
 * ("command-get") or the raw spelling, so `command-get`, `command-*`,
 * `command__get` and `command*` all match. */
bool probe_name_match (const char *pattern, const char *note_name);

#endif
