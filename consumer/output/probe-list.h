/* SPDX-License-Identifier: MIT */
/*
 * probe-list.h — the one `-l` printer.
 *
 * Every listing path (dtrace -l -m FILE read from the notes, and the
 * consumer's -l over dtrace, pid, syscall, profile and USDT probes) hands
 * each probe to probe_list_print, which numbers it and prints DTrace's row
 * ("%5u %10s %17s %33s %s").  With -v, DTrace's sections follow: "Probe
 * Description Attributes" and "Argument Attributes" (the stability of the
 * probe's provider family, the minimum over the fields the probe has, as
 * DTrace computes it), "Argument Types" (for USDT probes the types the
 * note's argument sizes stand for, for the kernel providers Oracle's types
 * (kernel-argtypes.h), else None), then sdtkit's own section,
 * "Sites": each site's address, file offset, semaphore and ref_ctr offset,
 * and each argument's location.
 */
#ifndef SDTKIT_CONSUMER_OUTPUT_PROBE_LIST_H
#define SDTKIT_CONSUMER_OUTPUT_PROBE_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Whose stability a probe has. */
enum listed_family {
  LISTED_DTRACE,
  LISTED_SYSCALL,
  LISTED_PROFILE,
  LISTED_PID,
  LISTED_USDT,
  LISTED_KERNEL                   /* proc, sched */
};

/* One site of a USDT probe. */
struct listed_site {
  const char *file;               /* the path shown */
  uint64_t pc;                    /* the note's address */
  bool have_offset;
  uint64_t offset;                /* the nop's file offset */
  uint64_t semaphore;             /* 0: none */
  uint64_t ref_ctr;               /* the semaphore's file offset; 0: not usable */
  const char *args;               /* the note's argument string */
  const struct sdt_arch *arch;    /* the file's machine (sdt/arch.h); NULL: x86-64 */
};

struct sdt_probe_types;
struct kernel_argtypes;
struct listed_probe {
  enum listed_family family;
  const char *provider, *module, *function, *name;
  const struct listed_site *sites;
  size_t nsites;
  const struct sdt_probe_types *declared;   /* USDT: the .d's types (sdt.h), or NULL */
  const struct kernel_argtypes *kernel;     /* proc, sched, io, lockstat: Oracle's
                                               argument types, or NULL */
};

/* Where the listing goes, the last ID given, and -v. */
struct probe_lister {
  FILE *out;
  unsigned id;
  bool verbose;
  bool nodemangle;             /* -x nodemangle: C++ function names as mangled */
};

/* The column headings. */
void probe_list_header (struct probe_lister *l);

/* Skip ID N+1 (a probe that exists but is not listed). */
void probe_list_skip (struct probe_lister *l);

/* The probe's row under the next ID; with -v, its sections. */
void probe_list_print (struct probe_lister *l, const struct listed_probe *p);

#endif
