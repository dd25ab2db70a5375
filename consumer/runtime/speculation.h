/* SPDX-License-Identifier: MIT */
/*
 * speculation.h — DTrace's speculative tracing: speculation(), speculate(id),
 * commit(id), discard(id); options nspec (default 1) and specsize (32k).
 *
 * Design.  Kernel side (codegen.c): the dt_spec ARRAY map has one entry per
 * id 1..nspec, { u64 state (0 free, 1 active), u64 bytes speculated }.
 * speculation() claims the first free id with a compare-and-exchange (0 when
 * none is free: a "failed speculation" count).  speculate(id) skips the rest
 * of the clause when id is 0 or not active (an id above nspec is an illegal
 * operation fault), else the clause's record goes to the one ring buffer as
 * usual but carries the id in its header (REC_SPEC_OFF) and its size is
 * counted against specsize (over it: a "speculative drop", record lost).
 * commit(id)/discard(id) record the id; once that record is in the ring the
 * program frees the id, so any record of the id's next use comes after it.
 *
 * User side (this file): a record with a speculation id is not printed but
 * kept, in arrival order, in that id's list.  When a record with a commit
 * action arrives, it is printed first, then the id's kept records are
 * printed in order (the "principal buffer" position is where commit ran);
 * a discard frees them.  Records of speculations never committed are freed
 * at exit.  Because the ring buffer is one ordered stream, no per-CPU merge
 * is needed.
 */
#ifndef SDTKIT_CONSUMER_SPECULATION_H
#define SDTKIT_CONSUMER_SPECULATION_H

#include <stdbool.h>
#include <stddef.h>

#include "consumer/compile/dprog.h"

struct spec_store;

struct spec_store *spec_store_new (const struct dprog *p);
void spec_store_free (struct spec_store *s);

/* A record with a speculation id: keep it and return true.  Otherwise
 * false (the caller prints it, then calls spec_settle). */
bool spec_keep (struct spec_store *s, const void *rec, size_t size);

/* After printing principal record REC: carry out its commit()/discard()
 * actions; committed records are handed to EMIT in order. */
void spec_settle (struct spec_store *s, const void *rec, size_t size,
                  void (*emit) (void *arg, const void *rec, size_t size), void *arg);

#endif
