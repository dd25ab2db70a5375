/* SPDX-License-Identifier: MIT */
/*
 * options.h — the `dtrace` command line, parsed into one struct.
 *
 * Real builds call dtrace in every order (doc/build-requirements.md R1-R8): options and
 * operands interleave, `-o`/`-s` take the next word (or are joined),
 * `-x ARG` and `-xARG` are both accepted, `-64 -32 -fpic -fPIC -k --types
 * --no-pyparsing` are accepted and ignored, `-D`/`-U`/`-I` come joined or
 * split.  Everything else unknown is a usage error (exit 2), because configure
 * scripts probe for option support by failure.
 */
#ifndef SDTKIT_FRONTEND_OPTIONS_H
#define SDTKIT_FRONTEND_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum dtrace_mode {
  MODE_NONE = 0,
  MODE_HEADER,      /* -h */
  MODE_LINK,        /* -G */
  MODE_LIST,        /* -l */
  MODE_TRACE,       /* -n / -s / -P ... without -h/-G/-l: the consumer */
  MODE_VERSION,     /* -V */
  MODE_HELP,        /* --help */
  MODE_KERNEL_FEATURES,          /* --kernel-features: this kernel's answers */
  MODE_KERNEL_FEATURES_MARKDOWN  /* --kernel-features=markdown: doc/kernels.md's table */
};

struct dtrace_options {
  enum dtrace_mode mode;
  bool header, link, list;     /* which of -h -G -l were given */
  bool preprocess;             /* -C */
  bool quiet;                  /* -q */
  bool flowindent;             /* -F */
  bool verbose;                /* -v */
  int elf_class;               /* 32 / 64 from -32 / -64, else 0 */
  const char *output;          /* -o */
  size_t nscripts;  const char **scripts;     /* -s */
  size_t nprobes;   const char **probes;      /* -n, -P, -m, -f, -i: descriptions */
  size_t nmodules;  const char **modules;     /* -m */
  size_t ncpp;      char **cpp_args;          /* -D -U -I, joined form */
  size_t nxopts;    const char **xopts;       /* -x */
  size_t npids;     const char **pids;        /* -p */
  const char *command;                        /* -c */
  size_t noperands; const char **operands;    /* words that are not options */
  /* -s -n -P -m -f in command-line order (the consumer's program sources):
   * kind is the option letter. */
  size_t nsources;
  struct dtrace_source { char kind; const char *text; } *sources;
  bool zdefs;                  /* -Z */
  bool destructive;            /* -w */
  bool compile_only;           /* -e */
  bool stap_sdt_v1_v2;         /* -DSTAP_SDT_V1 / -DSTAP_SDT_V2 */
};

/* Parse ARGV.  Returns 0, or 2 after printing a usage error to stderr. */
int dtrace_options_parse (int argc, char **argv, struct dtrace_options *opt);
void dtrace_options_free (struct dtrace_options *opt);
/* The usage text. */
void dtrace_usage (FILE *f);

#endif
