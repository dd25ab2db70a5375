/* SPDX-License-Identifier: MIT */
/*
 * reopen.c — SIGHUP reopens the -o file (see reopen.h).
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "consumer/runtime/reopen.h"
#include "common/diag.h"

static volatile sig_atomic_t hangups;

static void
on_hangup (int sig)
{
  (void) sig;
  hangups = 1;
}

void
reopen_install (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_hangup;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGHUP, &sa, NULL);
}

bool
reopen_requested (void)
{
  if (!hangups)
    return false;
  hangups = 0;
  return true;
}

int
reopen_file (FILE **fp, const char *path)
{
  fflush (*fp);
  FILE *nf = fopen (path, "a");
  if (!nf)
    {
      diag_error ("failed to reopen output file '%s': %s (still writing to the old one)", path,
                  strerror (errno));
      return -1;
    }
  fclose (*fp);
  *fp = nf;
  return 0;
}
