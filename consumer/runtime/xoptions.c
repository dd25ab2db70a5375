/* SPDX-License-Identifier: MIT */
/*
 * xoptions.c — -x name[=value] and `#pragma D option`: each option sets a
 * field of the program (struct dprog) or of the session (switchrate).
 * Sizes take k/m/g suffixes; switchrate a time unit or hz.  Options DTrace
 * has that the defaults serve are accepted and ignored.  A pragma's error
 * names its script and line; -x's names the option.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/runtime-int.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

static int
parse_size (const char *v, uint64_t *out)
{
  char *end;
  unsigned shift = 0;
  if (*v < '0' || *v > '9')
    return -1;                  /* no sign, no blanks: -40 is no size */
  errno = 0;
  unsigned long long n = strtoull (v, &end, 10);
  switch (*end)
    {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
  if (errno == ERANGE || *end || n > (~0ull >> shift))
    return -1;
  n <<= shift;
  *out = n;
  return 0;
}

/* A time as switchrate and aggrate take it, in nanoseconds: a bare number
 * is nanoseconds, else a unit (ns us ms s and their long forms) or a
 * frequency (hz); -1 when not a positive time. */
static double
parse_rate (const char *value)
{
  char *end;
  double v = value ? strtod (value, &end) : -1;
  if (!value || !(v > 0))
    return -1;
  if (strcmp (end, "hz") == 0) return 1e9 / v;
  if (strcmp (end, "ms") == 0 || strcmp (end, "msec") == 0) return v * 1e6;
  if (strcmp (end, "us") == 0 || strcmp (end, "usec") == 0) return v * 1e3;
  if (strcmp (end, "s") == 0 || strcmp (end, "sec") == 0) return v * 1e9;
  if (strcmp (end, "ns") == 0 || strcmp (end, "nsec") == 0 || *end == '\0') return v;
  return -1;
}

/* The most frames a stack may have: the kernel's perf_event_max_stack
 * sysctl (bpf_get_stack() records no more), within our own record size. */
static unsigned
frames_limit (void)
{
  unsigned limit = STACK_MAX_FRAMES;
  FILE *f = fopen ("/proc/sys/kernel/perf_event_max_stack", "re");
  if (f)
    {
      unsigned v;
      if (fscanf (f, "%u", &v) == 1 && v >= 1 && v < limit)
        limit = v;
      fclose (f);
    }
  return limit;
}

/* "failed to set option ..." for -x (PREFIX NULL) or a pragma of script
 * PREFIX at LINE. */
static void DIAG_PRINTF (3, 4)
option_error (const char *prefix, int line, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  if (prefix)
    diag_error_prefixed (prefix, line, fmt, ap);
  else
    {
      char *m = xvasprintf (fmt, ap);
      diag_error ("%s", m);
      free (m);
    }
  va_end (ap);
}

int
apply_option (struct runtime *rt, const char *name, const char *value, const char *prefix, int line)
{
  struct dprog *p = &rt->prog;
  const char *dash_x = prefix ? "" : "-x ";
  uint64_t n;
  if (strcmp (name, "quiet") == 0)
    p->quiet = true;
  else if (strcmp (name, "flowindent") == 0)
    p->flowindent = true;
  else if (strcmp (name, "stackindent") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n > 1024)
        goto bad;
      p->stackindent = (unsigned) n + 1;      /* stored + 1: 0 means unset */
    }
  else if (strcmp (name, "evaltime") == 0)
    {
      if (!evaltime_parse (value, &rt->evaltime))
        goto bad;
    }
  else if (strcmp (name, "zdefs") == 0)
    p->zdefs = true;
  else if (strcmp (name, "rawbytes") == 0)
    p->rawbytes = !value || (strcmp (value, "0") != 0 && strcmp (value, "false") != 0);
  else if (strcmp (name, "aggsortkey") == 0 || strcmp (name, "aggsortrev") == 0)
    {
      bool on = !value || (strcmp (value, "0") != 0 && strcmp (value, "false") != 0);
      *(name[7] == 'k' ? &p->aggsortkey : &p->aggsortrev) = on;
    }
  else if (strcmp (name, "aggsortkeypos") == 0 || strcmp (name, "aggsortpos") == 0)
    {
      char *end;
      unsigned long v = value ? strtoul (value, &end, 0) : 0;
      if (!value || !*value || *end || v > 64)
        goto bad;
      *(name[7] == 'k' ? &p->aggsortkeypos : &p->aggsortpos) = (unsigned) v;
    }
  else if (strcmp (name, "strsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
      if (n > STRSIZE_MAX)
        {
          /* the string subroutines' loops (toupper, index, strstr...) run
           * over strsize bytes: beyond this the verifier refuses them
           * ("sequence of jumps is too complex") */
          option_error (prefix, line, "failed to set option %s%s to \"%s\": larger than %u, the most "
                        "the kernel's BPF verifier accepts in string loops", dash_x, name, value,
                        STRSIZE_MAX);
          return -1;
        }
      p->strsize = (unsigned) n + 1;   /* the buffer: strings hold strsize characters and a NUL */
    }
  else if (strcmp (name, "bufsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 4096)
        goto bad;
      uint64_t pow = 4096;
      while (pow < n && pow < (1ull << 30))
        pow <<= 1;
      p->bufsize = pow;
    }
  else if (strcmp (name, "stackframes") == 0 || strcmp (name, "ustackframes") == 0)
    {
      /* the depth of stack() / ustack() without an argument */
      if (!value || parse_size (value, &n) != 0 || n < 1 || n > STACK_MAX_FRAMES)
        goto bad;
      *(name[0] == 'u' ? &p->ustackframes : &p->stackframes) = (unsigned) n;
    }
  else if (strcmp (name, "jstackframes") == 0)
    {
      /* jstack() without an argument (ustack() here: no Java helper) */
      if (!value || parse_size (value, &n) != 0 || n < 1 || n > STACK_MAX_FRAMES)
        goto bad;
      p->jstackframes = (unsigned) n;
    }
  else if (strcmp (name, "maxframes") == 0)
    {
      /* the deepest stack any stack()/ustack()/jstack() records: at most
       * the kernel's own limit (bpf_get_stack() takes no more), as Oracle's
       * DTrace refuses a larger one (options/err.maxframes-too-high) */
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
      unsigned limit = frames_limit ();
      if (n > limit)
        {
          option_error (prefix, line, "failed to set option %s%s to \"%s\": more than %u, the most "
                        "frames a stack records (kernel.perf_event_max_stack)",
                        dash_x, name, value, limit);
          return -1;
        }
      p->maxframes = (unsigned) n;
    }
  else if (strcmp (name, "jstackstrsize") == 0)
    {
      /* the size of Java frames' strings: none are recorded here */
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
    }
  else if (strcmp (name, "ustackbytes") == 0)
    {
      /* user stack bytes each ustack() copies for the unwinder */
      if (!value || parse_size (value, &n) != 0 || n < 512 || n > USTACK_BYTES_MAX)
        goto bad;
      p->ustackbytes = (unsigned) (n & ~7ull);
    }
  else if (strcmp (name, "nodemangle") == 0)
    p->nodemangle = true;
  else if (strcmp (name, "switchrate") == 0)
    {
      double ns = parse_rate (value);
      if (ns <= 0)
        goto bad;
      rt->switch_ms = ns / 1e6 < 1 ? 1 : ns / 1e6 > 1000 ? 1000 : (int) (ns / 1e6);
    }
  else if (strcmp (name, "aggrate") == 0)
    {
      /* how often the -x oformat=openmetrics file is rewritten */
      double ns = parse_rate (value);
      if (ns <= 0)
        goto bad;
      rt->aggrate_ms = ns / 1e6 < 10 ? 10 : ns / 1e6 > 3600e3 ? 3600000 : (int) (ns / 1e6);
    }
  else if (strcmp (name, "metrics") == 0)
    {
      /* serve the aggregations at http://HOST:PORT/metrics (metrics-server.h);
       * the address is checked when the server starts */
      if (!value || !*value)
        goto bad;
      free (rt->metrics_addr);
      rt->metrics_addr = xstrdup (value);
      p->quantize_sums = true;
    }
  else if (strcmp (name, "oformat") == 0)
    {
      /* the output's format: DTrace's text, JSON Lines (json-output.h), or
       * stack-keyed aggregations as a flame graph (flamegraph.h) */
      if (!value)
        goto bad;
      p->oformat_json = false;
      p->oformat_metrics = false;
      p->stackfmt = STACKFMT_TEXT;
      if (strcmp (value, "json") == 0)
        p->oformat_json = true;
      else if (strcmp (value, "openmetrics") == 0)
        p->oformat_metrics = p->quantize_sums = true;
      else if (strcmp (value, "folded") == 0)
        p->stackfmt = STACKFMT_FOLDED;
      else if (strcmp (value, "svg") == 0)
        p->stackfmt = STACKFMT_SVG;
      else if (strcmp (value, "text") != 0)
        goto bad;
    }
  else if (strcmp (name, "destructive") == 0)
    p->destructive = true;
  else if (strcmp (name, "nspec") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1 || n > 256)
        goto bad;
      p->nspec = (unsigned) n;
    }
  else if (strcmp (name, "defaultargs") == 0)
    p->defaultargs = true;
  else if (strcmp (name, "aggsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
      p->aggsize = n;
    }
  else if (strcmp (name, "specsize") == 0 || strcmp (name, "dynvarsize") == 0)
    {
      if (!value || parse_size (value, &n) != 0 || n < 1)
        goto bad;
      *(name[0] == 's' ? &p->specsize : &p->dynvarsize) = n;
    }
  else if (strcmp (name, "statusrate") == 0
           || strcmp (name, "cleanrate") == 0 || strcmp (name, "bufpolicy") == 0
           || strcmp (name, "bufresize") == 0 || strcmp (name, "nolibs") == 0)
    ;   /* accepted; the defaults serve */
  else
    {
      option_error (prefix, line, "failed to set option %s%s: Invalid option name", dash_x, name);
      return -1;
    }
  return 0;
 bad:
  option_error (prefix, line, "failed to set option %s%s to \"%s\": Invalid value", dash_x, name,
                value ? value : "");
  return -1;
}

int
apply_xopt (struct runtime *rt, const char *opt)
{
  char *copy = xstrdup (opt);
  char *eq = strchr (copy, '=');
  if (eq)
    *eq++ = '\0';
  int r = apply_option (rt, copy, eq, NULL, 0);
  free (copy);
  return r;
}
