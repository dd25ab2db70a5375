/* SPDX-License-Identifier: MIT */
/*
 * test-ctype.c — the C type model: D's built-in integers, named scopes,
 * forward declarations, members (anonymous ones included), equality and
 * C's spelling of type names.
 */
#include <stdlib.h>

#include "consumer/compile/ctype.h"
#include "unit.h"

static struct ctype *
make_struct (struct ctype_table *t, const char *tag, const char *module, size_t n,
             const struct ctype_member *members, uint64_t size)
{
  struct ctype *s = ctype_new (t, CT_STRUCT);
  s->name = ctype_strdup (t, tag);
  s->module = ctype_strdup (t, module);
  struct ctype_member *m = ctype_alloc (t, n * sizeof *m);
  for (size_t i = 0; i < n; i++)
    m[i] = members[i];
  s->members = m;
  s->nmembers = n;
  s->size = size;
  s->align = 8;
  s->complete = true;
  return s;
}

static void
check_name (const struct ctype *t, const char *want)
{
  char *s = ctype_name (t);
  UNIT_STREQ (s, want, "name %s", want);
  free (s);
}

int
main (void)
{
  struct ctype_table *t = ctype_table_new ();
  const struct ctype *uc = ctype_builtin (t, "uchar_t");
  UNIT_CHECK (uc && uc->size == 1 && !uc->is_signed, "uchar_t is an unsigned byte");
  UNIT_CHECK (ctype_builtin (t, "uchar_t") == uc, "built-ins are shared");
  const struct ctype *ss = ctype_builtin (t, "signed short");
  UNIT_CHECK (ss && ss->size == 2 && ss->is_signed, "signed short");
  UNIT_CHECK (ctype_builtin (t, "struct conn") == NULL, "not a built-in");
  UNIT_INTEQ (ctype_int (t, 4, false)->size, 4, "ctype_int");

  /* struct list { int v; struct list *next; union { long a; char b; }; }; */
  struct ctype *fwd = ctype_new (t, CT_STRUCT);
  fwd->name = "list";
  UNIT_CHECK (ctype_define (t, fwd), "forward declaration");
  const struct ctype *lptr = ctype_pointer_to (t, fwd, true);
  struct ctype_member um[] = { { "a", ctype_builtin (t, "long"), 0, 0, 0 },
                               { "b", ctype_builtin (t, "char"), 0, 0, 0 } };
  struct ctype *u = ctype_new (t, CT_UNION);
  u->members = um;
  u->nmembers = 2;
  u->size = 8;
  u->complete = true;
  struct ctype_member lm[] = { { "v", ctype_builtin (t, "int"), 0, 0, 0 },
                               { "next", lptr, 8, 0, 0 },
                               { NULL, u, 16, 0, 0 } };
  struct ctype *list = make_struct (t, "list", NULL, 3, lm, 24);
  UNIT_CHECK (ctype_define (t, list), "definition completes the forward declaration");
  UNIT_CHECK (fwd->complete && fwd->size == 24, "pointers to the forward node see the body");
  UNIT_CHECK (ctype_find (t, CT_STRUCT, NULL, "list") == fwd, "find by tag");
  UNIT_CHECK (ctype_find (t, CT_STRUCT, "a.out", "list") == NULL, "scopes are separate");
  struct ctype *again = make_struct (t, "list", NULL, 3, lm, 24);
  UNIT_CHECK (!ctype_define (t, again), "redefinition refused");
  struct ctype *en = ctype_new (t, CT_ENUM);
  en->name = "list";
  en->complete = true;
  UNIT_CHECK (ctype_define (t, en), "struct, union and enum tags have namespaces of their own (as in DTrace)");
  UNIT_CHECK (ctype_find (t, CT_ENUM, NULL, "list") == en && ctype_find (t, CT_STRUCT, NULL, "list") == fwd,
              "enum list and struct list are found apart");

  uint64_t off = 0;
  const struct ctype_member *m = ctype_member (fwd, "next", &off);
  UNIT_CHECK (m && off == 8, "member next at 8");
  m = ctype_member (fwd, "b", &off);
  UNIT_CHECK (m && off == 16, "anonymous union member b at 16");
  UNIT_CHECK (ctype_member (fwd, "nope", &off) == NULL, "unknown member");

  struct ctype *td = ctype_new (t, CT_TYPEDEF);
  td->name = "list_t";
  td->ref = fwd;
  UNIT_CHECK (ctype_define (t, td), "typedef");
  UNIT_CHECK (ctype_resolve (td) == fwd, "typedef resolves");
  UNIT_CHECK (ctype_find (t, CT_TYPEDEF, NULL, "list_t") == td, "typedef found");

  struct ctype *other = make_struct (t, "list", "a.out", 3, lm, 24);
  UNIT_CHECK (ctype_define (t, other), "same tag in another module");
  UNIT_CHECK (ctype_find (t, CT_STRUCT, "a.out", "list") == other, "found in its module");
  UNIT_CHECK (ctype_equal (other, fwd), "the same layout in two modules compares equal");
  struct ctype_member lm2[] = { { "v", ctype_builtin (t, "long"), 0, 0, 0 },
                                { "next", lptr, 8, 0, 0 },
                                { NULL, u, 16, 0, 0 } };
  UNIT_CHECK (!ctype_equal (make_struct (t, "list", NULL, 3, lm2, 24), fwd),
              "a member's type differs");

  check_name (ctype_builtin (t, "unsigned long"), "unsigned long");
  check_name (lptr, "struct list *");
  check_name (ctype_array_of (t, ctype_builtin (t, "int"), 5), "int [5]");
  check_name (ctype_array_of (t, ctype_pointer_to (t, ctype_builtin (t, "char"), false), 4),
              "char *[4]");
  check_name (ctype_pointer_to (t, ctype_array_of (t, ctype_builtin (t, "int"), 3), false),
              "int (*)[3]");
  check_name (td, "list_t");
  UNIT_INTEQ (ctype_array_of (t, fwd, 10)->size, 240, "array size");
  ctype_table_free (t);
  return unit_exit ();
}
