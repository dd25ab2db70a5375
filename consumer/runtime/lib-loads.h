/* SPDX-License-Identifier: MIT */
/*
 * lib-loads.h — seeing the shared libraries of -c and -p processes.
 *
 * Probe descriptions of a -c command are evaluated at its "evaltime"
 * (-x evaltime, as DTrace has it):
 *   exec      right after the exec: the executable only, before the dynamic
 *             linker runs (the command is held before its exec meanwhile);
 *   preinit   once the dynamic linker has mapped the program's DT_NEEDED
 *             libraries, before any initializer runs;
 *   postinit  (the default) at the executable's entry point: every library
 *             mapped and initialized, before the program's own constructors
 *             and main;
 *   main      at main() (the entry point when the executable has no main
 *             symbol).
 * The command is stopped there by a uprobe whose BPF program sends the
 * process SIGSTOP (bpf_send_signal: delivered before the probed instruction
 * runs); dtrace sees the stop (waitpid), evaluates the descriptions against
 * the process's maps, attaches, runs BEGIN and sends SIGCONT.  The -c child
 * gets PR_SET_PDEATHSIG SIGKILL (process.c): even a kill -9 of dtrace never
 * leaves it stopped.
 *
 * Libraries loaded later (dlopen) are seen through the dynamic linker's
 * debugger hook: glibc's ld.so calls _dl_debug_state() (the r_debug r_brk
 * breakpoint) whenever its link map changes, once before and once after a
 * dlopen maps its objects and before their initializers run.  A uprobe
 * there, scoped to the -c/-p processes, reports the process on a ring
 * buffer; dtrace then looks at its maps again and attaches the probes of
 * new files (usdt-late.c).  A -c command is also stopped at that point until
 * dtrace is done, so no hit of the library is missed; a -p process, which
 * dtrace did not create and must never leave stopped, runs on: hits in the
 * milliseconds before the attach are not seen.  The hook is also armed
 * for scripts that record user stacks or symbols: the processes' maps are
 * read at each stop, for their stacks printed after they exit
 * (lib-events.c).
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_LIB_LOADS_H
#define SDTKIT_CONSUMER_RUNTIME_LIB_LOADS_H

#include <stdbool.h>
#include <sys/types.h>

#include "consumer/runtime/process.h"
#include "consumer/probes/uprobe-attach.h"

enum evaltime { EVALTIME_POSTINIT = 0, EVALTIME_EXEC, EVALTIME_PREINIT, EVALTIME_MAIN };

/* "exec", "preinit", "postinit", "main" -> *ET; false for anything else. */
bool evaltime_parse (const char *text, enum evaltime *et);

/* -c: release the held child P and let it run to ET (not EVALTIME_EXEC),
 * where it is left stopped (P->stopped).  Returns 0, also when the command
 * exited first (P->exited); 1 when P's file has no such point (not an ELF
 * program: a #! script), P still held; -1 after an error. */
int lib_loads_run_to (struct dt_proc *p, enum evaltime et, enum uprobe_mode mode);

/* The dynamic-linker hook for N processes (EXES[i]: the file a -c child
 * held before its exec will run, else NULL; STOP: they are -c children, to
 * be stopped at each hit).  Returns NULL when it cannot be armed for any of
 * them (static programs, with no dynamic linker to watch).  lib_watch_fd() is the ring buffer of
 * the tgids of the processes whose link map changed (u32 each). */
struct lib_watch;
struct lib_watch *lib_watch_new (const pid_t *pids, const char *const *exes, const bool *stop, size_t n,
                                 enum uprobe_mode mode);
int lib_watch_fd (const struct lib_watch *w);
/* The hook's uprobe links, handed to the caller (to detach with the
 * script's own, in parallel); W stops watching. */
struct uprobe_attachment *lib_watch_take_links (struct lib_watch *w);
void lib_watch_free (struct lib_watch *w);

/* -Z: every exec of any process reported (its tgid, u32) on a new ring
 * buffer *RINGBUF_FD; it never stops a process.  Returns the raw
 * tracepoint's link fd, or -1 (nothing to close). */
int lib_exec_watch_new (int *ringbuf_fd);

#endif
