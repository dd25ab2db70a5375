/* SPDX-License-Identifier: MIT */
/*
 * fuzz-dtrace-g.c — libFuzzer harness: `dtrace -G -s fuzz.d -o fuzz-g.o
 * in.o` in-process, with the input as the object operand in.o.
 *
 * The steps are the front end's (frontend/dtrace.c do_link): the site check
 * of the object against a fixed provider definition (dtrace_g_check_objects),
 * call-style site linking into an unnamed copy of the object
 * (dtrace_g_link_sites), the semaphore object (dtrace_g_write_object, here
 * into a memfd), and the commit that names the linked copy over in.o.
 *
 * -G rewrites its operands in place, so each iteration starts from an empty
 * private directory (fuzz-util.h) and writes in.o afresh.  The commit names
 * files in a forked helper (common/unnamed-file.c); the harness asks
 * unnamed-file to name them in-process instead (unnamed_set_in_process), so
 * an iteration forks nothing.
 *
 * One property is checked on top of "no crash, no leak": after a commit,
 * the linked object is not linked again (-G is idempotent, see
 * call-site-linker.c), and its notes read back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/unnamed-file.h"
#include "dlang/dlang.h"
#include "dtrace-g/dtrace-g.h"
#include "sdt/sdt.h"
#include "test/fuzz/fuzz-util.h"

/* What the seed objects (test/fuzz/make-elf-seeds) are built against:
 * arguments of every class a call-style site can describe, a probe with no
 * arguments, and a second provider for the semaphore object. */
static const char provider_d[] =
  "provider fz {\n"
  "  probe hit(int a, long b);\n"
  "  probe go();\n"
  "  probe str(const char *s, unsigned short u, char c);\n"
  "  probe many(int, int, int, int, int, int, int, long);\n"
  "};\n"
  "provider fzb {\n"
  "  probe other(uint64_t x);\n"
  "};\n";

static struct d_program prog;
static char *obj_path;
static int sem_fd = -1;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_quiet ();
  unnamed_set_in_process (true);
  if (d_parse_string ("fuzz.d", provider_d, strlen (provider_d), D_PARSE_PROVIDERS, &prog) != 0)
    abort ();
  obj_path = xasprintf ("%s/in.o", fuzz_tmpdir ());
  sem_fd = memfd_create ("fuzz-g.o", MFD_CLOEXEC);
  if (sem_fd < 0)
    {
      perror ("fuzz-dtrace-g: memfd_create");
      abort ();
    }
  return 0;
}

/* After a commit: in.o has its sites linked, so -G finds nothing more to
 * link in it, and the note reader accepts it. */
static void
check_linked (const struct dtrace_g_options *opt)
{
  struct dtrace_g_linker *again = NULL;
  if (dtrace_g_link_sites (&prog, opt, &again) != 0 || dtrace_g_linker_count (again) != 0)
    {
      fprintf (stderr, "fuzz-dtrace-g: a linked object is linked again\n");
      abort ();
    }
  dtrace_g_linker_free (again);
  struct sdt_file f;
  if (sdt_file_read (obj_path, &f) != 0)
    {
      fprintf (stderr, "fuzz-dtrace-g: a linked object does not read back\n");
      abort ();
    }
  sdt_file_free (&f);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  fuzz_clean_dir (fuzz_tmpdir ());
  fuzz_write_file (obj_path, data, size);
  if (ftruncate (sem_fd, 0) != 0 || lseek (sem_fd, 0, SEEK_SET) != 0)
    abort ();

  char *objects[] = { obj_path };
  struct dtrace_g_options opt = {
    .output = "fuzz-g.o", .nobjects = 1, .objects = objects,
  };
  struct dtrace_g_target target;
  if (dtrace_g_check_objects (&prog, &opt, &target) != 0)
    return 0;
  struct dtrace_g_linker *linker = NULL;
  if (dtrace_g_link_sites (&prog, &opt, &linker) == 0
      && dtrace_g_write_object (&prog, &opt, &target, sem_fd) == 0)
    {
      bool linked = dtrace_g_linker_count (linker) > 0;
      if (dtrace_g_linker_commit (linker) == 0 && linked)
        check_linked (&opt);
    }
  dtrace_g_linker_free (linker);
  return 0;
}
