/* SPDX-License-Identifier: MIT */
/*
 * flamegraph.c — folded stacks and SVG flame graphs (see flamegraph.h).
 *
 * Paths are built as arrays of frame strings, sorted and summed; the SVG is
 * drawn from the sorted list directly: consecutive paths that share a
 * prefix share that prefix's rectangle, so one pass over the sorted paths
 * with a stack of open frames (name, start x, value so far) lays out every
 * rectangle.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat-int.h"
#include "consumer/output/flamegraph.h"
#include "common/vec.h"
#include "common/xalloc.h"

struct path {
  char **frames;
  size_t n;
  int64_t value;
};

struct paths {
  struct path *p;
  size_t n, cap;
};

bool
flame_agg_has_stack (const struct dfmt_agg *a)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  if (dfmt_agg_nbuckets (a))
    return false;
  for (size_t k = 0; k < d->nkeys; k++)
    if (d->keys[k].cls == DFMT_T_STACK)
      return true;
  return false;
}

/* Frame names may not hold the folded format's separators. */
static char *
clean (char *s)
{
  for (char *p = s; *p; p++)
    if (*p == ';' || *p == '\n')
      *p = '_';
  return s;
}

static void
collect (const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs, size_t naggs, struct paths *out)
{
  for (size_t j = 0; j < naggs; j++)
    {
      if (!flame_agg_has_stack (aggs[j]))
        continue;
      const struct dfmt_aggdesc *d = dfmt_agg_desc (aggs[j]);
      for (size_t i = 0; i < dfmt_agg_count (aggs[j]); i++)
        {
          const struct dfmt_value *keys = dfmt_agg_keys_at (aggs[j], i);
          struct path p = { NULL, 0, dfmt_agg_display (aggs[j], dfmt_agg_val_at (aggs[j], i)) };
          size_t cap = 0;
          for (size_t k = 0; k < d->nkeys; k++)
            {
              const struct dfmt_value *v = &keys[k];
              if (v->kind != DFMT_V_STACK)
                {
                  VEC_PUSH (p.frames, p.n, cap) = clean (dfmt_key_text (ctx, v));
                  continue;
                }
              size_t depth = 0;
              while (depth < v->u.stack.n && v->u.stack.pcs[depth])
                depth++;
              for (size_t f = depth; f-- > 0;)
                VEC_PUSH (p.frames, p.n, cap) = clean (dfmt_sym_text (ctx, v->u.stack.user, v->u.stack.pid,
                                                                      v->u.stack.pcs[f], DFMT_SYM_FUNC));
            }
          VEC_PUSH (out->p, out->n, out->cap) = p;
        }
    }
}

static int
path_cmp (const void *a, const void *b)
{
  const struct path *x = a, *y = b;
  for (size_t i = 0; i < x->n && i < y->n; i++)
    {
      int c = strcmp (x->frames[i], y->frames[i]);
      if (c)
        return c;
    }
  return x->n < y->n ? -1 : x->n > y->n;
}

static void
path_free (struct path *p)
{
  VEC_FREE_ALL (p->frames, p->n);
}

/* Sorted, equal paths summed, empty paths and zero values dropped. */
static void
gather (const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs, size_t naggs, struct paths *ps)
{
  memset (ps, 0, sizeof *ps);
  collect (ctx, aggs, naggs, ps);
  if (ps->n)
    qsort (ps->p, ps->n, sizeof *ps->p, path_cmp);
  size_t w = 0;
  for (size_t r = 0; r < ps->n; r++)
    {
      if (w && path_cmp (&ps->p[w - 1], &ps->p[r]) == 0)
        {
          ps->p[w - 1].value += ps->p[r].value;
          path_free (&ps->p[r]);
        }
      else
        ps->p[w++] = ps->p[r];
    }
  ps->n = w;
  w = 0;
  for (size_t r = 0; r < ps->n; r++)
    {
      if (ps->p[r].n == 0 || ps->p[r].value <= 0)
        path_free (&ps->p[r]);
      else
        ps->p[w++] = ps->p[r];
    }
  ps->n = w;
}

static void
paths_free (struct paths *ps)
{
  for (size_t i = 0; i < ps->n; i++)
    path_free (&ps->p[i]);
  free (ps->p);
}

void
flame_print_folded (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs, size_t naggs)
{
  struct paths ps;
  gather (ctx, aggs, naggs, &ps);
  for (size_t i = 0; i < ps.n; i++)
    {
      for (size_t f = 0; f < ps.p[i].n; f++)
        {
          if (f)
            dfmt_putc (o, ';');
          dfmt_puts (o, ps.p[i].frames[f]);
        }
      dfmt_outf (o, " %" PRId64 "\n", ps.p[i].value);
    }
  paths_free (&ps);
}

/* ------------------------------------------------------------------ */
/* SVG                                                                   */

#define SVG_WIDTH 1200.0
#define SVG_PAD 10.0
#define FRAME_H 16.0
#define CHAR_W 7.0

static void
put_escaped (struct dfmt_out *o, const char *s, size_t max)
{
  for (size_t i = 0; s[i] && i < max; i++)
    switch (s[i])
      {
      case '&': dfmt_puts (o, "&amp;"); break;
      case '<': dfmt_puts (o, "&lt;"); break;
      case '>': dfmt_puts (o, "&gt;"); break;
      case '"': dfmt_puts (o, "&quot;"); break;
      default:
        if ((unsigned char) s[i] >= 0x20 || s[i] == '\t')
          dfmt_putc (o, s[i]);
      }
}

struct svg {
  struct dfmt_out *o;
  int64_t total;
  double scale;                /* pixels per unit of value */
  size_t depth;                /* rows */
  double height;
};

/* One frame: NAME at DEPTH (0: the root) from value offset X, VALUE wide. */
static void
draw (const struct svg *g, const char *name, size_t depth, int64_t x, int64_t value)
{
  double px = SVG_PAD + (double) x * g->scale, w = (double) value * g->scale;
  double py = g->height - SVG_PAD - (double) (depth + 1) * FRAME_H;
  uint32_t h = 2166136261u;
  for (const char *p = name; *p; p++)
    h = (h ^ (unsigned char) *p) * 16777619u;
  unsigned r = 205 + h % 50, gr = 80 + (h >> 8) % 150, b = 40 + (h >> 16) % 40;
  double pct = g->total ? 100.0 * (double) value / (double) g->total : 0;
  dfmt_puts (g->o, "<g><title>");
  put_escaped (g->o, name, SIZE_MAX);
  dfmt_outf (g->o, " (%" PRId64 " samples, %.2f%%)</title>", value, pct);
  dfmt_outf (g->o, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"rgb(%u,%u,%u)\" rx=\"2\"/>",
             px, py, w, FRAME_H - 1, r, gr, b);
  size_t fit = (size_t) ((w - 6) / CHAR_W);
  if (fit >= 3)
    {
      size_t len = strlen (name);
      dfmt_outf (g->o, "<text x=\"%.2f\" y=\"%.1f\">", px + 3, py + FRAME_H - 4.5);
      if (len <= fit)
        put_escaped (g->o, name, len);
      else
        {
          put_escaped (g->o, name, fit - 2);
          dfmt_puts (g->o, "..");
        }
      dfmt_puts (g->o, "</text>");
    }
  dfmt_puts (g->o, "</g>\n");
}

void
flame_print_svg (struct dfmt_out *o, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs, size_t naggs)
{
  struct paths ps;
  gather (ctx, aggs, naggs, &ps);
  struct svg g = { .o = o };
  for (size_t i = 0; i < ps.n; i++)
    {
      g.total += ps.p[i].value;
      if (ps.p[i].n > g.depth)
        g.depth = ps.p[i].n;
    }
  g.scale = g.total ? (SVG_WIDTH - 2 * SVG_PAD) / (double) g.total : 0;
  g.height = (double) (g.depth + 1) * FRAME_H + 2 * SVG_PAD + 24;
  dfmt_outf (o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
             "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
             "viewBox=\"0 0 %.0f %.0f\" style=\"background-color:#f8f8f0\">\n"
             "<style>text { font-family: monospace; font-size: 12px; fill: #000; }</style>\n"
             "<text x=\"%.0f\" y=\"20\" style=\"font-size:15px\">Flame graph (dtrace -x oformat=svg): "
             "%" PRId64 " samples</text>\n",
             SVG_WIDTH, g.height, SVG_WIDTH, g.height, SVG_PAD, g.total);
  if (g.total > 0)
    draw (&g, "all", 0, 0, g.total);
  /* open[d]: the frame at depth d+1 being drawn: where it starts, its
   * value so far; closed (drawn) when the next path leaves it */
  struct open { const char *name; int64_t x, value; } *open = xcalloc (g.depth + 1, sizeof *open);
  size_t nopen = 0;
  int64_t x = 0;
  for (size_t i = 0; i < ps.n; i++)
    {
      const struct path *p = &ps.p[i];
      size_t keep = 0;
      while (keep < nopen && keep < p->n && strcmp (open[keep].name, p->frames[keep]) == 0)
        keep++;
      while (nopen > keep)
        {
          nopen--;
          draw (&g, open[nopen].name, nopen + 1, open[nopen].x, open[nopen].value);
        }
      for (size_t d = 0; d < p->n; d++)
        {
          if (d >= nopen)
            {
              open[d] = (struct open) { p->frames[d], x, 0 };
              nopen = d + 1;
            }
          open[d].value += p->value;
        }
      x += p->value;
    }
  while (nopen > 0)
    {
      nopen--;
      draw (&g, open[nopen].name, nopen + 1, open[nopen].x, open[nopen].value);
    }
  free (open);
  dfmt_puts (o, "</svg>\n");
  paths_free (&ps);
}
