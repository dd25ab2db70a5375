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

struct memo_slot {
  Dwarf_Off off;                 /* + 1: 0 is an empty slot */
  const struct ctype *type;
};

struct dwarf_types {
  char *path, *module;
  struct debug_file df;
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
const struct name_entry *dw_find_name (struct dwarf_types *dt, enum ctype_kind kind, const char *name);
const struct ctype *dw_memo_get (struct dwarf_types *dt, Dwarf_Off off);
void dw_memo_put (struct dwarf_types *dt, Dwarf_Off off, const struct ctype *type);

/* dwarf-types-conv.c: the type at OFF (void after an error, in dt->error),
 * and what it points to, converted before returning. */
const struct ctype *dw_convert_all (struct conv *c, Dwarf_Off off);
const struct ctype *dw_convert (struct conv *c, Dwarf_Off off);

#endif
