/* SPDX-License-Identifier: MIT */
/*
 * kernel-machinery.c — where the kernel's tracing machinery is: the
 * functions that run between the code that fires a kernel probe and the
 * probe's BPF program, so that a kernel stack can begin at the probed code
 * as DTrace's does (codegen-kstack.c skips the leading frames inside them;
 * abi.h MAP_KSKIP).
 *
 * A raw tracepoint's program is called by bpf_trace_runN from the event
 * class's __bpf_trace_<class>, itself called by the tracepoint's static
 * call or by __traceiter_<tracepoint> (when several probes are attached);
 * a tracepoint (perf) program by trace_call_bpf from
 * perf_trace_run_bpf_submit and perf_trace_<class>; either one through the
 * BPF interpreter (___bpf_prog_run, __bpf_prog_runN) when not JIT-compiled.
 * Which of these frames a stack shows depends on the kernel, the compiler
 * (tail calls) and what else is attached, and the class of a tracepoint is
 * not published: so every function of these families counts, by name, in
 * the kernel and in its modules.  The code the tracepoint machinery
 * generates next to them (trace_event_raw_event_*, trace_raw_output_*,
 * __probestub_*, and the __pfx_ padding before each function) counts too:
 * it never fires a probe, and it lets neighbouring functions merge into one
 * range (a few hundred ranges on a distribution kernel, not thousands).
 *
 * A function's range runs from its address to the next symbol's.
 */
#include "consumer/probes/kernel-machinery.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

bool
kernel_machinery_name (const char *name)
{
  static const char *const prefixes[] = {
    "bpf_trace_run", "__bpf_trace_", "__traceiter_", "perf_trace_", "trace_call_bpf",
    "___bpf_prog_run", "__bpf_prog_run", "trace_event_raw_event_", "trace_raw_output_",
    "__probestub_",
  };
  if (strncmp (name, "__pfx_", 6) == 0)
    name += 6;
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp (name, prefixes[i], strlen (prefixes[i])) == 0)
      return true;
  return false;
}

struct ksym {
  uint64_t addr;
  bool machinery;
};

static int
by_addr (const void *a, const void *b)
{
  const struct ksym *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  /* at one address, a machinery alias after the others: the range ends
   * at the next address either way */
  return (int) x->machinery - (int) y->machinery;
}

/* The symbols of kallsyms F (kernel and modules), by address; *N of them. */
static struct ksym *
read_symbols (FILE *f, size_t *n)
{
  *n = 0;
  size_t cap = 0;
  struct ksym *v = NULL;
  char line[512];
  bool nonzero = false;
  while (fgets (line, sizeof line, f))
    {
      uint64_t a;
      char type, sym[256];
      if (sscanf (line, "%" SCNx64 " %c %255s", &a, &type, sym) != 3)
        continue;
      if (a)
        nonzero = true;
      /* text (t/T), weak (w/W) and the module's text; data ends a range too */
      if (*n == cap)
        {
          cap = cap ? 2 * cap : 65536;
          v = xrealloc (v, cap * sizeof *v);
        }
      v[*n].addr = a;
      v[*n].machinery = (type == 't' || type == 'T' || type == 'w' || type == 'W')
                        && kernel_machinery_name (sym);
      (*n)++;
    }
  if (!nonzero)   /* kptr_restrict: every address reads 0 */
    {
      free (v);
      *n = 0;
      return NULL;
    }
  qsort (v, *n, sizeof *v, by_addr);
  return v;
}

size_t
kernel_machinery_ranges (uint64_t *pairs, size_t cap, size_t *dropped)
{
  FILE *f = fopen ("/proc/kallsyms", "re");
  if (!f)
    {
      for (size_t i = 0; i < 2 * cap; i++)
        pairs[i] = UINT64_MAX;
      *dropped = 0;
      return 0;
    }
  size_t n = kernel_machinery_ranges_from (f, pairs, cap, dropped);
  fclose (f);
  return n;
}

size_t
kernel_machinery_ranges_from (FILE *f, uint64_t *pairs, size_t cap, size_t *dropped)
{
  for (size_t i = 0; i < 2 * cap; i++)
    pairs[i] = UINT64_MAX;
  *dropped = 0;
  size_t n, used = 0;
  struct ksym *v = read_symbols (f, &n);
  for (size_t i = 0; i < n; i++)
    {
      if (!v[i].machinery)
        continue;
      /* the run of machinery from here, to the next other address */
      uint64_t lo = v[i].addr;
      size_t j = i;
      while (j < n && (v[j].machinery || v[j].addr == lo))
        j++;
      while (j < n && v[j].addr == v[j - 1].addr)
        j++;
      if (j == n)
        break;   /* the last symbol: no end known */
      uint64_t hi = v[j].addr;
      i = j - 1;
      if (hi <= lo)
        continue;
      if (used < cap)
        {
          pairs[2 * used] = lo;
          pairs[2 * used + 1] = hi;
          used++;
        }
      else
        (*dropped)++;
    }
  free (v);
  return used;
}
