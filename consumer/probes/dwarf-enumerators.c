/* SPDX-License-Identifier: MIT */
/*
 * dwarf-enumerators.c — the traced program's enumerators as D integer
 * constants (dwarf-types.h): `args[0]->color == GREEN` where the program
 * declares `enum color { RED, GREEN, BLUE }`.
 *
 * The name index holds types, not enumerators, so a name is looked up by
 * converting each named enum definition of the module (conversions are
 * memoised, so a script's second enumerator costs only the scan) and
 * reading its enumerators.  The same enum defined in several compilation
 * units gives the same value and is found once; two enums that give one
 * name different values make the name ambiguous, and the error names
 * both.  Enums without a name (`enum { A, B }`) are not in the index and
 * their enumerators are not found.
 */
#include <inttypes.h>
#include <string.h>

#include "common/xalloc.h"
#include "consumer/probes/dwarf-types.h"
#include "consumer/probes/dwarf-types-int.h"

/* NAME among ENUM's enumerators: true with *VALUE. */
static bool
enumerator_of (const struct ctype *e, const char *name, int64_t *value)
{
  for (size_t i = 0; i < e->nenumerators; i++)
    if (strcmp (e->enumerators[i].name, name) == 0)
      {
        *value = e->enumerators[i].value;
        return true;
      }
  return false;
}

int
dwarf_types_enumerator (struct dwarf_types *dt, struct ctype_table *table, const char *name,
                        struct dwarf_enumerator *out, char **error)
{
  *error = NULL;
  if (!dt->indexed)
    dw_build_index (dt);
  if (dt->index_error)
    {
      *error = xstrdup (dt->index_error);
      return -1;
    }
  bool found = false;
  for (size_t i = 0; i < dt->nnames; i++)
    {
      const struct name_entry *n = &dt->names[i];
      if (n->kind != CT_ENUM || n->decl)
        continue;
      const struct ctype *e = ctype_resolve (dw_convert_public (dt, table, n->off, error));
      if (*error)
        return -1;
      int64_t v;
      if (!e || e->kind != CT_ENUM || !enumerator_of (e, name, &v))
        continue;
      if (found && v != out->value)
        {
          *error = xasprintf ("ambiguous: enum %s defines it as %" PRId64 ", enum %s as %" PRId64,
                              out->enum_name, out->value, n->name, v);
          return -1;
        }
      found = true;
      *out = (struct dwarf_enumerator) { v, n->name, dt->module };
    }
  return found ? 1 : 0;
}
