/* SPDX-License-Identifier: MIT */
/* shlib-user.c — uses libshl.so two ways: `shlib-user needed N` calls
 * shl_fire(N) of the library it links (DT_NEEDED); `shlib-user dlopen LIB N
 * [WAIT_MS]` first waits WAIT_MS (default 0) and then dlopen()s LIB and
 * calls its shl_fire(N).  It prints on stderr whether shl:::hit was enabled
 * when it fired.  With SHL_WAIT set, the dlopen use waits (up to 10 s)
 * for a tracer to enable shl:::hit in the library before it fires.  Built with -DSHL_NEEDED (and -lshl) for the first use,
 * without (and -ldl) for the second. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef SHL_NEEDED
void shl_fire (int n);
int shl_enabled (void);
#endif

int
main (int argc, char **argv)
{
#ifdef SHL_NEEDED
  if (argc >= 3 && strcmp (argv[1], "needed") == 0)
    {
      shl_fire (atoi (argv[2]));
      fprintf (stderr, "needed enabled=%d\n", shl_enabled ());
      return 0;
    }
#endif
  if (argc >= 4 && strcmp (argv[1], "dlopen") == 0)
    {
      if (argc > 4)
        usleep ((useconds_t) atoi (argv[4]) * 1000);
      void *h = dlopen (argv[2], RTLD_NOW);
      if (!h)
        {
          fprintf (stderr, "dlopen: %s\n", dlerror ());
          return 1;
        }
      void (*fire) (int) = (void (*) (int)) dlsym (h, "shl_fire");
      int (*enabled) (void) = (int (*) (void)) dlsym (h, "shl_enabled");
      for (int t = 0; getenv ("SHL_WAIT") && t < 2000 && !enabled (); t++)
        usleep (5000);
      fire (atoi (argv[3]));
      fprintf (stderr, "dlopen enabled=%d\n", enabled ());
      return 0;
    }
  fprintf (stderr, "usage: shlib-user needed N | dlopen LIB N [WAIT_MS]\n");
  return 2;
}
