/* SPDX-License-Identifier: MIT */
/*
 * dformat-setopt.h — setopt(name[, value]) at run time: the options that
 * change how output looks, applied to the formatting context when the
 * action's record arrives.
 */
#ifndef SDTKIT_DFORMAT_SETOPT_H
#define SDTKIT_DFORMAT_SETOPT_H

#include <stdbool.h>

#include "consumer/output/dformat.h"

/* Set option NAME to VALUE (NULL: set, as a bare `-x name`) in CTX.
 * False when NAME is no option that can change while tracing, or VALUE
 * does not suit it; CTX is then unchanged. */
bool dfmt_setopt (struct dfmt_ctx *ctx, const char *name, const char *value);

#endif
