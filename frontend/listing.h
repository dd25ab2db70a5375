/* SPDX-License-Identifier: MIT */
/*
 * listing.h — `dtrace -l`: list probes in DTrace's format.
 */
#ifndef SDTKIT_FRONTEND_LISTING_H
#define SDTKIT_FRONTEND_LISTING_H

#include "frontend/options.h"

/* Returns the process exit status. */
int dtrace_list (const struct dtrace_options *opt);

#endif
