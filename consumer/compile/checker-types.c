/* SPDX-License-Identifier: MIT */
/*
 * checker-types.c — C types in the checker (checker-int.h): the script's
 * typedef, struct, union and enum definitions built into the program's
 * C type table (ctype.h), type names as written (casts, sizeof, offsetof,
 * declarations) resolved to C types, and the D value type (struct dtype) a
 * C type gives.
 *
 * A type name is parser.h's normalised text: words, then `*`s (each may be
 * followed by qualifiers), then `[N]` bounds: "unsigned long",
 * "const struct foo *", "char *[4]", "struct a.out`conn *", "uchar_t".
 * Integer words in any order and number make one of C's integer types
 * ("long unsigned int" is "unsigned long").  A named type is looked up in
 * the script, then D's built-in typedefs, then the traced program through
 * the target's resolver (types from its DWARF); `MODULE`NAME` asks the
 * resolver for that module only, unless the script defined it.
 *
 * Layout follows the x86-64 System V ABI: members at their alignment, a
 * bit-field in the next bits of a unit of its type unless it would cross
 * one, unions at offset 0, the size rounded to the largest alignment.
 * Bit-fields are recorded as (offset of their unit, bit offset in it,
 * width).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "common/vec.h"
#include "common/xalloc.h"

struct ctype_table *
ck_types (struct ck *c)
{
  if (!c->prog->types)
    c->prog->types = ctype_table_new ();
  return c->prog->types;
}

/* ------------------------------------------------------------------ */
/* Named constants: enumerators and inline definitions.                 */

bool
ck_find_const (struct ck *c, const char *name, struct ck_const *out)
{
  for (size_t i = c->nconsts; i-- > 0;)
    if (strcmp (c->consts[i].name, name) == 0)
      {
        *out = c->consts[i];
        return true;
      }
  return false;
}

static int
add_const (struct ck *c, const struct d_loc *loc, const char *name, struct ck_const k)
{
  struct ck_const old;
  if (ck_find_const (c, name, &old))
    {
      ck_err (c, loc, "identifier redeclared: %s", name);
      return -1;
    }
  k.name = name;
  VEC_PUSH (c->consts, c->nconsts, c->consts_cap) = k;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Type names.                                                          */

/* Does the script define struct/union/enum/typedef NAME anywhere? */
static bool
script_defines (struct ck *c, enum ctype_kind kind, const char *name)
{
  enum d_decl_kind dk = kind == CT_STRUCT ? DD_STRUCT : kind == CT_UNION ? DD_UNION
                        : kind == CT_ENUM ? DD_ENUM : DD_TYPEDEF;
  for (size_t i = 0; c->script && i < c->script->ndecls; i++)
    {
      const struct d_decl *d = &c->script->decls[i];
      if (d->kind == dk && d->name && strcmp (d->name, name) == 0)
        return true;
      if (d->def && d->def->kind == dk && d->def->name && strcmp (d->def->name, name) == 0)
        return true;
    }
  return false;
}

/* A named type (struct, union, enum tag or typedef) in MODULE (NULL:
 * unscoped): the script's, D's, then the traced program's.  NULL after
 * reporting. */
static const struct ctype *
find_named (struct ck *c, enum ctype_kind kind, const char *module, const char *name,
            const char *spelled, const struct d_loc *loc, bool forward_ok)
{
  struct ctype_table *tt = ck_types (c);
  const struct ctype *t = ctype_find (tt, kind, module, name);
  if (!t && kind == CT_TYPEDEF && !module)
    t = ctype_builtin (tt, name);
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  bool kernel_scope = module && strcmp (module, "vmlinux") == 0;
  if (!t && kernel_scope && k->lookup)
    {
      /* struct vmlinux`file: the kernel's own types (its BTF) */
      char *error = NULL;
      t = k->lookup (k->ctx, tt, kind, module, name, &error);
      if (!t)
        {
          ck_err (c, loc, "failed to resolve type %s: %s", spelled,
                  error ? error : "the kernel's types (BTF) are not known here");
          free (error);
          return NULL;
        }
    }
  /* the traced program's error (its files have no debug information) is
   * reported only when D's library and the kernel do not have the name
   * either: a kernel struct must resolve for a program without DWARF */
  char *program_error = NULL;
  if (!t && !kernel_scope && c->prog->target.resolver.lookup)
    {
      t = c->prog->target.resolver.lookup (c->prog->target.resolver.ctx, tt, kind, module, name,
                                           &program_error);
      if (!t && program_error && module)
        {
          ck_err (c, loc, "failed to resolve type %s: %s", spelled, program_error);
          free (program_error);
          return NULL;
        }
    }
  bool failed = false;
  if (!t && !module && ck_prelude_load (c, name, loc, &failed))
    t = ctype_find (tt, kind, NULL, name);
  if (failed)
    {
      free (program_error);
      return NULL;
    }
  if (!t && !module && k->lookup && (!forward_ok || !script_defines (c, kind, name)))
    {
      /* an unscoped name the script and the program do not define: the
       * kernel's, as DTrace searches every module (no error if it has none);
       * in a declaration (`struct task_struct *t;`) too, unless the script
       * defines the tag itself, later */
      char *error = NULL;
      t = k->lookup (k->ctx, tt, kind, "vmlinux", name, &error);
      free (error);
    }
  if (!t && program_error)
    {
      ck_err (c, loc, "failed to resolve type %s: %s", spelled, program_error);
      free (program_error);
      return NULL;
    }
  free (program_error);
  if (!t && forward_ok && !module && (kind == CT_STRUCT || kind == CT_UNION))
    {
      /* `struct s *p` or `typedef struct s s_t` before (or without) the
       * body: an incomplete type, completed if the script defines it */
      struct ctype *f = ctype_new (tt, kind);
      f->name = ctype_strdup (tt, name);
      ctype_define (tt, f);
      return f;
    }
  if (!t)
    ck_err (c, loc, "failed to resolve type %s: no such type is declared in the script%s", spelled,
            c->prog->target.resolver.lookup ? " or in the traced program's debug information" : "");
  return t;
}

/* "a.out`conn" -> module "a.out", name "conn" (*MODULE NULL when unscoped;
 * allocated in the type table). */
static const char *
split_scope (struct ck *c, const char *word, const char **module)
{
  const char *bq = strrchr (word, '`');
  *module = NULL;
  if (!bq)
    return word;
  char *m = xstrndup (word, (size_t) (bq - word));
  /* D`name: the script's own types (and D's), as in DTrace */
  *module = strcmp (m, "D") == 0 ? NULL : ctype_strdup (ck_types (c), m);
  free (m);
  return bq + 1;
}

/* The integer type of a run of integer words, or NULL. */
static const struct ctype *
int_words (struct ck *c, unsigned sign, unsigned shorts, unsigned longs, bool chr, bool has_int)
{
  char buf[64];
  const char *s = sign == 1 ? "signed " : sign == 2 ? "unsigned " : "";
  if (chr)
    {
      if (shorts || longs || has_int) /* "char int" is no type */
        return NULL;
      snprintf (buf, sizeof buf, "%schar", s);
    }
  else if (shorts)
    {
      if (longs || shorts > 1)
        return NULL;
      snprintf (buf, sizeof buf, "%sshort", s);
    }
  else if (longs)
    {
      if (longs > 2)
        return NULL;
      snprintf (buf, sizeof buf, "%s%s", s, longs == 2 ? "long long" : "long");
    }
  else
    snprintf (buf, sizeof buf, "%s", sign == 2 ? "unsigned int" : "int");
  return ctype_builtin (ck_types (c), buf);
}

/* Split TEXT into words, "*", "(...)" and "[...]" items. */

static size_t
type_items (const char *text, char ***out)
{
  char **v = NULL;
  size_t n = 0, cap = 0;
  const char *p = text;
  while (*p)
    {
      if (*p == ' ')
        {
          p++;
          continue;
        }
      const char *q = p;
      if (*p == '*' || *p == ')')
        q = p + 1;
      else if (*p == '[' || *p == '(')
        {
          char close = *p == '[' ? ']' : ')';
          int depth = 0;
          while (*q)
            {
              if (*q == *p)
                depth++;
              else if (*q == close && --depth == 0)
                {
                  q++;
                  break;
                }
              q++;
            }
        }
      else
        while (*q && *q != ' ' && *q != '*' && *q != '[' && *q != '(' && *q != ')')
          q++;
      VEC_PUSH (v, n, cap) = xstrndup (p, (size_t) (q - p));
      p = q;
    }
  *out = v;
  return n;
}

static void
free_items (char **v, size_t n)
{
  free_strings (v, n);
  free (v);
}

static const struct ctype *def_type (struct ck *c, struct d_decl *def);

/* float (4 bytes), double (8) or long double (16), as x86-64's C has them. */
static const struct ctype *
float_type (struct ck *c, unsigned size)
{
  struct ctype_table *tt = ck_types (c);
  struct ctype *f = ctype_new (tt, CT_FLOAT);
  f->name = size == 4 ? "float" : size == 8 ? "double" : "long double";
  f->size = size;
  f->align = size;
  f->complete = true;
  return f;
}

/* The C type TEXT names (DEF: the anonymous body its placeholder stands
 * for).  *IS_STRING: it is D's `string` (no C type; NULL returned).  NULL
 * after reporting otherwise. */
const struct ctype *
ck_ctype (struct ck *c, const char *text, struct d_decl *def, const struct d_loc *loc,
          bool *is_string)
{
  char **it;
  size_t n = type_items (text, &it), i = 0;
  const struct ctype *base = NULL;
  bool userland = false, bad = false, kernel_words = false;
  unsigned sign = 0, shorts = 0, longs = 0;
  bool chr = false, has_int = false, ints = false, flt = false;
  *is_string = false;

  for (; i < n && it[i][0] != '*' && it[i][0] != '[' && it[i][0] != '('; i++)
    {
      const char *w = it[i];
      if (!strcmp (w, "const") || !strcmp (w, "volatile") || !strcmp (w, "restrict")
          || !strcmp (w, "extern") || !strcmp (w, "static") || !strcmp (w, "register"))
        continue;
      if (!strcmp (w, "userland"))
        {
          userland = true;
          continue;
        }
      if (!strcmp (w, "__kernel"))
        {
          /* the checker's own spelling (kernel symbols): a kernel pointer */
          kernel_words = true;
          continue;
        }
      if (!strcmp (w, "signed") || !strcmp (w, "unsigned"))
        {
          bad |= sign != 0;
          sign = w[0] == 's' ? 1 : 2;
          ints = true;
          continue;
        }
      if (!strcmp (w, "short")) { shorts++; ints = true; continue; }
      if (!strcmp (w, "long")) { longs++; ints = !flt; bad |= flt; continue; }
      if (!strcmp (w, "char")) { bad |= chr; chr = true; ints = true; continue; }
      if (!strcmp (w, "int")) { bad |= has_int; has_int = true; ints = true; continue; }
      if (!strcmp (w, "float") || !strcmp (w, "double"))
        {
          /* float, double, long double: declared and sized as in C, kept
           * as opaque bytes (D computes no floating point) */
          bool dbl = w[0] == 'd';
          if (base || flt || sign || shorts || chr || has_int || longs > (dbl ? 1u : 0u))
            {
              bad = true;
              break;
            }
          base = float_type (c, dbl ? (longs ? 16 : 8) : 4);
          ints = false;
          flt = true;
          continue;
        }
      if (base || ints)
        {
          bad = true;
          break;
        }
      if (!strcmp (w, "string"))
        {
          *is_string = true;
          free_items (it, n);
          return NULL;
        }
      if (!strcmp (w, "void"))
        base = ctype_void (ck_types (c));
      else if (!strcmp (w, "struct") || !strcmp (w, "union") || !strcmp (w, "enum"))
        {
          if (i + 1 >= n)
            {
              bad = true;
              break;
            }
          enum ctype_kind k = w[0] == 's' ? CT_STRUCT : w[0] == 'u' ? CT_UNION : CT_ENUM;
          char *spelled = xasprintf ("%s %s", w, it[i + 1]);
          const char *module, *name = split_scope (c, it[i + 1], &module);
          bool forward_ok = c->forward_tags == 2 || (c->forward_tags == 1 && i + 2 < n && it[i + 2][0] == '*');
          base = find_named (c, k, module, name, spelled, loc, forward_ok);
          free (spelled);
          i++;
          if (!base)
            {
              free_items (it, n);
              return NULL;
            }
        }
      else if (!strcmp (w, D_DEF_PLACEHOLDER) && def)
        {
          base = def_type (c, def);
          if (!base)
            {
              free_items (it, n);
              return NULL;
            }
        }
      else
        {
          const char *module, *name = split_scope (c, w, &module);
          base = find_named (c, CT_TYPEDEF, module, name, w, loc, false);
          if (!base)
            {
              free_items (it, n);
              return NULL;
            }
        }
    }
  bad |= flt && ints;           /* "double int", "float unsigned" */
  if (ints && !bad)
    {
      base = int_words (c, sign, shorts, longs, chr, has_int);
      bad = !base;
    }
  if (bad || !base)
    {
      ck_err (c, loc, "invalid type combination: %s", text);
      free_items (it, n);
      return NULL;
    }
  /* pointers, then array bounds (the rightmost is innermost) */
  /* a pointer to a kernel type (BTF's, scope vmlinux) is a kernel pointer
   * unless written `userland` */
  const struct ctype *rb = ctype_resolve (base);
  bool kernel = kernel_words || (!userland && rb && rb->module && strcmp (rb->module, "vmlinux") == 0);
  for (; i < n && (it[i][0] == '*' || !strcmp (it[i], "const") || !strcmp (it[i], "volatile")
                   || !strcmp (it[i], "restrict")); i++)
    if (it[i][0] == '*')
      base = ctype_pointer_to (ck_types (c), base, !kernel);
  if (i < n && it[i][0] == '(' && strncmp (it[i], "(*", 2) != 0 && c->extern_decl)
    {
      /* extern int f(int, ...): the function's type (its parameters are not kept) */
      struct ctype *fn = ctype_new (ck_types (c), CT_FUNCTION);
      fn->ref = base;
      base = fn;
      i = n;
    }
  if (i < n && it[i][0] == '(' && strncmp (it[i], "(*", 2) != 0)
    {
      ck_err (c, loc, "function types are not supported: %s (a pointer to a function is)", text);
      free_items (it, n);
      return NULL;
    }
  if (i < n && it[i][0] == '(')
    {
      /* a function pointer "void (*)(int)": a pointer to a function */
      struct ctype *fn = ctype_new (ck_types (c), CT_FUNCTION);
      fn->ref = base;
      base = ctype_pointer_to (ck_types (c), fn, true);
      i = n;
    }
  size_t first_dim = i;
  for (size_t j = n; j-- > first_dim;)
    {
      char *end;
      const char *d = it[j];
      if (d[0] != '[')
        {
          ck_err (c, loc, "invalid type: %s", text);
          free_items (it, n);
          return NULL;
        }
      unsigned long long v = strtoull (d + 1, &end, 0);
      if (d[1] == ']')
        v = 0;
      else
        {
          while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
            end++;
          if (*end != ']')
            {
              struct ck_const k;
              char *name = xstrndup (d + 1, strlen (d) - 2);
              bool ok = ck_find_const (c, name, &k) && k.value > 0;
              free (name);
              if (!ok)
                {
                  ck_err (c, loc, "array bound must be a positive integer constant: %s", text);
                  free_items (it, n);
                  return NULL;
                }
              v = (unsigned long long) k.value;
            }
        }
      if (v > (1u << 24))
        {
          ck_err (c, loc, "array bound too large: %s", text);
          free_items (it, n);
          return NULL;
        }
      base = ctype_array_of (ck_types (c), base, v);
    }
  (void) userland;
  free_items (it, n);
  return base;
}

/* ------------------------------------------------------------------ */
/* Definitions.                                                         */

/* D's `string` as a member: strsize bytes in place, a typedef named
 * "string" of char[strsize] (no script can name a typedef "string": it is
 * a keyword), read as a D string and written by copying one. */
const struct ctype *
ck_string_member_type (struct ck *c)
{
  struct ctype_table *tt = ck_types (c);
  struct ctype *t = ctype_new (tt, CT_TYPEDEF);
  const struct ctype *arr = ctype_array_of (tt, ctype_builtin (tt, "char"), c->prog->strsize);
  t->name = ctype_strdup (tt, "string");
  t->ref = arr;
  t->size = arr->size;
  t->align = arr->align;
  t->complete = true;
  return t;
}

bool
ck_is_string_member_type (const struct ctype *t)
{
  return t && t->kind == CT_TYPEDEF && !t->module && t->name && strcmp (t->name, "string") == 0;
}

static uint64_t
align_up (uint64_t v, uint64_t a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

static int64_t
const_expr (struct ck *c, struct d_node *e, const char *what, bool *ok)
{
  *ok = false;
  if (ck_expr (c, e) != 0)
    return 0;
  struct ninfo *ni = ck_info (c, e);
  if (!ni->is_const || ni->type.kind != DT_INTEGER)
    {
      ck_err (c, &e->loc, "%s must be an integer constant expression", what);
      return 0;
    }
  *ok = true;
  return ni->value;
}

/* The body of a struct or union: members laid out. */
static int
layout_members (struct ck *c, struct d_decl *d, struct ctype *agg)
{
  struct ctype_table *tt = ck_types (c);
  struct ctype_member *mv = ctype_alloc (tt, (d->nmembers ? d->nmembers : 1) * sizeof *mv);
  uint64_t off = 0, size = 0, bitpos = 0;       /* bitpos: bits used so far (structs) */
  uint32_t align = 1;
  size_t nm = 0;
  bool is_union = agg->kind == CT_UNION;

  for (size_t i = 0; i < d->nmembers; i++)
    {
      struct d_decl *m = &d->members[i];
      bool is_string;
      const struct ctype *t = ck_ctype (c, m->type->text, m->def, &m->loc, &is_string);
      if (is_string)
        t = ck_string_member_type (c);
      if (!t)
        return -1;
      const struct ctype *rt = ctype_resolve (t);
      bool flexible = rt && rt->kind == CT_ARRAY && rt->nelems == 0 && i + 1 == d->nmembers
                      && agg->kind == CT_STRUCT;      /* a flexible array member: `int e[];` */
      if (!rt || (rt->size == 0 && !flexible)
          || ((rt->kind == CT_STRUCT || rt->kind == CT_UNION) && !rt->complete))
        {
          char *tn = ctype_name (t);
          ck_err (c, &m->loc, "member %s has an incomplete type: %s", m->name ? m->name : "", tn);
          free (tn);
          return -1;
        }
      for (size_t j = 0; j < nm; j++)
        if (m->name && mv[j].name && strcmp (mv[j].name, m->name) == 0)
          {
            ck_err (c, &m->loc, "member %s redeclared", m->name);
            return -1;
          }
      uint32_t a = rt->align ? rt->align : 1;
      if (flexible)
        {
          const struct ctype *er = ctype_resolve (rt->ref);
          a = er && er->align ? er->align : 1;
        }
      struct ctype_member *out = &mv[nm];
      out->name = m->name ? ctype_strdup (tt, m->name) : NULL;
      out->type = t;
      if (m->bits)
        {
          bool ok;
          int64_t w = const_expr (c, m->bits, "a bit-field width", &ok);
          if (!ok)
            return -1;
          if (rt->kind != CT_INT && rt->kind != CT_ENUM)
            {
              ck_err (c, &m->loc, "bit-field %s must be of integer type", m->name ? m->name : "");
              return -1;
            }
          if (w < 0 || (uint64_t) w > rt->size * 8 || (w == 0 && m->name))
            {
              ck_err (c, &m->loc, "bit-field %s has an invalid width %" PRId64, m->name ? m->name : "", w);
              return -1;
            }
          uint64_t unit = rt->size * 8;
          uint64_t start = is_union ? 0 : bitpos;
          if (w == 0 || (start / unit) != ((start + (uint64_t) w - 1) / unit))
            start = align_up (start, unit);
          out->offset = start / unit * rt->size;
          out->bit_offset = (uint8_t) (start % unit);
          out->bit_size = (uint8_t) w;
          if (!is_union)
            bitpos = start + (uint64_t) w;
          uint64_t end = is_union ? (uint64_t) (w + 7) / 8 : (bitpos + 7) / 8;
          if (end > size)
            size = end;
          if (m->name && a > align)
            align = a;
          if (m->name)
            nm++;
          continue;
        }
      off = is_union ? 0 : align_up ((bitpos + 7) / 8, a);
      out->offset = off;
      if (!is_union)
        bitpos = (off + rt->size) * 8;
      if (off + rt->size > size)
        size = off + rt->size;
      if (a > align)
        align = a;
      nm++;
    }
  agg->members = mv;
  agg->nmembers = nm;
  agg->align = align;
  agg->size = align_up (size, align);
  agg->complete = true;
  return 0;
}

static int
define_enum (struct ck *c, struct d_decl *d, struct ctype *e)
{
  struct ctype_table *tt = ck_types (c);
  struct ctype_enumerator *ev = ctype_alloc (tt, (d->nmembers ? d->nmembers : 1) * sizeof *ev);
  int64_t next = 0;
  e->ref = ctype_builtin (tt, "int");
  e->size = 4;
  e->align = 4;
  e->is_signed = true;
  for (size_t i = 0; i < d->nmembers; i++)
    {
      struct d_decl *m = &d->members[i];
      if (m->init)
        {
          bool ok;
          next = const_expr (c, m->init, "an enumerator's value", &ok);
          if (!ok)
            return -1;
        }
      if (next < INT32_MIN || next > INT32_MAX)
        {
          ck_err (c, &m->loc, "enumerator %s: value %" PRId64 " does not fit an int", m->name, next);
          return -1;
        }
      ev[i].name = ctype_strdup (tt, m->name);
      ev[i].value = next;
      struct ck_const k = { 0 };
      k.value = next;
      k.type = (struct dtype) { DT_INTEGER, 4, true, false, e };
      if (add_const (c, &m->loc, ev[i].name, k) != 0)
        return -1;
      next++;
    }
  e->enumerators = ev;
  e->nenumerators = d->nmembers;
  e->complete = true;
  return 0;
}

static const char *
kind_word (enum ctype_kind k)
{
  return k == CT_STRUCT ? "struct" : k == CT_UNION ? "union" : "enum";
}

/* A struct/union/enum body: its type, defined under its tag if it has one. */
static const struct ctype *
def_type (struct ck *c, struct d_decl *d)
{
  struct ctype_table *tt = ck_types (c);
  enum ctype_kind k = d->kind == DD_STRUCT ? CT_STRUCT : d->kind == DD_UNION ? CT_UNION : CT_ENUM;
  struct ctype *t = NULL;
  if (d->name)
    {
      const struct ctype *old = ctype_find (tt, k, NULL, d->name);
      if (old && old->complete)
        {
          ck_err (c, &d->loc, "%s %s redeclared", kind_word (k), d->name);
          return NULL;
        }
      t = (struct ctype *) old;
    }
  if (!t)
    {
      t = ctype_new (tt, k);
      t->name = d->name ? ctype_strdup (tt, d->name) : NULL;
      if (d->name)
        ctype_define (tt, t);           /* incomplete: members may point to it */
    }
  if ((k == CT_ENUM ? define_enum (c, d, t) : layout_members (c, d, t)) != 0)
    return NULL;
  return t;
}

int
ck_type_decl (struct ck *c, struct d_decl *d)
{
  switch (d->kind)
    {
    case DD_STRUCT:
    case DD_UNION:
    case DD_ENUM:
      {
        c->forward_tags = 1;
        const struct ctype *t = def_type (c, d);
        c->forward_tags = 0;
        return t ? 0 : -1;
      }
    case DD_TYPEDEF:
      {
        bool is_string;
        c->forward_tags = 2;
        const struct ctype *t = ck_ctype (c, d->type->text, d->def, &d->loc, &is_string);
        c->forward_tags = 0;
        if (is_string)
          {
            ck_err (c, &d->loc, "typedef %s: D's string type cannot be given a C name", d->name);
            return -1;
          }
        if (!t)
          return -1;
        struct ctype_table *tt = ck_types (c);
        if (ctype_find (tt, CT_TYPEDEF, NULL, d->name))
          {
            ck_err (c, &d->loc, "identifier redeclared: %s", d->name);
            return -1;
          }
        struct ctype *td = ctype_new (tt, CT_TYPEDEF);
        td->name = ctype_strdup (tt, d->name);
        td->ref = t;
        const struct ctype *rt = ctype_resolve (t);
        td->size = rt ? rt->size : 0;
        td->align = rt ? rt->align : 0;
        ctype_define (tt, td);
        return 0;
      }
    default:
      return 0;
    }
}

/* inline TYPE NAME = constant; */
int
ck_inline_decl (struct ck *c, struct d_decl *d)
{
  struct dtype t;
  if (ck_type_of (c, d->type->text, d->def, &d->loc, &t) != 0)
    return -1;
  c->xlate_inline = d->init->kind == DN_XLATE;
  int r = ck_expr (c, d->init);
  c->xlate_inline = false;
  if (r != 0)
    return -1;
  struct ninfo *ni = ck_info (c, d->init);
  struct ck_const k = { 0 };
  k.type = t;
  if (t.kind == DT_STRING && ni->strconst)
    k.str = ni->strconst;
  else if (t.kind == DT_INTEGER && ni->is_const && ni->type.kind == DT_INTEGER)
    k.value = ck_truncate (ni->value, t);
  else if (t.kind == ni->type.kind && (t.kind == DT_INTEGER || t.kind == DT_STRING
                                       || (t.kind == DT_OBJECT && ctype_equal (ctype_resolve (t.ctype),
                                                                               ctype_resolve (ni->type.ctype)))))
    k.expr = d->init;     /* expanded where it is used (check_ident) */
  else
    {
      ck_err (c, &d->loc, "inline %s: the value's type is not the declared type", d->name);
      return -1;
    }
  return add_const (c, &d->loc, d->name, k);
}

/* ------------------------------------------------------------------ */
/* D value types.                                                       */

struct dtype
ck_dtype_of (const struct ctype *t)
{
  const struct ctype *r = ctype_resolve (t);
  struct dtype d = { DT_VOID, 0, false, false, t };
  if (!r)
    return d;
  switch (r->kind)
    {
    case CT_INT:
    case CT_ENUM:
      d.kind = DT_INTEGER;
      d.size = (uint8_t) (r->size ? r->size : 4);
      d.is_signed = r->is_signed;
      break;
    case CT_POINTER:
      d.kind = DT_INTEGER;
      d.size = 8;
      d.is_pointer = true;
      break;
    case CT_STRUCT:
    case CT_UNION:
    case CT_ARRAY:
    case CT_FLOAT:              /* bytes D keeps and copies but never computes with */
      d.kind = DT_OBJECT;
      break;
    default:
      break;
    }
  return d;
}

int
ck_type_of (struct ck *c, const char *text, struct d_decl *def, const struct d_loc *loc, struct dtype *out)
{
  bool is_string;
  const struct ctype *t = ck_ctype (c, text, def, loc, &is_string);
  if (is_string)
    {
      *out = T_STRING;
      return 0;
    }
  if (!t)
    return -1;
  *out = ck_dtype_of (t);
  if (out->kind == DT_VOID && ctype_resolve (t) && ctype_resolve (t)->kind != CT_VOID)
    {
      ck_err (c, loc, "type %s cannot be used here", text);
      return -1;
    }
  return 0;
}
