/* SPDX-License-Identifier: MIT */
/*
 * type-resolver.c — module-scoped and unscoped type lookups across the
 * target's files (type-resolver.h).  Each module remembers whether its
 * DWARF was opened and, if that failed, why: the message names the file
 * and every place its debug information was looked for.
 */
#include "consumer/probes/type-resolver.h"

#include <stdlib.h>
#include <string.h>

#include "common/files.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/dwarf-types.h"

struct module {
  char *path;
  char *name;                   /* "a.out" or the base name */
  char *base;                   /* the base name as the process maps it */
  bool is_exec;
  bool opened;
  struct dwarf_types *types;    /* NULL when opening failed */
  char *open_error;
};

struct type_resolver {
  struct module *mods;
  size_t nmods, capmods;
  void (*populate) (void *, struct type_resolver *);
  void *populate_arg;
};

void
type_resolver_on_first_use (struct type_resolver *r, void (*fn) (void *, struct type_resolver *), void *arg)
{
  r->populate = fn;
  r->populate_arg = arg;
}

static void
populate (struct type_resolver *r)
{
  void (*fn) (void *, struct type_resolver *) = r->populate;
  r->populate = NULL;
  if (fn)
    fn (r->populate_arg, r);
}

struct type_resolver *
type_resolver_new (void)
{
  return xcalloc (1, sizeof (struct type_resolver));
}

void
type_resolver_free (struct type_resolver *r)
{
  if (!r)
    return;
  for (size_t i = 0; i < r->nmods; i++)
    {
      dwarf_types_free (r->mods[i].types);
      FREE_ALL (r->mods[i].open_error, r->mods[i].path, r->mods[i].name,
                r->mods[i].base);
    }
  free (r->mods);
  free (r);
}

void
type_resolver_add (struct type_resolver *r, const char *path, const char *name, bool is_exec)
{
  for (size_t i = 0; i < r->nmods; i++)
    if (strcmp (r->mods[i].path, path) == 0)
      {
        r->mods[i].is_exec |= is_exec;
        if (is_exec)
          {
            free (r->mods[i].name);
            r->mods[i].name = xstrdup ("a.out");
          }
        return;
      }
  struct module *m = &VEC_PUSH (r->mods, r->nmods, r->capmods);
  memset (m, 0, sizeof *m);
  m->path = xstrdup (path);
  m->base = xstrdup (name ? name : path_base (path));
  m->name = xstrdup (is_exec ? "a.out" : m->base);
  m->is_exec = is_exec;
  /* the executable first: unscoped lookups search in this order */
  if (is_exec && r->nmods > 1)
    {
      struct module exec = *m;
      memmove (r->mods + 1, r->mods, (r->nmods - 1) * sizeof *r->mods);
      r->mods[0] = exec;
    }
}

size_t
type_resolver_count (const struct type_resolver *r)
{
  return r->nmods;
}

bool
type_resolver_module (struct type_resolver *r, size_t i, const char **path, const char **name,
                      const char **base)
{
  populate (r);
  if (i >= r->nmods)
    return false;
  *path = r->mods[i].path;
  *name = r->mods[i].name;
  *base = r->mods[i].base;
  return true;
}

static struct dwarf_types *
module_types (struct module *m)
{
  if (!m->opened)
    {
      m->opened = true;
      m->types = dwarf_types_open (m->path, m->name, &m->open_error);
    }
  return m->types;
}

static bool
module_named (const struct module *m, const char *name)
{
  if (strcmp (m->name, name) == 0 || strcmp (m->base, name) == 0)
    return true;
  size_t n = strlen (name);
  const char *base = m->base;
  return n > 3 && strcmp (name + n - 3, ".so") == 0 && strncmp (base, name, n) == 0
         && base[n] == '.';
}

static char *
module_names (const struct type_resolver *r)
{
  char *s = xstrdup ("");
  for (size_t i = 0; i < r->nmods; i++)
    {
      char *t = xasprintf ("%s%s%s", s, i ? ", " : "", r->mods[i].name);
      free (s);
      s = t;
    }
  return s;
}

static const char *
kind_word (enum ctype_kind kind)
{
  return kind == CT_STRUCT ? "struct " : kind == CT_UNION ? "union " : kind == CT_ENUM ? "enum " : "";
}

static const struct ctype *
lookup_scoped (struct type_resolver *r, struct ctype_table *table, enum ctype_kind kind,
               const char *module, const char *name, char **error)
{
  for (size_t i = 0; i < r->nmods; i++)
    {
      struct module *m = &r->mods[i];
      if (!module_named (m, module))
        continue;
      struct dwarf_types *dt = module_types (m);
      if (!dt)
        {
          *error = xstrdup (m->open_error);
          return NULL;
        }
      return dwarf_types_lookup (dt, table, kind, name, error);
    }
  char *names = module_names (r);
  *error = xasprintf ("%s%s`%s: no module %s among the traced program's (%s)", kind_word (kind),
                      module, name, module, r->nmods ? names : "none: use -p, -c or a path");
  free (names);
  return NULL;
}

static const struct ctype *
lookup_unscoped (struct type_resolver *r, struct ctype_table *table, enum ctype_kind kind,
                 const char *name, char **error)
{
  const struct ctype *found = NULL;
  const char *found_in = NULL;
  size_t with_debug = 0;
  char *missing = NULL;
  for (size_t i = 0; i < r->nmods; i++)
    {
      struct module *m = &r->mods[i];
      /* once found, only modules already indexed are compared: indexing
       * every library (libc's debug information has ~80,000 names) for
       * each unscoped name would cost far more than the lookup */
      if (found && !(m->types && dwarf_types_indexed (m->types)))
        continue;
      struct dwarf_types *dt = module_types (m);
      if (!dt)
        {
          char *s = missing ? xasprintf ("%s; %s", missing, m->open_error) : xstrdup (m->open_error);
          free (missing);
          missing = s;
          continue;
        }
      with_debug++;
      char *err = NULL;
      const struct ctype *t = dwarf_types_lookup (dt, table, kind, name, &err);
      if (err)
        {
          free (missing);
          *error = err;
          return NULL;
        }
      if (!t)
        continue;
      if (!found)
        {
          found = t;
          found_in = m->name;
        }
      else if (!ctype_equal (found, t))
        {
          *error = xasprintf ("%s%s differs between %s and %s: name one as %s%s`%s",
                              kind_word (kind), name, found_in, m->name, kind_word (kind), found_in, name);
          free (missing);
          return NULL;
        }
    }
  if (r->nmods == 0)
    {
      *error = xasprintf ("%s%s: no traced program to read types from (use -p, -c, or a path "
                          "in the probe description's module)", kind_word (kind), name);
      return NULL;
    }
  if (!found && with_debug == 0 && missing)
    {
      *error = missing;
      return NULL;
    }
  free (missing);
  return found;
}

static const struct ctype *
resolver_lookup (void *ctx, struct ctype_table *table, enum ctype_kind kind, const char *module,
                 const char *name, char **error)
{
  *error = NULL;
  populate (ctx);
  return module ? lookup_scoped (ctx, table, kind, module, name, error)
                : lookup_unscoped (ctx, table, kind, name, error);
}

static const struct ctype *
resolver_func_arg (void *ctx, struct ctype_table *table, const char *module, const char *func,
                   unsigned index, char **error)
{
  struct type_resolver *r = ctx;
  *error = NULL;
  populate (r);
  for (size_t i = 0; i < r->nmods; i++)
    {
      struct module *m = &r->mods[i];
      if (module && !module_named (m, module))
        continue;
      struct dwarf_types *dt = module_types (m);
      if (!dt)
        continue;               /* no types: args[] stay untyped */
      const struct ctype *t = dwarf_types_func_arg (dt, table, func, index, error);
      if (t || *error)
        return t;
    }
  return NULL;
}

static const char *
resolver_types_missing (void *ctx, const char *module)
{
  struct type_resolver *r = ctx;
  populate (r);
  struct module *pick = NULL;
  for (size_t i = 0; i < r->nmods && !pick; i++)
    if (module ? module_named (&r->mods[i], module) : r->mods[i].is_exec)
      pick = &r->mods[i];
  if (!pick && !module && r->nmods)
    pick = &r->mods[0];
  if (!pick || module_types (pick))
    return NULL;
  return pick->open_error;
}

/* An enumerator across the modules whose types opened: the same value
 * wherever it is defined, or an error naming two definitions. */
static int
resolver_enumerator (void *ctx, struct ctype_table *table, const char *name, int64_t *value,
                     char **error)
{
  struct type_resolver *r = ctx;
  *error = NULL;
  populate (r);
  struct dwarf_enumerator first = { 0 }, e;
  bool found = false;
  for (size_t i = 0; i < r->nmods; i++)
    {
      struct dwarf_types *dt = module_types (&r->mods[i]);
      int rc = dt ? dwarf_types_enumerator (dt, table, name, &e, error) : 0;
      if (rc < 0)
        return -1;
      if (rc == 0)
        continue;
      if (found && e.value != first.value)
        {
          *error = xasprintf ("ambiguous: enum %s`%s defines it as %lld, enum %s`%s as %lld",
                              first.module, first.enum_name, (long long) first.value, e.module,
                              e.enum_name, (long long) e.value);
          return -1;
        }
      if (!found)
        first = e;
      found = true;
    }
  *value = first.value;
  return found ? 1 : 0;
}

struct ctype_resolver
type_resolver_bind (struct type_resolver *r)
{
  return (struct ctype_resolver) { .ctx = r, .lookup = resolver_lookup, .func_arg = resolver_func_arg,
                                 .types_missing = resolver_types_missing,
                                 .enumerator = resolver_enumerator };
}
