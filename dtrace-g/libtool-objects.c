/* SPDX-License-Identifier: MIT */
/*
 * libtool-objects.c — read libtool's `.lo` files and write one for -G
 * (design in libtool-objects.h).
 *
 * A .lo file is a shell fragment written by libtool: comment lines,
 * blank lines and `name=value` assignments whose value is a single-quoted
 * or plain word.  Only pic_object and non_pic_object matter; any other
 * assignment is ignored, anything else is an error naming the line (we do
 * not run the shell on it).  The file is bounded (64 KiB).
 */
#include "dtrace-g/libtool-objects.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/files.h"
#include "common/vec.h"
#include "common/xalloc.h"

#define LO_MAX_BYTES (64 * 1024)

bool
libtool_is_lo_name (const char *path)
{
  size_t n = strlen (path);
  return n > 3 && strcmp (path + n - 3, ".lo") == 0 && path[n - 4] != '/';
}

/* Is PATH an ELF file (then it is an object, whatever its name)? */
static bool
is_elf_file (const char *path)
{
  unsigned char magic[4];
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t got = read (fd, magic, sizeof magic);
  close (fd);
  return got == 4 && memcmp (magic, "\177ELF", 4) == 0;
}

/* The directory part of PATH with its slash ("" for none), malloc'd. */
static char *
dir_prefix (const char *path)
{
  const char *base = path_base (path);
  char *d = xmalloc ((size_t) (base - path) + 1);
  memcpy (d, path, (size_t) (base - path));
  d[base - path] = '\0';
  return d;
}

/* The value of an assignment (after '='), unquoted into a malloc'd string,
 * or NULL when it is not a single word this reader understands. */
static char *
parse_value (const char *v, size_t len)
{
  if (len >= 2 && v[0] == '\'' && v[len - 1] == '\'')
    {
      if (memchr (v + 1, '\'', len - 2))
        return NULL;
      char *s = xmalloc (len - 1);
      memcpy (s, v + 1, len - 2);
      s[len - 2] = '\0';
      return s;
    }
  for (size_t i = 0; i < len; i++)
    if (strchr (" \t\"'\\$`;&|<>(){}*?[]~#", v[i]))
      return NULL;
  char *s = xmalloc (len + 1);
  memcpy (s, v, len);
  s[len] = '\0';
  return s;
}

struct lo_file {
  char *pic, *non_pic;   /* the values, NULL when not assigned */
  int pic_line, non_pic_line;
};

/* Parse TEXT, the contents of PATH.  Returns 0, or -1 after an error. */
static int
parse_lo (const char *path, const char *text, size_t len, struct lo_file *lo)
{
  int line = 0;
  for (const char *p = text, *end = text + len; p < end;)
    {
      const char *eol = memchr (p, '\n', (size_t) (end - p));
      if (!eol)
        eol = end;
      line++;
      const char *s = p;
      while (s < eol && (*s == ' ' || *s == '\t'))
        s++;
      p = eol + 1;
      if (s == eol || *s == '#')
        continue;
      if (memchr (s, '\0', (size_t) (eol - s)))
        {
          diag_error_at (path, line, "not a libtool object (a NUL byte)");
          return -1;
        }
      const char *eq = s;
      while (eq < eol && (*eq == '_' || (*eq >= 'a' && *eq <= 'z') || (*eq >= 'A' && *eq <= 'Z')
                          || (eq > s && *eq >= '0' && *eq <= '9')))
        eq++;
      if (eq == s || eq == eol || *eq != '=')
        {
          diag_error_at (path, line, "not a libtool object (expected a comment or NAME=VALUE)");
          return -1;
        }
      const char *vend = eol;
      while (vend > eq + 1 && (vend[-1] == ' ' || vend[-1] == '\t' || vend[-1] == '\r'))
        vend--;
      char **slot = NULL;
      int *slot_line = NULL;
      if ((size_t) (eq - s) == 10 && memcmp (s, "pic_object", 10) == 0)
        slot = &lo->pic, slot_line = &lo->pic_line;
      else if ((size_t) (eq - s) == 14 && memcmp (s, "non_pic_object", 14) == 0)
        slot = &lo->non_pic, slot_line = &lo->non_pic_line;
      else
        continue;
      char *value = parse_value (eq + 1, (size_t) (vend - (eq + 1)));
      if (!value || !*value)
        {
          free (value);
          diag_error_at (path, line, "%.*s: a value this reader does not understand (expected one word)",
                         (int) (eq - s), s);
          return -1;
        }
      free (*slot);
      *slot = value;
      *slot_line = line;
    }
  if (!lo->pic && !lo->non_pic)
    {
      diag_error_at (path, 0, "not a libtool object (neither pic_object nor non_pic_object)");
      return -1;
    }
  return 0;
}

static bool
already_listed (const struct libtool_operands *lt, const char *path)
{
  for (size_t i = 0; i < lt->nobjects; i++)
    if (strcmp (lt->objects[i], path) == 0)
      return true;
  return false;
}

/* Add the object VALUE (from line LINE of LO) to LT; "none" adds nothing.
 * Returns 1 when one was added, 0 for none, -1 after an error. */
static int
add_named_object (struct libtool_operands *lt, const char *lo, const char *key, const char *value,
                  int line)
{
  if (!value || strcmp (value, "none") == 0)
    return 0;
  char *dir = value[0] == '/' ? xstrdup ("") : dir_prefix (lo);
  char *path = xasprintf ("%s%s", dir, value);
  free (dir);
  if (access (path, R_OK) != 0)
    {
      diag_error_at (lo, line, "%s names %s: %s", key, path, strerror (errno));
      free (path);
      return -1;
    }
  if (already_listed (lt, path))
    free (path);
  else
    VEC_PUSH (lt->objects, lt->nobjects, lt->cap) = path;
  return 1;
}

static int
expand_one (struct libtool_operands *lt, const char *lo)
{
  size_t len;
  char *text = read_file (lo, LO_MAX_BYTES, &len);
  if (!text)
    {
      if (errno == EFBIG)
        diag_error ("%s: not a libtool object (over %d KiB)", lo, LO_MAX_BYTES / 1024);
      else
        diag_error ("%s: %s", lo, strerror (errno));
      return -1;
    }
  struct lo_file f = { 0 };
  int rc = parse_lo (lo, text, len, &f);
  if (rc == 0)
    {
      int pic = add_named_object (lt, lo, "pic_object", f.pic, f.pic_line);
      int non_pic = pic < 0 ? -1 : add_named_object (lt, lo, "non_pic_object", f.non_pic, f.non_pic_line);
      if (pic < 0 || non_pic < 0)
        rc = -1;
      else if (pic == 0 && non_pic == 0)
        {
          diag_error_at (lo, 0, "names no object (pic_object and non_pic_object are none)");
          rc = -1;
        }
      else
        {
          lt->pic |= pic == 1;
          lt->non_pic |= non_pic == 1;
          lt->any_lo = true;
        }
    }
  FREE_ALL (f.pic, f.non_pic, text);
  return rc;
}

int
libtool_expand_operands (size_t n, char *const *operands, struct libtool_operands *out)
{
  memset (out, 0, sizeof *out);
  int rc = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (libtool_is_lo_name (operands[i]) && !is_elf_file (operands[i]))
        {
          if (expand_one (out, operands[i]) != 0)
            rc = -1;
        }
      else if (!already_listed (out, operands[i]))
        VEC_PUSH (out->objects, out->nobjects, out->cap) = xstrdup (operands[i]);
    }
  if (rc != 0)
    libtool_operands_free (out);
  return rc;
}

void
libtool_operands_free (struct libtool_operands *lt)
{
  VEC_FREE_ALL (lt->objects, lt->nobjects);
  memset (lt, 0, sizeof *lt);
}

char *
libtool_object_path (const char *lo, bool pic)
{
  char *dir = dir_prefix (lo);
  const char *base = path_base (lo);
  char *p = xasprintf ("%s%s%.*s.o", dir, pic ? ".libs/" : "", (int) (strlen (base) - 3), base);
  free (dir);
  return p;
}

char *
libtool_lo_text (const char *lo, bool pic, bool non_pic)
{
  const char *base = path_base (lo);
  int stem = (int) (strlen (base) - 3);
  /* libtool recognises its objects by "# Generated by ...libtool" within
   * the first four lines. */
  return xasprintf ("# %s - a libtool object file\n"
                    "# Generated by sdtkit's dtrace -G, in the format of GNU libtool\n"
                    "#\n"
                    "# Please DO NOT delete this file!\n"
                    "# It is necessary for linking the library.\n"
                    "\n"
                    "# Name of the PIC object.\n"
                    "pic_object=%s%.*s%s\n"
                    "\n"
                    "# Name of the non-PIC object\n"
                    "non_pic_object=%s%.*s%s\n",
                    base,
                    pic ? "'.libs/" : "", pic ? stem : 0, base, pic ? ".o'" : "none",
                    non_pic ? "'" : "", non_pic ? stem : 0, base, non_pic ? ".o'" : "none");
}
