/* SPDX-License-Identifier: MIT */
/*
 * checker-args.c — the C types of args[N] and types completed on demand
 * (checker-int.h), both from the target's resolver (dprog.h struct
 * dtarget, ctype.h struct ctype_resolver).
 *
 * args[N] of a pid entry probe is the function's parameter N as its DWARF
 * declares it, when every description of the clause names the same
 * function (literally, no glob) at `entry` of a pid provider.
 *
 * args[N] of a USDT probe is the type its provider's .d declares, which
 * `dtrace -h` and `dtrace -G` record in the program (doc/d-types.md):
 * when every description of the clause matches USDT probes and every one
 * of them carries its declaration, the types must agree (an error names
 * both otherwise); names in them are the probe's module's (its DWARF), or
 * D's built-in integer types.  A type that cannot be resolved (no debug
 * information), a floating-point or function type, or a probe without a
 * declaration (systemtap's <sys/sdt.h>, older binaries) leaves args[N] a
 * 64-bit integer as before.
 *
 * args[N] of a proc or sched probe (probes/kernel-probes.h) is the type
 * below when every description of the clause names that probe (literally)
 * and the probe gives it a type: proc:::exec's args[0] is the path, a
 * string (arg0 its user address); the process and thread ids are int.
 *
 * A struct or union read from DWARF can be incomplete because the reader
 * converts only part of what a type reaches through pointers; asking the
 * resolver for it by name (in its module) fills the same node in.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "consumer/compile/kernel-argtypes.h"
#include "common/vec.h"
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

/* The words a declared type may use besides names. */
static bool
is_type_keyword (const char *w)
{
  static const char *const words[] = { "const", "volatile", "restrict", "signed", "unsigned",
                                       "short", "long", "char", "int", "void" };
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strcmp (w, words[i]) == 0)
      return true;
  return false;
}

/* TYPE (a declared type's text) with its tags and typedef names scoped to
 * MODULE ("struct a.out`request *"), each name checked to exist there
 * first (D's built-in typedefs stay D's); NULL when a name is unknown or
 * the type is one args[] are not typed with.  Malloc'd. */
static char *
scoped_type_text (struct ck *c, const char *module, const char *type)
{
  const struct ctype_resolver *r = &c->prog->target.resolver;
  size_t len = 0, cap = 0;
  char *out = NULL;
  enum ctype_kind tag = CT_VOID;
  bool ok = true;
  for (const char *p = type; *p && ok;)
    {
      const char *q = p;
      char *piece;
      if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
        {
          while (*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))
            q++;
          char *w = xstrndup (p, (size_t) (q - p));
          enum ctype_kind kind = tag != CT_VOID ? tag : CT_TYPEDEF;
          tag = !strcmp (w, "struct") ? CT_STRUCT : !strcmp (w, "union") ? CT_UNION
                : !strcmp (w, "enum") ? CT_ENUM : CT_VOID;
          if (tag != CT_VOID || is_type_keyword (w)
              || (kind == CT_TYPEDEF && ctype_builtin (ck_types (c), w)))
            piece = w;
          else
            {
              char *error = NULL;
              ok = r->lookup && r->lookup (r->ctx, ck_types (c), kind, module, w, &error) != NULL;
              free (error);
              piece = xasprintf ("%s`%s", module, w);
              free (w);
            }
        }
      else if (*p == ' ' || *p == '*' || *p == '[' || *p == ']' || (*p >= '0' && *p <= '9'))
        {
          while (*q == ' ' || *q == '*' || *q == '[' || *q == ']' || (*q >= '0' && *q <= '9'))
            q++;
          piece = xstrndup (p, (size_t) (q - p));
        }
      else
        break;                  /* "(" of a function type, anything else */
      size_t k = strlen (piece);
      VEC_RESERVE (out, len, cap, k + 1);
      memcpy (out + len, piece, k + 1);
      len += k;
      free (piece);
      p = q;
      if (!*p)
        return ok ? out : (free (out), NULL);
    }
  free (out);
  return NULL;
}

/* The C type of a USDT probe's declared argument, or NULL (untyped). */
static const struct ctype *
declared_type (struct ck *c, const char *module, const char *type, const struct d_loc *loc)
{
  char *text = type ? scoped_type_text (c, module, type) : NULL;
  if (!text)
    return NULL;
  bool is_string = false;
  unsigned errors = (unsigned) c->errors;
  const struct ctype *t = ck_ctype (c, text, NULL, loc, &is_string);
  free (text);
  return (unsigned) c->errors == errors ? t : NULL;
}

/* args[INDEX] of the USDT probes the clause's descriptions match: 0 (OUT
 * set when typed), or -1 after an error. */
static int
usdt_args_type (struct ck *c, unsigned index, const struct d_loc *loc, struct dtype *out)
{
  const struct ctype_resolver *r = &c->prog->target.resolver;
  const struct d_clause_ast *ast = c->clause ? c->clause->ast : NULL;
  if (!r->usdt_args || !ast || ast->ndescs == 0)
    return 0;
  const char **texts = xcalloc (ast->ndescs, sizeof *texts);
  for (size_t i = 0; i < ast->ndescs; i++)
    texts[i] = ast->descs[i].text;
  struct ctype_probe_args *pa;
  bool every_desc;
  size_t n = r->usdt_args (r->usdt_ctx, texts, ast->ndescs, &pa, &every_desc);
  free (texts);
  bool declared = n > 0 && every_desc;
  for (size_t i = 0; i < n; i++)
    declared = declared && pa[i].declared;
  int rc = 0;
  const struct ctype *first = NULL;
  size_t first_i = 0;
  for (size_t i = 0; declared && rc == 0 && i < n; i++)
    {
      if (index >= pa[i].nargs)
        {
          ck_err (c, loc, "args[%u] is out of range: probe %s declares %zu argument%s", index,
                  pa[i].probe, pa[i].nargs, pa[i].nargs == 1 ? "" : "s");
          rc = -1;
          break;
        }
      const struct ctype *t = declared_type (c, pa[i].module, pa[i].types[index], loc);
      if (!t)
        {
          first = NULL;         /* one probe's type is unknown: untyped */
          break;
        }
      if (!first)
        {
          first = t;
          first_i = i;
        }
      else if (!ctype_equal (first, t))
        {
          ck_err (c, loc, "args[%u] has different types in the probes this clause matches: "
                  "%s in %s, %s in %s", index, pa[first_i].types[index], pa[first_i].probe,
                  pa[i].types[index], pa[i].probe);
          rc = -1;
        }
    }
  if (rc == 0 && first)
    {
      struct dtype d = ck_dtype_of (first);
      if (d.kind == DT_INTEGER)
        *out = d;
    }
  ctype_probe_args_free (pa, n);
  return rc;
}

/* The module a pid probe description's MODULE names: a path names the
 * file's module by its base name; NULL for any module ("" or a pattern). */
static const char *
module_of_desc (const char *module)
{
  const char *slash = strrchr (module, '/');
  return !module[0] || !is_literal (module) ? NULL : slash ? slash + 1 : module;
}

/* The kernel probe every description of the clause names (proc, sched,
 * io or lockstat, literally): its kernel-argtypes.h row, or NULL. */
static const struct kernel_argtypes *
kernel_args_row (struct ck *c)
{
  const struct d_clause_ast *ast = c->clause ? c->clause->ast : NULL;
  if (!ast || ast->ndescs == 0)
    return NULL;
  const struct kernel_argtypes *found = NULL;
  for (size_t i = 0; i < ast->ndescs; i++)
    {
      char *f[4];
      if (!split_desc (ast->descs[i].text, f))
        return NULL;
      const struct kernel_argtypes *hit = NULL;
      if ((!f[1][0] || strcmp (f[1], "vmlinux") == 0) && !f[2][0])
        hit = kernel_argtypes_find (f[0], f[3]);
      for (int k = 0; k < 4; k++)
        free (f[k]);
      if (!hit || (found && found != hit))
        return NULL;
      found = hit;
    }
  return found;
}

/* args[INDEX] of a clause whose every description names the same kernel
 * probe, when the table types it: its type into *OUT, true. */
static bool
kernel_args_type (struct ck *c, unsigned index, struct dtype *out)
{
  const struct kernel_argtypes *row = kernel_args_row (c);
  if (!row || index >= 32 || !(row->values & (1u << index)))
    return false;
  bool string = index < KERNEL_ARGTYPES_MAX && row->types[index] && strcmp (row->types[index], "string") == 0;
  *out = string ? T_STRING : T_INT;
  return true;
}

const char *
ck_kernel_args_xlate (struct ck *c, unsigned index, int *slot)
{
  const struct kernel_argtypes *row = kernel_args_row (c);
  if (!row || index >= KERNEL_ARGTYPES_MAX || !row->types[index])
    return NULL;
  const char *t = row->types[index];
  if (strcmp (t, "cpuinfo_t *") == 0 && (row->values & (1u << index)))
    {
      *slot = (int) index;      /* the CPU number itself */
      return t;
    }
  if (row->task_slot < 0 || (strcmp (t, "psinfo_t *") != 0 && strcmp (t, "lwpsinfo_t *") != 0))
    return NULL;
  *slot = row->task_slot;
  return t;
}

/* The function every description of the clause names literally at fbt's
 * entry or return (*RET), malloc'd; NULL when they do not all agree. */
static char *
fbt_function (struct ck *c, bool *ret)
{
  const struct d_clause_ast *ast = c->clause ? c->clause->ast : NULL;
  char *func = NULL;
  bool ok = ast && ast->ndescs > 0;
  for (size_t i = 0; ok && i < ast->ndescs; i++)
    {
      char *f[4];
      if (!split_desc (ast->descs[i].text, f))
        {
          ok = false;
          break;
        }
      bool r = strcmp (f[3], "return") == 0;
      ok = strcmp (f[0], "fbt") == 0 && (r || strcmp (f[3], "entry") == 0) && is_literal (f[2])
           && (!f[1][0] || strcmp (f[1], "vmlinux") == 0)
           && (!func || (strcmp (func, f[2]) == 0 && *ret == r));
      if (ok && !func)
        {
          func = xstrdup (f[2]);
          *ret = r;
        }
      for (int k = 0; k < 4; k++)
        free (f[k]);
    }
  if (!ok)
    {
      free (func);
      func = NULL;
    }
  return func;
}

/* args[INDEX] of an fbt probe: the parameter's type from the kernel's BTF
 * at entry; at return args[1] is the return value's.  Integers and
 * pointers only (a struct passed by value stays an integer). */
static bool
fbt_args_type (struct ck *c, unsigned index, struct dtype *out)
{
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  bool ret = false;
  char *func = k->func_arg ? fbt_function (c, &ret) : NULL;
  if (!func)
    return false;
  char *error = NULL;
  const struct ctype *t = NULL;
  if (!ret)
    t = k->func_arg (k->ctx, ck_types (c), "vmlinux", func, index, &error);
  else if (index == 1)
    t = k->func_arg (k->ctx, ck_types (c), "vmlinux", func, 12, &error);   /* 12: the return type */
  free (error);
  free (func);
  if (!t)
    return false;
  struct dtype d = ck_dtype_of (t);
  if (d.kind != DT_INTEGER)
    return false;
  *out = d;
  return true;
}

/* args[INDEX] of an sdt probe: the tracepoint field's type (an integer of
 * its size and sign, a string for a char array), when every description
 * of the clause names literally a tracepoint whose field agrees. */
static bool
sdt_args_type (struct ck *c, unsigned index, struct dtype *out)
{
  const struct d_clause_ast *ast = c->clause ? c->clause->ast : NULL;
  int (*type) (const char *, const char *, unsigned, uint8_t *) = c->prog->target.sdt_arg_type;
  if (!ast || ast->ndescs == 0 || !type)
    return false;
  int kind = 0;
  uint8_t width = 0;
  for (size_t i = 0; i < ast->ndescs; i++)
    {
      char *f[4];
      if (!split_desc (ast->descs[i].text, f))
        return false;
      uint8_t w = 0;
      int k = strcmp (f[0], "sdt") == 0 && f[1][0] && is_literal (f[1]) && !f[2][0] && is_literal (f[3])
              ? type (f[1], f[3], index, &w) : 0;
      for (int j = 0; j < 4; j++)
        free (f[j]);
      if (k == 0 || (i > 0 && (k != kind || w != width)))
        return false;
      kind = k;
      width = w;
    }
  if (kind == 2)
    *out = T_STRING;
  else
    *out = (struct dtype) { DT_INTEGER, (uint8_t) (width & 0x7f), (width & 0x80) != 0, false, NULL };
  return true;
}

int
ck_args_type (struct ck *c, unsigned index, const struct d_loc *loc, struct dtype *out)
{
  if (kernel_args_type (c, index, out) || fbt_args_type (c, index, out) || sdt_args_type (c, index, out))
    return 0;
  const struct ctype_resolver *r = &c->prog->target.resolver;
  char *module, *func;
  if (!r->func_arg || !pid_entry_function (c, &module, &func))
    return usdt_args_type (c, index, loc, out);
  const char *mod = module_of_desc (module);
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

/* Why args[INDEX] of the clause's pid probe is an untyped integer: the
 * function's module has no debug information.  A malloc'd message, or
 * NULL (not a pid entry probe, or its types opened). */
char *
ck_args_untyped_why (struct ck *c, unsigned index)
{
  const struct ctype_resolver *r = &c->prog->target.resolver;
  char *module, *func, *why = NULL;
  if (!r->types_missing || !pid_entry_function (c, &module, &func))
    return NULL;
  const char *mod = module_of_desc (module);
  const char *missing = r->types_missing (r->ctx, mod);
  if (missing)
    why = xasprintf ("args[%u] of %s: its type is unknown: %s", index, func, missing);
  FREE_ALL (module, func);
  return why;
}

const struct ctype *
ck_complete (struct ck *c, const struct ctype *t)
{
  const struct ctype *r = ctype_resolve (t);
  const struct ctype_resolver *res = &c->prog->target.resolver;
  if (r && r->module && strcmp (r->module, "vmlinux") == 0)
    res = &c->prog->target.kernel_types;   /* the kernel's BTF */
  if (!r || r->complete || !r->module || !r->name || !res->lookup
      || (r->kind != CT_STRUCT && r->kind != CT_UNION))
    return r;
  char *error = NULL;
  const struct ctype *full = res->lookup (res->ctx, ck_types (c), r->kind, r->module, r->name, &error);
  free (error);
  return full && full->complete ? full : r;
}
