/* SPDX-License-Identifier: MIT */
/*
 * speculation.c — the consumer's side of speculative tracing (design in
 * speculation.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/speculation.h"
#include "common/vec.h"
#include "common/xalloc.h"

struct spec_rec {
  void *data;
  size_t size;
};

struct spec_list {
  struct spec_rec *recs;
  size_t n, cap;
};

struct spec_store {
  const struct dprog *prog;
  size_t nspec;
  struct spec_list *lists;     /* [id], 1..nspec */
};

struct spec_store *
spec_store_new (const struct dprog *p)
{
  struct spec_store *s = xcalloc (1, sizeof *s);
  s->prog = p;
  s->nspec = p->nspec;
  s->lists = xcalloc (s->nspec + 1, sizeof *s->lists);
  return s;
}

static void
list_clear (struct spec_list *l)
{
  for (size_t i = 0; i < l->n; i++)
    free (l->recs[i].data);
  l->n = 0;
}

void
spec_store_free (struct spec_store *s)
{
  if (!s)
    return;
  for (size_t i = 0; i <= s->nspec; i++)
    {
      list_clear (&s->lists[i]);
      free (s->lists[i].recs);
    }
  free (s->lists);
  free (s);
}

bool
spec_keep (struct spec_store *s, const void *rec, size_t size)
{
  if (size < REC_HEADER_SIZE)
    return false;
  uint32_t id;
  memcpy (&id, (const uint8_t *) rec + REC_SPEC_OFF, 4);
  if (id == 0)
    return false;
  if (id > s->nspec)
    return true;   /* cannot happen: the program checks; never print it */
  struct spec_list *l = &s->lists[id];
  VEC_GROW (l->recs, l->n, l->cap);
  l->recs[l->n].data = xmalloc (size);
  memcpy (l->recs[l->n].data, rec, size);
  l->recs[l->n].size = size;
  l->n++;
  return true;
}

void
spec_settle (struct spec_store *s, const void *rec, size_t size,
             void (*emit) (void *arg, const void *rec, size_t size), void *arg)
{
  const uint8_t *r = rec;
  uint32_t ci;
  if (size < REC_HEADER_SIZE)
    return;
  memcpy (&ci, r, 4);
  if (ci >= s->prog->nclauses)
    return;
  const struct dclause *cl = &s->prog->clauses[ci];
  if (size < cl->rec_size)
    return;
  for (size_t i = 0; i < cl->nactions; i++)
    {
      const struct daction *a = &cl->actions[i];
      if ((a->kind != ACT_COMMIT && a->kind != ACT_DISCARD) || !dclause_action_ran (cl, r, i) || a->nitems < 1
          || a->items[0].offset + 8 > size)
        continue;
      uint64_t id;
      memcpy (&id, r + a->items[0].offset, 8);
      if (id == 0 || id > s->nspec)
        continue;   /* commit(0) and discard(0) do nothing */
      struct spec_list *l = &s->lists[id];
      if (a->kind == ACT_COMMIT)
        {
          /* take the list first: a committed record cannot add to it */
          struct spec_list taken = *l;
          memset (l, 0, sizeof *l);
          for (size_t k = 0; k < taken.n; k++)
            emit (arg, taken.recs[k].data, taken.recs[k].size);
          list_clear (&taken);
          free (taken.recs);
        }
      else
        list_clear (l);
    }
}
