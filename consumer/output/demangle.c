/* SPDX-License-Identifier: MIT */
/*
 * demangle.c — C++ names through libstdc++'s demangler (see demangle.h).
 */
#include <stddef.h>
#include <string.h>

#include "consumer/output/demangle.h"

/* libstdc++'s abi::__cxa_demangle (declared extern "C" in <cxxabi.h>):
 * the demangled name in a malloc'd buffer when *STATUS is 0. */
extern char *__cxa_demangle (const char *mangled, char *buf, size_t *len, int *status);

char *
demangle_cxx (const char *name)
{
  if (!name || strncmp (name, "_Z", 2) != 0 || strlen (name) > 4096)
    return NULL;
  int status = -1;
  char *s = __cxa_demangle (name, NULL, NULL, &status);
  return status == 0 ? s : NULL;
}
