/* SPDX-License-Identifier: MIT */
/*
 * unit.h — the tiny assertion layer of the C unit tests.
 *
 * Each check prints one line the test runner counts:
 *   "ok - DESCRIPTION", "not ok - DESCRIPTION (details)" or "skip - DESCRIPTION".
 * A test program returns unit_exit(): non-zero when any check failed.
 */
#ifndef SDTKIT_TEST_UNIT_H
#define SDTKIT_TEST_UNIT_H

#include <stdio.h>
#include <string.h>
#include <inttypes.h>

static int unit_failures;

#define UNIT_CHECK(cond, ...)                                   \
  do {                                                          \
    if (cond) { printf ("ok - "); printf (__VA_ARGS__); printf ("\n"); } \
    else { unit_failures++; printf ("not ok - "); printf (__VA_ARGS__); \
           printf (" (%s:%d: %s)\n", __FILE__, __LINE__, #cond); } \
  } while (0)

#define UNIT_STREQ(got, want, ...)                              \
  do {                                                          \
    const char *unit_g_ = (got), *unit_w_ = (want);             \
    if (unit_g_ && unit_w_ && strcmp (unit_g_, unit_w_) == 0) { \
      printf ("ok - "); printf (__VA_ARGS__); printf ("\n"); }  \
    else { unit_failures++; printf ("not ok - "); printf (__VA_ARGS__); \
      printf (" (%s:%d: got \"%s\", want \"%s\")\n", __FILE__, __LINE__, \
              unit_g_ ? unit_g_ : "(null)", unit_w_ ? unit_w_ : "(null)"); } \
  } while (0)

#define UNIT_INTEQ(got, want, ...)                              \
  do {                                                          \
    long long unit_g_ = (long long) (got), unit_w_ = (long long) (want); \
    if (unit_g_ == unit_w_) { printf ("ok - "); printf (__VA_ARGS__); printf ("\n"); } \
    else { unit_failures++; printf ("not ok - "); printf (__VA_ARGS__); \
      printf (" (%s:%d: got %lld, want %lld)\n", __FILE__, __LINE__, unit_g_, unit_w_); } \
  } while (0)

#define UNIT_SKIP(...) do { printf ("skip - "); printf (__VA_ARGS__); printf ("\n"); } while (0)

static inline int unit_exit (void) { return unit_failures ? 1 : 0; }

/* stderr capture: unit_capture_begin(); call(); unit_capture_end(); then
 * unit_err_text holds what was printed, on one line ('|' for newlines). */
#include <stdlib.h>
#include <unistd.h>

static char *unit_err_text;
static FILE *unit_cap_file;
static int unit_cap_saved = -1;

static inline void
unit_capture_begin (void)
{
  fflush (stderr);
  unit_cap_file = tmpfile ();
  if (!unit_cap_file)
    return;
  unit_cap_saved = dup (2);
  dup2 (fileno (unit_cap_file), 2);
}

static inline void
unit_capture_end (void)
{
  long n;

  fflush (stderr);
  free (unit_err_text);
  unit_err_text = NULL;
  if (!unit_cap_file)
    {
      unit_err_text = strdup ("");
      return;
    }
  dup2 (unit_cap_saved, 2);
  close (unit_cap_saved);
  unit_cap_saved = -1;
  fseek (unit_cap_file, 0, SEEK_END);
  n = ftell (unit_cap_file);
  rewind (unit_cap_file);
  unit_err_text = calloc (1, (size_t) (n > 0 ? n : 0) + 1);
  if (n > 0 && fread (unit_err_text, 1, (size_t) n, unit_cap_file) != (size_t) n)
    unit_err_text[0] = '\0';
  fclose (unit_cap_file);
  unit_cap_file = NULL;
  for (n = (long) strlen (unit_err_text); n > 0 && unit_err_text[n - 1] == '\n'; n--)
    unit_err_text[n - 1] = '\0';
  for (n = 0; unit_err_text[n]; n++)
    if (unit_err_text[n] == '\n')
      unit_err_text[n] = '|';
}


#endif
