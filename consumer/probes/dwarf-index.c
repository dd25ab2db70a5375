/* SPDX-License-Identifier: MIT */
/*
 * dwarf-index.c — the name index of one module's DWARF (dwarf-types-int.h).
 *
 * One entry per named DIE that declares a type or a function (tag kind,
 * name, global DIE offset, declaration or not), sorted by name once, then
 * binary-searched.  Every part of the module is indexed (the main debug
 * file, then split DWARF's .dwo files or .dwp), and in each part both
 * .debug_info (compilation units, and DWARF 5 type units) and DWARF 4's
 * .debug_types.
 *
 * C++: a namespace's types are indexed under their qualified name
 * ("net::conn", "net::inner::deep"; an anonymous namespace adds nothing),
 * and remembered by offset so that conversion names the node the same way
 * (dw_type_name).  A type unit defines a namespaced type at its top level
 * with DW_AT_specification pointing at the declaration inside the
 * namespace: the definition takes the declaration's qualified name.  A DIE
 * that only carries DW_AT_signature (the type is in a type unit) counts as
 * a declaration.  Functions are indexed at the top level only (pid probes
 * name them by their symbol).  In C++ units, types nested in a class are
 * indexed under the class's name ("net::pool::slot").
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/dwarf-types-int.h"

#define MAX_NESTING 32          /* namespaces within namespaces */

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

static const char *
keep_string (struct dwarf_types *dt, char *s)
{
  VEC_PUSH (dt->strings, dt->nstrings, dt->capstrings) = s;
  return s;
}

static bool
has_attr (struct dwarf_types *dt, Dwarf_Die d, Dwarf_Half at)
{
  Dwarf_Bool has = 0;
  Dwarf_Error err = NULL;
  if (dwarf_hasattr (d, at, &has, &err) != DW_DLV_OK)
    dw_fail (dt, "an attribute", &err);
  return has != 0;
}

/* A type definition with no name of its own, naming its declaration. */
struct spec_ref {
  Dwarf_Off off, spec;
  enum ctype_kind kind;
  const char *own;              /* its own name, when its declaration is not found */
};

struct unit_walk {
  bool type_unit;               /* only type units name definitions by their declaration */
  bool cxx;                     /* a C++ unit: classes may define types */
  size_t first;                 /* the unit's first entry in dt->names */
  struct spec_ref *specs;
  size_t nspecs, capspecs;
};

static void
add_entry (struct dwarf_types *dt, const char *name, Dwarf_Off off, enum ctype_kind kind, bool decl,
           bool qualified)
{
  VEC_PUSH (dt->names, dt->nnames, dt->capnames) = (struct name_entry) { name, off, kind, decl };
  if (qualified)
    VEC_PUSH (dt->quals, dt->nquals, dt->capquals) = (struct qual_entry) { off, name };
}

static void index_children (struct dwarf_types *dt, Dwarf_Die parent, const char *prefix, int depth,
                            struct unit_walk *w);

/* clang's type unit for a nested type declares the enclosing class with no
 * name, only its signature: the class's name is the signature's DIE's. */
static void
nested_in_unnamed (struct dwarf_types *dt, Dwarf_Die d, const char *prefix, int depth, struct unit_walk *w)
{
  Dwarf_Off to;
  if (!has_attr (dt, d, DW_AT_signature))
    return;
  if (!dw_attr_ref (dt, d, DW_AT_signature, &to))
    {
      /* a signature with no type unit here: only its nested types are lost */
      free (dt->error);
      dt->error = NULL;
      return;
    }
  unsigned part = dt->cur;
  Dwarf_Die target = dw_die_at (dt, to);
  dt->cur = part;
  const char *name = target ? dw_die_name (dt, target) : NULL;
  char *inner = name ? xasprintf ("%s%s::", prefix, name) : NULL;
  if (target)
    dwarf_dealloc_die (target);
  if (inner)
    index_children (dt, d, inner, depth + 1, w);
  free (inner);
}

/* The children of PARENT, in namespaces named by PREFIX ("" or "a::b::"). */
static void
index_children (struct dwarf_types *dt, Dwarf_Die parent, const char *prefix, int depth,
                struct unit_walk *w)
{
  Dwarf_Off last = dw_die_offset (dt, parent);
  Dwarf_Die prev = NULL;
  for (Dwarf_Die d = dw_next_die (dt, parent, NULL, &last); d && !dt->error;
       d = dw_next_die (dt, parent, prev, &last))
    {
      if (prev)
        dwarf_dealloc_die (prev);
      prev = d;
      Dwarf_Half tag = dw_die_tag (dt, d);
      if (tag == DW_TAG_namespace && depth < MAX_NESTING)
        {
          const char *ns = dw_die_name (dt, d);
          char *inner = xasprintf ("%s%s%s", prefix, ns ? ns : "", ns ? "::" : "");
          index_children (dt, d, inner, depth + 1, w);
          free (inner);
          continue;
        }
      bool wanted;
      enum ctype_kind kind = kind_of_tag (tag, &wanted);
      if (!wanted || (kind == CT_FUNCTION && *prefix))
        continue;
      const char *name = dw_die_name (dt, d);
      Dwarf_Off off = dw_die_offset (dt, d), spec;
      if (kind != CT_FUNCTION && (w->type_unit || !name) && has_attr (dt, d, DW_AT_specification)
          && dw_attr_ref (dt, d, DW_AT_specification, &spec))
        {
          /* named by its declaration (resolve_specs) */
          VEC_PUSH (w->specs, w->nspecs, w->capspecs) = (struct spec_ref) {
            off, spec, kind, name ? keep_string (dt, xasprintf ("%s%s", prefix, name)) : NULL };
          continue;
        }
      if (!name)
        {
          if (w->cxx && kind != CT_FUNCTION && depth < MAX_NESTING)
            nested_in_unnamed (dt, d, prefix, depth, w);
          continue;
        }
      bool decl = dw_attr_flag (dt, d, DW_AT_declaration) || has_attr (dt, d, DW_AT_signature);
      if (dt->error)
        break;
      const char *q = *prefix ? keep_string (dt, xasprintf ("%s%s", prefix, name))
                               : keep_string (dt, xstrdup (name));
      add_entry (dt, q, off, kind, decl, *prefix != 0);
      if (w->cxx && (kind == CT_STRUCT || kind == CT_UNION) && depth < MAX_NESTING)
        {
          /* C++ types nested in a class: "net::pool::slot" */
          char *inner = xasprintf ("%s::", q);
          index_children (dt, d, inner, depth + 1, w);
          free (inner);
        }
    }
  if (prev)
    dwarf_dealloc_die (prev);
}

/* Definitions named by their declaration (DW_AT_specification) in the
 * same unit take its (qualified) name. */
static void
resolve_specs (struct dwarf_types *dt, struct unit_walk *w)
{
  size_t end = dt->nnames;
  for (size_t i = 0; i < w->nspecs; i++)
    {
      const char *name = w->specs[i].own;
      for (size_t j = w->first; j < end; j++)
        if (dt->names[j].off == w->specs[i].spec && dt->names[j].kind == w->specs[i].kind)
          {
            name = dt->names[j].name;
            break;
          }
      if (name)
        add_entry (dt, name, w->specs[i].off, w->specs[i].kind, false, true);
    }
  free (w->specs);
}

/* Every unit of the current part's section (IS_INFO: .debug_info, else
 * .debug_types). */
static void
index_section (struct dwarf_types *dt, bool is_info, unsigned *units)
{
  Dwarf_Debug dbg = dw_dbg (dt);
  for (; *units < MAX_UNITS && !dt->error; ++*units)
    {
      Dwarf_Unsigned len, typeoff, next;
      Dwarf_Half version, addrsize, lensize, extsize, cutype;
      Dwarf_Off abbrev;
      Dwarf_Sig8 sig;
      Dwarf_Error err = NULL;
      int rc = dwarf_next_cu_header_d (dbg, is_info, &len, &version, &abbrev, &addrsize, &lensize, &extsize,
                                       &sig, &typeoff, &next, &cutype, &err);
      if (rc == DW_DLV_ERROR)
        dw_fail (dt, "a compilation unit header", &err);
      if (rc != DW_DLV_OK)
        break;
      Dwarf_Die cu = NULL;
      rc = dwarf_siblingof_b (dbg, NULL, is_info, &cu, &err);
      if (rc == DW_DLV_ERROR)
        dw_fail (dt, "a compilation unit", &err);
      if (rc != DW_DLV_OK)
        break;
      uint64_t lang = 0;
      dw_attr_unsigned (dt, cu, DW_AT_language, &lang);
      struct unit_walk w = { .type_unit = !is_info || cutype == DW_UT_type || cutype == DW_UT_split_type,
                             .cxx = lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03
                                    || lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14,
                             .first = dt->nnames };
      index_children (dt, cu, "", 0, &w);
      resolve_specs (dt, &w);
      dwarf_dealloc_die (cu);
    }
}

static int
by_name (const void *a, const void *b)
{
  const struct name_entry *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : x->off < y->off ? -1 : x->off > y->off;
}

static int
by_offset (const void *a, const void *b)
{
  const struct qual_entry *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

void
dw_build_index (struct dwarf_types *dt)
{
  dt->indexed = true;
  dw_split_open (dt);
  unsigned units = 0;
  for (unsigned part = 0; part <= dt->nparts && !dt->error; part++)
    {
      dt->cur = part;
      index_section (dt, true, &units);
      index_section (dt, false, &units);
    }
  dt->cur = 0;
  if (dt->error)
    {
      dt->index_error = dt->error;
      dt->error = NULL;
    }
  else if (dt->split_error)
    dt->index_error = xstrdup (dt->split_error);
  if (dt->nnames)
    qsort (dt->names, dt->nnames, sizeof *dt->names, by_name);
  if (dt->nquals)
    qsort (dt->quals, dt->nquals, sizeof *dt->quals, by_offset);
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

const char *
dw_type_name (struct dwarf_types *dt, Dwarf_Die die)
{
  if (dt->nquals)
    {
      Dwarf_Off off = dw_die_offset (dt, die);
      size_t lo = 0, hi = dt->nquals;
      while (lo < hi)
        {
          size_t mid = lo + (hi - lo) / 2;
          if (dt->quals[mid].off < off)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo < dt->nquals && dt->quals[lo].off == off)
        return dt->quals[lo].name;
    }
  return dw_die_name (dt, die);
}
