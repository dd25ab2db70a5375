/* SPDX-License-Identifier: MIT */
/*
 * ctype.c — the C type table: allocation, D's built-in integer types, named
 * scopes, and the queries the checker needs (resolve, member, equal, name).
 *
 * Every node and string lives in the table (a list of blocks freed at once),
 * so types can point at each other freely — cycles through pointers
 * (`struct list { struct list *next; }`) included.  Named types are kept in
 * a flat list searched linearly by (kind, module, name): scripts declare a
 * handful and the DWARF reader hands over only the types a script names
 * (with what they reference), so the list stays small.
 */
#include "consumer/compile/ctype.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"

struct ctype_table {
  void **blocks;
  size_t nblocks, capblocks;
  struct ctype **named;
  size_t nnamed, capnamed;
  struct ctype **builtins;     /* D's integer spellings, created on first use */
  size_t nbuiltins, capbuiltins;
  struct ctype *void_type;
};

struct ctype_table *
ctype_table_new (void)
{
  return xcalloc (1, sizeof (struct ctype_table));
}

void
ctype_table_free (struct ctype_table *t)
{
  if (!t)
    return;
  VEC_FREE_ALL (t->blocks, t->nblocks);
  FREE_ALL (t->named, t->builtins, t);
}

void *
ctype_alloc (struct ctype_table *t, size_t size)
{
  void *p = xcalloc (1, size ? size : 1);
  VEC_PUSH (t->blocks, t->nblocks, t->capblocks) = p;
  return p;
}

const char *
ctype_strdup (struct ctype_table *t, const char *s)
{
  if (!s)
    return NULL;
  size_t n = strlen (s) + 1;
  char *p = ctype_alloc (t, n);
  memcpy (p, s, n);
  return p;
}

struct ctype *
ctype_new (struct ctype_table *t, enum ctype_kind kind)
{
  struct ctype *c = ctype_alloc (t, sizeof *c);
  c->kind = kind;
  return c;
}

/* D's integer spellings (C's, LP64) and the illumos typedefs D predefines. */
static const struct {
  const char *spelling;
  uint8_t size;
  bool is_signed;
} builtin_ints[] = {
  { "char", 1, true }, { "signed char", 1, true }, { "unsigned char", 1, false },
  { "short", 2, true }, { "short int", 2, true }, { "signed short", 2, true },
  { "signed short int", 2, true }, { "unsigned short", 2, false },
  { "unsigned short int", 2, false },
  { "int", 4, true }, { "signed", 4, true }, { "signed int", 4, true },
  { "unsigned", 4, false }, { "unsigned int", 4, false },
  { "long", 8, true }, { "long int", 8, true }, { "signed long", 8, true },
  { "signed long int", 8, true }, { "unsigned long", 8, false },
  { "unsigned long int", 8, false },
  { "long long", 8, true }, { "long long int", 8, true }, { "signed long long", 8, true },
  { "signed long long int", 8, true }, { "unsigned long long", 8, false },
  { "unsigned long long int", 8, false },
  { "_Bool", 1, false }, { "bool", 1, false },
  /* Linux's fixed-width spellings (linux/types.h), as D on Linux knows them */
  { "__u8", 1, false }, { "__s8", 1, true }, { "__u16", 2, false }, { "__s16", 2, true },
  { "__u32", 4, false }, { "__s32", 4, true }, { "__u64", 8, false }, { "__s64", 8, true },
  { "int8_t", 1, true }, { "int16_t", 2, true }, { "int32_t", 4, true }, { "int64_t", 8, true },
  { "uint8_t", 1, false }, { "uint16_t", 2, false }, { "uint32_t", 4, false },
  { "uint64_t", 8, false }, { "intptr_t", 8, true }, { "uintptr_t", 8, false },
  { "size_t", 8, false }, { "ssize_t", 8, true }, { "off_t", 8, true }, { "off64_t", 8, true },
  { "ptrdiff_t", 8, true }, { "pid_t", 4, true }, { "uid_t", 4, false }, { "gid_t", 4, false },
  { "id_t", 4, true }, { "time_t", 8, true }, { "hrtime_t", 8, true },
  { "uchar_t", 1, false }, { "ushort_t", 2, false }, { "uint_t", 4, false },
  { "ulong_t", 8, false }, { "longlong_t", 8, true }, { "u_longlong_t", 8, false },
  { "boolean_t", 4, true }, { "processorid_t", 4, true }, { "psetid_t", 4, true },
  { "major_t", 4, false }, { "minor_t", 4, false }, { "dev_t", 8, false },
  { "ino_t", 8, false }, { "mode_t", 4, false }, { "nlink_t", 8, false },
  /* network and other C library integer typedefs D scripts name (ipaddr_t,
   * inet_ntoa()'s operand type in DTrace; the rest as glibc has them) */
  { "ipaddr_t", 4, false }, { "in_addr_t", 4, false }, { "in_port_t", 2, false },
  { "sa_family_t", 2, false }, { "socklen_t", 4, false },
  { "intmax_t", 8, true }, { "uintmax_t", 8, false }, { "clock_t", 8, true },
  { "useconds_t", 4, false }, { "suseconds_t", 8, true }, { "key_t", 4, true },
  { "blkcnt_t", 8, true }, { "blksize_t", 8, true }, { "loff_t", 8, true },
};

static struct ctype *
make_int (struct ctype_table *t, const char *name, unsigned size, bool is_signed)
{
  struct ctype *c = ctype_new (t, CT_INT);
  c->name = ctype_strdup (t, name);
  c->size = size;
  c->align = size;
  c->is_signed = is_signed;
  c->complete = true;
  VEC_PUSH (t->builtins, t->nbuiltins, t->capbuiltins) = c;
  return c;
}

const struct ctype *
ctype_builtin (struct ctype_table *t, const char *spelling)
{
  for (size_t i = 0; i < t->nbuiltins; i++)
    if (strcmp (t->builtins[i]->name, spelling) == 0)
      return t->builtins[i];
  for (size_t i = 0; i < sizeof builtin_ints / sizeof builtin_ints[0]; i++)
    if (strcmp (builtin_ints[i].spelling, spelling) == 0)
      return make_int (t, spelling, builtin_ints[i].size, builtin_ints[i].is_signed);
  return NULL;
}

const struct ctype *
ctype_int (struct ctype_table *t, unsigned size, bool is_signed)
{
  static const char *const names[2][4] = {
    { "uint8_t", "uint16_t", "uint32_t", "uint64_t" },
    { "int8_t", "int16_t", "int32_t", "int64_t" },
  };
  unsigned i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  return ctype_builtin (t, names[is_signed][i]);
}

const struct ctype *
ctype_void (struct ctype_table *t)
{
  if (!t->void_type)
    {
      t->void_type = ctype_new (t, CT_VOID);
      t->void_type->name = "void";
      t->void_type->align = 1;
      t->void_type->complete = true;
    }
  return t->void_type;
}

const struct ctype *
ctype_pointer_to (struct ctype_table *t, const struct ctype *to, bool userland)
{
  struct ctype *p = ctype_new (t, CT_POINTER);
  p->ref = to;
  p->size = 8;
  p->align = 8;
  p->complete = true;
  p->userland = userland;
  return p;
}

const struct ctype *
ctype_array_of (struct ctype_table *t, const struct ctype *elem, uint64_t n)
{
  struct ctype *a = ctype_new (t, CT_ARRAY);
  const struct ctype *r = ctype_resolve (elem);
  a->ref = elem;
  a->nelems = n;
  a->size = r && n <= UINT64_MAX / (r->size ? r->size : 1) ? r->size * n : 0;
  a->align = r ? r->align : 1;
  a->complete = n != 0;
  return a;
}

static bool
same_name (const char *a, const char *b)
{
  return a == b || (a && b && strcmp (a, b) == 0);
}

/* Each kind of name has a namespace of its own, as in DTrace (whose types
 * are CTF's, where `struct record` and `union record` are two types), not
 * C's single tag namespace: a script may declare both. */
static bool
same_namespace (enum ctype_kind a, enum ctype_kind b)
{
  return a == b;
}

const struct ctype *
ctype_find (struct ctype_table *t, enum ctype_kind kind, const char *module, const char *name)
{
  for (size_t i = t->nnamed; i-- > 0;)
    {
      const struct ctype *c = t->named[i];
      if (c->kind == kind && same_name (c->module, module) && same_name (c->name, name))
        return c;
    }
  return NULL;
}

bool
ctype_define (struct ctype_table *t, struct ctype *type)
{
  for (size_t i = 0; i < t->nnamed; i++)
    {
      struct ctype *c = t->named[i];
      if (same_namespace (c->kind, type->kind) && same_name (c->module, type->module)
          && same_name (c->name, type->name))
        {
          /* A forward declaration (struct s;) completed by its definition. */
          if (c->kind == type->kind && !c->complete && type->complete)
            {
              *c = *type;
              return true;
            }
          return c->kind == type->kind && !type->complete;
        }
    }
  VEC_PUSH (t->named, t->nnamed, t->capnamed) = type;
  return true;
}

const struct ctype *
ctype_resolve (const struct ctype *t)
{
  /* A typedef chain longer than this is a cycle in broken debug
   * information: stop rather than loop. */
  for (int depth = 0; t && t->kind == CT_TYPEDEF && depth < 64; depth++)
    t = t->ref;
  return t && t->kind == CT_TYPEDEF ? NULL : t;
}

static const struct ctype_member *
member_in (const struct ctype *agg, const char *name, uint64_t base, uint64_t *offset, int depth)
{
  agg = ctype_resolve (agg);
  if (!agg || (agg->kind != CT_STRUCT && agg->kind != CT_UNION) || depth > 32)
    return NULL;
  for (size_t i = 0; i < agg->nmembers; i++)
    {
      const struct ctype_member *m = &agg->members[i];
      if (m->name && strcmp (m->name, name) == 0)
        {
          *offset = base + m->offset;
          return m;
        }
      if (!m->name)
        {
          const struct ctype_member *inner = member_in (m->type, name, base + m->offset, offset,
                                                        depth + 1);
          if (inner)
            return inner;
        }
    }
  return NULL;
}

const struct ctype_member *
ctype_member (const struct ctype *agg, const char *name, uint64_t *offset)
{
  return member_in (agg, name, 0, offset, 0);
}

static bool
equal_at (const struct ctype *a, const struct ctype *b, int depth)
{
  if (a == b)
    return true;
  if (!a || !b || depth > 16)
    return depth > 16;          /* deep enough: assume the rest agrees */
  if (a->kind != b->kind || a->size != b->size || !same_name (a->name, b->name)
      || a->nelems != b->nelems || a->nmembers != b->nmembers
      || a->nenumerators != b->nenumerators || a->is_signed != b->is_signed)
    return false;
  if (a->kind == CT_POINTER)
    {
      /* Pointers compare by their pointee's name, not its body: lists
       * point at themselves. */
      const struct ctype *pa = a->ref, *pb = b->ref;
      return pa && pb ? pa->kind == pb->kind && same_name (pa->name, pb->name)
                        && (pa->name || equal_at (pa, pb, depth + 1))
                      : pa == pb;
    }
  for (size_t i = 0; i < a->nmembers; i++)
    {
      const struct ctype_member *ma = &a->members[i], *mb = &b->members[i];
      if (!same_name (ma->name, mb->name) || ma->offset != mb->offset
          || ma->bit_size != mb->bit_size || ma->bit_offset != mb->bit_offset
          || !equal_at (ma->type, mb->type, depth + 1))
        return false;
    }
  for (size_t i = 0; i < a->nenumerators; i++)
    if (!same_name (a->enumerators[i].name, b->enumerators[i].name)
        || a->enumerators[i].value != b->enumerators[i].value)
      return false;
  return equal_at (a->ref, b->ref, depth + 1);
}

bool
ctype_equal (const struct ctype *a, const struct ctype *b)
{
  return equal_at (a, b, 0);
}

/* C declarator syntax: the base name, then pointer stars and array bounds
 * in the order C writes them ("int *[4]" is an array of 4 pointers). */
static void
name_into (const struct ctype *t, char **out, const char *suffix, int depth)
{
  if (!t || depth > 32)
    {
      *out = xasprintf ("void%s", suffix);
      return;
    }
  const char *q = t->qual & CQ_CONST ? "const " : "";
  switch (t->kind)
    {
    case CT_POINTER:
      {
        const struct ctype *r = t->ref;
        bool paren = r && (r->kind == CT_ARRAY || r->kind == CT_FUNCTION);
        char *s = xasprintf (paren ? "(*%s)" : "*%s", suffix);
        name_into (r, out, s, depth + 1);
        free (s);
        return;
      }
    case CT_ARRAY:
      {
        char *s = t->nelems ? xasprintf ("%s[%llu]", suffix, (unsigned long long) t->nelems)
                            : xasprintf ("%s[]", suffix);
        name_into (t->ref, out, s, depth + 1);
        free (s);
        return;
      }
    case CT_FUNCTION:
      {
        char *s = xasprintf ("%s()", suffix);
        name_into (t->ref, out, s, depth + 1);
        free (s);
        return;
      }
    default:
      break;
    }
  const char *tag = t->kind == CT_STRUCT ? "struct " : t->kind == CT_UNION ? "union "
                    : t->kind == CT_ENUM ? "enum " : "";
  const char *name = t->name ? t->name : "(anon)";
  const char *sep = suffix[0] && suffix[0] != '[' ? " " : suffix[0] == '[' ? " " : "";
  *out = xasprintf ("%s%s%s%s%s", q, tag, name, sep, suffix);
}

char *
ctype_name (const struct ctype *t)
{
  char *out;
  name_into (t, &out, "", 0);
  return out;
}

void
ctype_probe_args_free (struct ctype_probe_args *a, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      FREE_ALL (a[i].module, a[i].probe);
      free_strings (a[i].types, sizeof a[i].types / sizeof a[i].types[0]);
    }
  free (a);
}
