/* SPDX-License-Identifier: MIT */
/*
 * process.h — the processes `dtrace -p PID` grabs and `dtrace -c CMD`
 * creates (dtrace(1) OPTIONS -c and -p; doc/output-formats.md §10).
 *
 * -p PID: the process must exist and its maps be readable.
 * -c CMD: the command is split on blanks into argv, argv[0] is resolved
 * through PATH (so the file the child will execute is known, and its probes
 * can be attached by inode), and the child is forked but held before
 * execv() on a socket pair until dt_proc_release() (a command that is no
 * ELF program, a #! launcher, is followed through its execs to the program
 * it runs when its probes are needed: exec-chain.h).  If dtrace dies first it
 * closes and the child exits without running the command.  A failed exec is
 * reported by the child through a close-on-exec pipe.  The child is forked
 * with the comm DT_PROC_HELD_COMM, which its exec replaces: syscall probes
 * tell our fork's own calls before the exec from the command's by it.
 *
 * dtrace exits once every grabbed or created process is gone:
 * dt_proc_wait() polls pidfds (Linux 5.3+), or checks every 100 ms when
 * pidfd_open is unavailable.  A created child that is still running when
 * its dt_proc is freed is killed, as DTrace does.
 */
#ifndef SDTKIT_CONSUMER_PROCESS_H
#define SDTKIT_CONSUMER_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "consumer/abi.h"

/* The comm of a -c child until its exec (at most 15 characters). */

struct dt_proc {
  pid_t pid;
  bool created;          /* -c */
  char *command;         /* -c: the command text */
  char *exec_path;       /* -c: absolute path of the file it executes */
  char **argv;           /* -c: NULL-terminated */
  bool held;             /* -c: forked, not yet released */
  bool stopped;          /* -c: stopped at its evaltime (lib-loads.h) until
                            dt_proc_release() continues it */
  int pidfd;             /* -1 when unavailable */
  int go_fd;             /* -c: our end of the hold channel */
  int err_fd;            /* -c: read end of the exec-error pipe */
  bool exited;
  bool have_status;      /* -c: wstatus is valid */
  int wstatus;
};

/* -p: parse PID_TEXT and check the process.  Returns 0, or -1 after
 * "dtrace: failed to grab pid N: REASON" (or an invalid-pid error). */
int dt_proc_grab (struct dt_proc *p, const char *pid_text);
/* -c: fork COMMAND held before exec.  Returns 0, or -1 after
 * "dtrace: failed to execute CMD: REASON". */
int dt_proc_create (struct dt_proc *p, const char *command);
/* -c: let the held child exec.  Returns 0 once the exec has succeeded, or
 * -1 after "dtrace: failed to execute CMD: REASON" (the child is reaped). */
int dt_proc_release (struct dt_proc *p);
/* Wait up to TIMEOUT_MS (-1: forever, 0: just look) for any of the N
 * processes to exit; exited ones get ->exited set (created ones are reaped).
 * Returns how many exited during this call, or -1 if a signal interrupted
 * the wait (errno EINTR). */
int dt_proc_wait (struct dt_proc *procs, size_t n, int timeout_ms);
/* -c: wait up to TIMEOUT_MS (-1: forever) for the released child P to
 * stop.  Returns 1 when it stopped, 0 when it exited (P->exited, its
 * status kept), -1 when it still runs at the timeout. */
int dt_proc_wait_stop (struct dt_proc *p, int timeout_ms);
/* True when every one of the N processes has exited. */
bool dt_proc_all_exited (const struct dt_proc *procs, size_t n);
/* The notice for an exited process, without the "dtrace: " prefix:
 * "pid 1234 has exited", "pid 1234 exited with status 3",
 * "pid 1234 terminated by SIGKILL".  Malloc'd. */
char *dt_proc_exit_message (const struct dt_proc *p);
/* Close everything; a created child still held or running is killed and
 * reaped. */
void dt_proc_free (struct dt_proc *p);

/* Split COMMAND on blanks into a NULL-terminated argv (malloc'd, free with
 * dt_proc_argv_free).  *ARGC gets the count. */
char **dt_proc_split (const char *command, size_t *argc);
void dt_proc_argv_free (char **argv);
/* Resolve a command name through PATH as execvp would; a name with '/' is
 * taken as is.  Returns a malloc'd absolute path, or NULL with errno set. */
char *dt_proc_resolve (const char *name);

#endif
