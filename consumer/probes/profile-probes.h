/* SPDX-License-Identifier: MIT */
/*
 * profile-probes.h — profile:::profile-N[unit]: a sample on every CPU every
 * interval, from a perf_event software CPU clock per CPU with a BPF
 * perf_event program (arg0 = the kernel pc or 0, arg1 = the user pc or 0).
 * Units as for tick-N (dtrace(1) "Providers pid, syscall and profile"): hz (the default), ns/nsec,
 * us/usec, ms/msec, s/sec, m/min, h/hour, d/day; intervals below 200 us
 * or above 365 days are refused.  Closing the perf event fds detaches everything.
 */
#ifndef SDTKIT_CONSUMER_PROFILE_PROBES_H
#define SDTKIT_CONSUMER_PROFILE_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "consumer/probes/probe-desc.h"

/* The shortest and the longest interval of a profile-N or tick-N probe, in
 * nanoseconds: 200 us (as DTrace), and 365 days. */
#define PROFILE_MIN_NS 200000.0
#define PROFILE_MAX_NS (365 * 86400e9)

/* "PREFIX-N[unit]" (PREFIX "profile" or "tick"): 1 with *NS set to its
 * nanoseconds when N[unit] is an interval in range; -1 with *WHY (malloc'd,
 * "nan is not a decimal number") when it is written as a number (or NaN or
 * infinity) but is no valid interval; 0 when NAME is no such name at all. */
int profile_interval_parse (const char *name, const char *prefix, uint64_t *ns, char **why);
/* Nanoseconds of "PREFIX-N[unit]" when valid, or 0. */
uint64_t profile_interval (const char *name, const char *prefix);
/* True when D means profile-N probes only (provider "profile" or empty,
 * module and function empty, a valid literal profile-N name). */
bool profile_desc_exclusive (const struct probe_desc *d);
/* The distinct profile-N probe names the descriptions name (literal names,
 * or globs over the standard set DTrace lists).  *NAMES malloc'd strings. */
size_t profile_names_find (const struct probe_desc *descs, size_t ndescs, char ***names);
/* Open a CPU-clock event sampling every NS nanoseconds on each online CPU
 * and attach PROG_FD (BPF_PROG_TYPE_PERF_EVENT) to it.  The fds are added
 * to *FDS.  Returns 0, or -1 after diag_error. */
int profile_attach (int prog_fd, uint64_t ns, int **fds, size_t *nfds);
/* `dtrace -l`: profile-N and tick-N names (the standard set, or the
 * literal names asked for), to the one printer (probe-list.h). */
struct probe_lister;
void profile_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs);

#endif
