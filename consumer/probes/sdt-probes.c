/* SPDX-License-Identifier: MIT */
/*
 * sdt-probes.c — the sdt provider's tracepoints (see sdt-probes.h): the
 * list from tracefs's available_events (read once per run, sorted), each
 * event's fields from its format file (read when a probe is typed or
 * enabled), attachment by perf_event_open of the event's id.
 *
 * A format line describes one field:
 *   field:char oldcomm[16];	offset:12;	size:16;	signed:0;
 *   field:__data_loc char[] filename;	offset:8;	size:4;	signed:0;
 * the declaration's last word is the name (an array's bound after it);
 * fields whose names start with common_ are the record header, no
 * argument.
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/perf-link.h"
#include "consumer/probes/sdt-probes.h"
#include "common/diag.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct sdt_event {
  char *group, *name;
  bool layout_read;
  struct sdt_layout *layout;    /* NULL: the format file could not be read */
};

static struct {
  bool read;
  const char *root;             /* the tracefs directory, NULL when none */
  struct sdt_event *e;
  size_t n, cap;
} events;

/* Groups other providers or tools own. */
static bool
group_excluded (const char *g)
{
  return strcmp (g, "syscalls") == 0 || strcmp (g, "kprobes") == 0 || strcmp (g, "uprobes") == 0;
}

static int
by_group_name (const void *a, const void *b)
{
  const struct sdt_event *x = a, *y = b;
  int c = strcmp (x->group, y->group);
  return c ? c : strcmp (x->name, y->name);
}

static const char *
tracefs_root (void)
{
  static const char *const roots[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
  for (size_t i = 0; i < 2; i++)
    {
      char path[64];
      snprintf (path, sizeof path, "%s/available_events", roots[i]);
      if (access (path, R_OK) == 0)
        return roots[i];
    }
  return NULL;
}

/* The event list; false when tracefs is not there. */
static bool
read_events (void)
{
  if (events.read)
    return events.root != NULL;
  events.read = true;
  events.root = tracefs_root ();
  if (!events.root)
    return false;
  char path[96];
  snprintf (path, sizeof path, "%s/available_events", events.root);
  FILE *f = fopen (path, "r");
  if (!f)
    {
      events.root = NULL;
      return false;
    }
  char line[512];
  while (fgets (line, sizeof line, f))
    {
      line[strcspn (line, "\n")] = 0;
      char *colon = strchr (line, ':');
      if (!colon || colon == line || !colon[1])
        continue;
      *colon = 0;
      if (group_excluded (line))
        continue;
      struct sdt_event ev = { xstrdup (line), xstrdup (colon + 1), false, NULL };
      VEC_PUSH (events.e, events.n, events.cap) = ev;
    }
  fclose (f);
  if (events.n)
    qsort (events.e, events.n, sizeof *events.e, by_group_name);
  return true;
}

void
sdt_forget (void)
{
  for (size_t i = 0; i < events.n; i++)
    {
      free (events.e[i].group);
      free (events.e[i].name);
      free (events.e[i].layout);
    }
  free (events.e);
  memset (&events, 0, sizeof events);
}

/* One "field:DECL;\toffset:N;\tsize:N;\tsigned:N;" line into *F; false
 * for a line that is no field or a common_ one. */
static bool
parse_field (const char *line, struct sdt_field *f)
{
  const char *p = strstr (line, "field:");
  if (!p)
    return false;
  p += 6;
  const char *semi = strchr (p, ';');
  if (!semi)
    return false;
  char decl[256];
  size_t len = (size_t) (semi - p);
  if (len >= sizeof decl)
    return false;
  memcpy (decl, p, len);
  decl[len] = 0;
  unsigned off, size;
  int sgn = 0;
  const char *o = strstr (semi, "offset:"), *z = strstr (semi, "size:"), *s = strstr (semi, "signed:");
  if (!o || !z || sscanf (o, "offset:%u", &off) != 1 || sscanf (z, "size:%u", &size) != 1)
    return false;
  if (s)
    sscanf (s, "signed:%d", &sgn);
  /* the name: the last word, its array bound cut */
  char *bracket_end = decl + len;
  while (bracket_end > decl && bracket_end[-1] == ' ')
    *--bracket_end = 0;
  char *name = strrchr (decl, ' ');
  name = name ? name + 1 : decl;
  char *bound = strchr (name, '[');
  bool array = bound != NULL;
  if (bound)
    *bound = 0;
  if (strncmp (name, "common_", 7) == 0 || off > 0xffff || size > 0xffff)
    return false;
  bool loc = strncmp (decl, "__data_loc ", 11) == 0, rel = strncmp (decl, "__rel_loc ", 10) == 0;
  const char *type = loc ? decl + 11 : rel ? decl + 10 : decl;
  while (strncmp (type, "const ", 6) == 0)
    type += 6;
  bool chars = strncmp (type, "char ", 5) == 0 || strncmp (type, "char[", 5) == 0
               || strncmp (type, "unsigned char ", 14) == 0;
  memset (f, 0, sizeof *f);
  size_t nl = strlen (name);
  memcpy (f->name, name, nl < sizeof f->name ? nl : sizeof f->name - 1);
  f->off = (uint16_t) off;
  f->size = (uint16_t) size;
  f->is_signed = sgn != 0;
  f->rel = rel;
  if (loc || rel)
    f->kind = chars ? SDT_F_LOC_CHARS : SDT_F_LOC_ADDR;
  else if (array)
    f->kind = chars ? SDT_F_CHARS : SDT_F_ADDR;
  else
    f->kind = size == 1 || size == 2 || size == 4 || size == 8 ? SDT_F_INT : SDT_F_ADDR;
  return true;
}

static struct sdt_event *
find_event (const char *group, const char *name)
{
  if (!read_events ())
    return NULL;
  struct sdt_event key = { (char *) group, (char *) name, false, NULL };
  return bsearch (&key, events.e, events.n, sizeof *events.e, by_group_name);
}

const struct sdt_layout *
sdt_layout (const char *group, const char *name)
{
  struct sdt_event *ev = find_event (group, name);
  if (!ev)
    return NULL;
  if (ev->layout_read)
    return ev->layout;
  ev->layout_read = true;
  char path[512];
  snprintf (path, sizeof path, "%s/events/%s/%s/format", events.root, group, name);
  FILE *f = fopen (path, "r");
  if (!f)
    return NULL;
  struct sdt_layout *l = xcalloc (1, sizeof *l);
  char line[512];
  while (fgets (line, sizeof line, f) && l->nargs < SDT_MAX_ARGS)
    if (parse_field (line, &l->f[l->nargs]))
      l->nargs++;
  fclose (f);
  ev->layout = l;
  return l;
}

int
sdt_arg_type (const char *group, const char *name, unsigned index, uint8_t *width)
{
  const struct sdt_layout *l = sdt_layout (group, name);
  if (!l || index >= l->nargs)
    return 0;
  const struct sdt_field *f = &l->f[index];
  if (f->kind == SDT_F_CHARS || f->kind == SDT_F_LOC_CHARS)
    return 2;
  *width = f->kind == SDT_F_INT ? (uint8_t) (f->size | (f->is_signed ? 0x80 : 0)) : 8;
  return 1;
}

bool
sdt_probe_match (const char *group, const char *name, const struct probe_desc *d)
{
  return probe_field_match (d->provider, "sdt") && probe_field_match (d->module, group)
         && probe_field_match (d->function, "") && probe_field_match (d->name, name);
}

bool
sdt_desc_exclusive (const struct probe_desc *d)
{
  return strcmp (d->provider, "sdt") == 0;
}

long
sdt_probes_find (const struct probe_desc *descs, size_t ndescs, struct sdt_probe **out)
{
  size_t n = 0, cap = 0;
  *out = NULL;
  bool any = false;
  for (size_t k = 0; k < ndescs; k++)
    any |= probe_desc_names_provider (&descs[k], "sdt");
  if (!any)
    return 0;
  if (!read_events ())
    {
      diag_error ("the sdt provider needs tracefs (/sys/kernel/tracing, Linux 4.1) mounted: "
                  "mount -t tracefs tracefs /sys/kernel/tracing");
      return -1;
    }
  for (size_t i = 0; i < events.n; i++)
    {
      bool m = false;
      for (size_t k = 0; k < ndescs && !m; k++)
        m = probe_desc_names_provider (&descs[k], "sdt")
            && sdt_probe_match (events.e[i].group, events.e[i].name, &descs[k]);
      if (m)
        VEC_PUSH (*out, n, cap) = (struct sdt_probe) { events.e[i].group, events.e[i].name };
    }
  return (long) n;
}

long
sdt_event_id (const char *group, const char *name)
{
  char path[512];
  snprintf (path, sizeof path, "%s/events/%s/%s/id", events.root ? events.root : "/sys/kernel/tracing",
            group, name);
  FILE *f = fopen (path, "r");
  long id = -1;
  if (f && fscanf (f, "%ld", &id) != 1)
    id = -1;
  if (f)
    fclose (f);
  return id;
}

int
sdt_attach (const char *group, const char *name, int prog_fd)
{
  long id = sdt_event_id (group, name);
  if (id < 0)
    {
      diag_error ("could not enable tracing: cannot read the id of the tracepoint %s:%s", group, name);
      return -1;
    }
  struct perf_event_attr a;
  memset (&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = PERF_TYPE_TRACEPOINT;
  a.config = (uint64_t) id;
  a.sample_period = 1;
  a.wakeup_events = 1;
  int pfd = (int) syscall (__NR_perf_event_open, &a, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
  int link = pfd < 0 ? -1 : perf_link (prog_fd, pfd);
  if (link < 0)
    diag_error ("could not enable tracing: cannot attach sdt:%s::%s to its tracepoint: %s", group, name,
                strerror (errno));
  return link;
}

void
sdt_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  struct sdt_probe *p;
  long n = ndescs ? sdt_probes_find (descs, ndescs, &p) : 0;   /* plain -l: not the 2,000 */
  if (n <= 0)
    return;
  for (long i = 0; i < n; i++)
    {
      struct listed_probe lp = { LISTED_KERNEL, "sdt", p[i].group, "", p[i].name, NULL, 0, NULL, NULL };
      probe_list_print (pl, &lp);
    }
  free (p);
}
