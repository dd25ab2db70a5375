/* SPDX-License-Identifier: MIT */
/*
 * task-offsets.c — struct task_struct's group_leader and comm offsets from
 * the kernel's BTF (task-offsets.h).
 */
#include "consumer/runtime/task-offsets.h"

#include <bpf/btf.h>
#include <string.h>

/* The byte offset of member NAME of struct type T whose kind is KIND, or 0. */
static uint32_t
member_offset (const struct btf *btf, const struct btf_type *t, const char *name, unsigned kind)
{
  const struct btf_member *m = btf_members (t);
  for (unsigned i = 0; i < btf_vlen (t); i++, m++)
    {
      const char *mn = btf__name_by_offset (btf, m->name_off);
      if (!mn || strcmp (mn, name) != 0)
        continue;
      uint32_t bits = btf_member_bit_offset (t, i);
      const struct btf_type *mt = btf__type_by_id (btf, btf__resolve_type (btf, m->type));
      if (bits % 8 != 0 || !mt || btf_kind (mt) != kind)
        return 0;
      return bits / 8;
    }
  return 0;
}

void
task_offsets_find (uint32_t *leader, uint32_t *comm)
{
  static bool done;
  static uint32_t l, c;
  if (!done)
    {
      done = true;
      struct btf *btf = btf__load_vmlinux_btf ();   /* NULL on error (libbpf 1.x) */
      if (btf)
        {
          int id = btf__find_by_name_kind (btf, "task_struct", BTF_KIND_STRUCT);
          const struct btf_type *t = id > 0 ? btf__type_by_id (btf, (uint32_t) id) : NULL;
          if (t)
            {
              l = member_offset (btf, t, "group_leader", BTF_KIND_PTR);
              c = member_offset (btf, t, "comm", BTF_KIND_ARRAY);
            }
          if (!l || !c)
            l = c = 0;
        }
      if (btf)
        btf__free (btf);
    }
  *leader = l;
  *comm = c;
}
