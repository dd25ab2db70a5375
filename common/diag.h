/* SPDX-License-Identifier: MIT */
/*
 * diag.h — diagnostics: every user-visible message of every part of sdtkit
 * goes through these, so all share one `dtrace: ...` format on stderr (one
 * write per line) and the front end can count errors for its exit status.
 */
#ifndef SDTKIT_COMMON_DIAG_H
#define SDTKIT_COMMON_DIAG_H

#include <stdbool.h>

#define DIAG_PRINTF(a, b) __attribute__ ((format (printf, a, b)))

/* "dtrace: MESSAGE" */
void diag_error (const char *fmt, ...) DIAG_PRINTF (1, 2);
/* "dtrace: MESSAGE", not counted as an error (DTrace's notices). */
void diag_notice (const char *fmt, ...) DIAG_PRINTF (1, 2);
/* "dtrace: warning: MESSAGE" */
void diag_warn (const char *fmt, ...) DIAG_PRINTF (1, 2);
/* "dtrace: FILE:LINE: error: MESSAGE" (line <= 0 omits ":LINE") */
void diag_error_at (const char *file, int line, const char *fmt, ...) DIAG_PRINTF (3, 4);
/* "dtrace: FILE:LINE: warning: MESSAGE" */
void diag_warn_at (const char *file, int line, const char *fmt, ...) DIAG_PRINTF (3, 4);
/* Number of diag_error*() calls so far. */
unsigned diag_error_count (void);
/* Suppress warnings (errors are always printed). */
void diag_set_quiet (bool quiet);
/* Print nothing at all, errors included (still counted): for the fuzz
 * harnesses (test/fuzz/), which run the libraries millions of times. */
void diag_set_silent (bool silent);

#endif
