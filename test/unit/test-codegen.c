/* SPDX-License-Identifier: MIT */
/*
 * test-codegen.c — golden tests of the D compiler (consumer/compile/)
 * without a kernel and without privileges.
 *
 * Each test/golden/codegen/NAME.d is parsed, checked and compiled, one
 * program per clause, for a fixed target description (struct dtarget: no
 * system is asked anything), and the disassembly of the images
 * (bpf-disasm.h) is compared byte for byte with NAME.S.  The compiler
 * needs only each program's probe kind and probe id, which the clause's
 * first probe description gives here (dtrace:::BEGIN, syscall::x:entry,
 * profile:::profile-N, pidN:..., anything else is a USDT probe): the probe
 * resolution of the runtime, which reads processes and files, is not
 * involved.
 *
 * A script whose text has the directive "@target: no-may-goto" (in a
 * comment) is compiled for a kernel without may_goto (before 6.9); one
 * with "@prog: quantize-sums" as with -x oformat=openmetrics or -x metrics
 * (the quantize family keeps the sum of its values, dprog.h).
 *
 * SDTKIT_REGEN_GOLDEN=1 rewrites the .S files from what the compiler makes
 * now (then read the diff before committing it).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/bpf-disasm.h"
#include "consumer/compile/checker.h"
#include "consumer/compile/codegen.h"
#include "common/xalloc.h"
#include "test/unit/unit.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

/* uprobe_multi's expected attach type (probes/uprobe-attach.h). */
#define TEST_UPROBE_MULTI 48

static const int32_t test_chip[4] = { 0, 0, 1, 1 }, test_node[4] = { 0, 1, 1, 0 };

static const struct dtarget test_target = {
  .uprobe_attach_type = TEST_UPROBE_MULTI, .uprobe_multi = true, .multi_pid_filter = false,
  .sleepable = true, .may_goto = true, .pid = 4242, .ppid = 4241, .uid = 1000, .gid = 1000,
  .walltime_offset_ns = 1700000000000000000LL,
  .task_group_leader_off = 2512, .task_comm_off = 3080,   /* execname: the group leader's comm */
  .task_real_parent_off = 2496, .task_tgid_off = 2476,   /* ppid: real_parent->tgid */
  .task_exec_runtime_off = 280,                          /* vtimestamp: se.sum_exec_runtime */
  .task_pid_off = 2472, .task_signal_off = 2928,         /* proc and sched probes */
  .task_exit_code_off = 2444, .task_state_off = 24, .task_state_size = 4, .signal_live_off = 4,
  .binprm_p_off = 24, .binprm_argc_off = 200,
  .cpu_chip = test_chip, .cpu_node = test_node, .ncpus = 4,   /* chip, lgrp, curcpu */
};

/* The proc and sched probes the golden snippets use (the table proper is
 * consumer/probes/kernel-probes.c). */
static enum kernel_probe
kernel_probe_of (const char *prov, const char *name)
{
  static const struct { const char *prov, *name; enum kernel_probe k; } known[] = {
    { "proc", "exec", KP_PROC_EXEC }, { "proc", "exec-success", KP_PROC_EXEC_SUCCESS },
    { "proc", "exit", KP_PROC_EXIT }, { "proc", "create", KP_PROC_CREATE },
    { "sched", "on-cpu", KP_SCHED_ON_CPU }, { "sched", "sleep", KP_SCHED_SLEEP },
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcmp (prov, known[i].prov) == 0 && strcmp (name, known[i].name) == 0)
      return known[i].k;
  return KP_NONE;
}

/* The probe kind a description names, and its probe id. */
static enum probe_kind
kind_of (const char *desc, unsigned clause, unsigned *id, enum kernel_probe *kern)
{
  *kern = KP_NONE;
  char f[4][64] = { "", "", "", "" };
  const char *s = desc;
  int k = 0;
  /* fields from the right: "BEGIN" is a name, "a:b:c:d" all four */
  size_t nf = 1;
  for (const char *c = desc; *c; c++)
    nf += *c == ':';
  k = 4 - (int) (nf > 4 ? 4 : nf);
  for (; k < 4; k++)
    {
      size_t n = strcspn (s, ":");
      snprintf (f[k], sizeof f[k], "%.*s", (int) n, s);
      s += n + (s[n] == ':');
    }
  *id = 4 + clause;
  static const char *const dtrace_probes[] = { "BEGIN", "END", "ERROR" };
  for (unsigned i = 0; i < 3; i++)
    if (strcmp (f[3], dtrace_probes[i]) == 0 && (!f[0][0] || strcmp (f[0], "dtrace") == 0))
      {
        *id = i + 1;
        return i == 0 ? PK_BEGIN : i == 1 ? PK_END : PK_ERROR;
      }
  if (strcmp (f[0], "syscall") == 0)
    return strcmp (f[3], "return") == 0 ? PK_SYSCALL_RETURN : PK_SYSCALL_ENTRY;
  if (strcmp (f[0], "profile") == 0)
    return strncmp (f[3], "tick-", 5) == 0 ? PK_TICK : PK_PROFILE;
  if (strncmp (f[0], "pid", 3) == 0 && f[0][3] >= '0' && f[0][3] <= '9')
    return PK_PID;
  if ((*kern = kernel_probe_of (f[0], f[3])) != KP_NONE)
    return PK_KERNEL;
  return PK_USDT;
}

static void
prog_init (struct dprog *p)
{
  memset (p, 0, sizeof *p);
  p->target = test_target;
  p->strsize = 256;
  p->bufsize = 4u << 20;
  p->nspec = 2;
  p->specsize = 32u << 10;
  p->dynvarsize = 1u << 20;
  p->destructive = true;
  p->target_pid = 5151;
  static const char *args[] = { "test.d", "42", "hello" };
  p->nmacro_args = 3;
  p->macro_args = args;
}

static void
append (char **out, size_t *len, const char *s)
{
  size_t n = strlen (s);
  *out = xrealloc (*out, *len + n + 1);
  memcpy (*out + *len, s, n + 1);
  *len += n;
}

static char *
read_all (const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return NULL;
  char *s = NULL;
  size_t len = 0;
  char buf[4096];
  size_t n;
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    {
      s = xrealloc (s, len + n + 1);
      memcpy (s + len, buf, n);
      len += n;
      s[len] = '\0';
    }
  fclose (f);
  return s ? s : xstrdup ("");
}

/* The disassembly of every clause of FILE's script, or NULL after errors. */
static char *
compile_file (const char *path)
{
  char *text = read_all (path);
  if (!text)
    return NULL;
  struct d_program dp;
  struct d_script script;
  struct dprog p;
  memset (&dp, 0, sizeof dp);
  memset (&script, 0, sizeof script);
  prog_init (&p);
  if (strstr (text, "@target: no-may-goto"))
    p.target.may_goto = false;
  if (strstr (text, "@prog: quantize-sums"))
    p.quantize_sums = true;
  char *out = NULL;
  size_t len = 0;
  if (d_parse_script_string (path, text, "failed to compile", &dp, &script) != 0)
    {
      free (text);
      return NULL;
    }
  if (d_check_script (&p, &script, "failed to compile") == 0)
    {
      struct strconsts consts = { 0 };
      struct codegen_ctx cg;
      memset (&cg, 0, sizeof cg);
      cg.prog = &p;
      cg.consts = &consts;
      cg.have_pids = true;
      if (codegen_plan (&cg) == 0)
        append (&out, &len, "");
      for (unsigned c = 0; c < p.nclauses && out; c++)
        {
          unsigned id;
          const struct d_clause_ast *ast = p.clauses[c].ast;
          enum probe_kind kind = kind_of (ast->ndescs ? ast->descs[0].text : "", c, &id, &cg.kern);
          char name[32];
          snprintf (name, sizeof name, "dt_c%u", c);
          struct bpf_image img;
          if (codegen_program (&cg, kind, id, &c, 1, name, &img) != 0)
            {
              free (out);
              out = NULL;
              break;
            }
          char *dis = image_disasm (&img, &p);
          char head[512];
          snprintf (head, sizeof head, "%s; clause %u: %s\n", c ? "\n" : "", c,
                    ast->ndescs ? ast->descs[0].text : "");
          append (&out, &len, head);
          append (&out, &len, dis);
          free (dis);
          image_free (&img);
        }
      free (consts.s);
    }
  d_check_free (&p);
  d_script_free (&script);
  d_program_free (&dp);
  free (text);
  return out;
}

/* dclause.only_settles, set once by the checker: true exactly for the
 * clauses whose only actions are commit() and discard() (the output prints
 * nothing of their own, in text or JSON). */
static void
check_only_settles (void)
{
  static const char src[] =
    "BEGIN { s = speculation(); }\n"           /* no action */
    "BEGIN { speculate(s); }\n"
    "BEGIN { commit(s); }\n"
    "BEGIN /s/ { discard(s); s = 0; }\n"       /* an assignment is no action */
    "BEGIN { commit(s); discard(s + 1); }\n"
    "BEGIN { commit(s); raise(0); }\n"         /* destructive actions may follow */
    "BEGIN { }\n";                             /* the default probe line */
  static const bool want[] = { false, false, true, true, true, false, false };
  struct d_program dp;
  struct d_script script;
  struct dprog p;
  memset (&dp, 0, sizeof dp);
  memset (&script, 0, sizeof script);
  prog_init (&p);
  bool parsed = d_parse_script_string ("settles.d", src, "failed to compile", &dp, &script) == 0
                && d_check_script (&p, &script, "failed to compile") == 0;
  UNIT_CHECK (parsed && p.nclauses == sizeof want / sizeof want[0], "only_settles script compiles");
  for (size_t i = 0; parsed && i < p.nclauses && i < sizeof want / sizeof want[0]; i++)
    UNIT_INTEQ (p.clauses[i].only_settles, want[i], "only_settles of clause %zu", i);
  d_check_free (&p);
  d_script_free (&script);
  d_program_free (&dp);
}

static void
report_diff (const char *golden, const char *got)
{
  char tmp[] = "/tmp/test-codegen-XXXXXX";
  int fd = mkstemp (tmp);
  if (fd < 0)
    return;
  FILE *f = fdopen (fd, "w");
  fputs (got, f);
  fclose (f);
  char cmd[1024];
  snprintf (cmd, sizeof cmd, "diff -u '%s' '%s' | head -40 | sed 's/^/    /'", golden, tmp);
  fflush (stdout);
  if (system (cmd) != 0)
    printf ("    (diff failed)\n");
  unlink (tmp);
}

static int
by_name (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (void)
{
  const char *top = getenv ("SRCDIR") ? getenv ("SRCDIR") : TOP_SRCDIR;
  bool regen = getenv ("SDTKIT_REGEN_GOLDEN") && strcmp (getenv ("SDTKIT_REGEN_GOLDEN"), "1") == 0;
  char *dir = xasprintf ("%s/test/golden/codegen", top);
  DIR *d = opendir (dir);
  UNIT_CHECK (d != NULL, "golden directory %s", dir);
  char **names = NULL;
  size_t nnames = 0;
  for (struct dirent *e; d && (e = readdir (d));)
    {
      size_t n = strlen (e->d_name);
      if (n > 2 && strcmp (e->d_name + n - 2, ".d") == 0)
        {
          names = xrealloc (names, (nnames + 1) * sizeof *names);
          names[nnames++] = xstrndup (e->d_name, n - 2);
        }
    }
  if (d)
    closedir (d);
  qsort (names, nnames, sizeof *names, by_name);
  UNIT_CHECK (nnames > 0, "golden D snippets found");
  for (size_t i = 0; i < nnames; i++)
    {
      char *src = xasprintf ("%s/%s.d", dir, names[i]);
      char *golden = xasprintf ("%s/%s.S", dir, names[i]);
      char *got = compile_file (src);
      if (!got)
        UNIT_CHECK (false, "%s compiles", names[i]);
      else if (regen)
        {
          FILE *f = fopen (golden, "w");
          UNIT_CHECK (f && fputs (got, f) >= 0 && fclose (f) == 0, "%s (regenerated)", names[i]);
        }
      else
        {
          char *want = read_all (golden);
          bool same = want && strcmp (want, got) == 0;
          UNIT_CHECK (same, "%s", names[i]);
          if (!same)
            report_diff (golden, got);
          free (want);
        }
      free (got);
      free (src);
      free (golden);
      free (names[i]);
    }
  free (names);
  free (dir);
  check_only_settles ();
  return unit_exit ();
}
