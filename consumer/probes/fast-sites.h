/* SPDX-License-Identifier: MIT */
/*
 * fast-sites.h — where to attach a USDT site so the kernel can optimize it.
 *
 * `dtrace -h` headers emit, on x86-64, a site the kernel can turn from an
 * int3 trap into a call (doc/probe-sites.md):
 *
 *     990: nop                        <- the note's address: every tool
 *          lea  -128(%rsp),%rsp          attaches here, %rsp as the args expect
 *          nopl 0(%rax,%rax,1)        <- 5-byte nop: we attach here when the
 *          lea  128(%rsp),%rsp           kernel has the `uprobe` system call
 *
 * Inside the guard %rsp is 128 lower, so %rsp-based argument operands are
 * read at displacement + 128 there, and %rip-based ones 6 bytes further on.
 */
#ifndef SDTKIT_CONSUMER_FAST_SITES_H
#define SDTKIT_CONSUMER_FAST_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sdt/sdt.h"

/* Offset of the 5-byte nop from the note's address. */
#define FAST_SITE_NOP5_DELTA 6
/* How much lower %rsp is at the 5-byte nop than at the note's address. */
#define FAST_SITE_RSP_DROP 128
/* The site's bytes from the note's address on. */
#define FAST_SITE_LEN 19

/* True if BYTES (LEN of them, from the note's address) are our guarded site. */
bool fast_site_bytes_match (const uint8_t *bytes, size_t len);

/* True if every argument can be read at the 5-byte nop: none uses %rsp as
 * a register value or as an index (a displacement from %rsp is adjusted). */
bool fast_site_args_movable (const char *args);

/* True if this kernel optimizes uprobes on 5-byte nops (it has the `uprobe`
 * system call).  Probed once, in a child process; SDTKIT_NO_FAST_SITES=1 in
 * the environment says false (today's trap at the note's address). */
bool fast_site_kernel_support (void);

/* The attach offset delta for the site at file offset OFFSET of the file
 * open as FD with argument string ARGS: FAST_SITE_NOP5_DELTA or 0. */
unsigned fast_site_delta (int fd, uint64_t offset, const char *args);

/* True if link-time address VADDR of the ELF file PATH is the 5-byte nop
 * of a guarded site (a probe there sees %rsp 128 lower than the code around
 * it: the unwinder starts from the note's address instead).  Cached. */
bool fast_site_nop5_at (const char *path, uint64_t vaddr);

#endif
