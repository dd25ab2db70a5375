/* SPDX-License-Identifier: MIT */
/*
 * dwarf-types-int.h — what dwarf-types.c (the index, the memo, the public
 * calls) and dwarf-types-conv.c (DIE -> ctype) share.
 */
#ifndef SDTKIT_CONSUMER_DWARF_TYPES_INT_H
#define SDTKIT_CONSUMER_DWARF_TYPES_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "consumer/compile/ctype.h"
#include "consumer/probes/debug-file.h"

#define MAX_DEPTH 128            /* nested conversions (embedded aggregates, chains) */
#define MAX_MEMBERS 65536        /* members of one aggregate, enumerators of one enum */
#define MAX_DIMS 64              /* dimensions of one array */
#define MAX_UNITS 1000000        /* compilation units indexed */

struct name_entry {
  const char *name;
  Dwarf_Off off;
  enum ctype_kind kind;          /* CT_FUNCTION: a subprogram */
  bool decl;
};

/* A DIE's place across the module's debug files: the file (0: the main one;
 * then the split-DWARF .dwo files or the .dwp, dwarf-split.c), the section
 * (.debug_types or not) and the offset in it.  Every offset this reader
 * keeps (index, memo, pending) is one of these. */
#define GOFF_TYPES_BIT (UINT64_C (1) << 39)
#define GOFF_PART_SHIFT 40
#define MAX_PARTS 65536

static inline Dwarf_Off
goff_make (unsigned part, bool is_info, Dwarf_Off off)
{
  return ((Dwarf_Off) part << GOFF_PART_SHIFT) | (is_info ? 0 : GOFF_TYPES_BIT) | off;
}

static inline unsigned
goff_part (Dwarf_Off g)
{
  return (unsigned) (g >> GOFF_PART_SHIFT);
}

/* A qualified name ("net::conn") of a type DIE whose own name is the last
 * component or missing (a type unit's definition names its declaration). */
struct qual_entry {
  Dwarf_Off off;
  const char *name;
};

struct memo_slot {
  Dwarf_Off off;                 /* + 1: 0 is an empty slot */
  const struct ctype *type;
};

struct dwarf_types {
  char *path, *module;
  struct debug_file df;           /* part 0 */
  struct debug_file *parts;        /* parts 1..: split DWARF (dwarf-split.c) */
  size_t nparts, capparts;
  char *split_error;               /* a .dwo that could not be read */
  unsigned cur;                    /* the part of the DIEs being read */
  struct qual_entry *quals;        /* sorted by offset once indexed */
  size_t nquals, capquals;
  bool indexed;
  char *index_error;             /* the index could not be built */
  struct name_entry *names;
  size_t nnames, capnames;
  char **strings;                /* the names' storage */
  size_t nstrings, capstrings;
  struct ctype_table *memo_for;  /* the table the memo's nodes live in */
  struct memo_slot *memo;
  size_t nmemo, capmemo;         /* capmemo: a power of two */
  char *error;                   /* the first error of the current lookup */
  Dwarf_Off *pending;            /* structs and unions pointed to, to convert */
  size_t npending, cappending;
};

struct conv {
  struct dwarf_types *dt;
  struct ctype_table *t;
  int depth;
};

/* The first error is kept (in dt->error); ERR is freed. */
void dw_fail (struct dwarf_types *dt, const char *what, Dwarf_Error *err);
bool dw_attr_const (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, int64_t *value, bool *is_negative);
bool dw_attr_unsigned (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, uint64_t *value);
bool dw_attr_flag (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at);
bool dw_attr_ref (struct dwarf_types *dt, Dwarf_Die die, Dwarf_Half at, Dwarf_Off *off);
const char *dw_die_name (struct dwarf_types *dt, Dwarf_Die die);
Dwarf_Half dw_die_tag (struct dwarf_types *dt, Dwarf_Die die);
Dwarf_Off dw_die_offset (struct dwarf_types *dt, Dwarf_Die die);
Dwarf_Die dw_next_die (struct dwarf_types *dt, Dwarf_Die parent, Dwarf_Die prev, Dwarf_Off *last);
Dwarf_Debug dw_dbg (struct dwarf_types *dt);
/* The DIE at global offset OFF (its part becomes the current one), or NULL
 * after dw_fail. */
Dwarf_Die dw_die_at (struct dwarf_types *dt, Dwarf_Off off);
/* The name a type DIE is known by: its qualified name, else its own. */
const char *dw_type_name (struct dwarf_types *dt, Dwarf_Die die);
/* dwarf-types.c: the type at OFF converted into TABLE, or NULL with
 * *ERROR set (malloc'd). */
const struct ctype *dw_convert_public (struct dwarf_types *dt, struct ctype_table *table, Dwarf_Off off,
                                       char **error);

/* dwarf-index.c: index every part of the module (on its first lookup). */
void dw_build_index (struct dwarf_types *dt);
const struct name_entry *dw_find_name (struct dwarf_types *dt, enum ctype_kind kind, const char *name);
const struct ctype *dw_memo_get (struct dwarf_types *dt, Dwarf_Off off);
void dw_memo_put (struct dwarf_types *dt, Dwarf_Off off, const struct ctype *type);

/* dwarf-types-conv.c: the type at OFF (void after an error, in dt->error),
 * and what it points to, converted before returning. */
const struct ctype *dw_convert_all (struct conv *c, Dwarf_Off off);
const struct ctype *dw_convert (struct conv *c, Dwarf_Off off);

/* dwarf-split.c: open the .dwp or the .dwo files the main part's skeleton
 * units name, as parts 1.. (nothing for a program without split DWARF). */
void dw_split_open (struct dwarf_types *dt);
void dw_split_close (struct dwarf_types *dt);

#endif
