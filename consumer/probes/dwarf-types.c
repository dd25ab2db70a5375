/* SPDX-License-Identifier: MIT */
/*
 * dwarf-types.c — DWARF type DIEs -> struct ctype nodes (dwarf-types.h).
 *
 * The name index is dwarf-index.c's.  Conversion walks from one DIE through
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
      dwarf_dealloc_error (dw_dbg (dt), *err);
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
      dwarf_dealloc_error (dw_dbg (dt), err);
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

/* The DIE a type unit's signature names (DW_FORM_ref_sig8): its global
 * offset. */
static bool
sig8_target (struct dwarf_types *dt, Dwarf_Attribute a, Dwarf_Off *off)
{
  Dwarf_Sig8 sig;
  Dwarf_Error err = NULL;
  if (dwarf_formsig8 (a, &sig, &err) != DW_DLV_OK)
    {
      dw_fail (dt, "a type signature", &err);
      return false;
    }
  Dwarf_Die d = NULL;
  Dwarf_Bool is_info = 1;
  int rc = dwarf_find_die_given_sig8 (dw_dbg (dt), &sig, &d, &is_info, &err);
  if (rc != DW_DLV_OK)
    {
      dw_fail (dt, "a type signature with no type unit", &err);
      return false;
    }
  *off = dw_die_offset (dt, d);
  dwarf_dealloc_die (d);
  return true;
}

/* The DIE a reference attribute names (a global offset, dwarf-types-int.h). */
bool
dw_attr_ref (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, Dwarf_Off *off)
{
  Dwarf_Attribute a;
  if (!attr_get (dt, die, at, &a))
    return false;
  Dwarf_Error err = NULL;
  Dwarf_Half form = 0;
  bool ok;
  if (dwarf_whatform (a, &form, &err) == DW_DLV_OK && form == DW_FORM_ref_sig8)
    ok = sig8_target (dt, a, off);
  else
    {
      if (err)
        {
          dwarf_dealloc_error (dw_dbg (dt), err);
          err = NULL;
        }
      Dwarf_Off raw = 0;
      ok = dwarf_global_formref (a, &raw, &err) == DW_DLV_OK;
      if (!ok)
        dw_fail (dt, "a type reference", &err);
      *off = goff_make (dt->cur, dwarf_get_die_infotypes_flag (die), raw);
    }
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
  return goff_make (dt->cur, dwarf_get_die_infotypes_flag (die), off);
}

/* Child or next sibling (PREV NULL: first child of PARENT); NULL at the end
 * or when the chain does not move forward (corrupt DW_AT_sibling). */
Dwarf_Die
dw_next_die (struct dwarf_types *dt, Dwarf_Die parent, Dwarf_Die prev, Dwarf_Off *last)
{
  Dwarf_Die d = NULL;
  Dwarf_Error err = NULL;
  int rc = prev ? dwarf_siblingof_b (dw_dbg (dt), prev, dwarf_get_die_infotypes_flag (prev), &d, &err) : dwarf_child (parent, &d, &err);
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

/* ---- parts ---- */

Dwarf_Debug
dw_dbg (struct dwarf_types *dt)
{
  return dt->cur == 0 || dt->cur > dt->nparts ? dt->df.dbg : dt->parts[dt->cur - 1].dbg;
}

Dwarf_Die
dw_die_at (struct dwarf_types *dt, Dwarf_Off off)
{
  unsigned part = goff_part (off);
  if (part > dt->nparts)
    {
      dw_fail (dt, "a type reference", NULL);
      return NULL;
    }
  dt->cur = part;
  Dwarf_Die d = NULL;
  Dwarf_Error err = NULL;
  Dwarf_Off raw = off & (GOFF_TYPES_BIT - 1);
  int rc = dwarf_offdie_b (dw_dbg (dt), raw, (off & GOFF_TYPES_BIT) == 0, &d, &err);
  if (rc != DW_DLV_OK)
    {
      dw_fail (dt, "a type reference", &err);
      return NULL;
    }
  return d;
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
  dw_split_close (dt);
  debug_file_close (&dt->df);
  free (dt->quals);
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
    dw_build_index (dt);
  const struct name_entry *e = dw_find_name (dt, kind, name);
  if (!e && dt->index_error)
    *error = xstrdup (dt->index_error);
  return e;
}

/* Convert at OFF for a public call: errors of this conversion returned. */
const struct ctype *
dw_convert_public (struct dwarf_types *dt, struct ctype_table *table, Dwarf_Off off, char **error)
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
  return e ? dw_convert_public (dt, table, e->off, error) : NULL;
}

const struct ctype *
dwarf_types_func_arg (struct dwarf_types *dt, struct ctype_table *table, const char *func,
                      unsigned index, char **error)
{
  const struct name_entry *e = lookup_entry (dt, CT_FUNCTION, func, error);
  if (!e)
    return NULL;
  Dwarf_Die fn = dw_die_at (dt, e->off);
  if (!fn)
    {
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
  return dw_convert_public (dt, table, type_off, error);
}
