/* SPDX-License-Identifier: MIT */
/*
 * checker-libconsts.c — the integer constants of DTrace's D library that
 * scripts use without declaring: signal numbers (SIGUSR1, for raise()
 * and proc:::signal-* predicates), the siginfo codes of a child's exit
 * (CLD_EXITED ..., proc:::exit's args[0]) and errno values (ENOENT ...,
 * proc:::exec-failure's args[0] is -errno, syscall::*:return's errno).
 *
 * They are `inline int` in DTrace's signal.d and errno.d; here they are
 * looked up by name after every name the script can define (variables,
 * inlines, enumerators of its own), so a script's own SIGUSR1 wins.  The
 * values are Linux's for the machine the consumer runs on, which is the
 * traced kernel's: taken from the C library's headers at build time,
 * except the real-time signal bounds, which are the kernel's (the C
 * library reserves the first two for itself and makes SIGRTMIN a call).
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "consumer/compile/checker-int.h"

#define K(name) { #name, name }

static const struct { const char *name; int value; } signals[] = {
  K (SIGHUP), K (SIGINT), K (SIGQUIT), K (SIGILL), K (SIGTRAP), K (SIGABRT), K (SIGIOT),
  K (SIGBUS), K (SIGFPE), K (SIGKILL), K (SIGUSR1), K (SIGSEGV), K (SIGUSR2), K (SIGPIPE),
  K (SIGALRM), K (SIGTERM), K (SIGSTKFLT), K (SIGCHLD), K (SIGCONT), K (SIGSTOP), K (SIGTSTP),
  K (SIGTTIN), K (SIGTTOU), K (SIGURG), K (SIGXCPU), K (SIGXFSZ), K (SIGVTALRM), K (SIGPROF),
  K (SIGWINCH), K (SIGIO), K (SIGPOLL), K (SIGPWR), K (SIGSYS),
  { "SIGRTMIN", 32 }, { "SIGRTMAX", 64 },
  K (CLD_EXITED), K (CLD_KILLED), K (CLD_DUMPED), K (CLD_TRAPPED), K (CLD_STOPPED),
  K (CLD_CONTINUED),
};

static const struct { const char *name; int value; } errnos[] = {
  K (EPERM), K (ENOENT), K (ESRCH), K (EINTR), K (EIO), K (ENXIO), K (E2BIG), K (ENOEXEC),
  K (EBADF), K (ECHILD), K (EAGAIN), K (ENOMEM), K (EACCES), K (EFAULT), K (ENOTBLK), K (EBUSY),
  K (EEXIST), K (EXDEV), K (ENODEV), K (ENOTDIR), K (EISDIR), K (EINVAL), K (ENFILE),
  K (EMFILE), K (ENOTTY), K (ETXTBSY), K (EFBIG), K (ENOSPC), K (ESPIPE), K (EROFS),
  K (EMLINK), K (EPIPE), K (EDOM), K (ERANGE), K (EDEADLK), K (ENAMETOOLONG), K (ENOLCK),
  K (ENOSYS), K (ENOTEMPTY), K (ELOOP), K (EWOULDBLOCK), K (ENOMSG), K (EIDRM), K (ENOSTR),
  K (ENODATA), K (ETIME), K (ENOSR), K (ENOLINK), K (EPROTO), K (EBADMSG), K (EOVERFLOW),
  K (EILSEQ), K (EUSERS), K (ENOTSOCK), K (EDESTADDRREQ), K (EMSGSIZE), K (EPROTOTYPE),
  K (ENOPROTOOPT), K (EPROTONOSUPPORT), K (ESOCKTNOSUPPORT), K (EOPNOTSUPP), K (ENOTSUP),
  K (EPFNOSUPPORT), K (EAFNOSUPPORT), K (EADDRINUSE), K (EADDRNOTAVAIL), K (ENETDOWN),
  K (ENETUNREACH), K (ENETRESET), K (ECONNABORTED), K (ECONNRESET), K (ENOBUFS), K (EISCONN),
  K (ENOTCONN), K (ESHUTDOWN), K (ETOOMANYREFS), K (ETIMEDOUT), K (ECONNREFUSED), K (EHOSTDOWN),
  K (EHOSTUNREACH), K (EALREADY), K (EINPROGRESS), K (ESTALE), K (EDQUOT), K (ECANCELED),
  K (EOWNERDEAD), K (ENOTRECOVERABLE),
};

#undef K

bool
ck_library_constant (const char *name, int64_t *value)
{
  if (name[0] == 'S' || name[0] == 'C')
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
      if (strcmp (signals[i].name, name) == 0)
        {
          *value = signals[i].value;
          return true;
        }
  if (name[0] == 'E')
    for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
      if (strcmp (errnos[i].name, name) == 0)
        {
          *value = errnos[i].value;
          return true;
        }
  return false;
}
