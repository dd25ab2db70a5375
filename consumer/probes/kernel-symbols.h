/* SPDX-License-Identifier: MIT */
/*
 * kernel-symbols.h — the address of a symbol of the running kernel
 * (vmlinux, not modules), for D's `name kernel symbols.
 */
#ifndef SDTKIT_CONSUMER_KERNEL_SYMBOLS_H
#define SDTKIT_CONSUMER_KERNEL_SYMBOLS_H

#include <stdint.h>

/* 0 with *ADDR set; -1 with *ERROR (malloc'd) when /proc/kallsyms has no
 * such symbol or hides the addresses. */
int kernel_symbol_address (const char *name, uint64_t *addr, char **error);

#endif
