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

#endif
