/* SPDX-License-Identifier: MIT */
/*
 * reopen.h — SIGHUP reopens the -o file, for log rotation.
 *
 * A long run writing to `-o FILE` (always appended to, as DTrace does) is
 * rotated the usual way: rename FILE, send SIGHUP, and dtrace opens FILE
 * again (creating it) and writes there from its next poll on; what was
 * written before the signal stays in the renamed file, flushed.  The handler
 * only raises a flag; the trace loop does the reopening between records, so
 * no record is split between two files.  Without -o, SIGHUP keeps its
 * default action.
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_REOPEN_H
#define SDTKIT_CONSUMER_RUNTIME_REOPEN_H

#include <stdbool.h>
#include <stdio.h>

/* Catch SIGHUP from now on. */
void reopen_install (void);

/* A SIGHUP came since the last call (the flag is cleared). */
bool reopen_requested (void);

/* Flush and close *FP, open PATH for appending into *FP.  When PATH cannot
 * be opened the old file is kept (and an error printed); returns 0 or -1. */
int reopen_file (FILE **fp, const char *path);

#endif
