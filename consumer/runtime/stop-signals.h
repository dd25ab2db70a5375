/* SPDX-License-Identifier: MIT */
/*
 * stop-signals.h — SIGINT and SIGTERM as a tracing session sees them.
 *
 * The first signal asks tracing to stop: the event loop ends, the probes
 * are detached, END runs, the records still buffered are printed and then
 * the aggregations.  A second (third, ...) signal only hurries that
 * shutdown: whatever has not started yet of the slow, polite part (waiting
 * for the kernel to remove the breakpoints) is left to the process exit,
 * which closes the same descriptors.  No signal ever ends dtrace before
 * what it consumed is printed: `timeout -s INT` (which signals dtrace and
 * then its process group) and an impatient double Ctrl-C lose nothing.
 *
 * The handler restarts interrupted system calls (SA_RESTART), so a signal
 * arriving while output is written to a pipe never cuts it short; the
 * event loop's waits (epoll, poll) return early anyway.
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_STOP_SIGNALS_H
#define SDTKIT_CONSUMER_RUNTIME_STOP_SIGNALS_H

#include <stdbool.h>

/* Install the handler for SIGINT and SIGTERM (a signal ignored when dtrace
 * started, as in background jobs of scripts, is handled all the same). */
void stop_signals_install (void);
/* Has a stop been asked for? */
bool stop_requested (void);
/* Has a second signal asked to hurry the stop? */
bool stop_hurried (void);

#endif
