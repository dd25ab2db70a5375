/* SPDX-License-Identifier: MIT */
/*
 * dformat-setopt.c — setopt() while tracing (dformat-setopt.h).  Only the
 * output options can change once tracing runs: quiet, rawbytes and the
 * aggregation sort options.  The switches take "0"/"false"/"unset" to turn
 * off; the positions a decimal number.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat-setopt.h"

static bool
switch_value (const char *value, bool *out)
{
  if (!value || !*value || strcmp (value, "1") == 0 || strcmp (value, "true") == 0
      || strcmp (value, "set") == 0)
    *out = true;
  else if (strcmp (value, "0") == 0 || strcmp (value, "false") == 0 || strcmp (value, "unset") == 0)
    *out = false;
  else
    return false;
  return true;
}

static bool
position_value (const char *value, unsigned *out)
{
  char *end;
  if (!value || *value < '0' || *value > '9')
    return false;
  unsigned long v = strtoul (value, &end, 10);
  if (*end || v > 64)
    return false;
  *out = (unsigned) v;
  return true;
}

bool
dfmt_setopt (struct dfmt_ctx *ctx, const char *name, const char *value)
{
  static const struct { const char *name; size_t off; } switches[] = {
    { "quiet", offsetof (struct dfmt_ctx, quiet) },
    { "rawbytes", offsetof (struct dfmt_ctx, rawbytes) },
    { "aggsortkey", offsetof (struct dfmt_ctx, aggsortkey) },
    { "aggsortrev", offsetof (struct dfmt_ctx, aggsortrev) },
  };
  for (size_t i = 0; i < sizeof switches / sizeof switches[0]; i++)
    if (strcmp (name, switches[i].name) == 0)
      return switch_value (value, (bool *) ((char *) ctx + switches[i].off));
  if (strcmp (name, "aggsortpos") == 0)
    return position_value (value, &ctx->aggsortpos);
  if (strcmp (name, "aggsortkeypos") == 0)
    return position_value (value, &ctx->aggsortkeypos);
  return false;
}
