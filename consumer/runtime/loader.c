/* SPDX-License-Identifier: MIT */
/*
 * loader.c — the map table and the loading of program images (loader.h).
 *
 * Loading goes through libbpf's bpf_prog_load(); a rejection is retried
 * with a log buffer so that -v can show why, and so that a rejection for
 * one of the verifier's size or complexity limits can be explained in the
 * script's terms (verifier-limits.h), naming the probe.  A relocation naming a map
 * the runtime did not create is an internal error (the compiler and the
 * runtime disagree on which maps a program needs).
 *
 * On kernels without attach cookies (Linux < 5.15), a uprobe program's
 * cookie is a constant (bpf_image.cookie_insn): the loader keeps each such
 * program's relocated instructions and loads a copy per cookie when the
 * attach code asks for one (uprobe_set_cookie_programs), once per cookie.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/vec.h"
#include "consumer/compile/bpf-disasm.h"
#include "consumer/probes/uprobe-attach.h"
#include "consumer/probes/kernel-features.h"
#include "consumer/runtime/loader.h"
#include "consumer/runtime/verifier-limits.h"
#include "common/xalloc.h"

void
map_table_init (struct map_table *m, size_t nvars, size_t naggs)
{
  for (size_t i = 0; i < MAP_NFIXED; i++)
    m->fixed[i] = -1;
  m->nvars = nvars;
  m->naggs = naggs;
  m->vars = nvars ? xmalloc (nvars * sizeof *m->vars) : NULL;
  m->aggs = naggs ? xmalloc (naggs * sizeof *m->aggs) : NULL;
  for (size_t i = 0; i < nvars; i++)
    m->vars[i] = -1;
  for (size_t i = 0; i < naggs; i++)
    m->aggs[i] = -1;
}

void
map_table_close (struct map_table *m)
{
  for (size_t i = 0; i < MAP_NFIXED; i++)
    if (m->fixed[i] >= 0)
      close (m->fixed[i]);
  for (size_t i = 0; i < m->nvars; i++)
    if (m->vars[i] >= 0)
      close (m->vars[i]);
  for (size_t i = 0; i < m->naggs; i++)
    if (m->aggs[i] >= 0)
      close (m->aggs[i]);
  free (m->vars);
  free (m->aggs);
  map_table_init (m, 0, 0);     /* empty: allocates nothing */
}

int
map_table_fd (const struct map_table *m, uint32_t ref)
{
  size_t i = ref & MAP_REF_INDEX_MASK;
  if (ref & MAP_REF_VAR)
    return i < m->nvars ? m->vars[i] : -1;
  if (ref & MAP_REF_AGG)
    return i < m->naggs ? m->aggs[i] : -1;
  return ref < MAP_NFIXED ? m->fixed[ref] : -1;
}

static const char *
or_empty (const char *s)
{
  return s ? s : "";
}

/* The refusal of IMG, PROBE's program, with errno ERR and the verifier's
 * LOG: explained when it is one of the verifier's limits. */
static void
report_rejection (const struct bpf_image *img, const struct dprobe *probe, int err, const char *log,
                  bool verbose)
{
  if (probe && probe->kind == PK_KERNEL && (probe->kern == KP_FBT_ENTRY || probe->kern == KP_FBT_RETURN))
    {
      /* a function BTF has that the kernel will not trace (an __init one):
       * that probe is left out, the others go on (attach-providers.c) */
      diag_warn ("fbt:vmlinux:%s:%s is not enabled: the kernel refused its program (%s%s)", probe->func,
                 probe->name, strerror (err), verbose ? "" : "; -v shows the verifier log");
      return;
    }
  if (err == EPERM)
    {
      diag_error ("could not enable tracing: %s (tracing needs root, or CAP_BPF and CAP_PERFMON)",
                  strerror (err));
      return;
    }
  if (!probe)
    {
      diag_error ("the kernel's BPF verifier rejected the program %s: %s%s", img->name, strerror (err),
                  verbose ? "" : " (-v shows the verifier log)");
      return;
    }
  struct verifier_verdict v = verifier_limit_classify (err, log, img->ninsns);
  v.string_loops_per_char = !kernel_has_may_goto ();   /* as dtarget.may_goto */
  char *why = verifier_limit_explain (v, img->ninsns, probe->nclauses);
  if (why)
    diag_error ("the kernel's BPF verifier rejected the program for probe %s:%s:%s:%s: %s (%s)",
                or_empty (probe->prov), or_empty (probe->mod), or_empty (probe->func), or_empty (probe->name),
                why, strerror (err));
  else
    diag_error ("the kernel's BPF verifier rejected the program for probe %s:%s:%s:%s: %s%s",
                or_empty (probe->prov), or_empty (probe->mod), or_empty (probe->func), or_empty (probe->name),
                strerror (err), verbose ? "" : " (-v shows the verifier log)");
  free (why);
}

/* bpf_prog_load, then once more with the verifier's log when it fails. */
static int
load_insns (const struct bpf_image *img, const struct bpf_insn *insns, const struct dprobe *probe,
            bool verbose)
{
  LIBBPF_OPTS (bpf_prog_load_opts, opts, .expected_attach_type = img->expected_attach_type,
               .prog_flags = img->prog_flags, .attach_btf_id = img->attach_btf_id);
  int fd = bpf_prog_load (img->prog_type, img->name, "GPL", insns, img->ninsns, &opts);
  if (fd >= 0)
    return fd;
  int err = errno;
  size_t logsz = 4 << 20;
  char *log = xmalloc (logsz);
  log[0] = '\0';
  LIBBPF_OPTS (bpf_prog_load_opts, vopts, .expected_attach_type = img->expected_attach_type,
               .prog_flags = img->prog_flags, .attach_btf_id = img->attach_btf_id, .log_buf = log, .log_size = (unsigned) logsz, .log_level = 1);
  fd = bpf_prog_load (img->prog_type, img->name, "GPL", insns, img->ninsns, &vopts);
  if (fd >= 0)
    {
      free (log);
      return fd;
    }
  log[logsz - 1] = '\0';
  report_rejection (img, probe, err, log, verbose);
  if (verbose && log[0])
    fprintf (stderr, "%s\n", log);
  free (log);
  return -1;
}

/* Programs whose cookie is a constant, by fd, with their copies. */
struct cookie_copy { uint64_t cookie; int fd; };
static struct cookie_base {
  int fd;
  struct bpf_image img;        /* relocated instructions; no relocations */
  struct cookie_copy *copies;
  size_t ncopies, copies_cap;
} *cookie_bases;
static size_t ncookie_bases, cookie_bases_cap;

static void
cookie_base_free (struct cookie_base *b)
{
  for (size_t i = 0; i < b->ncopies; i++)
    close (b->copies[i].fd);
  free (b->copies);
  image_free (&b->img);
}

static int
cookie_program (int prog_fd, uint64_t cookie)
{
  struct cookie_base *b = NULL;
  for (size_t i = 0; i < ncookie_bases && !b; i++)
    if (cookie_bases[i].fd == prog_fd)
      b = &cookie_bases[i];
  if (!b)
    return prog_fd;
  for (size_t i = 0; i < b->ncopies; i++)
    if (b->copies[i].cookie == cookie)
      return b->copies[i].fd;
  b->img.insns[b->img.cookie_insn].imm = (int32_t) (uint32_t) cookie;
  int fd = load_insns (&b->img, b->img.insns, NULL, false);
  if (fd >= 0)
    VEC_PUSH (b->copies, b->ncopies, b->copies_cap) = (struct cookie_copy) { cookie, fd };
  return fd;
}

/* Keep IMG's relocated INSNS (taken over) for copies of program FD. */
static void
cookie_base_add (int fd, const struct bpf_image *img, struct bpf_insn *insns)
{
  uprobe_set_cookie_programs (cookie_program);
  struct cookie_base *b = NULL;
  for (size_t i = 0; i < ncookie_bases && !b; i++)
    if (cookie_bases[i].fd == fd)       /* a closed program's fd, reused */
      {
        b = &cookie_bases[i];
        cookie_base_free (b);
      }
  if (!b)
    b = &VEC_PUSH (cookie_bases, ncookie_bases, cookie_bases_cap);
  memset (b, 0, sizeof *b);
  b->fd = fd;
  b->img = *img;
  b->img.insns = insns;
  b->img.relocs = NULL;
  b->img.nrelocs = 0;
  b->img.name = xstrdup (img->name);
}

void
loader_forget_cookie_programs (void)
{
  for (size_t i = 0; i < ncookie_bases; i++)
    cookie_base_free (&cookie_bases[i]);
  free (cookie_bases);
  cookie_bases = NULL;
  ncookie_bases = cookie_bases_cap = 0;
}

int
loader_load (const struct bpf_image *img, const struct map_table *maps, const struct dprobe *probe, bool verbose)
{
  struct bpf_insn *insns = xmalloc ((img->ninsns ? img->ninsns : 1) * sizeof *insns);
  memcpy (insns, img->insns, img->ninsns * sizeof *insns);
  for (size_t i = 0; i < img->nrelocs; i++)
    {
      const struct bpf_reloc *r = &img->relocs[i];
      int fd = map_table_fd (maps, r->map);
      if (r->insn >= img->ninsns || fd < 0)
        {
          char buf[300];
          diag_error ("internal error: the program for %s needs map %s, which was not created",
                      img->name, map_ref_name (r->map, NULL, buf, sizeof buf));
          free (insns);
          return -1;
        }
      insns[r->insn].imm = fd;
    }
  int fd = load_insns (img, insns, probe, verbose);
  if (fd >= 0 && img->cookie_insn > 0 && (size_t) img->cookie_insn < img->ninsns)
    cookie_base_add (fd, img, insns);
  else
    free (insns);
  return fd;
}

int
loader_program (struct codegen_ctx *cg, const struct map_table *maps, bool verbose,
                enum probe_kind kind, unsigned probe_id, const struct dprobe *probe, const char *name)
{
  struct bpf_image img;
  cg->kern = kind == PK_KERNEL ? probe->kern : KP_NONE;
  cg->fbt_btf_id = probe->btf_id;
  cg->fbt_nargs = probe->nargs;
  memcpy (cg->fbt_widths, probe->widths, sizeof cg->fbt_widths);
  cg->sdt = probe->sdt;
  cg->begin_type = probe->begin_type;
  int rc = codegen_program (cg, kind, probe_id, probe->clauses, probe->nclauses, name, &img);
  cg->kern = KP_NONE;
  if (rc != 0)
    return -1;
  int fd = loader_load (&img, maps, probe, verbose);
  image_free (&img);
  return fd;
}
