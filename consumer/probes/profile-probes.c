/* SPDX-License-Identifier: MIT */
/*
 * profile-probes.c — profile-N probes (see profile-probes.h).
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/profile-probes.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *const standard[] = {
  "profile-97", "profile-199", "profile-499", "profile-997", "profile-1999", "profile-4001",
  "profile-4999", "tick-1", "tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000",
};
#define NSTANDARD (sizeof standard / sizeof standard[0])

/* An interval is a decimal number (digits, an optional fraction and
 * exponent) and a unit; the shortest and longest allowed are in the
 * header.  The float is checked before it is converted: NaN, infinities
 * and values beyond uint64_t have no defined conversion. */
int
profile_interval_parse (const char *name, const char *prefix, uint64_t *ns, char **why)
{
  static const struct { const char *u; double ns; } units[] = {
    { "ns", 1 }, { "nsec", 1 }, { "us", 1e3 }, { "usec", 1e3 }, { "ms", 1e6 }, { "msec", 1e6 },
    { "s", 1e9 }, { "sec", 1e9 }, { "m", 60e9 }, { "min", 60e9 }, { "h", 3600e9 }, { "hour", 3600e9 },
    { "d", 86400e9 }, { "day", 86400e9 },
  };
  size_t pl = strlen (prefix);
  *ns = 0;
  *why = NULL;
  if (strncmp (name, prefix, pl) != 0 || name[pl] != '-')
    return 0;
  const char *num = name + pl + 1, *end = num;
  char *fend;
  /* Not written as a number at all ("tick-foo"): no interval, a name. */
  if (!isdigit ((unsigned char) *num) && *num != '.')
    {
      strtod (num, &fend);
      if (fend == num || *num == '-' || *num == '+')
        return 0;
    }
  end += strspn (end, "0123456789");
  if (*end == '.')
    end += 1 + strspn (end + 1, "0123456789");
  if ((*end == 'e' || *end == 'E') && isdigit ((unsigned char) end[1 + (end[1] == '-' || end[1] == '+')]))
    end += 1 + (end[1] == '-' || end[1] == '+');
  end += strspn (end, "0123456789");
  if (end == num || (end == num + 1 && *num == '.'))
    {
      *why = xasprintf ("\"%s\" is not a decimal number", num);
      return -1;
    }
  double v = strtod (num, NULL), f = -1;
  if (*end == '\0' || strcmp (end, "hz") == 0)
    f = 0;
  for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
    if (strcmp (end, units[i].u) == 0)
      f = units[i].ns;
  if (f < 0)
    *why = xasprintf ("unknown unit \"%s\" (ns, us, ms, s, m, h, d, or hz)", end);
  else if (!(v > 0))
    *why = xasprintf ("%s is not positive", num);
  if (*why)
    return -1;
  double d = f == 0 ? 1e9 / v : v * f;
  if (d < PROFILE_MIN_NS)
    *why = xasprintf (f == 0 ? "%s is faster than 5000hz, every 200us, the shortest interval allowed"
                             : "%s is shorter than 200us, the shortest interval allowed", num);
  else if (!(d <= PROFILE_MAX_NS))
    *why = xasprintf ("%s is longer than 365d, the longest interval allowed", num);
  if (*why)
    return -1;
  *ns = (uint64_t) d;
  return 1;
}

uint64_t
profile_interval (const char *name, const char *prefix)
{
  uint64_t ns;
  char *why;
  if (profile_interval_parse (name, prefix, &ns, &why) > 0)
    return ns;
  free (why);
  return 0;
}

bool
profile_desc_exclusive (const struct probe_desc *d)
{
  return (d->provider[0] == '\0' || strcmp (d->provider, "profile") == 0) && d->module[0] == '\0'
         && d->function[0] == '\0' && profile_interval (d->name, "profile") > 0;
}

static bool
desc_may_match (const struct probe_desc *d)
{
  return probe_field_match (d->provider, "profile") && probe_field_match (d->module, "")
         && probe_field_match (d->function, "");
}

size_t
profile_names_find (const struct probe_desc *descs, size_t ndescs, char ***names)
{
  size_t n = 0, cap = 0;
  *names = NULL;
  for (size_t i = 0; i < ndescs; i++)
    {
      const struct probe_desc *d = &descs[i];
      if (!desc_may_match (d))
        continue;
      const char *cand[NSTANDARD + 1];
      size_t nc = 0;
      if (!probe_glob_is_pattern (d->name) && d->name[0])
        cand[nc++] = d->name;
      else
        for (size_t k = 0; k < NSTANDARD; k++)
          if (strncmp (standard[k], "profile-", 8) == 0 && probe_field_match (d->name, standard[k]))
            cand[nc++] = standard[k];
      for (size_t k = 0; k < nc; k++)
        {
          if (profile_interval (cand[k], "profile") == 0)
            continue;
          bool have = false;
          for (size_t j = 0; j < n; j++)
            have |= strcmp ((*names)[j], cand[k]) == 0;
          if (have)
            continue;
          VEC_PUSH (*names, n, cap) = xstrdup (cand[k]);
        }
    }
  return n;
}

int
profile_attach (int prog_fd, uint64_t ns, int **fds, size_t *nfds)
{
  long ncpu = sysconf (_SC_NPROCESSORS_CONF);
  size_t opened = 0;
  for (long cpu = 0; cpu < ncpu; cpu++)
    {
      struct perf_event_attr a;
      memset (&a, 0, sizeof a);
      a.size = sizeof a;
      a.type = PERF_TYPE_SOFTWARE;
      a.config = PERF_COUNT_SW_CPU_CLOCK;
      a.sample_period = ns;
      a.disabled = 1;
      int fd = (int) syscall (SYS_perf_event_open, &a, -1, (int) cpu, -1, PERF_FLAG_FD_CLOEXEC);
      if (fd < 0)
        {
          if (errno == ENODEV || errno == EINVAL)
            continue;   /* an offline CPU */
          diag_error ("could not enable tracing: perf_event_open on CPU %ld: %s", cpu, strerror (errno));
          return -1;
        }
      *fds = xrealloc (*fds, (*nfds + 1) * sizeof **fds);
      (*fds)[(*nfds)++] = fd;
      if (ioctl (fd, PERF_EVENT_IOC_SET_BPF, prog_fd) != 0 || ioctl (fd, PERF_EVENT_IOC_ENABLE, 0) != 0)
        {
          diag_error ("could not enable tracing: attaching a profile program on CPU %ld: %s", cpu,
                      strerror (errno));
          return -1;
        }
      opened++;
    }
  if (opened == 0)
    {
      diag_error ("could not enable tracing: no CPU accepts a CPU-clock perf event");
      return -1;
    }
  return 0;
}

void
profile_list_print (struct probe_lister *pl, const struct probe_desc *descs, size_t ndescs)
{
  const char **shown = NULL;
  size_t n = 0, cap = 0;
  for (size_t k = 0; k < NSTANDARD; k++)
    {
      bool m = ndescs == 0;
      for (size_t i = 0; i < ndescs && !m; i++)
        m = desc_may_match (&descs[i]) && probe_field_match (descs[i].name, standard[k]);
      if (m)
        {
          VEC_PUSH (shown, n, cap) = standard[k];
        }
    }
  for (size_t i = 0; i < ndescs; i++)
    {
      const char *nm = descs[i].name;
      if (!desc_may_match (&descs[i]) || probe_glob_is_pattern (nm)
          || (profile_interval (nm, "profile") == 0 && profile_interval (nm, "tick") == 0))
        continue;
      bool have = false;
      for (size_t j = 0; j < n; j++)
        have |= strcmp (shown[j], nm) == 0;
      if (!have)
        {
          VEC_PUSH (shown, n, cap) = nm;
        }
    }
  for (size_t j = 0; j < n; j++)
    {
      struct listed_probe lp = { LISTED_PROFILE, "profile", "", "", shown[j], NULL, 0, NULL, NULL };
      probe_list_print (pl, &lp);
    }
  free (shown);
}
