/* SPDX-License-Identifier: MIT */
/*
 * agg-maps.c — an aggregation map's elements in batches (agg-maps.h).
 *
 * A batch lookup of a hash map walks its buckets: each call returns up to
 * COUNT elements and a token (the next bucket) to pass to the next call,
 * and fails with ENOENT once the last bucket is done (with the elements of
 * that last call counted), or with ENOSPC when one bucket holds more
 * elements than COUNT (nothing read: ask again with room for more).  Any
 * other failure of the first batch call means the kernel has no batch
 * commands for this map: the walk by next key is used from then on.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/agg-maps.h"
#include "common/xalloc.h"

enum { BATCH_FIRST = 256 };

/* The kernel refused a batch command once (or SDTKIT_NO_MAP_BATCH is set,
 * which the tests use to run the other path): one element at a time. */
static bool no_batch, no_batch_known;

static bool
batch_off (void)
{
  if (!no_batch_known)
    {
      no_batch_known = true;
      no_batch = no_batch || getenv ("SDTKIT_NO_MAP_BATCH") != NULL;
    }
  return no_batch;
}

static bool
unsupported (int err)
{
  /* 524 is the kernel's ENOTSUPP, which reaches user space as is */
  return err == EINVAL || err == EOPNOTSUPP || err == ENOSYS || err == 524;
}

/* Make room in E for N + MORE elements. */
static void
reserve (struct agg_elems *e, size_t n, size_t more, size_t key_size, size_t val_bytes)
{
  if (n + more <= e->cap)
    return;
  while (e->cap < n + more)
    e->cap = e->cap ? e->cap * 2 : BATCH_FIRST;
  e->keys = xrealloc (e->keys, e->cap * key_size);
  e->vals = xrealloc (e->vals, e->cap * val_bytes);
}

static void
read_one_by_one (int fd, size_t key_size, size_t val_bytes, struct agg_elems *e)
{
  uint8_t *cur = xcalloc (1, key_size);
  bool first = true;
  e->n = 0;
  while (reserve (e, e->n, 1, key_size, val_bytes),
         bpf_map_get_next_key (fd, first ? NULL : cur, e->keys + e->n * key_size) == 0)
    {
      first = false;
      memcpy (cur, e->keys + e->n * key_size, key_size);
      /* a key deleted since it was named is left out */
      if (bpf_map_lookup_elem (fd, cur, e->vals + e->n * val_bytes) == 0)
        e->n++;
    }
  free (cur);
}

void
agg_map_read (int fd, size_t key_size, size_t val_bytes, struct agg_elems *e)
{
  if (batch_off ())
    {
      read_one_by_one (fd, key_size, val_bytes, e);
      return;
    }
  /* the token is a bucket index for hash maps; room for a key, to be safe */
  size_t toksz = key_size > 8 ? key_size : 8;
  uint8_t *tok_in = xcalloc (1, toksz), *tok_out = xcalloc (1, toksz);
  bool first = true;
  size_t want = BATCH_FIRST;
  e->n = 0;
  for (;;)
    {
      /* as many as the buffers hold (as many as last time), at least WANT */
      reserve (e, e->n, want, key_size, val_bytes);
      __u32 count = (__u32) (e->cap - e->n);
      int err = bpf_map_lookup_batch (fd, first ? NULL : tok_in, tok_out, e->keys + e->n * key_size,
                                      e->vals + e->n * val_bytes, &count, NULL) ? errno : 0;
      if (err && err != ENOENT && err != ENOSPC)
        {
          if (e->n == 0 && first && unsupported (err))
            {
              no_batch = true;
              read_one_by_one (fd, key_size, val_bytes, e);
            }
          break;                /* else keep what was read */
        }
      e->n += count;
      if (err == ENOENT)
        break;
      if (err == ENOSPC && count == 0)
        {
          /* one bucket holds more elements than there was room for */
          want = (e->cap - e->n) * 2;
          continue;
        }
      memcpy (tok_in, tok_out, toksz);
      first = false;
    }
  FREE_ALL (tok_in, tok_out);
}

void
agg_elems_free (struct agg_elems *e)
{
  FREE_ALL (e->keys, e->vals);
  *e = (struct agg_elems) { 0 };
}

/* After a failed batch delete or update of KEYS[*I ..]: true to go on in
 * batches (the key at *I + COUNT is gone: skip it), false to finish one key
 * at a time from *I (the kernel has no such batch command, or refused it
 * before doing anything: done again one by one, nothing changes twice). */
static bool
batch_goes_on (size_t *i, __u32 count)
{
  if (errno != ENOENT)
    return false;
  *i += count + 1;
  return true;
}

void
agg_map_delete (int fd, const uint8_t *keys, size_t n, size_t key_size)
{
  size_t i = 0;
  while (i < n && !batch_off ())
    {
      __u32 count = (__u32) (n - i);
      if (bpf_map_delete_batch (fd, keys + i * key_size, &count, NULL) == 0)
        return;
      if (!batch_goes_on (&i, count))
        break;
    }
  for (; i < n; i++)
    bpf_map_delete_elem (fd, keys + i * key_size);
}

void
agg_map_zero (int fd, const uint8_t *keys, size_t n, size_t key_size, size_t val_bytes)
{
  if (n == 0)
    return;
  uint8_t *zeros = xcalloc (n, val_bytes);
  size_t i = 0;
  /* the batch update takes no BPF_EXIST; only this process deletes keys,
   * so none of these can have gone and be made again */
  while (i < n && !batch_off ())
    {
      __u32 count = (__u32) (n - i);
      if (bpf_map_update_batch (fd, keys + i * key_size, zeros, &count, NULL) == 0)
        {
          i = n;
          break;
        }
      if (!batch_goes_on (&i, count))
        break;
    }
  for (; i < n; i++)
    bpf_map_update_elem (fd, keys + i * key_size, zeros, BPF_EXIST);
  free (zeros);
}
