/* SPDX-License-Identifier: MIT */
/*
 * dwarf-types.c — DWARF type DIEs -> struct ctype nodes (dwarf-types.h).
 *
 * The name index: one entry per named top-level DIE that declares a type or
 * a function (tag kind, name, DIE offset, declaration or not), sorted by
 * name once, then binary-searched.  Conversion walks from one DIE through
 * its DW_AT_type references, memoized by DIE offset in an open-addressing
 * table that belongs to one ctype table (a new table empties it): a node is
 * entered before what it refers to is converted, so `struct list { struct
 * list *next; }` ends.  Qualifiers copy the node they qualify with the
 * qualifier bit set (aggregates keep their one node: a qualifier never
 * changes layout).  Integer names are spelled as C and D spell them
 * ("unsigned long", not gcc's "long unsigned int"), so the same type from
 * gcc and clang modules compares equal.
 */
#include "consumer/probes/dwarf-types.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/debug-file.h"
#include "consumer/probes/dwarf-types-int.h"

void
dw_fail (struct dwarf_types *dt, const char *what, Dwarf_Error *err)
{
  if (!dt->error)
    dt->error = xasprintf ("%s: bad debug information in %s: %s%s%s", dt->path, dt->df.path, what,
                           err && *err ? ": " : "", err && *err ? dwarf_errmsg (*err) : "");
  if (err && *err)
    {
      dwarf_dealloc_error (dt->df.dbg, *err);
      *err = NULL;
    }
}

/* ---- attributes ---- */

static bool
attr_get (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, Dwarf_Attribute *a)
{
  Dwarf_Error err = NULL;
  int rc = dwarf_attr (die, at, a, &err);
  if (rc == DW_DLV_ERROR)
    dw_fail (dt, "an attribute", &err);
  return rc == DW_DLV_OK;
}

/* A constant attribute, signed or not (the form decides). */
bool
dw_attr_const (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, int64_t *value, bool *is_negative)
{
  Dwarf_Attribute a;
  if (!attr_get (dt, die, at, &a))
    return false;
  Dwarf_Error err = NULL;
  Dwarf_Half form = 0;
  bool ok = false;
  *is_negative = false;
  if (dwarf_whatform (a, &form, &err) == DW_DLV_OK)
    {
      if (form == DW_FORM_sdata || form == DW_FORM_implicit_const)
        {
          Dwarf_Signed s;
          ok = dwarf_formsdata (a, &s, &err) == DW_DLV_OK;
          *value = s;
          *is_negative = ok && s < 0;
        }
      else
        {
          Dwarf_Unsigned u;
          ok = dwarf_formudata (a, &u, &err) == DW_DLV_OK;
          *value = (int64_t) u;
        }
    }
  if (err)
    {
      /* not a constant (a reference or an expression): not an error of
       * the DWARF, just not a value we use */
      dwarf_dealloc_error (dt->df.dbg, err);
      ok = false;
    }
  dwarf_dealloc_attribute (a);
  return ok;
}

bool
dw_attr_unsigned (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, uint64_t *value)
{
  int64_t v;
  bool neg;
  if (!dw_attr_const (dt, die, at, &v, &neg) || neg)
    return false;
  *value = (uint64_t) v;
  return true;
}

bool
dw_attr_flag (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at)
{
  Dwarf_Attribute a;
  if (!attr_get (dt, die, at, &a))
    return false;
  Dwarf_Error err = NULL;
  Dwarf_Bool b = 0;
  if (dwarf_formflag (a, &b, &err) != DW_DLV_OK)
    dw_fail (dt, "a flag", &err);
  dwarf_dealloc_attribute (a);
  return b != 0;
}

/* The DIE a reference attribute names (offset in .debug_info). */
bool
dw_attr_ref (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, Dwarf_Off *off)
{
  Dwarf_Attribute a;
  if (!attr_get (dt, die, at, &a))
    return false;
  Dwarf_Error err = NULL;
  bool ok = dwarf_global_formref (a, off, &err) == DW_DLV_OK;
  if (!ok)
    dw_fail (dt, "a type reference", &err);
  dwarf_dealloc_attribute (a);
  return ok;
}

const char *
dw_die_name (struct dwarf_types *dt, Dwarf_Die die)
{
  char *name = NULL;
  Dwarf_Error err = NULL;
  int rc = dwarf_diename (die, &name, &err);
  if (rc == DW_DLV_ERROR)
    dw_fail (dt, "a name", &err);
  return rc == DW_DLV_OK ? name : NULL;
}

Dwarf_Half
dw_die_tag (struct dwarf_types *dt, Dwarf_Die die)
{
  Dwarf_Half tag = 0;
  Dwarf_Error err = NULL;
  if (dwarf_tag (die, &tag, &err) != DW_DLV_OK)
    dw_fail (dt, "a tag", &err);
  return tag;
}

Dwarf_Off
dw_die_offset (struct dwarf_types *dt, Dwarf_Die die)
{
  Dwarf_Off off = 0;
  Dwarf_Error err = NULL;
  if (dwarf_dieoffset (die, &off, &err) != DW_DLV_OK)
    dw_fail (dt, "a DIE offset", &err);
  return off;
}

/* Child or next sibling (PREV NULL: first child of PARENT); NULL at the end
 * or when the chain does not move forward (corrupt DW_AT_sibling). */
Dwarf_Die
dw_next_die (struct dwarf_types *dt, Dwarf_Die parent, Dwarf_Die prev, Dwarf_Off *last)
{
  Dwarf_Die d = NULL;
  Dwarf_Error err = NULL;
  int rc = prev ? dwarf_siblingof_b (dt->df.dbg, prev, 1, &d, &err) : dwarf_child (parent, &d, &err);
  if (rc == DW_DLV_ERROR)
    dw_fail (dt, "a DIE", &err);
  if (rc != DW_DLV_OK)
    return NULL;
  Dwarf_Off off = dw_die_offset (dt, d);
  if (off <= *last)
    {
      dw_fail (dt, "DIE offsets do not increase", NULL);
      dwarf_dealloc_die (d);
      return NULL;
    }
  *last = off;
  return d;
}

/* ---- the name index ---- */

static enum ctype_kind
kind_of_tag (Dwarf_Half tag, bool *wanted)
{
  *wanted = true;
  switch (tag)
    {
    case DW_TAG_structure_type:
    case DW_TAG_class_type:
      return CT_STRUCT;
    case DW_TAG_union_type:
      return CT_UNION;
    case DW_TAG_enumeration_type:
      return CT_ENUM;
    case DW_TAG_typedef:
      return CT_TYPEDEF;
    case DW_TAG_subprogram:
      return CT_FUNCTION;
    default:
      *wanted = false;
      return CT_VOID;
    }
}

static void
index_unit (struct dwarf_types *dt, Dwarf_Die cu)
{
  Dwarf_Off last = dw_die_offset (dt, cu);
  Dwarf_Die prev = NULL;
  for (Dwarf_Die d = dw_next_die (dt, cu, NULL, &last); d; d = dw_next_die (dt, cu, prev, &last))
    {
      if (prev)
        dwarf_dealloc_die (prev);
      prev = d;
      bool wanted;
      enum ctype_kind kind = kind_of_tag (dw_die_tag (dt, d), &wanted);
      const char *name = wanted ? dw_die_name (dt, d) : NULL;
      if (!name || dt->error)
        continue;
      char *copy = xstrdup (name);
      VEC_PUSH (dt->strings, dt->nstrings, dt->capstrings) = copy;
      VEC_PUSH (dt->names, dt->nnames, dt->capnames) = (struct name_entry) {
        copy, dw_die_offset (dt, d), kind, dw_attr_flag (dt, d, DW_AT_declaration) };
    }
  if (prev)
    dwarf_dealloc_die (prev);
}

static int
by_name (const void *a, const void *b)
{
  const struct name_entry *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : x->off < y->off ? -1 : x->off > y->off;
}

static void
build_index (struct dwarf_types *dt)
{
  dt->indexed = true;
  Dwarf_Debug dbg = dt->df.dbg;
  for (unsigned units = 0; units < MAX_UNITS && !dt->error; units++)
    {
      Dwarf_Unsigned len, typeoff, next;
      Dwarf_Half version, addrsize, lensize, extsize, cutype;
      Dwarf_Off abbrev;
      Dwarf_Sig8 sig;
      Dwarf_Error err = NULL;
      int rc = dwarf_next_cu_header_d (dbg, 1, &len, &version, &abbrev, &addrsize, &lensize, &extsize,
                                       &sig, &typeoff, &next, &cutype, &err);
      if (rc == DW_DLV_ERROR)
        dw_fail (dt, "a compilation unit header", &err);
      if (rc != DW_DLV_OK)
        break;
      Dwarf_Die cu = NULL;
      rc = dwarf_siblingof_b (dbg, NULL, 1, &cu, &err);
      if (rc == DW_DLV_ERROR)
        dw_fail (dt, "a compilation unit", &err);
      if (rc != DW_DLV_OK)
        break;
      index_unit (dt, cu);
      dwarf_dealloc_die (cu);
    }
  if (dt->error)
    {
      dt->index_error = dt->error;
      dt->error = NULL;
    }
  if (dt->nnames)
    qsort (dt->names, dt->nnames, sizeof *dt->names, by_name);
}

/* The first entry named NAME of KIND, a definition if there is one. */
const struct name_entry *
dw_find_name (struct dwarf_types *dt, enum ctype_kind kind, const char *name)
{
  size_t lo = 0, hi = dt->nnames;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (strcmp (dt->names[mid].name, name) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  const struct name_entry *decl = NULL;
  for (size_t i = lo; i < dt->nnames && strcmp (dt->names[i].name, name) == 0; i++)
    if (dt->names[i].kind == kind)
      {
        if (!dt->names[i].decl)
          return &dt->names[i];
        if (!decl)
          decl = &dt->names[i];
      }
  return decl;
}

/* ---- the memo ---- */

static uint64_t
off_hash (Dwarf_Off off)
{
  return fnv1a (FNV1A_INIT, &off, sizeof off);
}

const struct ctype *
dw_memo_get (struct dwarf_types *dt, Dwarf_Off off)
{
  if (!dt->capmemo)
    return NULL;
  for (size_t i = off_hash (off) & (dt->capmemo - 1);; i = (i + 1) & (dt->capmemo - 1))
    {
      if (dt->memo[i].off == 0)
        return NULL;
      if (dt->memo[i].off == off + 1)
        return dt->memo[i].type;
    }
}

void
dw_memo_put (struct dwarf_types *dt, Dwarf_Off off, const struct ctype *type)
{
  if (2 * (dt->nmemo + 1) >= dt->capmemo)
    {
      struct memo_slot *old = dt->memo;
      size_t oldcap = dt->capmemo;
      dt->capmemo = hash_table_cap (dt->nmemo + 1) * 2;
      dt->memo = xcalloc (dt->capmemo, sizeof *dt->memo);
      dt->nmemo = 0;
      for (size_t i = 0; i < oldcap; i++)
        if (old[i].off)
          dw_memo_put (dt, old[i].off - 1, old[i].type);
      free (old);
    }
  size_t i = off_hash (off) & (dt->capmemo - 1);
  while (dt->memo[i].off != 0 && dt->memo[i].off != off + 1)
    i = (i + 1) & (dt->capmemo - 1);
  if (dt->memo[i].off == 0)
    dt->nmemo++;
  dt->memo[i] = (struct memo_slot) { off + 1, type };
}

static void
memo_for_table (struct dwarf_types *dt, struct ctype_table *table)
{
  if (dt->memo_for == table)
    return;
  free (dt->memo);
  dt->memo = NULL;
  dt->nmemo = dt->capmemo = 0;
  dt->npending = 0;
  dt->memo_for = table;
}

/* ---- the public side ---- */

struct dwarf_types *
dwarf_types_open (const char *path, const char *module, char **error)
{
  struct dwarf_types *dt = xcalloc (1, sizeof *dt);
  if (debug_file_open (path, &dt->df, error) != 0)
    {
      free (dt);
      return NULL;
    }
  dt->path = xstrdup (path);
  dt->module = xstrdup (module);
  return dt;
}

void
dwarf_types_free (struct dwarf_types *dt)
{
  if (!dt)
    return;
  debug_file_close (&dt->df);
  VEC_FREE_ALL (dt->strings, dt->nstrings);
  FREE_ALL (dt->names, dt->memo, dt->pending, dt->index_error, dt->error,
            dt->path, dt->module, dt);
}

const char *
dwarf_types_debug_path (const struct dwarf_types *dt)
{
  return dt->df.path;
}

size_t
dwarf_types_indexed (const struct dwarf_types *dt)
{
  return dt->nnames;
}

/* Index on first use; the entry for (KIND, NAME), or NULL. */
static const struct name_entry *
lookup_entry (struct dwarf_types *dt, enum ctype_kind kind, const char *name, char **error)
{
  *error = NULL;
  if (!dt->indexed)
    build_index (dt);
  const struct name_entry *e = dw_find_name (dt, kind, name);
  if (!e && dt->index_error)
    *error = xstrdup (dt->index_error);
  return e;
}

/* Convert at OFF for a public call: errors of this conversion returned. */
static const struct ctype *
convert_public (struct dwarf_types *dt, struct ctype_table *table, Dwarf_Off off, char **error)
{
  memo_for_table (dt, table);
  struct conv c = { dt, table, 0 };
  const struct ctype *type = dw_convert_all (&c, off);
  if (dt->error)
    {
      *error = dt->error;
      dt->error = NULL;
      /* nodes converted from bad DIEs must not be found again */
      memo_for_table (dt, NULL);
      return NULL;
    }
  return type;
}

const struct ctype *
dwarf_types_lookup (struct dwarf_types *dt, struct ctype_table *table, enum ctype_kind kind,
                    const char *name, char **error)
{
  if (kind != CT_STRUCT && kind != CT_UNION && kind != CT_ENUM && kind != CT_TYPEDEF)
    {
      *error = NULL;
      return NULL;
    }
  const struct name_entry *e = lookup_entry (dt, kind, name, error);
  return e ? convert_public (dt, table, e->off, error) : NULL;
}

const struct ctype *
dwarf_types_func_arg (struct dwarf_types *dt, struct ctype_table *table, const char *func,
                      unsigned index, char **error)
{
  const struct name_entry *e = lookup_entry (dt, CT_FUNCTION, func, error);
  if (!e)
    return NULL;
  Dwarf_Die fn = NULL;
  Dwarf_Error err = NULL;
  if (dwarf_offdie_b (dt->df.dbg, e->off, 1, &fn, &err) != DW_DLV_OK)
    {
      dw_fail (dt, "a function", &err);
      *error = dt->error;
      dt->error = NULL;
      return NULL;
    }
  Dwarf_Off last = e->off, type_off = 0;
  bool found = false, has_type = false;
  unsigned n = 0;
  Dwarf_Die prev = NULL;
  for (Dwarf_Die d = dw_next_die (dt, fn, NULL, &last); d && !found; d = dw_next_die (dt, fn, prev, &last))
    {
      if (prev)
        dwarf_dealloc_die (prev);
      prev = d;
      if (dw_die_tag (dt, d) != DW_TAG_formal_parameter)
        continue;
      if (n++ == index)
        {
          found = true;
          has_type = dw_attr_ref (dt, d, DW_AT_type, &type_off);
        }
    }
  if (prev)
    dwarf_dealloc_die (prev);
  dwarf_dealloc_die (fn);
  if (dt->error)
    {
      *error = dt->error;
      dt->error = NULL;
      return NULL;
    }
  if (!found || !has_type)
    return NULL;
  return convert_public (dt, table, type_off, error);
}
