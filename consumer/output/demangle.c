/* SPDX-License-Identifier: MIT */
/*
 * demangle.c — C++ names through libstdc++'s demangler (see demangle.h).
 *
 * libstdc++ is opened on the first mangled name, not linked: a C script
 * never pays for mapping it (about 2 MB of libstdc++, libm and libgcc_s,
 * a few milliseconds of start-up and of peak RSS).  Without libstdc++ the
 * names stay mangled.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#include "consumer/output/demangle.h"

/* libstdc++'s abi::__cxa_demangle (declared extern "C" in <cxxabi.h>):
 * the demangled name in a malloc'd buffer when *STATUS is 0. */
typedef char *cxa_demangle_fn (const char *mangled, char *buf, size_t *len, int *status);

static cxa_demangle_fn *
cxa_demangle (void)
{
  static int tried;
  static cxa_demangle_fn *fn;
  if (!tried)
    {
      tried = 1;
      void *lib = dlopen ("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
      if (lib)
        *(void **) &fn = dlsym (lib, "__cxa_demangle");
    }
  return fn;
}

char *
demangle_cxx (const char *name)
{
  if (!name || strncmp (name, "_Z", 2) != 0 || strlen (name) > 4096)
    return NULL;
  cxa_demangle_fn *fn = cxa_demangle ();
  if (!fn)
    return NULL;
  int status = -1;
  char *s = fn (name, NULL, NULL, &status);
  return status == 0 ? s : NULL;
}
