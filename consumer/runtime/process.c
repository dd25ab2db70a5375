/* SPDX-License-Identifier: MIT */
/*
 * process.c — -p / -c process handling.
 */
#include "consumer/runtime/process.h"
#include "common/xalloc.h"
#include "common/files.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

static void
proc_init (struct dt_proc *p)
{
  memset (p, 0, sizeof *p);
  p->pidfd = -1;
  p->go_fd = -1;
  p->err_fd = -1;
}

static int
open_pidfd (pid_t pid)
{
  int fd = (int) syscall (SYS_pidfd_open, pid, 0);
  if (fd >= 0)
    (void) fcntl (fd, F_SETFD, FD_CLOEXEC);
  return fd < 0 ? -1 : fd;
}

/* ------------------------------------------------------------------ */
/* -p                                                                  */

int
dt_proc_grab (struct dt_proc *p, const char *pid_text)
{
  proc_init (p);
  char *end;
  errno = 0;
  long v = strtol (pid_text, &end, 10);
  while (*end && isspace ((unsigned char) *end))
    end++;
  if (errno || end == pid_text || *end || v <= 0 || v > INT_MAX)
    {
      diag_error ("invalid process ID: %s", pid_text);
      return -1;
    }
  p->pid = (pid_t) v;
  if (kill (p->pid, 0) != 0 && errno == ESRCH)
    {
      diag_error ("failed to grab pid %d: %s", (int) p->pid, strerror (ESRCH));
      return -1;
    }
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/maps", (int) p->pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  char c;
  if (fd < 0 || read (fd, &c, 1) < 0)
    {
      int err = errno == ENOENT ? ESRCH : errno;
      close_if_open (fd);
      diag_error ("failed to grab pid %d: %s", (int) p->pid, strerror (err));
      return -1;
    }
  close (fd);
  p->pidfd = open_pidfd (p->pid);
  return 0;
}

/* ------------------------------------------------------------------ */
/* -c                                                                  */

char **
dt_proc_split (const char *command, size_t *argc)
{
  size_t n = 0, cap = 4;
  char **argv = xcalloc (cap, sizeof *argv);
  const char *s = command;
  for (;;)
    {
      while (*s && isspace ((unsigned char) *s))
        s++;
      if (!*s)
        break;
      const char *w = s;
      while (*s && !isspace ((unsigned char) *s))
        s++;
      if (n + 2 > cap)
        {
          cap *= 2;
          argv = xrealloc (argv, cap * sizeof *argv);
        }
      argv[n++] = xstrndup (w, (size_t) (s - w));
    }
  argv[n] = NULL;
  if (argc)
    *argc = n;
  return argv;
}

void
dt_proc_argv_free (char **argv)
{
  if (!argv)
    return;
  for (char **a = argv; *a; a++)
    free (*a);
  free (argv);
}

static bool
is_executable_file (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 && S_ISREG (st.st_mode) && access (path, X_OK) == 0;
}

char *
dt_proc_resolve (const char *name)
{
  if (!name || !*name)
    {
      errno = ENOENT;
      return NULL;
    }
  if (strchr (name, '/'))
    {
      if (!is_executable_file (name))
        {
          if (access (name, F_OK) == 0)
            errno = EACCES;
          return NULL;
        }
      char *real = realpath (name, NULL);
      return real ? real : NULL;
    }
  const char *path = getenv ("PATH");
  if (!path || !*path)
    path = "/usr/local/bin:/usr/bin:/bin";
  bool saw_eacces = false;
  for (const char *d = path; ; )
    {
      const char *colon = strchr (d, ':');
      size_t len = colon ? (size_t) (colon - d) : strlen (d);
      char *cand = len ? xasprintf ("%.*s/%s", (int) len, d, name) : xasprintf ("./%s", name);
      if (is_executable_file (cand))
        {
          char *real = realpath (cand, NULL);
          free (cand);
          if (real)
            return real;
        }
      else
        {
          if (access (cand, F_OK) == 0)
            saw_eacces = true;
          free (cand);
        }
      if (!colon)
        break;
      d = colon + 1;
    }
  errno = saw_eacces ? EACCES : ENOENT;
  return NULL;
}

int
dt_proc_create (struct dt_proc *p, const char *command)
{
  proc_init (p);
  size_t argc;
  char **argv = dt_proc_split (command, &argc);
  if (argc == 0)
    {
      diag_error ("failed to execute %s: no command given", command);
      dt_proc_argv_free (argv);
      return -1;
    }
  char *exe = dt_proc_resolve (argv[0]);
  if (!exe)
    {
      diag_error ("failed to execute %s: %s", argv[0], strerror (errno));
      dt_proc_argv_free (argv);
      return -1;
    }
  int go[2], er[2];
  /* The hold channel is a socket pair so that the "go" byte can be sent
   * with MSG_NOSIGNAL: a child killed while held must not SIGPIPE us. */
  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, go) != 0)
    {
      diag_error ("failed to execute %s: %s", argv[0], strerror (errno));
      free (exe);
      dt_proc_argv_free (argv);
      return -1;
    }
  if (pipe2 (er, O_CLOEXEC) != 0)
    {
      diag_error ("failed to execute %s: %s", argv[0], strerror (errno));
      close (go[0]);
      close (go[1]);
      free (exe);
      dt_proc_argv_free (argv);
      return -1;
    }
  fflush (NULL);
  /* the child inherits this thread's comm: it is DT_PROC_HELD_COMM until
   * its exec, with no call of its own (no window before the probes see it) */
  char own_comm[17] = { 0 };
  bool renamed = prctl (PR_GET_NAME, own_comm) == 0 && prctl (PR_SET_NAME, DT_PROC_HELD_COMM) == 0;
  pid_t tracer = getpid ();
  pid_t pid = fork ();
  if (pid != 0 && renamed)
    prctl (PR_SET_NAME, own_comm);
  if (pid < 0)
    {
      diag_error ("failed to execute %s: %s", argv[0], strerror (errno));
      close (go[0]);
      close (go[1]);
      close (er[0]);
      close (er[1]);
      free (exe);
      dt_proc_argv_free (argv);
      return -1;
    }
  if (pid == 0)
    {
      /* The child: only async-signal-safe calls from here on. */
      close (go[1]);
      close (er[0]);
      sigset_t none;
      sigemptyset (&none);
      sigprocmask (SIG_SETMASK, &none, NULL);
      /* never stopped at an evaltime or a library load with no one left to
       * continue it: the command dies with dtrace, as it does when dtrace
       * exits first (dt_proc_free).  Done before the hold, while no probe
       * is attached yet: pid probes must not count these calls. */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != tracer)
        _exit (127);
      char c;
      ssize_t r;
      do
        r = read (go[0], &c, 1);
      while (r < 0 && errno == EINTR);
      if (r != 1)
        _exit (127);      /* the tracer went away: never run untraced */
      execv (exe, argv);
      int err = errno;
      ssize_t w = write (er[1], &err, sizeof err);
      (void) w;
      _exit (127);
    }
  close (go[0]);
  close (er[1]);
  p->pid = pid;
  p->created = true;
  p->held = true;
  p->command = xstrdup (command);
  p->exec_path = exe;
  p->argv = argv;
  p->go_fd = go[1];
  p->err_fd = er[0];
  p->pidfd = open_pidfd (pid);
  return 0;
}

static void
reap (struct dt_proc *p, bool block)
{
  int st;
  pid_t r;
  do
    r = waitpid (p->pid, &st, block ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == p->pid)
    {
      p->exited = true;
      p->have_status = true;
      p->wstatus = st;
    }
  else if (r < 0 && errno == ECHILD)
    p->exited = true;
}

int
dt_proc_release (struct dt_proc *p)
{
  if (p->created && p->stopped)
    {
      p->stopped = false;
      kill (p->pid, SIGCONT);
      return 0;
    }
  if (!p->created || !p->held)
    return 0;
  p->held = false;
  char c = 'g';
  ssize_t w;
  do
    w = send (p->go_fd, &c, 1, MSG_NOSIGNAL);
  while (w < 0 && errno == EINTR);
  close (p->go_fd);
  p->go_fd = -1;
  int err = 0;
  ssize_t r;
  do
    r = read (p->err_fd, &err, sizeof err);
  while (r < 0 && errno == EINTR);
  close (p->err_fd);
  p->err_fd = -1;
  if (w != 1 || r > 0)
    {
      diag_error ("failed to execute %s: %s", p->argv[0], strerror (r > 0 ? err : EPIPE));
      reap (p, true);
      return -1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Waiting.                                                            */

int
dt_proc_wait_stop (struct dt_proc *p, int timeout_ms)
{
  for (int waited = 0;;)
    {
      int st;
      pid_t r = waitpid (p->pid, &st, WUNTRACED | (timeout_ms < 0 ? 0 : WNOHANG));
      if (r < 0 && errno == EINTR)
        continue;
      if (r == 0)
        {
          if (waited >= timeout_ms)
            return -1;
          usleep (2000);
          waited += 2;
          continue;
        }
      if (r == p->pid && WIFSTOPPED (st))
        return 1;
      p->exited = true;
      if (r == p->pid && (WIFEXITED (st) || WIFSIGNALED (st)))
        {
          p->have_status = true;
          p->wstatus = st;
        }
      return 0;
    }
}

static bool
grabbed_gone (pid_t pid)
{
  if (kill (pid, 0) != 0 && errno == ESRCH)
    return true;
  /* A zombie still answers kill(): look at its state. */
  char path[64], buf[256];
  snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return errno == ENOENT;
  ssize_t n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  const char *rp = strrchr (buf, ')');
  return rp && (rp[2] == 'Z' || rp[2] == 'X');
}

static bool
check_exited (struct dt_proc *p)
{
  if (p->exited)
    return false;
  if (p->created)
    reap (p, false);
  else if (grabbed_gone (p->pid))
    p->exited = true;
  return p->exited;
}

int
dt_proc_wait (struct dt_proc *procs, size_t n, int timeout_ms)
{
  int count = 0;
  for (size_t i = 0; i < n; i++)
    if (check_exited (&procs[i]))
      count++;
  if (count > 0 || timeout_ms == 0 || dt_proc_all_exited (procs, n))
    return count;

  struct pollfd *fds = xcalloc (n ? n : 1, sizeof *fds);
  size_t nfds = 0;
  bool need_tick = false;
  for (size_t i = 0; i < n; i++)
    {
      if (procs[i].exited)
        continue;
      if (procs[i].pidfd >= 0)
        {
          fds[nfds].fd = procs[i].pidfd;
          fds[nfds].events = POLLIN;
          nfds++;
        }
      else
        need_tick = true;
    }
  int tmo = timeout_ms;
  if (need_tick && (tmo < 0 || tmo > 100))
    tmo = 100;
  int r = poll (fds, nfds, tmo);
  int err = errno;
  free (fds);
  if (r < 0 && err == EINTR)
    {
      errno = EINTR;
      return -1;
    }
  for (size_t i = 0; i < n; i++)
    if (check_exited (&procs[i]))
      count++;
  return count;
}

bool
dt_proc_all_exited (const struct dt_proc *procs, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!procs[i].exited)
      return false;
  return true;
}

char *
dt_proc_exit_message (const struct dt_proc *p)
{
  if (p->have_status && WIFEXITED (p->wstatus) && WEXITSTATUS (p->wstatus) != 0)
    return xasprintf ("pid %d exited with status %d", (int) p->pid, WEXITSTATUS (p->wstatus));
  if (p->have_status && WIFSIGNALED (p->wstatus))
    {
      const char *abbrev = sigabbrev_np (WTERMSIG (p->wstatus));
      if (abbrev)
        return xasprintf ("pid %d terminated by SIG%s", (int) p->pid, abbrev);
      return xasprintf ("pid %d terminated by signal %d", (int) p->pid, WTERMSIG (p->wstatus));
    }
  return xasprintf ("pid %d has exited", (int) p->pid);
}

void
dt_proc_free (struct dt_proc *p)
{
  if (p->created && !p->exited)
    {
      kill (p->pid, SIGKILL);
      reap (p, true);
    }
  close_if_open (p->go_fd);
  close_if_open (p->err_fd);
  close_if_open (p->pidfd);
  free (p->command);
  free (p->exec_path);
  dt_proc_argv_free (p->argv);
  proc_init (p);
}
