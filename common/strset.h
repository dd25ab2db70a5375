/* SPDX-License-Identifier: MIT */
/*
 * strset.h — a set of owned strings (open addressing, common/hash.h).
 *
 * Used where a message or a name must be handled once: "report each problem
 * once per object", "a probe already listed".  The set owns what it holds:
 * strset_add takes the string and frees it when it is already there.
 */
#ifndef SDTKIT_COMMON_STRSET_H
#define SDTKIT_COMMON_STRSET_H

#include <stdbool.h>
#include <stddef.h>

struct strset {
  char **slots;
  size_t cap, count;
};

/* Add KEY (malloc'd; the set takes it).  True when it was new; false when
 * it was already there (KEY is then freed). */
bool strset_add (struct strset *set, char *key);
/* Is KEY in the set? */
bool strset_has (const struct strset *set, const char *key);
/* Free every string and the table; the set is empty and reusable. */
void strset_clear (struct strset *set);

/* Is S one of the N strings of LIST?  A linear look-up, for the few
 * strings kept in order (an option list, a search queue). */
bool str_list_has (const char *const *list, size_t n, const char *s);

#endif
