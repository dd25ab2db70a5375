/* SPDX-License-Identifier: MIT */
/*
 * sdt-probes.h — the sdt provider: the kernel's tracepoints as
 * `sdt:GROUP::EVENT`, named as Oracle's DTrace for Linux names them (the
 * module is the tracepoint's group, the function empty), except the
 * groups other providers or tools own (syscalls, kprobes, uprobes).
 *
 * The list is tracefs's available_events, each event's arguments its
 * format file's fields after the common ones (abi.h struct sdt_layout):
 * read, never written.  Each probe enabled is a BPF_PROG_TYPE_TRACEPOINT
 * program on a perf event of the tracepoint (perf_event_open, the event's
 * id), so closing the fd removes it; the kernel never runs such a
 * program inside another BPF tracing program on the same CPU, so no
 * tracepoint can make a probe recurse.  At most SDT_MAX_ENABLED at once.
 */
#ifndef SDTKIT_CONSUMER_SDT_PROBES_H
#define SDTKIT_CONSUMER_SDT_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer/abi.h"
#include "consumer/probes/probe-desc.h"

#define SDT_MAX_ENABLED 256

struct sdt_probe {
  const char *group, *name;          /* owned by the module's cache */
};

/* Does D name tracepoint GROUP:NAME? */
bool sdt_probe_match (const char *group, const char *name, const struct probe_desc *d);
/* True when D can only mean sdt probes. */
bool sdt_desc_exclusive (const struct probe_desc *d);
/* The tracepoints the descriptions name, sorted by group and name; *OUT
 * malloc'd.  The count, or -1 after diag_error (no tracefs). */
long sdt_probes_find (const struct probe_desc *descs, size_t ndescs, struct sdt_probe **out);
/* GROUP:NAME's fields (read once), or NULL when its format file cannot be
 * read. */
const struct sdt_layout *sdt_layout (const char *group, const char *name);
/* The type of args[INDEX] of GROUP:NAME: 1 an integer of *WIDTH bytes
 * (| 0x80 when signed), 2 a string, 0 unknown (no such event or field). */
int sdt_arg_type (const char *group, const char *name, unsigned index, uint8_t *width);
/* The event id of GROUP:NAME (its records' common_type), or -1. */
long sdt_event_id (const char *group, const char *name);
/* Attach PROG_FD (a tracepoint program) to GROUP:NAME: the fd to keep, or
 * -1 after diag_error. */
int sdt_attach (const char *group, const char *name, int prog_fd);
/* `dtrace -l`: the matching tracepoints (none for a plain -l). */
struct probe_lister;
void sdt_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs);
/* Free the lists read. */
void sdt_forget (void);

#endif
