/* SPDX-License-Identifier: MIT */
/*
 * pid-libs.h — the shared libraries a program will map (its interpreter and
 * DT_NEEDED closure, searched as the dynamic loader does), for pid probes
 * in a -c child held before its exec.  See pid-libs.c.
 */
#ifndef SDTKIT_CONSUMER_PID_LIBS_H
#define SDTKIT_CONSUMER_PID_LIBS_H

#include <stddef.h>

/* Real paths of the libraries EXEC_PATH will load, interpreter first.
 * *PATHS and its strings are malloc'd.  Never fails (unreadable or
 * unresolvable names are left out). */
size_t pid_needed_libs (const char *exec_path, char ***paths);
/* The real path of EXEC_PATH's interpreter (PT_INTERP; malloc'd), or NULL:
 * the first of pid_needed_libs()'s paths without searching the others. */
char *pid_interpreter (const char *exec_path);

#endif
