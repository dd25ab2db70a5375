/* SPDX-License-Identifier: MIT */
/*
 * json-writer.h — one JSON text built in memory, always valid whatever the
 * bytes handed to it (the writer of -x oformat=json, json-output.c).
 *
 * The writer knows JSON only: objects, arrays, keys, numbers and strings,
 * with the commas placed by nesting depth.  Strings are escaped so that the
 * text is valid JSON (RFC 8259) and valid UTF-8 for any input bytes:
 *   "  \  -> \" \\ ;  \b \f \n \r \t -> themselves;  other bytes below 0x20
 *   and 0x7f -> \u00XX;  well-formed UTF-8 sequences (no overlong forms, no
 *   surrogates, nothing above U+10FFFF) are copied as they are;  every other
 *   byte (a stray continuation byte, a truncated, overlong or surrogate
 *   sequence, 0xc0, 0xc1, 0xf5-0xff) becomes one U+FFFD, written \ufffd.
 * Strings copied from a traced process are arbitrary bytes, so this is the
 * one rule for every string written.
 */
#ifndef SDTKIT_CONSUMER_JSON_WRITER_H
#define SDTKIT_CONSUMER_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json_writer {
  char *buf;
  size_t len, cap;
  unsigned depth;
  bool need_comma[JSON_MAX_DEPTH];
  bool after_key;               /* a key was written: the value needs no comma */
};

void jw_init (struct json_writer *w);
void jw_free (struct json_writer *w);
void jw_reset (struct json_writer *w);          /* empty again, depth 0 */

void jw_object_begin (struct json_writer *w);
void jw_object_end (struct json_writer *w);
void jw_array_begin (struct json_writer *w);
void jw_array_end (struct json_writer *w);
/* An object member's name; the next value written is its value. */
void jw_key (struct json_writer *w, const char *name);

void jw_int (struct json_writer *w, int64_t v);
void jw_uint (struct json_writer *w, uint64_t v);
void jw_bool (struct json_writer *w, bool v);
void jw_null (struct json_writer *w);
/* N bytes of S (which may hold anything, NULs included), escaped. */
void jw_string_n (struct json_writer *w, const char *s, size_t n);
void jw_string (struct json_writer *w, const char *s);

/* Shorthands for an object member. */
void jw_member_int (struct json_writer *w, const char *name, int64_t v);
void jw_member_uint (struct json_writer *w, const char *name, uint64_t v);
void jw_member_string (struct json_writer *w, const char *name, const char *s);

/* Write the text and a newline to FP as one line, flush it, and reset W.
 * Returns 0, or -1 when the write failed. */
int jw_emit_line (struct json_writer *w, FILE *fp);

#endif
