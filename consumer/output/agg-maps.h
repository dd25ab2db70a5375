/* SPDX-License-Identifier: MIT */
/*
 * agg-maps.h — reading, deleting and zeroing the elements of an
 * aggregation's per-CPU hash map in batches.
 *
 * printa(), trunc() and clear() each walk the whole map.  One element at a
 * time that is two or three bpf() calls per key (next key, lookup, delete
 * or update), and a script that truncates a busy string-keyed aggregation
 * every second (samples/memcached/mctop.d) spent more CPU in those calls
 * than its BPF programs cost.  The batch commands (BPF_MAP_LOOKUP_BATCH,
 * BPF_MAP_DELETE_BATCH, BPF_MAP_UPDATE_BATCH, Linux 5.6) move hundreds of
 * elements per call; on a kernel without them the one-at-a-time walk is
 * used instead, with the same results (also when SDTKIT_NO_MAP_BATCH is
 * set in the environment: the tests run that path too).
 */
#ifndef SDTKIT_CONSUMER_AGG_MAPS_H
#define SDTKIT_CONSUMER_AGG_MAPS_H

#include <stddef.h>
#include <stdint.h>

/* The elements of one map as last read: N keys of the map's key size,
 * and their values (the per-CPU values of one key, as bpf_map_lookup_elem
 * gives them); the buffers are kept from one read to the next. */
struct agg_elems {
  uint8_t *keys, *vals;
  size_t n, cap;
};

/* Read every element of hash map FD into E (what it held is replaced).
 * Elements added or deleted while the walk runs may or may not be seen,
 * as with a walk by next key. */
void agg_map_read (int fd, size_t key_size, size_t val_bytes, struct agg_elems *e);

void agg_elems_free (struct agg_elems *e);

/* Delete the N keys at KEYS (KEY_SIZE bytes each); a key already gone is
 * skipped. */
void agg_map_delete (int fd, const uint8_t *keys, size_t n, size_t key_size);

/* Set the value of each of the N keys at KEYS that still exists to zero
 * (VAL_BYTES of zeros: every CPU's value). */
void agg_map_zero (int fd, const uint8_t *keys, size_t n, size_t key_size, size_t val_bytes);

#endif
