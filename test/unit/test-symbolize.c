/* SPDX-License-Identifier: MIT */
/* test-symbolize.c — consumer/symbolize.c on this very process: a
 * function of the (PIE) test binary and of libc, a pc in no mapping, a
 * process that exited before it was read (hex), one read while it lived
 * (still resolves after it exited), and a kernel symbol from kallsyms. */
#include <gnu/libc-version.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "consumer/output/dformat.h"
#include "consumer/output/symbolize.h"
#include "unit.h"

static __attribute__ ((noinline)) int
stk_unit_func (int x)
{
  volatile int y = x * 3;
  return y + 1;
}

static char *
text_of (struct symbolizer *s, int32_t pid, uint64_t pc, enum dfmt_symform form)
{
  struct dfmt_ctx ctx;
  dfmt_ctx_init (&ctx);
  ctx.symbolize = symbolizer_lookup;
  ctx.symbolize_arg = s;
  return dfmt_sym_text (&ctx, true, pid, pc, form);
}

static pid_t
child_waiting (int *wfd)
{
  int fds[2];
  if (pipe (fds) != 0)
    return -1;
  pid_t pid = fork ();
  if (pid == 0)
    {
      char c;
      close (fds[1]);
      ssize_t r = read (fds[0], &c, 1);
      _exit (r < 0);
    }
  close (fds[0]);
  *wfd = fds[1];
  return pid;
}

int
main (void)
{
  struct symbolizer *s = symbolizer_new ();
  int32_t self = (int32_t) getpid ();
  uint64_t f = (uint64_t) (uintptr_t) &stk_unit_func;
  stk_unit_func (1);

  char *t = text_of (s, self, f + 3, DFMT_SYM_ADDR);
  UNIT_STREQ (t, "test-symbolize`stk_unit_func+0x3", "uaddr of a pc inside a function of this PIE");
  free (t);
  t = text_of (s, self, f, DFMT_SYM_ADDR);
  UNIT_STREQ (t, "test-symbolize`stk_unit_func", "at the function's start: no +0x0");
  free (t);
  t = text_of (s, self, f + 3, DFMT_SYM_FUNC);
  UNIT_STREQ (t, "test-symbolize`stk_unit_func", "ufunc: module`function");
  free (t);
  t = text_of (s, self, f + 3, DFMT_SYM_MOD);
  UNIT_STREQ (t, "test-symbolize", "umod: the module's basename");
  free (t);

  struct dfmt_symbol sym;
  /* (a function no sanitizer intercepts) */
  UNIT_CHECK (symbolizer_lookup (s, true, self, (uint64_t) (uintptr_t) &gnu_get_libc_version + 1, &sym)
              && sym.module && strcmp (sym.module, "libc.so.6") == 0 && sym.name
              && strcmp (sym.name, "gnu_get_libc_version") == 0 && sym.offset == 1,
              "a shared library: libc.so.6`gnu_get_libc_version+0x1 (%s)", sym.name ? sym.name : "none");

  t = text_of (s, self, 0x10, DFMT_SYM_ADDR);
  UNIT_STREQ (t, "0x10", "a pc in no mapping: bare hex");
  free (t);

  /* exited before anything read its mappings */
  int wfd;
  pid_t gone = child_waiting (&wfd);
  close (wfd);
  waitpid (gone, NULL, 0);
  char want[64];
  snprintf (want, sizeof want, "0x%llx", (unsigned long long) (f + 3));
  t = text_of (s, (int32_t) gone, f + 3, DFMT_SYM_ADDR);
  UNIT_STREQ (t, want, "a process that exited before it was read: bare hex");
  free (t);

  /* read while it lived: resolves after it exited */
  pid_t kept = child_waiting (&wfd);
  symbolizer_prime (s, (int32_t) kept);
  close (wfd);
  waitpid (kept, NULL, 0);
  t = text_of (s, (int32_t) kept, f + 3, DFMT_SYM_ADDR);
  UNIT_STREQ (t, "test-symbolize`stk_unit_func+0x3", "a process primed while alive resolves after its exit");
  free (t);

  /* kernel */
  FILE *ks = fopen ("/proc/kallsyms", "r");
  unsigned long long addr = 0;
  char line[512];
  while (ks && fgets (line, sizeof line, ks))
    {
      char type, name[256];
      if (sscanf (line, "%llx %c %255s", &addr, &type, name) == 3 && strcmp (name, "schedule") == 0
          && !strchr (line, '['))
        break;
      addr = 0;
    }
  if (ks)
    fclose (ks);
  if (addr)
    UNIT_CHECK (symbolizer_lookup (s, false, 0, addr + 5, &sym) && strcmp (sym.module, "vmlinux") == 0
                && strcmp (sym.name, "schedule") == 0 && sym.offset == 5,
                "kernel: vmlinux`schedule+0x5 from kallsyms");
  else
    UNIT_SKIP ("kernel: /proc/kallsyms hides addresses");

  symbolizer_free (s);
  return unit_exit ();
}
