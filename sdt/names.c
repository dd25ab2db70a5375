/* SPDX-License-Identifier: MIT */
/*
 * names.c — probe-name mapping and argument counting.
 *
 * Notes store probe names raw ("command__get"); D scripts spell them with a
 * dash ("command-get").  The mapping is purely textual: every "__" pair
 * becomes "-" one way, every "-" becomes "__" the other, scanning left to
 * right ("a___b" -> "a-_b").  sdt_args_count agrees with sdt_argspec_parse on
 * what a word is (sdt_arg_word_end): a maximal run of non-blank characters,
 * where blanks inside [...] belong to the word (aarch64's and arm's memory
 * operands, "8@[sp, 16]").
 */
#include "common/xalloc.h"
#include "sdt/sdt.h"

#include <string.h>

char *
sdt_name_to_d (const char *note_name)
{
  size_t n = strlen (note_name);
  char *out = xmalloc (n + 1);
  char *o = out;
  for (const char *p = note_name; *p; )
    {
      if (p[0] == '_' && p[1] == '_')
        {
          *o++ = '-';
          p += 2;
        }
      else
        *o++ = *p++;
    }
  *o = '\0';
  return out;
}

char *
sdt_name_from_d (const char *d_name)
{
  size_t extra = 0;
  for (const char *p = d_name; *p; p++)
    if (*p == '-')
      extra++;
  char *out = xmalloc (strlen (d_name) + extra + 1);
  char *o = out;
  for (const char *p = d_name; *p; p++)
    {
      if (*p == '-')
        {
          *o++ = '_';
          *o++ = '_';
        }
      else
        *o++ = *p;
    }
  *o = '\0';
  return out;
}

static bool
names_is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

const char *
sdt_arg_word_end (const char *p)
{
  int depth = 0;
  for (; *p && (depth > 0 || !names_is_blank (*p)); p++)
    if (*p == '[')
      depth++;
    else if (*p == ']' && depth > 0)
      depth--;
  return p;
}

size_t
sdt_args_count (const char *args)
{
  size_t n = 0;
  if (!args)
    return 0;
  for (const char *p = args; *p;)
    {
      if (names_is_blank (*p))
        {
          p++;
          continue;
        }
      n++;
      p = sdt_arg_word_end (p);
    }
  return n;
}
