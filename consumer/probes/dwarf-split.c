/* SPDX-License-Identifier: MIT */
/*
 * dwarf-split.c — split DWARF (-gsplit-dwarf): the parts of a module's
 * debug information that are not in its main debug file.
 *
 * With split DWARF the executable keeps one skeleton unit per compilation
 * unit (DW_TAG_skeleton_unit in DWARF 5, a DW_TAG_compile_unit with
 * DW_AT_GNU_dwo_name in GNU's DWARF 4 extension) naming a .dwo file
 * (DW_AT_dwo_name, relative to DW_AT_comp_dir); the types are in the .dwo.
 * `dwp` packs the .dwo files into one PROGRAM.dwp next to the program.
 * When that file exists it is the only other part; otherwise every .dwo a
 * skeleton names is a part (found under its compilation directory, else
 * next to the program).  Each part is its own Dwarf_Debug: libdwarf reads
 * the .dwo sections, and type references never leave a part (a .dwo holds
 * its own copies of the type units it uses).  A .dwo that cannot be read
 * is remembered (dt->split_error) and reported when a name is not found.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/dwarf-types-int.h"

#ifndef DW_AT_GNU_dwo_name
#define DW_AT_GNU_dwo_name 0x2130
#endif

static char *
die_string (struct dwarf_types *dt, Dwarf_Die d, Dwarf_Half at)
{
  char *s = NULL;
  Dwarf_Error err = NULL;
  int rc = dwarf_die_text (d, at, &s, &err);
  if (rc == DW_DLV_ERROR)
    {
      dwarf_dealloc_error (dw_dbg (dt), err);
      return NULL;
    }
  return rc == DW_DLV_OK ? s : NULL;
}

static bool
add_part (struct dwarf_types *dt, const char *path, char **error)
{
  if (dt->nparts + 1 >= MAX_PARTS)
    return false;
  struct debug_file part;
  if (debug_file_open_exact (path, &part, error) != 0)
    return false;
  VEC_PUSH (dt->parts, dt->nparts, dt->capparts) = part;
  return true;
}

static bool
already_open (struct dwarf_types *dt, const char *path)
{
  for (size_t i = 0; i < dt->nparts; i++)
    if (strcmp (dt->parts[i].path, path) == 0)
      return true;
  return false;
}

/* The directory of PATH ("." when it has none), malloc'd. */
static char *
dir_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash ? xstrndup (path, (size_t) (slash - path + (slash == path))) : xstrdup (".");
}

/* Open the .dwo a skeleton unit names. */
static void
open_dwo (struct dwarf_types *dt, const char *name, const char *comp_dir)
{
  char *dir = dir_of (dt->df.path);
  const char *base = strrchr (name, '/') ? strrchr (name, '/') + 1 : name;
  char *tries[2] = {
    name[0] == '/' ? xstrdup (name) : xasprintf ("%s/%s", comp_dir ? comp_dir : ".", name),
    xasprintf ("%s/%s", dir, base),
  };
  free (dir);
  bool done = false;
  for (int i = 0; i < 2 && !done; i++)
    {
      if (already_open (dt, tries[i]))
        done = true;
      else if (access (tries[i], R_OK) == 0)
        {
          char *error = NULL;
          done = add_part (dt, tries[i], &error);
          if (!done && error && !dt->split_error)
            dt->split_error = xasprintf ("%s: split DWARF: %s", dt->path, error);
          free (error);
          done = true;
        }
    }
  if (!done && !dt->split_error)
    dt->split_error = strcmp (tries[0], tries[1]) == 0
                      ? xasprintf ("%s: split DWARF file %s not found (looked in %s)", dt->path, name, tries[0])
                      : xasprintf ("%s: split DWARF file %s not found (looked in %s and %s)", dt->path, name,
                                   tries[0], tries[1]);
  free (tries[0]);
  free (tries[1]);
}

void
dw_split_open (struct dwarf_types *dt)
{
  /* a package of every .dwo, next to the program */
  char *dwp = xasprintf ("%s.dwp", dt->path);
  char *error = NULL;
  bool packed = access (dwp, R_OK) == 0 && add_part (dt, dwp, &error);
  if (error && !dt->split_error)
    dt->split_error = xasprintf ("%s: split DWARF: %s", dt->path, error);
  free (error);
  free (dwp);
  if (packed)
    return;
  Dwarf_Debug dbg = dt->df.dbg;
  dt->cur = 0;
  /* every unit is visited, so that libdwarf's unit cursor ends where the
   * index starts: at the first unit again */
  for (unsigned units = 0; units < MAX_UNITS; units++)
    {
      Dwarf_Unsigned len, typeoff, next;
      Dwarf_Half version, addrsize, lensize, extsize, cutype;
      Dwarf_Off abbrev;
      Dwarf_Sig8 sig;
      Dwarf_Error err = NULL;
      int rc = dwarf_next_cu_header_d (dbg, 1, &len, &version, &abbrev, &addrsize, &lensize, &extsize,
                                       &sig, &typeoff, &next, &cutype, &err);
      if (rc == DW_DLV_ERROR)
        dwarf_dealloc_error (dbg, err);
      if (rc != DW_DLV_OK)
        break;
      Dwarf_Die cu = NULL;
      rc = dwarf_siblingof_b (dbg, NULL, 1, &cu, &err);
      if (rc == DW_DLV_ERROR)
        dwarf_dealloc_error (dbg, err);
      if (rc != DW_DLV_OK)
        break;
      char *name = die_string (dt, cu, DW_AT_dwo_name);
      if (!name)
        name = die_string (dt, cu, DW_AT_GNU_dwo_name);
      if (name && dt->nparts + 1 < MAX_PARTS)
        open_dwo (dt, name, die_string (dt, cu, DW_AT_comp_dir));
      dwarf_dealloc_die (cu);
    }
}

void
dw_split_close (struct dwarf_types *dt)
{
  for (size_t i = 0; i < dt->nparts; i++)
    debug_file_close (&dt->parts[i]);
  free (dt->parts);
  dt->parts = NULL;
  dt->nparts = 0;
  free (dt->split_error);
  dt->split_error = NULL;
}
