/* SPDX-License-Identifier: MIT */
/*
 * test-json-writer.c — consumer/output/json-writer.c: commas and nesting,
 * numbers, and the escaping rule of json-writer.h byte by byte (control
 * bytes, every class of ill-formed UTF-8, NULs inside a string), and the
 * JSON objects of json-output.c for aggregations built by hand.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/output/json-output.h"
#include "consumer/output/json-writer.h"
#include "test/unit/unit.h"

/* The escaped form of N bytes of S. */
static const char *
esc (const char *s, size_t n)
{
  static struct json_writer w;
  static bool init;
  if (!init)
    jw_init (&w), init = true;
  jw_reset (&w);
  jw_string_n (&w, s, n);
  return w.buf;
}
#define ESC(lit) esc (lit, sizeof lit - 1)

static void
test_structure (void)
{
  struct json_writer w;
  jw_init (&w);
  jw_object_begin (&w);
  jw_member_int (&w, "a", -1);
  jw_member_uint (&w, "b", UINT64_MAX);
  jw_key (&w, "c");
  jw_array_begin (&w);
  jw_int (&w, INT64_MIN);
  jw_array_begin (&w);
  jw_array_end (&w);
  jw_object_begin (&w);
  jw_object_end (&w);
  jw_bool (&w, true);
  jw_null (&w);
  jw_array_end (&w);
  jw_member_string (&w, "d", "x");
  jw_object_end (&w);
  UNIT_STREQ (w.buf, "{\"a\":-1,\"b\":18446744073709551615,\"c\":[-9223372036854775808,[],{},true,null],\"d\":\"x\"}",
              "objects, arrays, commas, INT64_MIN and UINT64_MAX");
  FILE *f = tmpfile ();
  jw_emit_line (&w, f);
  UNIT_INTEQ (w.len, 0, "jw_emit_line resets the writer");
  jw_array_begin (&w);
  jw_int (&w, 1);
  jw_array_end (&w);
  jw_emit_line (&w, f);
  char line[256] = "";
  rewind (f);
  size_t n = fread (line, 1, sizeof line - 1, f);
  line[n] = '\0';
  UNIT_CHECK (strstr (line, "}\n[1]\n") != NULL, "two lines, each ending in a newline, the second without a comma");
  fclose (f);
  jw_free (&w);
}

static void
test_escapes (void)
{
  UNIT_STREQ (ESC ("plain text 123"), "\"plain text 123\"", "ASCII as it is");
  UNIT_STREQ (ESC ("\"\\/"), "\"\\\"\\\\/\"", "quote and backslash escaped, slash not");
  UNIT_STREQ (ESC ("\b\f\n\r\t"), "\"\\b\\f\\n\\r\\t\"", "the five short escapes");
  UNIT_STREQ (ESC ("\x01\x1f\x7f"), "\"\\u0001\\u001f\\u007f\"", "other control bytes and DEL as \\u00XX");
  UNIT_STREQ (ESC ("a\0b"), "\"a\\u0000b\"", "a NUL inside the bytes given");
  UNIT_STREQ (ESC ("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"), "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
              "well-formed 2-, 3- and 4-byte sequences kept");
  UNIT_STREQ (ESC ("\xef\xbf\xbf\xf4\x8f\xbf\xbf\xed\x9f\xbf"), "\"\xef\xbf\xbf\xf4\x8f\xbf\xbf\xed\x9f\xbf\"",
              "U+FFFF, U+10FFFF and U+D7FF kept");
  UNIT_STREQ (ESC ("\x80"), "\"\\ufffd\"", "a stray continuation byte");
  UNIT_STREQ (ESC ("\xc0\xaf"), "\"\\ufffd\\ufffd\"", "overlong 2-byte (0xc0 0xaf): one U+FFFD per byte");
  UNIT_STREQ (ESC ("\xe0\x80\xaf"), "\"\\ufffd\\ufffd\\ufffd\"", "overlong 3-byte");
  UNIT_STREQ (ESC ("\xf0\x80\x80\xaf"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "overlong 4-byte");
  UNIT_STREQ (ESC ("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"", "an encoded surrogate U+D800");
  UNIT_STREQ (ESC ("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "above U+10FFFF");
  UNIT_STREQ (ESC ("\xf5\xff\xfe"), "\"\\ufffd\\ufffd\\ufffd\"", "0xf5, 0xff, 0xfe");
  UNIT_STREQ (ESC ("\xe2\x82"), "\"\\ufffd\\ufffd\"", "a 3-byte sequence cut by the end of the string");
  UNIT_STREQ (ESC ("\xc3("), "\"\\ufffd(\"", "a lead byte before ASCII: the ASCII kept");
  UNIT_STREQ (ESC ("\xe2\x82\xc3\xa9"), "\"\\ufffd\\ufffd\xc3\xa9\"", "a cut sequence before a good one: the good one kept");
}

static void
test_aggregation (void)
{
  struct dfmt_type kt = { DFMT_T_STRING, 0, false, NULL };
  struct dfmt_aggdesc d = { .name = "x", .fn = DFMT_AGG_AVG, .nkeys = 1, .keys = &kt };
  struct dfmt_agg *a = dfmt_agg_new (&d);
  struct dfmt_value k1 = dfmt_str ("b\n", SIZE_MAX), k2 = dfmt_str ("a", SIZE_MAX);
  dfmt_agg_add (a, dfmt_agg_entry (a, &k1), 10, 1);
  dfmt_agg_add (a, dfmt_agg_entry (a, &k2), 1, 1);
  dfmt_agg_add (a, dfmt_agg_entry (a, &k2), 4, 1);
  struct dfmt_ctx ctx;
  dfmt_ctx_init (&ctx);
  struct json_writer w;
  jw_init (&w);
  json_aggregation (&w, &ctx, a);
  UNIT_STREQ (w.buf, "{\"type\":\"aggregation\",\"name\":\"x\",\"function\":\"avg\",\"entries\":["
              "{\"keys\":[\"a\"],\"value\":2,\"count\":2,\"sum\":5},{\"keys\":[\"b\\n\"],\"value\":10,\"count\":1,\"sum\":10}]}",
              "avg: entries in print order (by value), value, count and sum, keys escaped");
  dfmt_agg_free (a);

  struct dfmt_aggdesc q = { .name = "", .fn = DFMT_AGG_LQUANTIZE, .lq_low = 0, .lq_high = 10, .lq_step = 5 };
  a = dfmt_agg_new (&q);
  struct dfmt_aggval *e = dfmt_agg_entry (a, NULL);
  dfmt_agg_add (a, e, -3, 1);
  dfmt_agg_add (a, e, 6, 2);
  dfmt_agg_add (a, e, 99, 1);
  jw_reset (&w);
  json_aggregation (&w, &ctx, a);
  UNIT_STREQ (w.buf, "{\"type\":\"aggregation\",\"name\":\"\",\"function\":\"lquantize\",\"entries\":["
              "{\"keys\":[],\"buckets\":[[\"< 0\",1],[5,2],[\">= 10\",1]]}]}",
              "lquantize: the non-zero rows, open-ended labels as text");
  dfmt_agg_free (a);
  jw_free (&w);
}

int
main (void)
{
  test_structure ();
  test_escapes ();
  test_aggregation ();
  return unit_exit ();
}
