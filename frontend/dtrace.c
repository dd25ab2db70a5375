/* SPDX-License-Identifier: MIT */
/*
 * dtrace.c — the `dtrace` command: parse options, dispatch to a library.
 *
 *   -h  provider definitions -> C header        (provider-compiler/)
 *   -G  provider definitions -> semaphore object, call-style sites linked (dtrace-g/)
 *   -l  list probes                              (sdt/, frontend/listing.c)
 *
 * Outputs are written atomically (frontend/output-file.c).  Exit status: 0
 * success, 1 error, 2 usage error.
 */
#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "consumer/consumer.h"
#include "dtrace-g/dtrace-g.h"
#include "dtrace-g/libtool-objects.h"
#include "frontend/listing.h"
#include "frontend/options.h"
#include "frontend/output-file.h"
#include "provider-compiler/provider-compiler.h"
#include "common/files.h"
#include "common/strset.h"
#include "common/xalloc.h"
#include "consumer/probes/kernel-features.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0"
#endif

/* All -s scripts parsed, and one program that views their providers. */
struct scripts {
  size_t n;
  struct d_program *progs;
  struct d_program all;     /* shallow: providers/pragmas point into progs */
};

static int
parse_scripts (const struct dtrace_options *o, struct scripts *s)
{
  struct d_cpp_options cpp = { .enabled = o->preprocess, .nargs = o->ncpp, .args = o->cpp_args };
  memset (s, 0, sizeof *s);
  s->progs = xcalloc (o->nscripts, sizeof *s->progs);
  for (size_t i = 0; i < o->nscripts; i++)
    {
      if (d_parse_file (o->scripts[i], &cpp, D_PARSE_PROVIDERS, &s->progs[i]) != 0)
        return -1;
      s->n = i + 1;
    }
  for (size_t i = 0; i < s->n; i++)
    {
      struct d_program *p = &s->progs[i];
      s->all.providers = xrealloc (s->all.providers,
                                   (s->all.nproviders + p->nproviders + 1) * sizeof *s->all.providers);
      if (p->nproviders)
        memcpy (s->all.providers + s->all.nproviders, p->providers,
                p->nproviders * sizeof *p->providers);
      s->all.nproviders += p->nproviders;
    }
  return 0;
}

static void
free_scripts (struct scripts *s)
{
  for (size_t i = 0; i < s->n; i++)
    d_program_free (&s->progs[i]);
  free (s->progs);
  free (s->all.providers);
}

/* basename(script) minus its last extension, plus SUFFIX, in the CWD. */
static char *
default_output (const char *script, const char *suffix)
{
  const char *b = path_base (script);
  const char *dot = strrchr (b, '.');
  size_t len = dot && dot != b ? (size_t) (dot - b) : strlen (b);
  char *stem = xstrndup (b, len);
  char *out = xasprintf ("%s%s", stem, suffix);
  free (stem);
  return out;
}

/* -h and -G: at least one script is needed.  False after the usage error. */
static bool
have_scripts (const struct dtrace_options *o, const char *mode)
{
  if (o->nscripts > 0)
    return true;
  diag_error ("%s requires one or more scripts (-s)", mode);
  return false;
}

/* The output of -h / -G: -o, else the first script's name with SUFFIX
 * (then in *DEF, which the caller frees). */
static const char *
output_path (const struct dtrace_options *o, const char *suffix, char **def)
{
  *def = o->output ? NULL : default_output (o->scripts[0], suffix);
  return o->output ? o->output : *def;
}

static int
do_header (const struct dtrace_options *o)
{
  if (!have_scripts (o, "-h"))
    return 2;
  if (o->nscripts > 1 && !o->output)
    {
      diag_error ("-h requires an output file (-o) if multiple scripts are specified");
      return 2;
    }
  struct scripts s;
  int rc = 1;
  char *def;
  const char *path = output_path (o, ".h", &def);
  struct output_file out;
  bool callstyle = str_list_has (o->xopts, o->nxopts, "callstyle"); /* -x callstyle */
  if (parse_scripts (o, &s) == 0 && (!callstyle || d_check_callstyle (&s.all) == 0)
      && output_open (&out, path) == 0)
    {
      struct d_header_options hopt = { path };
      FILE *f = output_stream (&out);
      errno = 0;
      if (f && (callstyle ? d_write_callstyle_header (&s.all, &hopt, f)
                          : d_write_header (&s.all, &hopt, f)) == 0)
        rc = output_commit (&out) == 0 ? 0 : 1;
      else
        {
          /* The stream's failing write or flush left its reason in errno. */
          if (f && errno)
            diag_error ("cannot write %s: %s", path, strerror (errno));
          else
            diag_error ("cannot write %s", path);
          output_abort (&out);
        }
    }
  free_scripts (&s);
  free (def);
  return rc;
}

/* -o prov.lo (dtrace-g/libtool-objects.h): write the -G object as the PIC
 * and/or non-PIC object the operands ask for, then prov.lo naming them.
 * Otherwise one object at PATH. */
struct link_outputs {
  bool libtool;
  bool pic, non_pic;         /* libtool: which objects are written */
  char *paths[2];            /* PIC, non-PIC (libtool); paths[0] = PATH otherwise */
  struct output_file out[2];
  size_t n;
};

static int
open_link_outputs (struct link_outputs *lo, const char *path, const struct libtool_operands *lt)
{
  memset (lo, 0, sizeof *lo);
  lo->libtool = libtool_is_lo_name (path);
  if (!lo->libtool)
    lo->paths[lo->n++] = xstrdup (path);
  else
    {
      bool both = !lt->any_lo;
      lo->pic = lt->pic || both;
      lo->non_pic = lt->non_pic || both;
      if (lo->pic)
        {
          char *pic = libtool_object_path (path, true);
          /* libtool's object directory, .libs, may not exist yet. */
          char *dir = xstrdup (pic);
          *strrchr (dir, '/') = '\0';
          if (mkdir (dir, 0777) != 0 && errno != EEXIST)
            {
              diag_error ("cannot create %s: %s", dir, strerror (errno));
              free (dir);
              free (pic);
              return -1;
            }
          free (dir);
          lo->paths[lo->n++] = pic;
        }
      if (lo->non_pic)
        lo->paths[lo->n++] = libtool_object_path (path, false);
    }
  for (size_t i = 0; i < lo->n; i++)
    if (output_open (&lo->out[i], lo->paths[i]) != 0)
      {
        while (i-- > 0)
          output_abort (&lo->out[i]);
        return -1;
      }
  return 0;
}

static void
free_link_outputs (struct link_outputs *lo)
{
  free_strings (lo->paths, lo->n);
}

/* Write the -G object to every output; then name them all (and the .lo).
 * Returns 0, or -1 after printing an error (no output left behind). */
static int
write_link_outputs (struct link_outputs *lo, const char *path, const struct d_program *prog,
                    const struct dtrace_g_options *gopt, const struct dtrace_g_target *target,
                    struct dtrace_g_linker *linker)
{
  bool ok = true;
  size_t i;
  for (i = 0; i < lo->n && ok; i++)
    ok = dtrace_g_write_object (prog, gopt, target, lo->out[i].fd) == 0;
  struct output_file lo_file;
  bool lo_open = false;
  if (ok && lo->libtool)
    {
      lo_open = ok = output_open (&lo_file, path) == 0;
      if (ok)
        {
          char *text = libtool_lo_text (path, lo->pic, lo->non_pic);
          FILE *f = output_stream (&lo_file);
          ok = f && fputs (text, f) != EOF;
          free (text);
        }
    }
  if (ok && dtrace_g_linker_commit (linker) == 0)
    {
      int rc = 0;
      for (i = 0; i < lo->n; i++)
        if (output_commit (&lo->out[i]) != 0)
          rc = -1;
      if (lo_open && output_commit (&lo_file) != 0)
        rc = -1;
      return rc;
    }
  for (i = 0; i < lo->n; i++)
    output_abort (&lo->out[i]);
  if (lo_open)
    output_abort (&lo_file);
  return -1;
}

static int
do_link (const struct dtrace_options *o)
{
  if (!have_scripts (o, "-G"))
    return 2;
  struct scripts s;
  int rc = 1;
  char *def;
  const char *path = output_path (o, ".o", &def);
  struct libtool_operands lt;
  if (libtool_expand_operands (o->noperands, (char *const *) o->operands, &lt) != 0)
    {
      free (def);
      return 1;
    }
  struct dtrace_g_options gopt = {
    .elf_class = o->elf_class == 32 ? ELFCLASS32 : o->elf_class == 64 ? ELFCLASS64 : 0,
    .default_visibility = o->stap_sdt_v1_v2,
    .cflags = getenv ("CFLAGS"),
    .output = path,
    .nobjects = lt.nobjects,
    .objects = lt.objects,
  };
  struct dtrace_g_target target;
  struct link_outputs outs = { 0 };
  if (parse_scripts (o, &s) == 0 && dtrace_g_check_objects (&s.all, &gopt, &target) == 0
      && open_link_outputs (&outs, path, &lt) == 0)
    {
      /* Call-style sites are linked into temp copies of their objects,
       * which replace the objects only once the -G object is written too. */
      struct dtrace_g_linker *linker = NULL;
      if (dtrace_g_link_sites (&s.all, &gopt, &linker) == 0)
        rc = write_link_outputs (&outs, path, &s.all, &gopt, &target, linker) == 0 ? 0 : 1;
      else
        for (size_t i = 0; i < outs.n; i++)
          output_abort (&outs.out[i]);
      dtrace_g_linker_free (linker);
    }
  free_link_outputs (&outs);
  libtool_operands_free (&lt);
  free_scripts (&s);
  free (def);
  return rc;
}

/* The consumer's view of the command line. */
static struct consumer_source *
consumer_sources (const struct dtrace_options *o)
{
  struct consumer_source *src = xcalloc (o->nsources ? o->nsources : 1, sizeof *src);
  for (size_t i = 0; i < o->nsources; i++)
    {
      static const struct { char c; enum consumer_source_kind k; } kinds[] = {
        { 's', SRC_SCRIPT }, { 'n', SRC_NAME }, { 'P', SRC_PROVIDER }, { 'm', SRC_MODULE },
        { 'f', SRC_FUNCTION },
      };
      for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (kinds[k].c == o->sources[i].kind)
          src[i].kind = kinds[k].k;
      src[i].text = o->sources[i].text;
    }
  return src;
}

/* -l with descriptions or -p: processes' and files' USDT probes. */
static int
do_list (const struct dtrace_options *o)
{
  struct consumer_source *src = consumer_sources (o);
  struct consumer_options copt = {
    .nsources = o->nsources, .sources = src, .verbose = o->verbose,
    .npids = o->npids, .pids = o->pids, .command = o->command,
    .nxopts = o->nxopts, .xopts = o->xopts,   /* -x nodemangle */
  };
  int rc = consumer_list (&copt, 0, NULL);
  free (src);
  return rc;
}

/* -n / -s / -P / -m / -f with -p / -c: the D consumer. */
static int
do_trace (const struct dtrace_options *o)
{
  struct consumer_source *src = consumer_sources (o);
  struct consumer_options copt = {
    .nsources = o->nsources, .sources = src,
    .quiet = o->quiet, .flowindent = o->flowindent, .verbose = o->verbose, .zdefs = o->zdefs, .destructive = o->destructive,
    .compile_only = o->compile_only,
    .nxopts = o->nxopts, .xopts = o->xopts,
    .npids = o->npids, .pids = o->pids, .command = o->command,
    .nargs = o->noperands, .args = o->operands,
    .output = o->output,
    .cpp = { o->preprocess, o->ncpp, o->cpp_args },
  };
  int rc = consumer_run (&copt);
  free (src);
  return rc;
}

int
main (int argc, char **argv)
{
  struct dtrace_options o;
  int rc = dtrace_options_parse (argc, argv, &o);
  if (rc != 0)
    return rc;
  elf_version (EV_CURRENT);

  switch (o.mode)
    {
    case MODE_VERSION:
      printf ("dtrace: sdtkit %s (USDT probes as systemtap v3 notes)\n", PACKAGE_VERSION);
      rc = 0;
      break;
    case MODE_KERNEL_FEATURES:
    case MODE_KERNEL_FEATURES_MARKDOWN:
      kernel_features_print (stdout, o.mode == MODE_KERNEL_FEATURES_MARKDOWN);
      rc = 0;
      break;
    case MODE_HELP:
      dtrace_usage (stdout);
      rc = 0;
      break;
    case MODE_HEADER:
      rc = do_header (&o);
      break;
    case MODE_LINK:
      rc = do_link (&o);
      break;
    case MODE_LIST:
      rc = (o.nsources > o.nmodules || o.npids || o.command || o.nmodules == 0) ? do_list (&o) : dtrace_list (&o);
      break;
    case MODE_TRACE:
      rc = do_trace (&o);
      break;
    case MODE_NONE:
      dtrace_usage (stderr);
      rc = 2;
      break;
    }
  dtrace_options_free (&o);
  return rc;
}
