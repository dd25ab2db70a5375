/* SPDX-License-Identifier: MIT */
/*
 * json-output.c — records, aggregations, faults and drops as JSON objects
 * (the layout is described in json-output.h).
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/output/json-output.h"
#include "common/xalloc.h"

void
json_value (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  switch (v->kind)
    {
    case DFMT_V_INT:
      if (v->u.i.is_signed)
        jw_int (w, v->u.i.v);
      else
        jw_uint (w, dfmt_int_bits (v));
      break;
    case DFMT_V_STRING:
      jw_string_n (w, v->u.str.s ? v->u.str.s : "", v->u.str.s ? strnlen (v->u.str.s, v->u.str.len) : 0);
      break;
    case DFMT_V_SYM:
      {
        char *t = dfmt_sym_text (ctx, v->u.sym.user, v->u.sym.pid, v->u.sym.pc, v->u.sym.form);
        jw_string (w, t);
        free (t);
        break;
      }
    case DFMT_V_STACK:
      jw_array_begin (w);
      for (size_t i = 0; i < v->u.stack.n && v->u.stack.pcs[i] != 0; i++)
        {
          char *t = dfmt_sym_text (ctx, v->u.stack.user, v->u.stack.pid, v->u.stack.pcs[i], DFMT_SYM_ADDR);
          jw_string (w, t);
          free (t);
        }
      jw_array_end (w);
      break;
    case DFMT_V_BYTES:
      jw_array_begin (w);
      for (size_t i = 0; i < v->u.bytes.len; i++)
        jw_uint (w, v->u.bytes.p[i]);
      jw_array_end (w);
      break;
    }
}

static void
probe_fields (struct json_writer *w, const struct dfmt_probe *p)
{
  jw_member_uint (w, "id", p->id);
  jw_member_string (w, "provider", p->provider ? p->provider : "");
  jw_member_string (w, "module", p->module ? p->module : "");
  jw_member_string (w, "function", p->function ? p->function : "");
  jw_member_string (w, "name", p->name ? p->name : "");
}

void
json_probe_begin (struct json_writer *w, const struct dfmt_probe *p, uint64_t timestamp,
                  uint64_t walltimestamp, int32_t pid)
{
  jw_object_begin (w);
  jw_member_string (w, "type", "probe");
  jw_member_uint (w, "timestamp", timestamp);
  jw_member_uint (w, "walltimestamp", walltimestamp);
  jw_member_int (w, "cpu", p->cpu);
  jw_member_int (w, "pid", pid);
  probe_fields (w, p);
  jw_key (w, "output");
  jw_array_begin (w);
}

void
json_probe_end (struct json_writer *w)
{
  jw_array_end (w);
  jw_object_end (w);
}

void
json_probe_trace (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_value *v)
{
  jw_object_begin (w);
  jw_member_string (w, "action", "trace");
  jw_key (w, "value");
  json_value (w, ctx, v);
  jw_object_end (w);
}

void
json_probe_printf (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                   const struct dfmt_value *args, size_t nargs)
{
  struct dfmt_out text;
  dfmt_out_buffer (&text);
  dfmt_printf (&text, ctx, f, args, nargs);
  jw_object_begin (w);
  jw_member_string (w, "action", "printf");
  jw_key (w, "text");
  jw_string_n (w, dfmt_out_text (&text), text.len);
  jw_key (w, "args");
  jw_array_begin (w);
  for (size_t i = 0; i < nargs; i++)
    json_value (w, ctx, &args[i]);
  jw_array_end (w);
  jw_object_end (w);
  dfmt_out_release (&text);
}

void
json_probe_exit (struct json_writer *w, int status)
{
  jw_object_begin (w);
  jw_member_string (w, "action", "exit");
  jw_member_int (w, "status", status);
  jw_object_end (w);
}


/* A bucket's label: a number when the text row shows one. */
static void
bucket_label (struct json_writer *w, const struct dfmt_aggdesc *d, unsigned b)
{
  char label[64], *end;
  dfmt_quant_label (d, b, label, sizeof label);
  long long v = strtoll (label, &end, 10);
  if (end != label && *end == '\0')
    jw_int (w, v);
  else
    jw_string (w, label);
}

static void
entry_value (struct json_writer *w, const struct dfmt_agg *a, const struct dfmt_aggval *e)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  int64_t shown = dfmt_agg_display (a, e);
  switch (d->fn)
    {
    case DFMT_AGG_QUANTIZE: case DFMT_AGG_LQUANTIZE: case DFMT_AGG_LLQUANTIZE:
      {
        uint64_t normal = dfmt_agg_normal (a);
        jw_key (w, "buckets");
        jw_array_begin (w);
        for (unsigned b = 0; b < dfmt_agg_nbuckets (a); b++)
          if (e->buckets && e->buckets[b])
            {
              jw_array_begin (w);
              bucket_label (w, d, b);
              jw_int (w, normal > 1 ? e->buckets[b] / (int64_t) normal : e->buckets[b]);
              jw_array_end (w);
            }
        jw_array_end (w);
        break;
      }
    case DFMT_AGG_STDDEV:
      jw_member_uint (w, "value", (uint64_t) shown);
      break;
    case DFMT_AGG_AVG:
      jw_member_int (w, "value", shown);
      jw_member_int (w, "count", e->count);
      jw_member_int (w, "sum", e->sum);
      break;
    default:
      jw_member_int (w, "value", shown);
      break;
    }
}

/* The members of an aggregation object (without its braces). */
static void
aggregation_members (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_agg *a)
{
  const struct dfmt_aggdesc *d = dfmt_agg_desc (a);
  jw_member_string (w, "name", d->name ? d->name : "");
  jw_member_string (w, "function", dfmt_aggfn_name (d->fn));
  size_t n = dfmt_agg_count (a);
  size_t *order = xcalloc (n ? n : 1, sizeof *order);
  n = dfmt_agg_print_order (ctx, a, order);
  jw_key (w, "entries");
  jw_array_begin (w);
  for (size_t i = 0; i < n; i++)
    {
      const struct dfmt_value *keys = dfmt_agg_keys_at (a, order[i]);
      jw_object_begin (w);
      jw_key (w, "keys");
      jw_array_begin (w);
      for (size_t k = 0; k < d->nkeys; k++)
        json_value (w, ctx, &keys[k]);
      jw_array_end (w);
      entry_value (w, a, dfmt_agg_val_at (a, order[i]));
      jw_object_end (w);
    }
  jw_array_end (w);
  free (order);
}

void
json_probe_printa (struct json_writer *w, const struct dfmt_ctx *ctx, struct dfmt_agg *const *aggs,
                   size_t naggs)
{
  jw_object_begin (w);
  jw_member_string (w, "action", "printa");
  jw_key (w, "aggregations");
  jw_array_begin (w);
  for (size_t i = 0; i < naggs; i++)
    {
      jw_object_begin (w);
      aggregation_members (w, ctx, aggs[i]);
      jw_object_end (w);
      if (dfmt_agg_count (aggs[i]))
        dfmt_agg_set_printed (aggs[i], true);
    }
  jw_array_end (w);
  jw_object_end (w);
}

void
json_aggregation (struct json_writer *w, const struct dfmt_ctx *ctx, const struct dfmt_agg *a)
{
  jw_object_begin (w);
  jw_member_string (w, "type", "aggregation");
  aggregation_members (w, ctx, a);
  jw_object_end (w);
}

void
json_error (struct json_writer *w, const struct json_fault *f)
{
  jw_object_begin (w);
  jw_member_string (w, "type", "error");
  jw_member_uint (w, "epid", f->epid);
  probe_fields (w, f->probe);
  jw_member_string (w, "fault", f->fault);
  if (f->has_address)
    jw_member_uint (w, "address", f->address);
  jw_member_uint (w, "action", f->action);
  jw_member_uint (w, "offset", f->offset);
  jw_member_string (w, "message", f->message);
  jw_object_end (w);
}

void
json_drop (struct json_writer *w, const char *kind, int cpu, uint64_t count, const char *message)
{
  jw_object_begin (w);
  jw_member_string (w, "type", "drop");
  jw_member_string (w, "kind", kind);
  if (cpu >= 0)
    jw_member_int (w, "cpu", cpu);
  jw_member_uint (w, "count", count);
  jw_member_string (w, "message", message);
  jw_object_end (w);
}
