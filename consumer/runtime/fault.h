/* SPDX-License-Identifier: MIT */
/*
 * fault.h — runtime faults and the dtrace:::ERROR probe.
 *
 * A fault in a clause (division or modulo by zero, an address copyinstr()
 * or copyout() cannot use, an illegal speculation id) ends that clause: the
 * program jumps to the clause's fault handler (codegen.c), which drops the
 * clause's record and sends a fault record (dprog.h: REC_FAULT) instead;
 * stores done before the fault stay, and the firing's other clauses run.
 *
 * The consumer, on a fault record, prints the error line of Oracle's Linux
 * DTrace
 *   dtrace: error in dt_clause_<N> for probe ID <probe> (p:m:f:n): <fault>
 *           [(0xADDR)] at BPF pc <pc>
 * (N: the clause's index in the program, from 0; pc: the BPF instruction
 * index of the failed check), then fires the ERROR clauses, if any, by
 * running the ERROR program (in dtrace's own context, like BEGIN/END) with
 * arg1 = epid, arg2 = action number, arg3 = the pc, arg4 = fault code
 * (DTrace's: 1 bad address, 3 illegal operation, 4 divide-by-zero) and
 * arg5 = the address.  EPIDs number (clause, probe) pairs from 1, clause by
 * clause in program order and by probe id within a clause.
 */
#ifndef SDTKIT_CONSUMER_FAULT_H
#define SDTKIT_CONSUMER_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer/compile/dprog.h"

/* Is REC a fault record?  If so, print the error line and, when ERROR_FD
 * is a program, run it with the fault's arguments; its records go to their
 * own ring buffer (errbuf_fd), which the caller then drains, so ERROR's
 * output lands right where the fault happened.  Returns true for fault
 * records. */
struct output;
bool fault_record (const struct dprog *p, struct output *out, const void *rec, size_t size, int error_fd);

/* The EPID of (clause, probe id). */
unsigned fault_epid (const struct dprog *p, unsigned clause, unsigned probe_id);

#endif
