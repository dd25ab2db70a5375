/* SPDX-License-Identifier: MIT */
/*
 * argspec-int.h — what the two operand readers of sdt/ share: argspec.c
 * (the `SIZE@` prefix, x86 AT&T operands, the entry points) and
 * argspec-risc.c (the bracket and parenthesis syntaxes of the other
 * machines, sdt/arch.h).
 */
#ifndef SDTKIT_SDT_ARGSPEC_INT_H
#define SDTKIT_SDT_ARGSPEC_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/strbuf.h"
#include "sdt/arch.h"
#include "sdt/sdt.h"

/* Make OUT undecodable with a printf-formatted reason. */
void sdt_arg_set_error (struct sdt_arg *out, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
/* A decimal or 0x number with an optional '-' at *P into *V; advances *P. */
bool sdt_scan_signed (const char **p, int64_t *v);

/* The operand S (after '@') of ARCH's bracket or parenthesis syntax. */
void sdt_operand_parse_risc (const struct sdt_arch *arch, const char *s, struct sdt_arg *out);
/* Append the operand of a decoded ARG of such a machine to B. */
void sdt_operand_format_risc (struct strbuf *b, const struct sdt_arg *arg);

#endif
