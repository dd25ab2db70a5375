/* SPDX-License-Identifier: MIT */
/*
 * bpf-disasm.h — a program image as text, one line per instruction, for
 * the codegen golden tests (test/unit/test-codegen.c) and for reading what
 * the compiler made.  Map loads show the map's symbolic name
 * ("r1 = map[globals]"), helper calls the helper's name, jumps their target
 * instruction.
 */
#ifndef SDTKIT_CONSUMER_BPF_DISASM_H
#define SDTKIT_CONSUMER_BPF_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "consumer/compile/bpf-image.h"
#include "consumer/compile/dprog.h"

/* The text of IMG: a first line naming the program, its type, expected
 * attach type and flags, then "  N: instruction" lines.  Variables and
 * aggregations are named from PROG when given.  A malloc'd string. */
char *image_disasm (const struct bpf_image *img, const struct dprog *prog);

/* The name of map reference REF (abi.h): "globals", "var:x", "agg:@x";
 * written into BUF when it is composed.  PROG may be NULL. */
const char *map_ref_name (uint32_t ref, const struct dprog *prog, char *buf, size_t size);

#endif
