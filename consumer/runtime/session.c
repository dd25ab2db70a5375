/* SPDX-License-Identifier: MIT */
/*
 * session.c — consumer_run(): compile, load, attach, consume, stop.
 *
 * Order of events, as DTrace users expect:
 *   parse every source (command-line order) -> check -> match descriptions
 *   (BEGIN/END/ERROR, USDT in the scope: -p/-c processes, module paths,
 *   else every process) -> "matched N probes" -> create maps -> generate
 *   and load one program per probe group -> attach -> release a -c child
 *   -> run BEGIN -> consume records every switchrate until exit(),
 *   SIGINT/SIGTERM or the end of the -c/-p processes -> detach -> run END
 *   -> final consume -> "\n" and the aggregations -> exit status.
 * Everything the kernel holds is a file descriptor of this process, so a
 * kill -9 leaves no uprobe and no raised semaphore behind.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "consumer/probes/arch-regs.h"
#include "consumer/output/output.h"
#include "consumer/output/symbolize.h"
#include "consumer/probes/providers.h"
#include "consumer/runtime/destructive.h"
#include "consumer/runtime/exec-chain.h"
#include "consumer/runtime/fault.h"
#include "consumer/runtime/process.h"
#include "consumer/probes/type-resolver.h"
#include "consumer/runtime/reopen.h"
#include "consumer/probes/btf-types.h"
#include "consumer/runtime/runtime-int.h"
#include "consumer/runtime/speculation.h"
#include "consumer/runtime/stop-signals.h"
#include "common/xalloc.h"
#include "common/files.h"
#include "sdt/sdt.h"

static void
print_record (void *ctx, const void *data, size_t size)
{
  struct runtime *rt = ctx;
  bool seen = false;
  int status = 0;
  output_record (rt->out, data, size, &seen, &status);
  if (seen && !rt->exit_seen)
    {
      rt->exit_seen = true;
      rt->exit_status = status;
    }
}

/* A record of a probe the kernel made for a process that mapped a probed
 * file after dtrace attached (codegen.c, gen_new_process_probe): its names
 * are read from the probe strings map the first time it is seen. */
static void
learn_new_probe (struct runtime *rt, const void *data, size_t size)
{
  uint32_t id;
  if (size < REC_HEADER_SIZE)
    return;
  memcpy (&id, (const char *) data + 4, sizeof id);
  if (id < rt->new_probes_first || id >= rt->new_probes_limit)
    return;
  struct dprog *p = &rt->prog;
  for (size_t i = p->nprobes; i > 0; i--)
    if (p->probes[i - 1].id == id)
      return;
  unsigned ss = p->strsize;
  char *ps = xcalloc (1, PROBESTR_SIZE (ss));
  if (bpf_map_lookup_elem (rt->maps.fixed[MAP_PROBESTR], &id, ps) == 0)
    {
      p->probes = xrealloc (p->probes, (p->nprobes + 1) * sizeof *p->probes);
      struct dprobe *dp = &p->probes[p->nprobes++];
      memset (dp, 0, sizeof *dp);
      dp->id = id;
      dp->kind = PK_USDT;         /* no sites of its own: the kernel made it */
      dp->prov = xstrndup (ps, ss - 1);
      dp->mod = xstrndup (ps + ss, ss - 1);
      dp->func = xstrndup (ps + 2 * ss, ss - 1);
      dp->name = xstrndup (ps + 3 * ss, ss - 1);
    }
  free (ps);
}

static int
on_record (void *ctx, void *data, size_t size)
{
  struct runtime *rt = ctx;
  if (rt->new_probes_limit > rt->new_probes_first)
    learn_new_probe (rt, data, size);
  if (fault_record (&rt->prog, rt->out, data, size, rt->error_fd))
    {
      rt->nerrors++;
      if (rt->errrb)
        ring_buffer__consume (rt->errrb);
      return 0;
    }
  if (spec_keep (rt->spec, data, size))
    return 0;
  print_record (rt, data, size);
  spec_settle (rt->spec, data, size, print_record, rt);
  return 0;
}

/* One drop report: DTrace's line on stderr, and with -x oformat=json an
 * object on the output too.  CPU < 0: a total over the CPUs. */
static void
drop_report (struct runtime *rt, const char *kind, int cpu, uint64_t n, const char *what,
             const char *plural, const char *detail)
{
  char msg[256];
  snprintf (msg, sizeof msg, "%" PRIu64 " %s%s%s", n, what, n == 1 ? "" : plural, detail);
  if (cpu >= 0)
    snprintf (msg + strlen (msg), sizeof msg - strlen (msg), " on CPU %d", cpu);
  fflush (rt->outf);          /* the records read so far come before the line */
  diag_error ("%s", msg);
  if (output_is_json (rt->out))
    output_json_drop (rt->out, kind, cpu, n, msg);
}

/* Report drops and faults counted since the last report, in DTrace's words
 * (doc/output-formats.md §10).  The kernel's counters only grow; what was
 * already reported is remembered here (zeroing them would race with the
 * programs' increments). */
static void
report_drops (struct runtime *rt)
{
  static const struct {
    const char *kind, *what, *plural, *detail;
    bool per_cpu;
  } drops[DROP_NCOUNTERS] = {
    [DROP_RING] = { "principal", "drop", "s", "", true },
    [DROP_DYNVAR] = { "dynamic", "dynamic variable drop", "s", "", false },
    [DROP_AGG] = { "aggregation", "aggregation drop", "s", "", true },
    [DROP_ERROR_LOST] = { "error", "error", "s", " in probe actions (faulting clauses skipped)", false },
    [DROP_SPEC] = { "speculative", "speculative drop", "s", "", false },
    [DROP_SPEC_NOBUF] = { "speculation-unavailable", "failed speculation", "s",
                          " (no speculative buffer available)", false },
    [DROP_ERROR_IN_ERROR] = { "double-error", "error", "s", " in ERROR probe enabling", false },
  };
  int ncpu = libbpf_num_possible_cpus ();
  if (ncpu <= 0)
    return;
  if (!rt->drops_seen)
    rt->drops_seen = xcalloc (DROP_NCOUNTERS * (size_t) ncpu, sizeof *rt->drops_seen);
  uint64_t *v = xcalloc ((size_t) ncpu, sizeof *v);
  for (uint32_t k = 0; k < DROP_NCOUNTERS; k++)
    {
      if (bpf_map_lookup_elem (rt->maps.fixed[MAP_DROPS], &k, v) != 0)
        continue;
      uint64_t total = 0;
      for (int c = 0; c < ncpu; c++)
        {
          uint64_t *seen = &rt->drops_seen[k * (size_t) ncpu + (size_t) c];
          uint64_t d = v[c] - *seen;
          *seen = v[c];
          if (drops[k].per_cpu && d)
            drop_report (rt, drops[k].kind, c, d, drops[k].what, drops[k].plural, drops[k].detail);
          total += d;
        }
      if (!drops[k].per_cpu && total)
        drop_report (rt, drops[k].kind, -1, total, drops[k].what, drops[k].plural, drops[k].detail);
    }
  free (v);
}

static bool
targets_gone (struct runtime *rt)
{
  if (rt->nprocs == 0)
    return false;
  dt_proc_wait (rt->dtp, rt->nprocs, 0);
  return dt_proc_all_exited (rt->dtp, rt->nprocs);
}

static void
free_runtime (struct runtime *rt)
{
  if (rt->att)
    uprobe_detach (rt->att);
  providers_free (rt->prov);
  type_resolver_free (rt->types);
  btf_types_free (rt->kernel_types);
  usdt_cache_unref (rt->usdt_files);
  for (size_t i = 0; i < rt->nprog_fds; i++)
    close (rt->prog_fds[i]);
  free (rt->prog_fds);
  loader_forget_cookie_programs ();
  for (size_t i = 0; i < rt->nticks; i++)
    close (rt->ticks[i].fd);
  free (rt->ticks);
  close_if_open (rt->begin_fd);
  close_if_open (rt->end_fd);
  close_if_open (rt->error_fd);
  spec_store_free (rt->spec);
  if (rt->rb)
    ring_buffer__free (rt->rb);
  if (rt->errrb)
    ring_buffer__free (rt->errrb);
  metrics_export_free (rt);
  free (rt->metrics_addr);
  lib_events_free (rt);
  resolve_free (rt);
  if (rt->out)
    output_free (rt->out);
  map_table_close (&rt->maps);
  struct dprog *p = &rt->prog;
  for (size_t i = 0; i < p->nprobes; i++)
    resolve_dprobe_fini (&p->probes[i]);
  free (p->probes);
  if (rt->have_usdt)
    usdt_probe_list_free (&rt->usdt);
  d_check_free (p);
  free (rt->consts.s);
  for (size_t i = 0; i < rt->nsrc; i++)
    {
      struct source_state *s = &rt->src[i];
      if (s->parsed)
        {
          d_script_free (&s->script);
          d_program_free (&s->dp);
        }
      FREE_ALL (s->text, s->errprefix, s->notice);
    }
  FREE_ALL (rt->src, rt->procs, rt->drops_seen, rt->matched);
  for (size_t i = 0; i < rt->nprocs; i++)
    dt_proc_free (&rt->dtp[i]);
  free (rt->dtp);
  if (rt->outf && rt->outf != stdout)
    fclose (rt->outf);
  free (p->macro_args);
}

/* The defaults, before any option. */
static void
runtime_init (struct runtime *rt, const struct consumer_options *opt)
{
  memset (rt, 0, sizeof *rt);
  rt->opt = opt;
  rt->begin_fd = rt->end_fd = rt->error_fd = -1;
  rt->exec_link = rt->exec_rb = -1;
  map_table_init (&rt->maps, 0, 0);
  struct dprog *p = &rt->prog;
  p->strsize = 257;          /* the buffer: strsize (256) characters and a NUL */
  p->bufsize = 4u << 20;
  p->quiet = opt->quiet;
  p->flowindent = opt->flowindent;
  p->zdefs = opt->zdefs;
  p->destructive = opt->destructive;
  p->nspec = 1;
  p->specsize = 32u << 10;
  p->dynvarsize = 1u << 20;
  /* dtrace itself, for $pid $ppid $uid $gid (the kernel's part of the
   * target is known once the attach mode is, load.c) */
  p->target.pid = (int32_t) getpid ();
  p->target.ppid = (int32_t) getppid ();
  p->target.uid = (uint32_t) getuid ();
  p->target.gid = (uint32_t) getgid ();
  /* the machine's registers (uregs[] names) are known before checking */
  p->target.machine = strcmp (arch_abi_native ()->name, "aarch64") == 0 ? DT_AARCH64 : DT_X86_64;
}

/* The -p processes grabbed and the -c command created (held before its
 * exec), in that order; $target is the first. */
int
grab_processes (struct runtime *rt)
{
  const struct consumer_options *opt = rt->opt;
  size_t nwant = opt->npids + (opt->command ? 1 : 0);
  rt->dtp = xcalloc (nwant ? nwant : 1, sizeof *rt->dtp);
  rt->procs = xcalloc (nwant ? nwant : 1, sizeof *rt->procs);
  for (size_t i = 0; i < opt->npids; i++)
    {
      if (dt_proc_grab (&rt->dtp[rt->nprocs], opt->pids[i]) != 0)
        return -1;
      rt->procs[rt->nprocs] = (struct usdt_proc) { rt->dtp[rt->nprocs].pid, NULL };
      rt->nprocs++;
    }
  if (opt->command)
    {
      if (dt_proc_create (&rt->dtp[rt->nprocs], opt->command) != 0)
        return -1;
      rt->procs[rt->nprocs] = (struct usdt_proc) { rt->dtp[rt->nprocs].pid, rt->dtp[rt->nprocs].exec_path };
      rt->cg.held_pid = rt->dtp[rt->nprocs].pid;
      rt->nprocs++;
    }
  if (rt->nprocs)
    rt->prog.target_pid = rt->procs[0].pid;
  return 0;
}

/* -c: the command runs to its evaltime (lib-loads.h) and waits there,
 * stopped; its descriptions are then evaluated against its maps, as a
 * -p process's.  A command that is no ELF program (a script, a launcher)
 * is first followed through its execs to the program it runs
 * (exec-chain.h).  Called by resolve.c only when some description can name
 * USDT probes (pid, syscall and profile probes are found without running
 * the command, and then trace it from its exec on). */
int
run_to_evaltime (struct runtime *rt)
{
  for (size_t i = 0; i < rt->nprocs; i++)
    {
      struct dt_proc *d = &rt->dtp[i];
      if (!d->created || !d->held)
        continue;
      if (!sdt_file_is_elf (d->exec_path))
        {
          int r = exec_chain_follow (d);
          if (r < 0)
            return -1;
          rt->procs[i].exec_path = NULL;     /* its maps, from now on */
          rt->cg.held_pid = 0;
          if (r > 0)
            continue;             /* no ELF program: evaluated as it runs */
        }
      if (!d->exited && rt->evaltime != EVALTIME_EXEC && lib_loads_run_to (d, rt->evaltime, UPROBE_MODE_AUTO) < 0)
        return -1;
      if (d->exited)
        {
          char *m = dt_proc_exit_message (d);
          diag_error ("failed to execute %s: %s before its %s", d->argv[0], m,
                      rt->evaltime == EVALTIME_MAIN ? "main" : rt->evaltime == EVALTIME_PREINIT ? "libraries were loaded"
                      : rt->evaltime == EVALTIME_EXEC ? "exec" : "entry point");
          free (m);
          return -1;
        }
      if (d->stopped || !d->held)
        {
          rt->procs[i].exec_path = NULL;
          rt->cg.held_pid = 0;
        }
    }
  return 0;
}

/* $0 (the script, or "dtrace"), then $1.. */
static void
set_macro_args (struct runtime *rt)
{
  const struct consumer_options *opt = rt->opt;
  struct dprog *p = &rt->prog;
  p->nmacro_args = opt->nargs + 1;
  p->macro_args = xcalloc (p->nmacro_args, sizeof *p->macro_args);
  p->macro_args[0] = opt->nsources && opt->sources[0].kind == SRC_SCRIPT ? opt->sources[0].text : "dtrace";
  for (size_t i = 0; i < opt->nargs; i++)
    p->macro_args[i + 1] = opt->args[i];
}

/* Parse and check every source; each source's clauses are numbered on. */
static int
compile_sources (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  if (parse_sources (rt) != 0)
    return -1;
  setup_types (rt);
  for (size_t i = 0; i < rt->nsrc; i++)
    {
      rt->src[i].first_clause = p->nclauses;
      if (d_check_script (p, &rt->src[i].script, rt->src[i].errprefix) != 0)
        return -1;
      rt->src[i].nclauses = p->nclauses - rt->src[i].first_clause;
    }
  if (p->nclauses == 0)
    {
      diag_error ("no probes specified");
      return -1;
    }
  /* a map per variable and aggregation, created in maps.c */
  map_table_close (&rt->maps);
  map_table_init (&rt->maps, p->nvars, p->naggs);
  return 0;
}

/* A full 64 KiB buffer for an output that is not a terminal (stdio's
 * default is 4 KiB, a write(2) per ~400 short lines at a high event rate).
 * It still appears promptly: the trace loop flushes after every poll (at
 * most switchrate apart), before stderr messages (fault.c, destructive.c)
 * and at exit.  A terminal keeps its line buffering. */
static void
buffer_output (FILE *f)
{
  if (isatty (fileno (f)))
    return;
  fflush (f);
  setvbuf (f, NULL, _IOFBF, 64u << 10);
}

/* stdout or the -o file (appended to); the format strings checked. */
static int
open_output (struct runtime *rt)
{
  const struct consumer_options *opt = rt->opt;
  rt->outf = stdout;
  /* -x oformat=openmetrics: -o names the metrics file (metrics-export.c) */
  if (opt->output && !rt->prog.oformat_metrics)
    {
      rt->outf = fopen (opt->output, "a");
      if (!rt->outf)
        {
          diag_error ("failed to open output file '%s': %s", opt->output, strerror (errno));
          rt->outf = NULL;
          return -1;
        }
      reopen_install ();
    }
  buffer_output (rt->outf);
  rt->out = output_new (&rt->prog, rt->maps.aggs, rt->outf);
  for (size_t i = 0; i < rt->nsrc; i++)
    if (output_check_formats (rt->out, rt->src[i].first_clause, rt->src[i].nclauses, rt->src[i].errprefix) != 0)
      return -1;
  return 0;
}

static int
open_ring_buffers (struct runtime *rt)
{
  /* ustack(): unwound from the captures map (maps.c) */
  if (rt->maps.fixed[MAP_USTACKS] >= 0)
    output_set_ustacks (rt->out, rt->maps.fixed[MAP_USTACKS], USTACK_HDR_SIZE + cg_ustack_bytes (&rt->prog));
  rt->rb = ring_buffer__new (rt->maps.fixed[MAP_RINGBUF], on_record, rt, NULL);
  if (rt->rb && rt->error_fd >= 0)
    rt->errrb = ring_buffer__new (rt->maps.fixed[MAP_ERRBUF], on_record, rt, NULL);
  if (!rt->rb)
    {
      diag_error ("could not enable tracing: cannot open the ring buffer: %s", strerror (errno));
      return -1;
    }
  return 0;
}

/* Consume records every switchrate and run the tick programs when due,
 * until exit(), a signal, or the end of the -c/-p processes. */
static void
trace_loop (struct runtime *rt)
{
  struct timespec last_drops;
  clock_gettime (CLOCK_MONOTONIC, &last_drops);
  uint64_t start_ns = (uint64_t) last_drops.tv_sec * 1000000000ull + (uint64_t) last_drops.tv_nsec;
  for (size_t i = 0; i < rt->nticks; i++)
    rt->ticks[i].next = start_ns + rt->ticks[i].interval;
  while (!rt->exit_seen && !stop_requested ())
    {
      int wait_ms = rt->switch_ms ? rt->switch_ms : 100;
      struct timespec t0;
      clock_gettime (CLOCK_MONOTONIC, &t0);
      uint64_t now_ns = (uint64_t) t0.tv_sec * 1000000000ull + (uint64_t) t0.tv_nsec;
      for (size_t i = 0; i < rt->nticks; i++)
        {
          if (rt->ticks[i].next <= now_ns)
            {
              run_tick (rt->ticks[i].fd);
              while (rt->ticks[i].next <= now_ns)
                rt->ticks[i].next += rt->ticks[i].interval;
            }
          uint64_t left = (rt->ticks[i].next - now_ns) / 1000000;
          if ((int) left < wait_ms)
            wait_ms = (int) left;
        }
      /* ustack()/usym(): keep the targets' mappings while they live, so
       * that their addresses still resolve after they exit */
      for (size_t i = 0; i < rt->nprocs; i++)
        if (!rt->dtp[i].exited)
          symbolizer_prime (output_symbolizer (rt->out), (int32_t) rt->procs[i].pid);
      /* records wake us only when the buffer fills up or on exit()
       * (codegen.c, ringbuf_wakeup_flags): read what came before and since */
      ring_buffer__consume (rt->rb);
      if (rt->exit_seen)
        break;
      int n = rt->metrics ? metrics_export_wait (rt, wait_ms) : ring_buffer__poll (rt->rb, wait_ms);
      if (n < 0 && n != -EINTR)
        break;
      ring_buffer__consume (rt->rb);
      lib_events_service (rt);    /* link maps changed since (dlopen) */
      fflush (rt->outf);
      if (rt->opt->output && !rt->prog.oformat_metrics && reopen_requested () && reopen_file (&rt->outf, rt->opt->output) == 0)
        {
          buffer_output (rt->outf);
          output_set_file (rt->out, rt->outf);
        }
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      if (now.tv_sec != last_drops.tv_sec)
        {
          report_drops (rt);
          last_drops = now;
        }
      if (targets_gone (rt))
        break;
    }
  if (stop_requested () && !rt->prog.oformat_json && !(rt->prog.oformat_metrics && !rt->opt->output))
    fputc ('\n', rt->outf);
}

/* Every uprobe link at once: the script's USDT probes, the pid provider's
 * and the dynamic linker's hook, closed in parallel so that their RCU
 * grace periods overlap (uprobe-attach.c). */
static void
detach_uprobes (struct runtime *rt)
{
  struct uprobe_attachment *all = rt->att ? rt->att : uprobe_attachment_new ();
  uprobe_attachment_absorb (all, providers_take_uprobe_links (rt->prov));
  uprobe_attachment_absorb (all, lib_watch_take_links (rt->libwatch));
  uprobe_detach (all);
  rt->att = NULL;
}

/* stop: detach, END, drain; the aggregations; returns the exit status */
static int
stop_tracing (struct runtime *rt)
{
  /* a second signal before the detach leaves it to the exit (the kernel
   * removes the uprobes as our descriptors close): print first */
  if (!stop_hurried ())
    detach_uprobes (rt);
  if (!stop_hurried ())
    providers_detach (rt->prov);
  ring_buffer__consume (rt->rb);
  bool exit_before_end = rt->exit_seen;
  run_once (rt->end_fd);
  ring_buffer__consume (rt->rb);
  report_drops (rt);
  if (!metrics_export_final (rt))
    output_finish (rt->out);
  fflush (rt->outf);
  int status = exit_before_end || rt->exit_seen ? rt->exit_status : 0;
  for (size_t i = 0; i < rt->nprocs; i++)
    if (rt->dtp[i].exited && !rt->prog.quiet)
      {
        char *m = dt_proc_exit_message (&rt->dtp[i]);
        diag_notice ("%s", m);
        free (m);
      }
  return status;
}

int
consumer_run (const struct consumer_options *opt)
{
  struct runtime rt;
  runtime_init (&rt, opt);
  struct dprog *p = &rt.prog;
  int status = 1;

  /* From the start: a Ctrl-C during setup stops tracing as soon as it
   * begins; a second one hurries the stop, never loses output
   * (stop-signals.h). */
  stop_signals_install ();

  struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
  setrlimit (RLIMIT_MEMLOCK, &rl);

  for (size_t i = 0; i < opt->nxopts; i++)
    if (apply_xopt (&rt, opt->xopts[i]) != 0)
      goto out;

  /* processes first: $target is needed while compiling */
  if (grab_processes (&rt) != 0)
    goto out;
  set_macro_args (&rt);
  if (compile_sources (&rt) != 0 || open_output (&rt) != 0)
    goto out;
  if (resolve_probes (&rt) != 0)
    goto out;
  if (destructive_permit (p) != 0)
    goto out;
  if (opt->compile_only)
    {
      status = 0;   /* -e: compiled and matched; nothing is enabled */
      goto out;
    }
  rt.spec = spec_store_new (p);
  p->user_copyout = destructive_used (p) && !destructive_kernel_can_write ();
  /* the metrics address and file checked before anything is attached */
  if (metrics_export_start (&rt) != 0 || create_maps (&rt) != 0 || load_and_attach (&rt) != 0)
    goto out;

  if (!p->quiet)
    for (size_t s = 0; s < rt.nsrc; s++)
      diag_notice ("%s matched %zu probe%s", rt.src[s].notice, rt.matched[s], rt.matched[s] == 1 ? "" : "s");

  if (open_ring_buffers (&rt) != 0 || lib_events_arm (&rt) != 0)
    goto out;
  /* BEGIN's output comes before anything a -c command prints */
  ring_buffer__consume (rt.rb);
  fflush (rt.outf);
  /* a command stopped at its evaltime: its maps as they are there, for
   * its stacks after it exits (it may not outlive the first switchrate) */
  for (size_t i = 0; i < rt.nprocs; i++)
    if (p->user_addrs && rt.dtp[i].stopped && !rt.dtp[i].exited)
      symbolizer_prime (output_symbolizer (rt.out), (int32_t) rt.dtp[i].pid);
  for (size_t i = 0; i < rt.nprocs; i++)
    if (rt.dtp[i].created && dt_proc_release (&rt.dtp[i]) != 0)
      goto out;
  trace_loop (&rt);
  status = stop_tracing (&rt);

 out:
  free_runtime (&rt);
  return status;
}
