/* SPDX-License-Identifier: MIT */
/*
 * diag.h — diagnostics: every user-visible message of every part of sdtkit
 * goes through these, so all share one `dtrace: ...` format on stderr (one
 * write per line) and the front end can count errors for its exit status.
 */
#ifndef SDTKIT_COMMON_DIAG_H
#define SDTKIT_COMMON_DIAG_H

#include <stdarg.h>
#include <stdbool.h>

#define DIAG_PRINTF(a, b) __attribute__ ((format (printf, a, b)))

/* How a message is reported: an error is counted; a warning is dropped
 * under diag_set_quiet; a located message names FILE[:LINE] and its kind. */
enum diag_kind {
  DIAG_ERROR = 1,
  DIAG_NOTICE = 2,
  DIAG_WARNING = 4,
  DIAG_LOCATED = 8,
};
void diag_report (unsigned kind, const char *file, int line, const char *fmt, ...)
  DIAG_PRINTF (4, 5);

/* "dtrace: MESSAGE" */
#define diag_error(...) diag_report (DIAG_ERROR, NULL, 0, __VA_ARGS__)
/* "dtrace: MESSAGE", not counted as an error (DTrace's notices). */
#define diag_notice(...) diag_report (DIAG_NOTICE, NULL, 0, __VA_ARGS__)
/* "dtrace: warning: MESSAGE" */
#define diag_warn(...) diag_report (DIAG_WARNING, NULL, 0, __VA_ARGS__)
/* "dtrace: FILE:LINE: error: MESSAGE" (line <= 0 omits ":LINE") */
#define diag_error_at(file, line, ...) \
  diag_report (DIAG_ERROR | DIAG_LOCATED, file, line, __VA_ARGS__)
/* "dtrace: FILE:LINE: warning: MESSAGE" */
#define diag_warn_at(file, line, ...) \
  diag_report (DIAG_WARNING | DIAG_LOCATED, file, line, __VA_ARGS__)
/* "dtrace: PREFIX: line LINE: MESSAGE" (line <= 0 omits "line LINE: "):
 * the D compiler's errors, the checker's and the code generator's alike. */
void diag_error_prefixed (const char *prefix, int line, const char *fmt, va_list ap);
/* The same with the arguments themselves. */
void diag_error_line (const char *prefix, int line, const char *fmt, ...) DIAG_PRINTF (3, 4);
/* Number of diag_error*() calls so far. */
unsigned diag_error_count (void);
/* Suppress warnings (errors are always printed). */
void diag_set_quiet (bool quiet);
/* Print nothing at all, errors included (still counted): for the fuzz
 * harnesses (test/fuzz/), which run the libraries millions of times. */
void diag_set_silent (bool silent);

#endif
