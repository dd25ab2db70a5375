/*
 * abi.h — the contract between the BPF programs the compiler generates and
 * the user-space runtime that loads them and reads what they produce.
 *
 * Everything both sides must agree on byte for byte lives here and nowhere
 * else: the per-site argument description the runtime writes into the sites
 * map and the programs read; the record header the programs write into the
 * ring buffer and the output side parses; the fault record; the counters of
 * the drops map; and the symbolic name of every map a program refers to (the
 * compiler emits a relocation naming the map, the loader puts its fd there).
 */
#ifndef SDTKIT_CONSUMER_ABI_H
#define SDTKIT_CONSUMER_ABI_H

#include <stdint.h>

/* Where an argument lives at a site, as the program reads it from the sites
 * map (filled by the runtime from sdt/argspec.c's parse). */
enum { ARGK_NONE = 0, ARGK_IMM, ARGK_REG, ARGK_MEM };
enum { ARGF_BASE = 1, ARGF_INDEX = 2 };

struct site_arg {
  uint8_t kind;
  uint8_t size;          /* 1 2 4 8 */
  uint8_t is_signed;
  uint8_t flags;         /* ARGF_* */
  uint16_t base_off;     /* offset of the base register in struct pt_regs */
  uint16_t index_off;
  uint8_t scale_shift;
  uint8_t pad[7];
  int64_t val;           /* immediate, or displacement (for %rip forms: relative to the probe address) */
};

/* site_spec.probe_id with this bit: the site is several processes' (tgt123
 * and tgt456 share the file's site): the probe is looked up by the firing
 * process in codegen_ctx.siteprobes_fd, the rest of the id is the default. */
#define SITE_PROBE_BY_PID 0x80000000u

struct site_spec {
  uint32_t probe_id;
  uint32_t nargs;
  struct site_arg args[12];
};

/* Record header: u32 clause index, u32 probe id, u32 cpu, u32 speculation
 * id (0: principal buffer), u64 mask of the actions that ran (actions in ?:
 * arms and if branches run conditionally). */
#define REC_HEADER_SIZE 24
#define REC_SPEC_OFF 12

/* A fault record (fault.c): clause index REC_FAULT, then u64 fault type,
 * u64 action (0: the predicate), u64 address, u64 clause index, u64 BPF pc. */
#define REC_FAULT 0xffffffffu
#define REC_FAULT_SIZE (REC_HEADER_SIZE + 40)

/* Counters of the drops map (per CPU, only growing). */
enum drop_counter {
  DROP_RING, DROP_DYNVAR, DROP_AGG, DROP_ERROR_LOST, DROP_SPEC, DROP_SPEC_NOBUF,
  DROP_ERROR_IN_ERROR, DROP_NCOUNTERS
};

/* DTrace's fault codes (ERROR's arg4). */
enum { FLT_BADADDR = 1, FLT_ILLOP = 3, FLT_DIVZERO = 4 };

#endif
