/* SPDX-License-Identifier: MIT */
/*
 * lib-events.c — what dtrace does when the dynamic linker's hook
 * (lib-loads.h) reports that a -c/-p process's link map changed.
 *
 * The hook is armed for the -c/-p processes when the script names USDT
 * probes (their libraries loaded later get their probes: usdt-late.c) or
 * records user addresses (ustack, jstack, usym, ufunc, uaddr, umod, %A:
 * dprog.user_addrs).  The second is for stacks printed after the process
 * is gone: an aggregation of a short-lived -c command's stacks is printed
 * when it has exited, and its addresses resolve only through mappings read
 * while it lived.  The trace loop reads them every switchrate, too late for
 * a command that runs a millisecond.  The hook stops a -c command whenever
 * ld.so changes its link map (at start-up once the DT_NEEDED libraries are
 * mapped, before any initializer; at each dlopen), so its maps are read
 * there, complete, before any of its code runs; the syscalls between its
 * exec and that point are still traced (it is not held for them).  A -p
 * process is never stopped (dtrace did not create it): its maps are read as
 * the report arrives, while it very likely still lives.
 *
 * Under -Z, a system-wide script's USDT descriptions may name programs not
 * running yet: a raw tracepoint on sched_process_exec reports every new
 * program (never stopping it) and its maps are searched as a library
 * load's are (usdt-late.c: its probes attached for that pid; files that
 * were attached by file at start already cover it).  Only what is mapped
 * when dtrace looks is seen (the executable, and the libraries ld.so has
 * mapped by then), and hits before the attach are missed.
 *
 * Capturing each pc's mapping in BPF instead (bpf_find_vma, Linux 5.17+)
 * would cost every ustack() a helper call per frame and a larger record;
 * the hook costs a stop per link-map change, and only for -c commands.
 */
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/runtime-int.h"
#include "consumer/output/output.h"
#include "consumer/output/symbolize.h"
#include "common/files.h"
#include "common/vec.h"
#include "common/xalloc.h"

static int
on_lib_event (void *ctx, void *data, size_t size)
{
  struct runtime *rt = ctx;
  uint32_t pid;
  if (size < sizeof pid)
    return 0;
  memcpy (&pid, data, sizeof pid);
  for (size_t i = 0; i < rt->nlib_pending; i++)
    if (rt->lib_pending[i] == (pid_t) pid)
      return 0;
  VEC_PUSH (rt->lib_pending, rt->nlib_pending, rt->lib_pending_cap) = (pid_t) pid;
  return 0;
}

/* Armed before the processes' maps are first read (resolve.c), so that a
 * library loaded while dtrace starts is reported, not missed. */
void
lib_events_watch (struct runtime *rt)
{
  if (rt->libwatch || rt->nprocs == 0)
    return;
  pid_t *pids = xcalloc (rt->nprocs, sizeof *pids);
  const char **exes = xcalloc (rt->nprocs, sizeof *exes);
  bool *stop = xcalloc (rt->nprocs, sizeof *stop);
  size_t n = 0;
  for (size_t i = 0; i < rt->nprocs; i++)
    if (!rt->dtp[i].exited)
      {
        pids[n] = rt->dtp[i].pid;
        exes[n] = rt->dtp[i].held ? rt->dtp[i].exec_path : NULL;
        stop[n++] = rt->dtp[i].created;
      }
  rt->libwatch = n ? lib_watch_new (pids, exes, stop, n, UPROBE_MODE_AUTO) : NULL;
  FREE_ALL (pids, exes, stop);
}

int
lib_events_arm (struct runtime *rt)
{
  if (!rt->libwatch && !rt->watch_execs)
    return 0;
  usdt_late_init (rt);
  if (rt->watch_execs && rt->late)
    {
      rt->exec_link = lib_exec_watch_new (&rt->exec_rb);
      if (rt->exec_link < 0 || ring_buffer__add (rt->rb, rt->exec_rb, on_lib_event, rt) != 0)
        {
          diag_error ("could not enable tracing: cannot watch new processes: %s", strerror (errno));
          return -1;
        }
    }
  if (!rt->libwatch || (!rt->late && !rt->prog.user_addrs))
    return 0;
  if (ring_buffer__add (rt->rb, lib_watch_fd (rt->libwatch), on_lib_event, rt) != 0)
    {
      diag_error ("could not enable tracing: cannot watch library loads: %s", strerror (errno));
      return -1;
    }
  /* loads reported while dtrace was starting */
  ring_buffer__consume (rt->rb);
  lib_events_service (rt);
  return 0;
}

void
lib_events_service (struct runtime *rt)
{
  for (size_t k = 0; k < rt->nlib_pending; k++)
    {
      pid_t pid = rt->lib_pending[k];
      if (rt->prog.user_addrs)
        symbolizer_prime (output_symbolizer (rt->out), (int32_t) pid);
      usdt_late_look (rt, pid);
      for (size_t i = 0; i < rt->nprocs; i++)
        if (rt->dtp[i].pid == pid && rt->dtp[i].created && !rt->dtp[i].exited)
          kill (pid, SIGCONT);    /* stopped by the hook (lib-loads.h) */
    }
  rt->nlib_pending = 0;
}

void
lib_events_free (struct runtime *rt)
{
  usdt_late_free (rt);
  lib_watch_free (rt->libwatch);
  rt->libwatch = NULL;
  close_if_open (rt->exec_link);
  close_if_open (rt->exec_rb);
  rt->exec_link = rt->exec_rb = -1;
  free (rt->lib_pending);
  rt->lib_pending = NULL;
  rt->nlib_pending = rt->lib_pending_cap = 0;
}
