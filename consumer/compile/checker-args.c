/* SPDX-License-Identifier: MIT */
/*
 * checker-args.c — the C types of args[N] and types completed on demand
 * (checker-int.h), both from the target's resolver (dprog.h struct
 * dtarget, ctype.h struct ctype_resolver).
 *
 * args[N] of a pid entry probe is the function's parameter N as its DWARF
 * declares it, when every description of the clause names the same
 * function (literally, no glob) at `entry` of a pid provider; otherwise,
 * and for USDT probes (their notes give only each argument's size; the
 * provider's .d is not in the program), args[N] is a 64-bit integer as
 * before.
 *
 * A struct or union read from DWARF can be incomplete because the reader
 * converts only part of what a type reaches through pointers; asking the
 * resolver for it by name (in its module) fills the same node in.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "common/xalloc.h"

/* provider:module:function:name, the rightmost fields given; fields[0..3]
 * malloc'd ("" when absent).  False when there are more than four. */
static bool
split_desc (const char *text, char *fields[4])
{
  const char *parts[4];
  size_t lens[4], n = 0;
  const char *p = text;
  for (;;)
    {
      const char *colon = strchr (p, ':');
      if (n == 4)
        return false;
      parts[n] = p;
      lens[n] = colon ? (size_t) (colon - p) : strlen (p);
      n++;
      if (!colon)
        break;
      p = colon + 1;
    }
  for (size_t i = 0; i < 4; i++)
    fields[i] = i < 4 - n ? xstrdup ("") : xstrndup (parts[i - (4 - n)], lens[i - (4 - n)]);
  return true;
}

static bool
is_literal (const char *s)
{
  return s[0] && !strpbrk (s, "*?[\\$");
}

/* The module and function every description of the clause names at a pid
 * provider's entry; false when they do not all agree. */
static bool
pid_entry_function (struct ck *c, char **module, char **func)
{
  const struct d_clause_ast *ast = c->clause ? c->clause->ast : NULL;
  *module = *func = NULL;
  bool ok = ast && ast->ndescs > 0;
  for (size_t i = 0; ok && i < ast->ndescs; i++)
    {
      char *f[4];
      if (!split_desc (ast->descs[i].text, f))
        {
          ok = false;
          break;
        }
      ok = strncmp (f[0], "pid", 3) == 0 && strcmp (f[3], "entry") == 0 && is_literal (f[2])
           && (!*func || (strcmp (*func, f[2]) == 0 && strcmp (*module, f[1]) == 0));
      if (ok && !*func)
        {
          *module = xstrdup (f[1]);
          *func = xstrdup (f[2]);
        }
      for (int k = 0; k < 4; k++)
        free (f[k]);
    }
  if (!ok)
    {
      free (*module);
      free (*func);
      *module = *func = NULL;
    }
  return ok;
}

int
ck_args_type (struct ck *c, unsigned index, const struct d_loc *loc, struct dtype *out)
{
  const struct ctype_resolver *r = &c->prog->target.resolver;
  char *module, *func;
  if (!r->func_arg || !pid_entry_function (c, &module, &func))
    return 0;
  /* a path names the file's module by its base name; "" any module */
  const char *slash = strrchr (module, '/');
  const char *mod = !module[0] || !is_literal (module) ? NULL : slash ? slash + 1 : module;
  char *error = NULL;
  const struct ctype *t = r->func_arg (r->ctx, ck_types (c), mod, func, index, &error);
  int rc = 0;
  if (error)
    {
      ck_err (c, loc, "failed to resolve the type of args[%u] of %s: %s", index, func, error);
      rc = -1;
    }
  else if (t)
    {
      struct dtype d = ck_dtype_of (t);
      /* scalars only: a struct passed by value stays a raw register */
      if (d.kind == DT_INTEGER)
        *out = d;
    }
  FREE_ALL (error, module, func);
  return rc;
}

const struct ctype *
ck_complete (struct ck *c, const struct ctype *t)
{
  const struct ctype *r = ctype_resolve (t);
  const struct ctype_resolver *res = &c->prog->target.resolver;
  if (!r || r->complete || !r->module || !r->name || !res->lookup
      || (r->kind != CT_STRUCT && r->kind != CT_UNION))
    return r;
  char *error = NULL;
  const struct ctype *full = res->lookup (res->ctx, ck_types (c), r->kind, r->module, r->name, &error);
  free (error);
  return full && full->complete ? full : r;
}
