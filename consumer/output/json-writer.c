/* SPDX-License-Identifier: MIT */
/*
 * json-writer.c — JSON text in a growable buffer (see json-writer.h for
 * the escaping rule).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/json-writer.h"
#include "common/vec.h"

void
jw_init (struct json_writer *w)
{
  memset (w, 0, sizeof *w);
}

void
jw_free (struct json_writer *w)
{
  free (w->buf);
  jw_init (w);
}

void
jw_reset (struct json_writer *w)
{
  w->len = 0;
  w->depth = 0;
  w->after_key = false;
  memset (w->need_comma, 0, sizeof w->need_comma);
}

static void
put (struct json_writer *w, const char *s, size_t n)
{
  VEC_RESERVE (w->buf, w->len, w->cap, n + 1);
  memcpy (w->buf + w->len, s, n);
  w->len += n;
  w->buf[w->len] = '\0';
}

static void
putc1 (struct json_writer *w, char c)
{
  put (w, &c, 1);
}

/* Before any value: the comma that separates it from the previous one. */
static void
value_start (struct json_writer *w)
{
  if (w->after_key)
    {
      w->after_key = false;
      return;
    }
  if (w->need_comma[w->depth])
    putc1 (w, ',');
  w->need_comma[w->depth] = true;
}

static void
nest_open (struct json_writer *w, char c)
{
  value_start (w);
  putc1 (w, c);
  if (w->depth + 1 < JSON_MAX_DEPTH)
    w->depth++;
  w->need_comma[w->depth] = false;
}

static void
nest_close (struct json_writer *w, char c)
{
  putc1 (w, c);
  if (w->depth)
    w->depth--;
}

void jw_object_begin (struct json_writer *w) { nest_open (w, '{'); }
void jw_object_end (struct json_writer *w) { nest_close (w, '}'); }
void jw_array_begin (struct json_writer *w) { nest_open (w, '['); }
void jw_array_end (struct json_writer *w) { nest_close (w, ']'); }

void
jw_key (struct json_writer *w, const char *name)
{
  jw_string (w, name);
  putc1 (w, ':');
  w->after_key = true;
}

void
jw_int (struct json_writer *w, int64_t v)
{
  char b[32];
  value_start (w);
  put (w, b, (size_t) snprintf (b, sizeof b, "%" PRId64, v));
}

void
jw_uint (struct json_writer *w, uint64_t v)
{
  char b[32];
  value_start (w);
  put (w, b, (size_t) snprintf (b, sizeof b, "%" PRIu64, v));
}

void
jw_bool (struct json_writer *w, bool v)
{
  value_start (w);
  put (w, v ? "true" : "false", v ? 4 : 5);
}

void
jw_null (struct json_writer *w)
{
  value_start (w);
  put (w, "null", 4);
}

/* The length of the well-formed UTF-8 sequence at S (N bytes left), or 0
 * when S does not start one (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
static size_t
utf8_sequence (const unsigned char *s, size_t n)
{
  unsigned char c = s[0];
  size_t len;
  unsigned char lo = 0x80, hi = 0xbf;     /* the second byte's range */
  if (c >= 0xc2 && c <= 0xdf)
    len = 2;
  else if (c >= 0xe0 && c <= 0xef)
    {
      len = 3;
      if (c == 0xe0)
        lo = 0xa0;                          /* overlong below U+0800 */
      else if (c == 0xed)
        hi = 0x9f;                          /* surrogates U+D800..U+DFFF */
    }
  else if (c >= 0xf0 && c <= 0xf4)
    {
      len = 4;
      if (c == 0xf0)
        lo = 0x90;                          /* overlong below U+10000 */
      else if (c == 0xf4)
        hi = 0x8f;                          /* above U+10FFFF */
    }
  else
    return 0;
  if (n < len || s[1] < lo || s[1] > hi)
    return 0;
  for (size_t i = 2; i < len; i++)
    if (s[i] < 0x80 || s[i] > 0xbf)
      return 0;
  return len;
}

void
jw_string_n (struct json_writer *w, const char *str, size_t n)
{
  const unsigned char *s = (const unsigned char *) str;
  value_start (w);
  putc1 (w, '"');
  size_t i = 0;
  while (i < n)
    {
      unsigned char c = s[i];
      size_t run = i;
      /* copy plain ASCII in one go */
      while (run < n && s[run] >= 0x20 && s[run] < 0x7f && s[run] != '"' && s[run] != '\\')
        run++;
      if (run > i)
        {
          put (w, str + i, run - i);
          i = run;
          continue;
        }
      char esc[8];
      switch (c)
        {
        case '"': put (w, "\\\"", 2); i++; continue;
        case '\\': put (w, "\\\\", 2); i++; continue;
        case '\b': put (w, "\\b", 2); i++; continue;
        case '\f': put (w, "\\f", 2); i++; continue;
        case '\n': put (w, "\\n", 2); i++; continue;
        case '\r': put (w, "\\r", 2); i++; continue;
        case '\t': put (w, "\\t", 2); i++; continue;
        default: break;
        }
      if (c < 0x20 || c == 0x7f)
        {
          snprintf (esc, sizeof esc, "\\u%04x", c);
          put (w, esc, 6);
          i++;
          continue;
        }
      size_t len = utf8_sequence (s + i, n - i);
      if (len)
        {
          put (w, str + i, len);
          i += len;
        }
      else
        {
          put (w, "\\ufffd", 6);
          i++;
        }
    }
  putc1 (w, '"');
}

void
jw_string (struct json_writer *w, const char *s)
{
  jw_string_n (w, s, strlen (s));
}

void
jw_member_int (struct json_writer *w, const char *name, int64_t v)
{
  jw_key (w, name);
  jw_int (w, v);
}

void
jw_member_uint (struct json_writer *w, const char *name, uint64_t v)
{
  jw_key (w, name);
  jw_uint (w, v);
}

void
jw_member_string (struct json_writer *w, const char *name, const char *s)
{
  jw_key (w, name);
  jw_string (w, s);
}

int
jw_emit_line (struct json_writer *w, FILE *fp)
{
  putc1 (w, '\n');
  int rc = fwrite (w->buf, 1, w->len, fp) == w->len && fflush (fp) == 0 ? 0 : -1;
  jw_reset (w);
  return rc;
}
