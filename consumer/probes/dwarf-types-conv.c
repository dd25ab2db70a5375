/* SPDX-License-Identifier: MIT */
/*
 * dwarf-types-conv.c — one type DIE and what it refers to, converted into
 * ctype nodes (see dwarf-types.c for the memo and the index).
 *
 * By tag: base types (named as C spells them), pointers and references
 * (userland), const/volatile/restrict/_Atomic, typedefs, structs and
 * unions (members at DW_AT_data_member_location, a constant or a
 * DW_OP_plus_uconst expression; bit-fields at DW_AT_data_bit_offset, or
 * DWARF 2/3's DW_AT_bit_offset counted from the most significant bit of
 * the storage unit), enums, arrays (one subrange per dimension, the
 * outermost first; DW_AT_count or DW_AT_upper_bound), function types.
 * Anything else reads as void.  Declarations are completed by the
 * module's definition of the same name when it has one.
 */
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"
#include "consumer/probes/dwarf-types-int.h"

/* Structs and unions reached through pointers converted with the type
 * looked up; the rest wait until they are looked up themselves. */
#define POINTEE_BUDGET 256

/* gcc's spellings of the integer types, and C's. */
static const char *const int_spellings[][2] = {
  { "long unsigned int", "unsigned long" }, { "long int", "long" },
  { "short int", "short" }, { "short unsigned int", "unsigned short" },
  { "long long int", "long long" }, { "long long unsigned int", "unsigned long long" },
  { "signed char", "signed char" }, { "unsigned char", "unsigned char" },
  { "unsigned int", "unsigned int" }, { "int", "int" }, { "char", "char" },
  { "_Bool", "_Bool" }, { "bool", "_Bool" },
};

static const char *
c_spelling (const char *name)
{
  for (size_t i = 0; i < sizeof int_spellings / sizeof int_spellings[0]; i++)
    if (strcmp (int_spellings[i][0], name) == 0)
      return int_spellings[i][1];
  return name;
}

static Dwarf_Die
die_at (struct conv *c, Dwarf_Off off)
{
  return dw_die_at (c->dt, off);
}

/* The type DW_AT_type names (void when there is none). */
static const struct ctype *
type_of (struct conv *c, Dwarf_Die d)
{
  Dwarf_Off ref;
  if (!dw_attr_ref (c->dt, d, DW_AT_type, &ref))
    return ctype_void (c->t);
  return dw_convert (c, ref);
}

static const struct ctype *
base_type (struct conv *c, Dwarf_Die d)
{
  const char *raw = dw_die_name (c->dt, d);
  uint64_t size = 0, enc = 0;
  dw_attr_unsigned (c->dt, d, DW_AT_byte_size, &size);
  dw_attr_unsigned (c->dt, d, DW_AT_encoding, &enc);
  const char *name = c_spelling (raw ? raw : "?");
  bool is_float = enc == DW_ATE_float || enc == DW_ATE_complex_float;
  if (!is_float)
    {
      const struct ctype *b = ctype_builtin (c->t, name);
      if (b && b->size == size)
        return b;
    }
  struct ctype *n = ctype_new (c->t, is_float ? CT_FLOAT : CT_INT);
  n->name = ctype_strdup (c->t, name);
  n->size = size;
  n->align = size && size <= 16 && (size & (size - 1)) == 0 ? (uint32_t) size : 1;
  n->is_signed = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
  n->complete = true;
  return n;
}

/* A named type already defined in this module's scope reused: DWARF holds
 * one copy per compilation unit. */
static struct ctype *
defined (struct conv *c, enum ctype_kind kind, const char *name)
{
  return name ? (struct ctype *) ctype_find (c->t, kind, c->dt->module, name) : NULL;
}

static const struct ctype *
qualified (struct conv *c, Dwarf_Off off, Dwarf_Die d, unsigned qual)
{
  const struct ctype *to = type_of (c, d);
  if (to->kind == CT_STRUCT || to->kind == CT_UNION || to->kind == CT_ENUM || to->kind == CT_ARRAY
      || to->kind == CT_FUNCTION || to->kind == CT_VOID)
    {
      if (to->kind != CT_VOID || !qual)
        return to;
    }
  struct ctype *q = ctype_new (c->t, to->kind);
  *q = *to;
  q->qual |= qual;
  dw_memo_put (c->dt, off, q);
  return q;
}

/* A named struct or union a pointer points to: a node now (the definition
 * in this module's scope, or an incomplete one defined so that the
 * definition fills it in), converted later by dw_convert_all, breadth
 * first, or when it is looked up.  Chains of pointers through many types
 * (list -> node -> item -> ...) then take no stack, and a lookup converts
 * a bounded part of a large program's types.  NULL: convert it now. */
static const struct ctype *
pointee_later (struct conv *c, Dwarf_Off to)
{
  const struct ctype *known = dw_memo_get (c->dt, to);
  if (known)
    return known;
  Dwarf_Die d = die_at (c, to);
  if (!d)
    return NULL;
  Dwarf_Half tag = dw_die_tag (c->dt, d);
  enum ctype_kind kind = tag == DW_TAG_union_type ? CT_UNION : CT_STRUCT;
  const char *name = tag == DW_TAG_structure_type || tag == DW_TAG_union_type || tag == DW_TAG_class_type
                     ? dw_type_name (c->dt, d) : NULL;
  bool decl = name && dw_attr_flag (c->dt, d, DW_AT_declaration);
  dwarf_dealloc_die (d);
  if (!name || decl || c->dt->error)
    return NULL;
  struct ctype *s = defined (c, kind, name);
  if (!s)
    {
      s = ctype_new (c->t, kind);
      s->name = ctype_strdup (c->t, name);
      s->module = ctype_strdup (c->t, c->dt->module);
      ctype_define (c->t, s);
    }
  dw_memo_put (c->dt, to, s);
  if (!s->complete)
    VEC_PUSH (c->dt->pending, c->dt->npending, c->dt->cappending) = to;
  return s;
}

static const struct ctype *
pointer (struct conv *c, Dwarf_Off off, Dwarf_Die d, bool function)
{
  struct ctype *p = ctype_new (c->t, function ? CT_FUNCTION : CT_POINTER);
  if (!function)
    {
      p->size = 8;
      p->align = 8;
      p->userland = true;
    }
  p->complete = true;
  dw_memo_put (c->dt, off, p);
  Dwarf_Off to;
  const struct ctype *later = !function && dw_attr_ref (c->dt, d, DW_AT_type, &to) ? pointee_later (c, to) : NULL;
  p->ref = later ? later : type_of (c, d);
  return p;
}

static const struct ctype *
typedef_type (struct conv *c, Dwarf_Off off, Dwarf_Die d)
{
  const char *name = dw_type_name (c->dt, d);
  struct ctype *td = defined (c, CT_TYPEDEF, name);
  if (td)
    return td;
  td = ctype_new (c->t, CT_TYPEDEF);
  td->name = ctype_strdup (c->t, name ? name : "?");
  td->module = ctype_strdup (c->t, c->dt->module);
  dw_memo_put (c->dt, off, td);
  td->ref = type_of (c, d);
  const struct ctype *r = ctype_resolve (td->ref);
  td->size = r ? r->size : 0;
  td->align = r ? r->align : 1;
  td->complete = true;
  if (name)
    ctype_define (c->t, td);
  return td;
}

/* A member's offset: a constant, or an expression DW_OP_plus_uconst N
 * (or DW_OP_constu N), as DWARF 2 writes it. */
static bool
member_location (struct conv *c, Dwarf_Die d, uint64_t *loc)
{
  Dwarf_Attribute a;
  Dwarf_Error err = NULL;
  if (dwarf_attr (d, DW_AT_data_member_location, &a, &err) != DW_DLV_OK)
    {
      if (err)
        dw_fail (c->dt, "a member location", &err);
      return false;
    }
  Dwarf_Half form = 0;
  const unsigned char *expr = NULL;
  Dwarf_Unsigned len = 0;
  bool ok = false;
  Dwarf_Block *blk = NULL;
  if (dwarf_whatform (a, &form, &err) != DW_DLV_OK)
    dw_fail (c->dt, "a member location", &err);
  else if (form == DW_FORM_exprloc)
    {
      Dwarf_Ptr p;
      if (dwarf_formexprloc (a, &len, &p, &err) == DW_DLV_OK)
        expr = p;
    }
  else if (form == DW_FORM_block1 || form == DW_FORM_block2 || form == DW_FORM_block4
           || form == DW_FORM_block)
    {
      if (dwarf_formblock (a, &blk, &err) == DW_DLV_OK)
        {
          expr = blk->bl_data;
          len = blk->bl_len;
        }
    }
  else if (form == DW_FORM_implicit_const || form == DW_FORM_sdata)
    {
      /* DWARF 5 abbreviations share a constant offset (implicit_const) */
      Dwarf_Signed v;
      if (dwarf_formsdata (a, &v, &err) == DW_DLV_OK && v >= 0)
        {
          *loc = (uint64_t) v;
          ok = true;
        }
    }
  else
    {
      Dwarf_Unsigned u;
      if (dwarf_formudata (a, &u, &err) == DW_DLV_OK)
        {
          *loc = u;
          ok = true;
        }
    }
  if (err)
    dw_fail (c->dt, "a member location", &err);
  if (expr && len >= 2 && (expr[0] == DW_OP_plus_uconst || expr[0] == DW_OP_constu))
    {
      uint64_t v = 0;
      unsigned shift = 0;
      for (Dwarf_Unsigned i = 1; i < len && shift < 64; i++, shift += 7)
        {
          v |= (uint64_t) (expr[i] & 0x7f) << shift;
          if (!(expr[i] & 0x80))
            {
              *loc = v;
              ok = true;
              break;
            }
        }
    }
  if (blk)
    dwarf_dealloc (dw_dbg (c->dt), blk, DW_DLA_BLOCK);
  dwarf_dealloc_attribute (a);
  return ok;
}

static uint32_t
align_of (const struct ctype *t)
{
  const struct ctype *r = ctype_resolve (t);
  return r && r->align ? r->align : 1;
}

/* One DW_TAG_member into M. */
static void
member (struct conv *c, Dwarf_Die d, struct ctype_member *m)
{
  const char *name = dw_die_name (c->dt, d);
  m->name = name ? ctype_strdup (c->t, name) : NULL;
  m->type = type_of (c, d);
  uint64_t loc = 0, bits = 0, bitpos = 0, unit = 0;
  member_location (c, d, &loc);
  if (!dw_attr_unsigned (c->dt, d, DW_AT_bit_size, &bits) || bits == 0 || bits > 64)
    {
      m->offset = loc;
      return;
    }
  uint64_t at;
  if (dw_attr_unsigned (c->dt, d, DW_AT_data_bit_offset, &bitpos))
    at = bitpos;
  else
    {
      /* DWARF 2/3: from the most significant bit of a storage unit of
       * DW_AT_byte_size (or the type's size) at the member location */
      if (!dw_attr_unsigned (c->dt, d, DW_AT_byte_size, &unit))
        unit = ctype_resolve (m->type) ? ctype_resolve (m->type)->size : 0;
      dw_attr_unsigned (c->dt, d, DW_AT_bit_offset, &bitpos);
      if (unit > 16 || bitpos + bits > unit * 8)
        {
          dw_fail (c->dt, "a bit-field's position", NULL);
          return;
        }
      at = loc * 8 + (unit * 8 - bitpos - bits);
    }
  m->offset = at / 8;
  m->bit_offset = (uint8_t) (at % 8);
  m->bit_size = (uint8_t) bits;
}

/* A new struct, union or enum node named NAME (NULL: anonymous), of this module. */
static struct ctype *
new_named (struct conv *c, enum ctype_kind kind, const char *name)
{
  struct ctype *t = ctype_new (c->t, kind);
  t->name = ctype_strdup (c->t, name);
  t->module = ctype_strdup (c->t, c->dt->module);
  return t;
}

/* A struct, union or enum declared here but defined elsewhere. */
static const struct ctype *
completed_elsewhere (struct conv *c, Dwarf_Off off, enum ctype_kind kind, const char *name)
{
  struct ctype *have = defined (c, kind, name);
  if (have && have->complete)
    return have;
  const struct name_entry *e = name ? dw_find_name (c->dt, kind, name) : NULL;
  if (e && !e->decl && e->off != off)
    return dw_convert (c, e->off);
  if (have)
    return have;
  struct ctype *fwd = new_named (c, kind, name);
  if (name)
    ctype_define (c->t, fwd);
  return fwd;
}

/* A struct, union or enum definition at OFF begins: the type it reads
 * as when nothing is left to convert (a declaration, or a definition
 * converted before), or NULL with *FILL the node to complete — the
 * placeholder a pointer already named (*PLACEHOLDER) or a new one —
 * memoized first so that members referring back find it. */
static const struct ctype *
named_begin (struct conv *c, Dwarf_Off off, Dwarf_Die d, enum ctype_kind kind,
             struct ctype **fill, bool *placeholder)
{
  const char *name = dw_type_name (c->dt, d);
  if (dw_attr_flag (c->dt, d, DW_AT_declaration))
    return completed_elsewhere (c, off, kind, name);
  struct ctype *t = defined (c, kind, name);
  if (t && t->complete)
    return t;
  *placeholder = t != NULL;
  if (!t)
    t = new_named (c, kind, name);
  dw_memo_put (c->dt, off, t);
  *fill = t;
  return NULL;
}

/* The node named_begin gave is complete; a new named one is defined. */
static const struct ctype *
named_complete (struct conv *c, struct ctype *t, bool placeholder)
{
  t->complete = true;
  if (t->name && !placeholder)
    ctype_define (c->t, t);
  return t;
}

/* VISIT on each of the first LIMIT children of D (at OFF) tagged TAG,
 * until the reader fails; every child DIE is released. */
static void
each_child (struct conv *c, Dwarf_Off off, Dwarf_Die d, Dwarf_Half tag, size_t limit,
            void (*visit) (struct conv *c, Dwarf_Die child, void *arg), void *arg)
{
  Dwarf_Off last = off;
  Dwarf_Die prev = NULL;
  size_t n = 0;
  for (Dwarf_Die m = dw_next_die (c->dt, d, NULL, &last); m; m = dw_next_die (c->dt, d, prev, &last))
    {
      if (prev)
        dwarf_dealloc_die (prev);
      prev = m;
      if (c->dt->error || n >= limit)
        break;
      if (dw_die_tag (c->dt, m) != tag)
        continue;
      visit (c, m, arg);
      n++;
    }
  if (prev)
    dwarf_dealloc_die (prev);
}

/* N elements of SIZE at V, a heap vector, moved into the type table. */
static void *
table_owned (struct conv *c, void *v, size_t n, size_t size)
{
  void *owned = ctype_alloc (c->t, n * size);
  if (n)
    memcpy (owned, v, n * size);
  free (v);
  return owned;
}

struct members
{
  struct ctype_member *v;
  size_t n, cap;
  uint32_t align;
};

static void
add_member (struct conv *c, Dwarf_Die m, void *arg)
{
  struct members *ms = arg;
  /* C++: a static data member (DWARF 4 writes it as a declared member)
   * takes no room; a virtual base is placed at run time (its location is
   * an expression over the object), so it is left out */
  uint64_t virtuality = 0;
  if (dw_attr_flag (c->dt, m, DW_AT_declaration) || dw_attr_flag (c->dt, m, DW_AT_external)
      || (dw_die_tag (c->dt, m) == DW_TAG_inheritance
          && dw_attr_unsigned (c->dt, m, DW_AT_virtuality, &virtuality) && virtuality != 0))
    return;
  struct ctype_member *slot = &VEC_PUSH (ms->v, ms->n, ms->cap);
  memset (slot, 0, sizeof *slot);
  member (c, m, slot);
  uint32_t a = align_of (slot->type);
  if (a > ms->align)
    ms->align = a;
}

static const struct ctype *
aggregate (struct conv *c, Dwarf_Off off, Dwarf_Die d, enum ctype_kind kind)
{
  struct ctype *s = NULL;
  bool placeholder = false;
  const struct ctype *done = named_begin (c, off, d, kind, &s, &placeholder);
  if (done)
    return done;
  uint64_t size = 0;
  dw_attr_unsigned (c->dt, d, DW_AT_byte_size, &size);
  struct members ms = { .align = 1 };
  /* C++ base classes first (they come first in the object), as anonymous
   * members: their members are found through them */
  each_child (c, off, d, DW_TAG_inheritance, MAX_MEMBERS, add_member, &ms);
  each_child (c, off, d, DW_TAG_member, MAX_MEMBERS, add_member, &ms);
  uint64_t explicit_align = 0;
  if (dw_attr_unsigned (c->dt, d, DW_AT_alignment, &explicit_align) && explicit_align
      && explicit_align <= 4096)
    ms.align = (uint32_t) explicit_align;
  s->members = table_owned (c, ms.v, ms.n, sizeof *ms.v);
  s->nmembers = ms.n;
  s->size = size;
  s->align = ms.align;
  return named_complete (c, s, placeholder);
}

struct enumerators
{
  struct ctype_enumerator *v;
  size_t n, cap;
  bool any_negative;
};

static void
add_enumerator (struct conv *c, Dwarf_Die m, void *arg)
{
  struct enumerators *es = arg;
  const char *en = dw_die_name (c->dt, m);
  int64_t v = 0;
  bool neg = false;
  dw_attr_const (c->dt, m, DW_AT_const_value, &v, &neg);
  es->any_negative |= neg;
  VEC_PUSH (es->v, es->n, es->cap) = (struct ctype_enumerator) { ctype_strdup (c->t, en ? en : "?"), v };
}

static const struct ctype *
enum_type (struct conv *c, Dwarf_Off off, Dwarf_Die d)
{
  struct ctype *e = NULL;
  bool placeholder = false;
  const struct ctype *done = named_begin (c, off, d, CT_ENUM, &e, &placeholder);
  if (done)
    return done;
  uint64_t size = 4;
  dw_attr_unsigned (c->dt, d, DW_AT_byte_size, &size);
  Dwarf_Off ref;
  const struct ctype *under = dw_attr_ref (c->dt, d, DW_AT_type, &ref) ? dw_convert (c, ref) : NULL;
  const struct ctype *ur = ctype_resolve (under);
  if (!ur || ur->kind != CT_INT)
    under = ctype_int (c->t, size == 1 || size == 2 || size == 8 ? (unsigned) size : 4, true);
  struct enumerators es = { 0 };
  each_child (c, off, d, DW_TAG_enumerator, MAX_MEMBERS, add_enumerator, &es);
  e->enumerators = table_owned (c, es.v, es.n, sizeof *es.v);
  e->nenumerators = es.n;
  e->ref = under;
  e->size = ctype_resolve (under)->size;
  e->align = ctype_resolve (under)->align;
  e->is_signed = ctype_resolve (under)->is_signed || es.any_negative;
  return named_complete (c, e, placeholder);
}

/* One subrange's element count; 0 when unknown (flexible, VLA). */
static uint64_t
subrange_count (struct conv *c, Dwarf_Die d)
{
  int64_t v, lower = 0;
  bool neg;
  if (dw_attr_const (c->dt, d, DW_AT_count, &v, &neg))
    return neg ? 0 : (uint64_t) v;
  if (!dw_attr_const (c->dt, d, DW_AT_upper_bound, &v, &neg) || neg)
    return 0;
  bool lneg;
  if (dw_attr_const (c->dt, d, DW_AT_lower_bound, &lower, &lneg) && (lneg || lower > v))
    return 0;
  return (uint64_t) (v - lower) + 1;
}

/* An array's dimensions, the outermost first. */
struct dims
{
  uint64_t v[MAX_DIMS];
  size_t n;
};

static void
add_dimension (struct conv *c, Dwarf_Die m, void *arg)
{
  struct dims *ds = arg;
  ds->v[ds->n++] = subrange_count (c, m);
}

static const struct ctype *
array_type (struct conv *c, Dwarf_Off off, Dwarf_Die d)
{
  const struct ctype *elem = type_of (c, d);
  struct dims ds = { .n = 0 };
  each_child (c, off, d, DW_TAG_subrange_type, MAX_DIMS, add_dimension, &ds);
  if (ds.n == 0)
    ds.v[ds.n++] = 0;
  const struct ctype *t = elem;
  for (size_t i = ds.n; i-- > 0;)
    t = ctype_array_of (c->t, t, ds.v[i]);
  dw_memo_put (c->dt, off, t);
  return t;
}

/* A struct, union, class or enum whose body is in a type unit
 * (DW_AT_signature): the type unit's definition. */
static const struct ctype *
in_type_unit (struct conv *c, Dwarf_Off off, Dwarf_Die d)
{
  Dwarf_Bool has = 0;
  Dwarf_Error err = NULL;
  Dwarf_Off to;
  if (dwarf_hasattr (d, DW_AT_signature, &has, &err) != DW_DLV_OK)
    dw_fail (c->dt, "an attribute", &err);
  if (!has || !dw_attr_ref (c->dt, d, DW_AT_signature, &to) || to == off)
    return NULL;
  return dw_convert (c, to);
}

static const struct ctype *
convert_die (struct conv *c, Dwarf_Off off, Dwarf_Die d)
{
  Dwarf_Half tag = dw_die_tag (c->dt, d);
  if (tag == DW_TAG_structure_type || tag == DW_TAG_class_type || tag == DW_TAG_union_type
      || tag == DW_TAG_enumeration_type)
    {
      const struct ctype *t = in_type_unit (c, off, d);
      if (t)
        return t;
    }
  switch (tag)
    {
    case DW_TAG_base_type:
      return base_type (c, d);
    case DW_TAG_pointer_type:
    case DW_TAG_reference_type:
    case DW_TAG_rvalue_reference_type:
      return pointer (c, off, d, false);
    case DW_TAG_subroutine_type:
      return pointer (c, off, d, true);
    case DW_TAG_const_type:
      return qualified (c, off, d, CQ_CONST);
    case DW_TAG_volatile_type:
      return qualified (c, off, d, CQ_VOLATILE);
    case DW_TAG_restrict_type:
      return qualified (c, off, d, CQ_RESTRICT);
    case DW_TAG_atomic_type:
      return qualified (c, off, d, 0);
    case DW_TAG_typedef:
      return typedef_type (c, off, d);
    case DW_TAG_structure_type:
    case DW_TAG_class_type:
      return aggregate (c, off, d, CT_STRUCT);
    case DW_TAG_union_type:
      return aggregate (c, off, d, CT_UNION);
    case DW_TAG_enumeration_type:
      return enum_type (c, off, d);
    case DW_TAG_array_type:
      return array_type (c, off, d);
    default:
      return ctype_void (c->t);
    }
}

const struct ctype *
dw_convert (struct conv *c, Dwarf_Off off)
{
  const struct ctype *t = dw_memo_get (c->dt, off);
  if (t)
    return t;
  if (c->dt->error)
    return ctype_void (c->t);
  if (c->depth >= MAX_DEPTH)
    {
      dw_fail (c->dt, "types nested too deeply", NULL);
      return ctype_void (c->t);
    }
  unsigned part = c->dt->cur;     /* a definition may be in another part */
  Dwarf_Die d = die_at (c, off);
  if (!d)
    {
      c->dt->cur = part;
      return ctype_void (c->t);
    }
  c->depth++;
  t = convert_die (c, off, d);
  c->depth--;
  dwarf_dealloc_die (d);
  c->dt->cur = part;
  if (!dw_memo_get (c->dt, off))
    dw_memo_put (c->dt, off, t);
  return t;
}

/* Convert the DIE at OFF even when the memo holds a placeholder for it:
 * the placeholder (defined under the same name) is filled in. */
static void
convert_in_place (struct conv *c, Dwarf_Off off)
{
  Dwarf_Die d = die_at (c, off);
  if (!d)
    return;
  c->depth = 1;
  convert_die (c, off, d);
  c->depth = 0;
  dwarf_dealloc_die (d);
}

const struct ctype *
dw_convert_all (struct conv *c, Dwarf_Off off)
{
  const struct ctype *t = dw_convert (c, off);
  /* a placeholder (met behind a pointer before): its definition now */
  const struct ctype *r = ctype_resolve (t);
  const struct name_entry *e = r && (r->kind == CT_STRUCT || r->kind == CT_UNION) && !r->complete
                               && r->name ? dw_find_name (c->dt, r->kind, r->name) : NULL;
  if (e && !e->decl)
    convert_in_place (c, e->off);
  /* what it points to, breadth first, up to a budget: the rest stay
   * incomplete until asked for by name (ctype.h, struct ctype_resolver) */
  size_t first = 0;
  for (unsigned n = 0; first < c->dt->npending && n < POINTEE_BUDGET && !c->dt->error; n++)
    convert_in_place (c, c->dt->pending[first++]);
  c->dt->npending = 0;
  return t;
}
