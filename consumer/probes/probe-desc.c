/* SPDX-License-Identifier: MIT */
/*
 * probe-desc.c — probe descriptions: macro substitution, the fill-from-the-
 * right split, and gmatch-style globs.
 *
 * The glob matcher is iterative: on a mismatch it backtracks to the most
 * recent `*`, which is enough for shell-style patterns (no nested groups)
 * and keeps the cost at O(pattern × text) in the worst case.
 */
#include "consumer/probes/probe-desc.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Macro variables.                                                    */

static bool
is_ident_start (char c)
{
  return isalpha ((unsigned char) c) || c == '_';
}

static bool
is_ident_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_';
}

struct strbuf {
  char *s;
  size_t len, cap;
};

static void
sb_add (struct strbuf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap)
    {
      size_t cap = b->cap ? b->cap : 64;
      while (b->len + n + 1 > cap)
        cap *= 2;
      b->s = xrealloc (b->s, cap);
      b->cap = cap;
    }
  memcpy (b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

char *
probe_macro_expand (const char *text, const struct probe_macros *macros, char **err)
{
  struct strbuf b = { NULL, 0, 0 };
  sb_add (&b, "", 0);
  for (const char *p = text; *p; )
    {
      if (p[0] == '\\' && p[1] != '\0')
        {
          sb_add (&b, p, 2);
          p += 2;
          continue;
        }
      if (*p != '$')
        {
          sb_add (&b, p, 1);
          p++;
          continue;
        }
      const char *q = p + 1;
      if (*q == '$')
        q++;
      const char *start = q;
      if (isdigit ((unsigned char) *q))
        while (isdigit ((unsigned char) *q))
          q++;
      else if (is_ident_start (*q))
        while (is_ident_char (*q))
          q++;
      if (q == start)
        {
          /* A lone '$' is not a macro reference: keep it. */
          sb_add (&b, p, (size_t) (q - p));
          p = q;
          continue;
        }
      char *name = xstrndup (start, (size_t) (q - start));
      const char *value = macros && macros->lookup ? macros->lookup (macros->arg, name) : NULL;
      if (!value)
        {
          if (err)
            *err = isdigit ((unsigned char) name[0])
              ? xasprintf ("macro argument $%s is not defined", name)
              : xasprintf ("macro variable $%s is not defined", name);
          free (name);
          free (b.s);
          return NULL;
        }
      free (name);
      sb_add (&b, value, strlen (value));
      p = q;
    }
  return b.s;
}

/* ------------------------------------------------------------------ */
/* Parsing.                                                            */

static char *
trimmed_copy (const char *text)
{
  while (isspace ((unsigned char) *text))
    text++;
  size_t n = strlen (text);
  while (n > 0 && isspace ((unsigned char) text[n - 1]))
    n--;
  return xstrndup (text, n);
}

int
probe_desc_parse (const char *text, enum probe_field last,
                  const struct probe_macros *macros,
                  struct probe_desc *out, char **err)
{
  memset (out, 0, sizeof *out);
  if (err)
    *err = NULL;
  char *expanded = probe_macro_expand (text, macros, err);
  if (!expanded)
    return -1;
  char *s = trimmed_copy (expanded);
  free (expanded);

  /* Split on unescaped ':' into at most 4 parts. */
  char *parts[4] = { NULL, NULL, NULL, NULL };
  size_t nparts = 0;
  char *field = s;
  bool too_many = false;
  for (char *p = s; ; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        {
          p++;
          continue;
        }
      if (*p == ':' || *p == '\0')
        {
          bool end = *p == '\0';
          *p = '\0';
          if (nparts == 4)
            {
              too_many = true;
              break;
            }
          parts[nparts++] = field;
          field = p + 1;
          if (end)
            break;
        }
    }
  if (too_many || nparts > (size_t) last + 1)
    {
      if (err)
        *err = xasprintf ("invalid probe description \"%s\": too many fields", text);
      free (s);
      return -1;
    }
  char *fields[4] = { NULL, NULL, NULL, NULL };
  /* The last part goes to field LAST, the one before to LAST-1, ... */
  for (size_t i = 0; i < nparts; i++)
    fields[(size_t) last - (nparts - 1 - i)] = parts[i];
  out->provider = xstrdup (fields[0] ? fields[0] : "");
  out->module = xstrdup (fields[1] ? fields[1] : "");
  out->function = xstrdup (fields[2] ? fields[2] : "");
  out->name = xstrdup (fields[3] ? fields[3] : "");
  free (s);
  return 0;
}

void
probe_desc_free (struct probe_desc *d)
{
  FREE_ALL (d->provider, d->module, d->function, d->name);
  memset (d, 0, sizeof *d);
}

char *
probe_desc_format (const struct probe_desc *d)
{
  return xasprintf ("%s:%s:%s:%s", d->provider ? d->provider : "", d->module ? d->module : "",
                    d->function ? d->function : "", d->name ? d->name : "");
}

/* ------------------------------------------------------------------ */
/* Globs.                                                              */

/* Match one bracket expression starting at P (just after '[') against C.
 * Sets *END to the character after the closing ']'.  Returns -1 when there
 * is no closing bracket (the '[' is then an ordinary character). */
static int
bracket_match (const char *p, char c, const char **end)
{
  bool negate = false;
  if (*p == '!' || *p == '^')
    {
      negate = true;
      p++;
    }
  bool matched = false;
  bool first = true;
  while (*p && (first || *p != ']'))
    {
      first = false;
      char lo = *p;
      if (lo == '\\' && p[1] != '\0')
        lo = *++p;
      p++;
      char hi = lo;
      if (p[0] == '-' && p[1] != '\0' && p[1] != ']')
        {
          p++;
          hi = *p;
          if (hi == '\\' && p[1] != '\0')
            hi = *++p;
          p++;
        }
      if ((unsigned char) c >= (unsigned char) lo && (unsigned char) c <= (unsigned char) hi)
        matched = true;
    }
  if (*p != ']')
    return -1;
  *end = p + 1;
  return matched != negate;
}

bool
probe_glob_match (const char *pattern, const char *text)
{
  const char *p = pattern, *t = text;
  const char *star_p = NULL, *star_t = NULL;
  for (;;)
    {
      if (*p == '*')
        {
          while (*p == '*')
            p++;
          if (*p == '\0')
            return true;
          star_p = p;
          star_t = t;
          continue;
        }
      if (*t == '\0')
        return *p == '\0';
      bool ok = false;
      const char *next = p + 1;
      if (*p == '\0')
        ok = false;
      else if (*p == '?')
        ok = true;
      else if (*p == '[')
        {
          int r = bracket_match (p + 1, *t, &next);
          if (r < 0)
            {
              ok = *t == '[';
              next = p + 1;
            }
          else
            ok = r == 1;
        }
      else if (*p == '\\' && p[1] != '\0')
        {
          ok = p[1] == *t;
          next = p + 2;
        }
      else
        ok = *p == *t;
      if (ok)
        {
          p = next;
          t++;
          continue;
        }
      if (!star_p)
        return false;
      /* Let the last '*' swallow one more character and retry. */
      p = star_p;
      t = ++star_t;
    }
}

bool
probe_glob_is_pattern (const char *pattern)
{
  for (const char *p = pattern; *p; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        {
          p++;
          continue;
        }
      if (*p == '*' || *p == '?' || *p == '[')
        return true;
    }
  return false;
}

bool
probe_field_match (const char *pattern, const char *value)
{
  if (!pattern || *pattern == '\0')
    return true;
  return probe_glob_match (pattern, value ? value : "");
}

bool
probe_desc_names_provider (const struct probe_desc *d, const char *provider)
{
  return d->provider[0] && strcmp (d->provider, "*") != 0 && probe_field_match (d->provider, provider);
}

bool
probe_name_match (const char *pattern, const char *note_name)
{
  if (!pattern || *pattern == '\0')
    return true;
  if (probe_glob_match (pattern, note_name))
    return true;
  char *dname = sdt_name_to_d (note_name);
  bool m = probe_glob_match (pattern, dname);
  free (dname);
  return m;
}
