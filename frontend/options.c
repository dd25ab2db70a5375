/* SPDX-License-Identifier: MIT */
/*
 * options.c — parse the dtrace command line (see options.h for the rules).
 *
 * A sequential loop, not getopt: options and operands interleave freely and
 * several historical spellings must be accepted.  Options taking a value
 * accept it joined (`-oFILE`) or as the next word (`-o FILE`).
 */
#include <stdlib.h>
#include <string.h>

#include "frontend/options.h"
#include "common/vec.h"
#include "common/xalloc.h"

void
dtrace_usage (FILE *f)
{
  fprintf (f,
    "Usage: dtrace [-CGhlqvV] [-32|-64] [-o output] [-s script] [-x opt[=val]]\n"
    "              [-D name[=def]] [-U name] [-I path] [-n probe] [-P provider]\n"
    "              [-m module] [-f function] [-p pid] [-c cmd] [object ...]\n"
    "\n"
    "  -h          generate a C header of probe macros from the -s provider definitions\n"
    "  -x callstyle  with -h: probes are calls of __dtrace_<prov>___<probe>(), which\n"
    "              -G patches out of the objects (Solaris-style call-style probes)\n"
    "  -G          generate an object defining the probes' is-enabled semaphores,\n"
    "              checking the object operands' probe sites against the definitions\n"
    "              and linking their call-style probe sites into notes\n"
    "  -s script   read D provider definitions or a D program from script\n"
    "  -o output   output file (default: script basename + .h / .o)\n"
    "  -C          run the C preprocessor (honours CPP, CC; -D, -U, -I) first\n"
    "  -l          list probes (-m PATH lists the USDT probes of an ELF file)\n"
    "  -v          verbose: with -l, show every probe site, argument and semaphore\n"
    "  -V          print the version\n"
    "  -32, -64, -fpic, -fPIC, -k, --types, -x opt  accepted for compatibility\n");
}

/* The capacities of the growing lists of struct dtrace_options, kept only
 * while the command line is parsed. */
struct option_caps {
  size_t scripts, probes, modules, cpp, xopts, pids, operands, sources;
};

static void
push (size_t *n, const char ***v, size_t *cap, const char *s)
{
  VEC_PUSH (*v, *n, *cap) = s;
}

static void
push_cpp (struct dtrace_options *o, struct option_caps *caps, char flag, const char *value)
{
  VEC_PUSH (o->cpp_args, o->ncpp, caps->cpp) = xasprintf ("-%c%s", flag, value);
  if (flag == 'D' && (strcmp (value, "STAP_SDT_V1") == 0 || strncmp (value, "STAP_SDT_V1=", 12) == 0
                      || strcmp (value, "STAP_SDT_V2") == 0 || strncmp (value, "STAP_SDT_V2=", 12) == 0))
    o->stap_sdt_v1_v2 = true;
}

/* "dtrace: MESSAGE 'ARG'" (ARG may be NULL), then the usage text. */
static int
usage_error (const char *message, const char *arg)
{
  if (arg)
    fprintf (stderr, "dtrace: %s '%s'\n", message, arg);
  else
    fprintf (stderr, "dtrace: %s\n", message);
  dtrace_usage (stderr);
  return 2;
}

/* Options that take a value, in the letter set of Solaris dtrace. */
static bool
takes_value (char c)
{
  return strchr ("osnPmfipcxDUIbX", c) != NULL;
}

static int parse_words (int argc, char **argv, struct dtrace_options *o,
                        struct option_caps *caps);

int
dtrace_options_parse (int argc, char **argv, struct dtrace_options *o)
{
  memset (o, 0, sizeof *o);
  struct option_caps caps = { 0 };
  int rc = parse_words (argc, argv, o, &caps);
  if (rc != 0)
    dtrace_options_free (o);
  return rc;
}

static int
parse_words (int argc, char **argv, struct dtrace_options *o, struct option_caps *caps)
{
  bool only_operands = false;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (only_operands || a[0] != '-' || a[1] == '\0')
        {
          push (&o->noperands, &o->operands, &caps->operands, a);
          continue;
        }
      if (strcmp (a, "--") == 0)
        {
          only_operands = true;
          continue;
        }
      /* Long and special spellings first. */
      if (strcmp (a, "-64") == 0 || strcmp (a, "-32") == 0)
        {
          o->elf_class = a[1] == '6' ? 64 : 32;
          continue;
        }
      if (strcmp (a, "-fpic") == 0 || strcmp (a, "-fPIC") == 0 || strcmp (a, "--types") == 0
          || strcmp (a, "--no-pyparsing") == 0)
        continue;
      if (strcmp (a, "--version") == 0)
        {
          o->mode = MODE_VERSION;
          continue;
        }
      if (strcmp (a, "--help") == 0)
        {
          o->mode = MODE_HELP;
          continue;
        }
      if (strcmp (a, "--kernel-features") == 0 || strcmp (a, "--kernel-features=markdown") == 0)
        {
          o->mode = a[17] ? MODE_KERNEL_FEATURES_MARKDOWN : MODE_KERNEL_FEATURES;
          continue;
        }
      if (a[1] == '-')
        return usage_error ("invalid option", a);

      /* Clustered single-letter flags ("-qv"), the last one may take a value. */
      for (const char *p = a + 1; *p; p++)
        {
          char c = *p;
          if (takes_value (c))
            {
              const char *v = p[1] ? p + 1 : NULL;
              if (!v)
                {
                  if (i + 1 >= argc)
                    return usage_error ("missing argument of option", a);
                  v = argv[++i];
                }
              if (strchr ("snPmf", c))
                {
                  VEC_PUSH (o->sources, o->nsources, caps->sources)
                    = (struct dtrace_source) { c, v };
                }
              switch (c)
                {
                case 'o': o->output = v; break;
                case 's': push (&o->nscripts, &o->scripts, &caps->scripts, v); break;
                case 'n': case 'P': case 'f': case 'i':
                  push (&o->nprobes, &o->probes, &caps->probes, v); break;
                case 'm': push (&o->nmodules, &o->modules, &caps->modules, v); break;
                case 'p': push (&o->npids, &o->pids, &caps->pids, v); break;
                case 'c': o->command = v; break;
                case 'x': push (&o->nxopts, &o->xopts, &caps->xopts, v); break;
                case 'D': case 'U': case 'I': push_cpp (o, caps, c, v); break;
                case 'b': case 'X': break;   /* buffer size, ISO C mode: accepted */
                }
              break;
            }
          switch (c)
            {
            case 'h': o->header = true; break;
            case 'G': o->link = true; break;
            case 'l': o->list = true; break;
            case 'C': o->preprocess = true; break;
            case 'q': o->quiet = true; break;
            case 'F': o->flowindent = true; break;
            case 'v': o->verbose = true; break;
            case 'V': o->mode = MODE_VERSION; break;
            case 'Z': o->zdefs = true; break;
            case 'w': o->destructive = true; break;
            case 'e': o->compile_only = true; break;
            case 'k': case 'S': case 'a': case 'A':
              break;      /* accepted; meaningful only to later consumer modes */
            default:
              return usage_error ("invalid option", a);
            }
        }
    }

  if (o->mode == MODE_VERSION || o->mode == MODE_HELP || o->mode == MODE_KERNEL_FEATURES
      || o->mode == MODE_KERNEL_FEATURES_MARKDOWN)
    return 0;
  if (o->header && o->link)
    return usage_error ("-h and -G cannot be used together", NULL);
  if (o->header)
    o->mode = MODE_HEADER;
  else if (o->link)
    o->mode = MODE_LINK;
  else if (o->list)
    o->mode = MODE_LIST;
  else if (o->nscripts || o->nprobes || o->nmodules)
    o->mode = MODE_TRACE;
  else
    return usage_error ("no probe, script, -h or -G given", NULL);
  return 0;
}

void
dtrace_options_free (struct dtrace_options *o)
{
  VEC_FREE_ALL (o->cpp_args, o->ncpp);
  FREE_ALL (o->scripts, o->probes, o->modules, o->xopts, o->pids, o->operands,
            o->sources);
  memset (o, 0, sizeof *o);
}
