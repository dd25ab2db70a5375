/* SPDX-License-Identifier: MIT */
/*
 * fault.c — reporting runtime faults and firing dtrace:::ERROR (see
 * fault.h).
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "consumer/output/json-output.h"
#include "consumer/output/output.h"
#include "consumer/runtime/fault.h"
#include "common/diag.h"

static bool
probe_has_clause (const struct dprobe *pr, unsigned clause)
{
  for (size_t k = 0; k < pr->nclauses; k++)
    if (pr->clauses[k] == clause)
      return true;
  return false;
}

unsigned
fault_epid (const struct dprog *p, unsigned clause, unsigned probe_id)
{
  unsigned epid = 1;
  for (unsigned c = 0; c <= clause && c < p->nclauses; c++)
    for (size_t i = 0; i < p->nprobes; i++)
      {
        const struct dprobe *pr = &p->probes[i];
        if (c == clause && pr->id >= probe_id)
          continue;
        if (probe_has_clause (pr, c))
          epid++;
      }
  return epid;
}

static const char *
fault_text (uint64_t type)
{
  switch (type)
    {
    case FLT_BADADDR: return "invalid address";
    case FLT_ILLOP: return "illegal operation";
    case FLT_DIVZERO: return "divide-by-zero";
    default: return "unknown fault";
    }
}

bool
fault_record (const struct dprog *p, struct output *out, const void *rec, size_t size, int error_fd)
{
  const uint8_t *r = rec;
  uint32_t ci, probe_id;
  if (size < REC_FAULT_SIZE)
    return false;
  memcpy (&ci, r, 4);
  if (ci != REC_FAULT)
    return false;
  memcpy (&probe_id, r + 4, 4);
  uint64_t f[5];   /* type, action, address, clause, pc */
  memcpy (f, r + REC_HEADER_SIZE, sizeof f);
  const struct dprobe *pr = NULL;
  for (size_t i = 0; i < p->nprobes; i++)
    if (p->probes[i].id == probe_id)
      pr = &p->probes[i];
  unsigned epid = fault_epid (p, (unsigned) f[3], probe_id);
  /* Oracle's Linux DTrace's line: the clause by its name (dt_clause_N,
   * N counting the program's clauses from 0), the probe, the fault, its
   * address, and the BPF instruction that found it (doc/output-formats.md
   * §10).  illumos named the enabled probe ID and the action instead;
   * both stay available to ERROR clauses as arg1 and arg2. */
  char addr[32] = "";
  if (f[0] == FLT_BADADDR)
    snprintf (addr, sizeof addr, " (0x%" PRIx64 ")", f[2]);
  char msg[1024];
  snprintf (msg, sizeof msg, "error in dt_clause_%" PRIu64 " for probe ID %u (%s:%s:%s:%s): %s%s at BPF pc %" PRIu64,
            f[3], probe_id, pr ? pr->prov : "", pr ? pr->mod : "", pr ? pr->func : "",
            pr ? pr->name : "", fault_text (f[0]), addr, f[4]);
  fflush (stdout);
  diag_error ("%s", msg);
  if (output_is_json (out))
    {
      uint32_t cpu;
      memcpy (&cpu, r + 8, 4);
      struct dfmt_probe dp = { (int) cpu, probe_id, pr ? pr->prov : "", pr ? pr->mod : "",
                               pr ? pr->func : "", pr ? pr->name : "" };
      struct json_fault jf = { epid, &dp, fault_text (f[0]), f[0] == FLT_BADADDR, f[2], f[1], f[4], msg };
      output_json_error (out, &jf);
    }
  if (error_fd >= 0)
    {
      uint64_t args[8] = { 0, epid, f[1], f[4], f[0], f[2], 0, 0 };
      LIBBPF_OPTS (bpf_test_run_opts, o, .ctx_in = args, .ctx_size_in = sizeof args);
      if (bpf_prog_test_run_opts (error_fd, &o) != 0)
        diag_error ("failed to run the ERROR program: %s", strerror (errno));
    }
  return true;
}
