/* SPDX-License-Identifier: MIT */
/*
 * fuzz-dscript.c — libFuzzer harness: a D program through the consumer's
 * whole compiler, with no kernel: the front end (dlang/, program mode), the
 * checker and code generation (consumer/compile/) for a fixed target
 * description, then the image disassembler.
 *
 * As in the runtime, a clause runs in the program of every probe its
 * descriptions match, and clauses enabled on one probe share one program.
 * The kind of probe a description names is decided from its text alone
 * (BEGIN/END/ERROR, syscall, profile/tick, pidN, else USDT), with no probe
 * resolution: each clause is compiled alone for the kind of each of its
 * descriptions, and the clauses whose first descriptions are of one kind
 * are compiled together once more.  Everything is fixed but the input, so a
 * run is a pure function of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/bpf-disasm.h"
#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "dlang/ast.h"
#include "dlang/dlang.h"
#include "test/fuzz/fuzz-util.h"

/* At most this many descriptions of a clause are compiled alone. */
#define DESCS_PER_CLAUSE 4
#define NKINDS (PK_PROFILE + 1)

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_quiet ();
  return 0;
}

/* The target and options a test system would give (uprobe_multi, sleepable,
 * may_goto; fixed pids and clock). */
static void
prog_setup (struct dprog *p)
{
  static const char *macro_args[] = { "fuzz.d", "7", "word" };
  memset (p, 0, sizeof *p);
  p->target = (struct dtarget) {
    .uprobe_attach_type = 48, .uprobe_multi = true, .multi_pid_filter = true,
    .sleepable = true, .may_goto = true, .pid = 1000, .ppid = 999, .uid = 0, .gid = 0,
    .walltime_offset_ns = 1600000000000000000LL,
  };
  p->strsize = 256;
  p->bufsize = 4u << 20;
  p->nspec = 1;
  p->specsize = 32u << 10;
  p->dynvarsize = 1u << 20;
  p->destructive = true;
  p->target_pid = 2024;
  p->nmacro_args = 3;
  p->macro_args = macro_args;
}

/* The probe kind a description's text names, and a probe id for it. */
static enum probe_kind
desc_kind (const char *text, unsigned *id)
{
  /* The provider is the first of four fields; with fewer fields, the
   * leading ones are empty ("BEGIN" is a name, "a:b" a function and name). */
  size_t colons = 0;
  for (const char *c = text; *c; c++)
    colons += *c == ':';
  const char *name = strrchr (text, ':') ? strrchr (text, ':') + 1 : text;
  size_t provlen = colons >= 3 ? strcspn (text, ":") : 0;
  *id = 10;
  static const char *const special[] = { "BEGIN", "END", "ERROR" };
  for (unsigned i = 0; i < 3; i++)
    if (strcmp (name, special[i]) == 0
        && (provlen == 0 || (provlen == 6 && strncmp (text, "dtrace", 6) == 0)))
      {
        *id = i + 1;
        return (enum probe_kind[]) { PK_BEGIN, PK_END, PK_ERROR }[i];
      }
  if (provlen == 7 && strncmp (text, "syscall", 7) == 0)
    return strcmp (name, "return") == 0 ? PK_SYSCALL_RETURN : PK_SYSCALL_ENTRY;
  if (provlen == 7 && strncmp (text, "profile", 7) == 0)
    return strncmp (name, "tick-", 5) == 0 ? PK_TICK : PK_PROFILE;
  if (provlen > 3 && strncmp (text, "pid", 3) == 0 && text[3] >= '0' && text[3] <= '9')
    return PK_PID;
  return PK_USDT;
}

/* Compile CLAUSES[0..N) into one program of KIND and disassemble it. */
static void
compile (struct codegen_ctx *cg, enum probe_kind kind, unsigned id, const unsigned *clauses,
         size_t n)
{
  struct bpf_image img;
  cg->pid_scoped = (kind == PK_USDT || kind == PK_PID) && (clauses[0] & 1);
  if (codegen_program (cg, kind, id, clauses, n, "dt_fuzz", &img) != 0)
    return;
  free (image_disasm (&img, cg->prog));
  image_free (&img);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = fuzz_string (data, size);
  struct d_program dp;
  struct d_script script;
  struct dprog p;
  memset (&dp, 0, sizeof dp);
  memset (&script, 0, sizeof script);
  prog_setup (&p);
  if (d_parse_script_string ("fuzz.d", text, "failed to compile script fuzz.d", &dp,
                             &script) != 0)
    {
      free (text);
      return 0;
    }
  if (d_check_script (&p, &script, "failed to compile script fuzz.d") == 0)
    {
      struct strconsts consts = { 0 };
      struct codegen_ctx cg;
      memset (&cg, 0, sizeof cg);
      cg.prog = &p;
      cg.consts = &consts;
      cg.have_pids = true;
      codegen_plan (&cg);

      unsigned *group[NKINDS] = { NULL };
      size_t ngroup[NKINDS] = { 0 };
      unsigned group_id[NKINDS] = { 0 };
      for (unsigned c = 0; c < p.nclauses; c++)
        {
          const struct d_clause_ast *ast = p.clauses[c].ast;
          for (size_t d = 0; d < ast->ndescs && d < DESCS_PER_CLAUSE; d++)
            {
              unsigned id;
              enum probe_kind k = desc_kind (ast->descs[d].text, &id);
              compile (&cg, k, id, &c, 1);
              if (d == 0)
                {
                  group[k] = xrealloc (group[k], (ngroup[k] + 1) * sizeof *group[k]);
                  group[k][ngroup[k]++] = c;
                  group_id[k] = id;
                }
            }
        }
      for (unsigned k = 0; k < NKINDS; k++)
        {
          if (ngroup[k] > 1)
            compile (&cg, (enum probe_kind) k, group_id[k], group[k], ngroup[k]);
          free (group[k]);
        }
      free (consts.s);
    }
  d_check_free (&p);
  d_script_free (&script);
  d_program_free (&dp);
  free (text);
  return 0;
}
