/* SPDX-License-Identifier: MIT */
/*
 * argtypes.c — the probes' declared argument types that `dtrace -h` sites
 * and `dtrace -G` objects carry in the non-allocated section
 * `.sdtkit.argtypes` (doc/d-types.md, "args[N] of USDT probes").
 *
 * The section is a sequence of records, one per declared argument, each
 * four NUL-terminated strings:
 *
 *     provider \0 probe \0 index \0 type \0
 *
 * provider and probe as in the probe's note ("foo", "req__start"), index
 * the argument's position in decimal ("0".."11"), type the C type as the
 * provider's .d spells it ("struct request *").  A header's records of one
 * probe share a COMDAT group, so a link keeps one copy per probe; a
 * section may still hold the same record twice (a -G object and a header
 * in one link), which is one record.  Two records that give one argument
 * different types mark the probe as conflicting (its types are not used).
 *
 * Bounds: every string must end inside the section, provider and probe
 * are at most SDT_ARGTYPES_NAME_MAX bytes, a type SDT_ARGTYPES_TYPE_MAX,
 * an index below SDT_MAX_ARGS.  Parsing stops at the first record that
 * breaks them; the records before it are kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

/* One NUL-terminated string at *POS within SIZE bytes, at most MAX long
 * (not counting the NUL); NULL when it does not end in time. */
static const char *
take_string (const char *data, size_t size, size_t *pos, size_t max)
{
  if (*pos >= size)
    return NULL;
  const char *s = data + *pos;
  const char *nul = memchr (s, '\0', size - *pos);
  if (!nul || (size_t) (nul - s) > max)
    return NULL;
  *pos += (size_t) (nul - s) + 1;
  return s;
}

static bool
parse_index (const char *s, size_t *out)
{
  if (s[0] < '0' || s[0] > '9' || (s[1] && (s[1] < '0' || s[1] > '9' || s[2] || s[0] == '0')))
    return false;
  *out = (size_t) (s[1] ? (s[0] - '0') * 10 + (s[1] - '0') : s[0] - '0');
  return *out < SDT_MAX_ARGS;
}

static struct sdt_probe_types *
find_or_add (struct sdt_probe_types **list, size_t *n, size_t *cap, const char *provider,
             const char *name)
{
  for (size_t i = 0; i < *n; i++)
    if (strcmp ((*list)[i].provider, provider) == 0 && strcmp ((*list)[i].name, name) == 0)
      return &(*list)[i];
  struct sdt_probe_types *pt = &VEC_PUSH (*list, *n, *cap);
  memset (pt, 0, sizeof *pt);
  pt->provider = xstrdup (provider);
  pt->name = xstrdup (name);
  return pt;
}

int
sdt_argtypes_parse (const void *data, size_t size, struct sdt_probe_types **list, size_t *n,
                    size_t *cap, char **why)
{
  const char *d = data;
  size_t pos = 0;
  *why = NULL;
  while (pos < size)
    {
      size_t start = pos, index;
      const char *prov = take_string (d, size, &pos, SDT_ARGTYPES_NAME_MAX);
      const char *name = prov ? take_string (d, size, &pos, SDT_ARGTYPES_NAME_MAX) : NULL;
      const char *idx = name ? take_string (d, size, &pos, 2) : NULL;
      const char *type = idx ? take_string (d, size, &pos, SDT_ARGTYPES_TYPE_MAX) : NULL;
      if (!type || !prov[0] || !name[0] || !type[0] || !parse_index (idx, &index))
        {
          *why = xasprintf ("malformed record at offset %zu", start);
          return -1;
        }
      struct sdt_probe_types *pt = find_or_add (list, n, cap, prov, name);
      if (!pt->types[index])
        pt->types[index] = xstrdup (type);
      else if (strcmp (pt->types[index], type) != 0)
        pt->conflict = true;
      if (index + 1 > pt->nargs)
        pt->nargs = index + 1;
    }
  return 0;
}

void
sdt_argtypes_append (char **buf, size_t *len, const char *provider, const char *name,
                     size_t index, const char *type)
{
  char idx[4];
  snprintf (idx, sizeof idx, "%zu", index);
  const char *parts[4] = { provider, name, idx, type };
  for (int i = 0; i < 4; i++)
    {
      size_t k = strlen (parts[i]) + 1;
      *buf = xrealloc (*buf, *len + k);
      memcpy (*buf + *len, parts[i], k);
      *len += k;
    }
}

const struct sdt_probe_types *
sdt_file_probe_types (const struct sdt_file *f, const char *provider, const char *name)
{
  for (size_t i = 0; i < f->nprobe_types; i++)
    if (strcmp (f->probe_types[i].provider, provider) == 0 && strcmp (f->probe_types[i].name, name) == 0)
      return &f->probe_types[i];
  return NULL;
}

void
sdt_probe_types_free (struct sdt_probe_types *list, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      FREE_ALL (list[i].provider, list[i].name);
      free_strings (list[i].types, SDT_MAX_ARGS);
    }
  free (list);
}
