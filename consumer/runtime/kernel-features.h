/* SPDX-License-Identifier: MIT */
/*
 * kernel-features.h — BPF instructions the running kernel's verifier
 * accepts, found once by loading a tiny program that uses them.  The
 * compiler's target description (dprog.h struct dtarget) carries the
 * answers, so that the code generator emits what will load.
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_KERNEL_FEATURES_H
#define SDTKIT_CONSUMER_RUNTIME_KERNEL_FEATURES_H

#include <stdbool.h>

/* The may_goto instruction (Linux 6.9) loads; false when the environment
 * variable SDTKIT_NO_MAY_GOTO is set.  Probed on the first call. */
bool kernel_has_may_goto (void);

#endif
