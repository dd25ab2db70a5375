/* SPDX-License-Identifier: MIT */
/*
 * btf-types.c — kernel BTF to C type nodes (see btf-types.h).  A memo by
 * BTF type id keeps each anonymous or by-value type converted once per
 * type table; named structs and unions live in the table's "vmlinux"
 * scope, where an incomplete node made for a pointer is filled in place
 * when its definition is converted.
 */
#include "consumer/probes/btf-types.h"

#include <bpf/btf.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

#define SCOPE "vmlinux"

struct btf_types {
  struct btf *btf;
  struct ctype_table *table;    /* the memo's table */
  const struct ctype **memo;    /* by type id */
  unsigned ntypes;
};

struct btf_types *
btf_types_open (char **error)
{
  struct btf *btf = btf__load_vmlinux_btf ();
  if (!btf)
    {
      *error = xstrdup ("the kernel has no BTF (/sys/kernel/btf/vmlinux)");
      return NULL;
    }
  struct btf_types *bt = xcalloc (1, sizeof *bt);
  bt->btf = btf;
  bt->ntypes = btf__type_cnt (btf);
  return bt;
}

void
btf_types_free (struct btf_types *bt)
{
  if (!bt)
    return;
  btf__free (bt->btf);
  free (bt->memo);
  free (bt);
}

static const struct ctype *convert (struct btf_types *bt, uint32_t id);

static const char *
name_of (struct btf_types *bt, const struct btf_type *t)
{
  const char *n = btf__name_by_offset (bt->btf, t->name_off);
  return n && n[0] ? n : NULL;
}

/* A named struct or union's node in the scope (made incomplete if new). */
static struct ctype *
named_node (struct btf_types *bt, enum ctype_kind kind, const char *name)
{
  struct ctype *s = (struct ctype *) ctype_find (bt->table, kind, SCOPE, name);
  if (s)
    return s;
  s = ctype_new (bt->table, kind);
  s->name = ctype_strdup (bt->table, name);
  s->module = ctype_strdup (bt->table, SCOPE);
  ctype_define (bt->table, s);
  return s;
}

/* Fill S with the members of struct/union T. */
static void
fill_aggregate (struct btf_types *bt, struct ctype *s, const struct btf_type *t)
{
  unsigned n = btf_vlen (t);
  struct ctype_member *m = ctype_alloc (bt->table, (n ? n : 1) * sizeof *m);
  const struct btf_member *bm = btf_members (t);
  s->size = t->size;
  s->align = 8;
  s->complete = true;          /* before the members: a member pointing back finds it */
  for (unsigned i = 0; i < n; i++, bm++)
    {
      const char *mn = btf__name_by_offset (bt->btf, bm->name_off);
      uint32_t bits = btf_member_bit_offset (t, i);
      m[i].name = mn && mn[0] ? ctype_strdup (bt->table, mn) : NULL;
      m[i].offset = bits / 8;
      m[i].bit_size = (uint8_t) btf_member_bitfield_size (t, i);
      m[i].bit_offset = m[i].bit_size ? (uint8_t) (bits % 8) : 0;
      m[i].type = convert (bt, bm->type);
    }
  s->members = m;
  s->nmembers = n;
}

static const struct ctype *
aggregate (struct btf_types *bt, uint32_t id, const struct btf_type *t)
{
  enum ctype_kind kind = btf_kind (t) == BTF_KIND_UNION ? CT_UNION : CT_STRUCT;
  const char *name = name_of (bt, t);
  struct ctype *s = name ? named_node (bt, kind, name) : ctype_new (bt->table, kind);
  bt->memo[id] = s;
  if (!s->complete)
    fill_aggregate (bt, s, t);
  return s;
}

/* A pointer: to a named struct or union, its node (filled in later). */
static const struct ctype *
pointer (struct btf_types *bt, uint32_t id, const struct btf_type *t)
{
  struct ctype *p = ctype_new (bt->table, CT_POINTER);
  p->size = p->align = 8;
  p->complete = true;
  p->userland = false;
  bt->memo[id] = p;
  uint32_t to = t->type;
  const struct btf_type *pt = btf__type_by_id (bt->btf, to);
  while (pt && (btf_is_mod (pt) || btf_is_typedef (pt)))
    {
      to = pt->type;
      pt = btf__type_by_id (bt->btf, to);
    }
  if (pt && (btf_is_struct (pt) || btf_is_union (pt) || btf_is_fwd (pt)) && name_of (bt, pt))
    {
      bool is_union = btf_is_union (pt) || (btf_is_fwd (pt) && btf_kflag (pt));
      p->ref = named_node (bt, is_union ? CT_UNION : CT_STRUCT, name_of (bt, pt));
    }
  else if (pt && btf_is_func_proto (pt))
    {
      struct ctype *f = ctype_new (bt->table, CT_FUNCTION);
      f->ref = ctype_void (bt->table);
      f->complete = true;
      p->ref = f;
    }
  else
    p->ref = convert (bt, to);
  return p;
}

static const struct ctype *
integer (struct btf_types *bt, const struct btf_type *t)
{
  const char *name = name_of (bt, t);
  bool is_signed = (btf_int_encoding (t) & BTF_INT_SIGNED) != 0;
  const struct ctype *b = name ? ctype_builtin (bt->table, name) : NULL;
  if (b && b->size == t->size)
    return b;
  if (t->size == 1 || t->size == 2 || t->size == 4 || t->size == 8)
    return ctype_int (bt->table, t->size, is_signed);
  struct ctype *n = ctype_new (bt->table, CT_INT);    /* __int128 */
  n->name = ctype_strdup (bt->table, name ? name : "?");
  n->size = t->size;
  n->align = 8;
  n->complete = true;
  return n;
}

static const struct ctype *
convert (struct btf_types *bt, uint32_t id)
{
  if (id == 0 || id >= bt->ntypes)
    return ctype_void (bt->table);
  if (bt->memo[id])
    return bt->memo[id];
  const struct btf_type *t = btf__type_by_id (bt->btf, id);
  const struct ctype *r;
  switch (btf_kind (t))
    {
    case BTF_KIND_INT: r = integer (bt, t); break;
    case BTF_KIND_ENUM:
#ifdef BTF_KIND_ENUM64
    case BTF_KIND_ENUM64:
#endif
      r = ctype_int (bt->table, t->size ? t->size : 4, false);
      break;
    case BTF_KIND_PTR: return pointer (bt, id, t);
    case BTF_KIND_STRUCT: case BTF_KIND_UNION: return aggregate (bt, id, t);
    case BTF_KIND_FWD:
      r = named_node (bt, btf_kflag (t) ? CT_UNION : CT_STRUCT, name_of (bt, t) ? name_of (bt, t) : "?");
      break;
    case BTF_KIND_ARRAY:
      {
        const struct btf_array *a = btf_array (t);
        r = ctype_array_of (bt->table, convert (bt, a->type), a->nelems);
        break;
      }
    case BTF_KIND_FLOAT:
      {
        struct ctype *f = ctype_new (bt->table, CT_FLOAT);
        f->size = f->align = t->size;
        f->complete = true;
        r = f;
        break;
      }
    case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
#ifdef BTF_KIND_TYPE_TAG
    case BTF_KIND_TYPE_TAG:
#endif
      r = convert (bt, t->type);
      break;
    default:
      r = ctype_void (bt->table);
      break;
    }
  bt->memo[id] = r;
  return r;
}

/* The memo belongs to one type table: another compilation's starts anew. */
static void
use_table (struct btf_types *bt, struct ctype_table *table)
{
  if (bt->table == table)
    return;
  free (bt->memo);
  bt->memo = xcalloc (bt->ntypes, sizeof *bt->memo);
  bt->table = table;
}

const struct ctype *
btf_types_func_arg (struct btf_types *bt, struct ctype_table *table, const char *func, unsigned index)
{
  use_table (bt, table);
  int id = btf__find_by_name_kind (bt->btf, func, BTF_KIND_FUNC);
  const struct btf_type *f = id > 0 ? btf__type_by_id (bt->btf, (uint32_t) id) : NULL;
  const struct btf_type *proto = f ? btf__type_by_id (bt->btf, f->type) : NULL;
  if (!proto || !btf_is_func_proto (proto) || (index >= btf_vlen (proto) && index != BTF_RETURN_INDEX))
    return NULL;
  uint32_t t = index == BTF_RETURN_INDEX ? proto->type : btf_params (proto)[index].type;
  return t ? convert (bt, t) : NULL;
}

const struct ctype *
btf_types_lookup (struct btf_types *bt, struct ctype_table *table, enum ctype_kind kind,
                  const char *name, char **error)
{
  *error = NULL;
  use_table (bt, table);
  if (kind == CT_TYPEDEF)
    {
      /* vmlinux`u64, `sector_t: the type it names (typedefs are transparent) */
      int td = btf__find_by_name_kind (bt->btf, name, BTF_KIND_TYPEDEF);
      if (td <= 0)
        {
          *error = xasprintf ("the kernel's BTF has no type %s", name);
          return NULL;
        }
      const struct ctype *t = convert (bt, (uint32_t) td);
      if (t->kind == CT_STRUCT || t->kind == CT_UNION)
        {
          if (!t->complete)
            fill_aggregate (bt, (struct ctype *) t,
                            btf__type_by_id (bt->btf, (uint32_t) btf__find_by_name_kind (bt->btf, t->name, t->kind == CT_UNION ? BTF_KIND_UNION : BTF_KIND_STRUCT)));
        }
      return t;
    }
  if (kind != CT_STRUCT && kind != CT_UNION)
    return NULL;
  int id = btf__find_by_name_kind (bt->btf, name, kind == CT_UNION ? BTF_KIND_UNION : BTF_KIND_STRUCT);
  if (id <= 0)
    {
      *error = xasprintf ("the kernel's BTF has no %s %s", kind == CT_UNION ? "union" : "struct", name);
      return NULL;
    }
  const struct ctype *s = convert (bt, (uint32_t) id);
  if (!s->complete)
    fill_aggregate (bt, (struct ctype *) s, btf__type_by_id (bt->btf, (uint32_t) id));
  return s;
}

/* Does the per-CPU data section list variable ID? */
static bool
in_percpu_section (struct btf_types *bt, uint32_t id)
{
  int sec = btf__find_by_name_kind (bt->btf, ".data..percpu", BTF_KIND_DATASEC);
  const struct btf_type *s = sec > 0 ? btf__type_by_id (bt->btf, (uint32_t) sec) : NULL;
  if (!s)
    return false;
  const struct btf_var_secinfo *v = btf_var_secinfos (s);
  for (unsigned i = 0; i < btf_vlen (s); i++, v++)
    if (v->type == id)
      return true;
  return false;
}

const struct ctype *
btf_types_var (struct btf_types *bt, struct ctype_table *table, const char *name, bool *percpu)
{
  use_table (bt, table);
  *percpu = false;
  int id = btf__find_by_name_kind (bt->btf, name, BTF_KIND_VAR);
  if (id <= 0)
    return NULL;
  const struct btf_type *v = btf__type_by_id (bt->btf, (uint32_t) id);
  *percpu = in_percpu_section (bt, (uint32_t) id);
  const struct ctype *t = convert (bt, v->type);
  const struct btf_type *tt = btf__type_by_id (bt->btf, v->type);
  while (tt && (btf_is_mod (tt) || btf_is_typedef (tt)))
    tt = btf__type_by_id (bt->btf, tt->type);
  if ((t->kind == CT_STRUCT || t->kind == CT_UNION) && !t->complete && tt
      && (btf_is_struct (tt) || btf_is_union (tt)))
    fill_aggregate (bt, (struct ctype *) t, tt);
  return t;
}
