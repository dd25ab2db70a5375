/* SPDX-License-Identifier: MIT */
/*
 * dlang.h — the D front end's public interface: the provider model and the
 * parse entry points.
 *
 * One lexer and one parser serve both `.d` provider definitions (`dtrace -h`,
 * `dtrace -G`) and D programs for the consumer (`-s`, `-n`...).  In provider
 * mode the parser is deliberately lenient about everything that is not a
 * provider (arbitrary C declarations, typedefs, structs, translators, inline
 * definitions, probe clauses such as CPython's `BEGIN{}`): those are skipped
 * by balanced-bracket scanning, as real builds require (doc/build-requirements.md R9-R14).
 * `-C` runs the C preprocessor (in C mode, honouring CPP/CC) first; cpp line
 * markers keep diagnostics pointing at the original file and line.
 *
 * The syntax tree of D programs is dlang/ast.h; the `-h` header generator
 * that reads this model is provider-compiler/provider-compiler.h.  The
 * front end's layering is described in dlang/parser.h.
 */
#ifndef SDTKIT_DLANG_H
#define SDTKIT_DLANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct d_loc {
  const char *file;   /* owned by the d_program (string pool) */
  int line;
  int column;
};

/* One parameter of a probe declaration. */
struct d_param {
  char *text;   /* the whole declaration, one blank between tokens, "*" bound to what follows: "const char *key" */
  char *type;   /* the type alone: "const char *"; "int [4]" for arrays */
  char *name;   /* the declared name, or NULL when unnamed */
};

struct d_probe_decl {
  char *name;               /* as declared: "command__get" (note and semaphore name) */
  size_t nargs;             /* native arguments; "()" and "(void)" are 0 */
  struct d_param *args;
  bool has_xlate;           /* "probe p(...) : (...)" */
  size_t nxargs;
  struct d_param *xargs;    /* translated (D) argument list after ':' */
  struct d_loc loc;
};

/* Private to the front end (dlang/program.c): names to array indices, so
 * that merging providers and probes by name never scans every one.  Open
 * addressing, at most half full; ->name points at the element's own name. */
struct d_name_slot {
  const char *name;         /* NULL: a free slot */
  size_t index;
};
struct d_name_index {
  struct d_name_slot *slots;
  size_t nslots, count;
};

struct d_provider {
  char *name;
  size_t nprobes;
  struct d_probe_decl *probes;
  struct d_loc loc;         /* first declaration; several blocks of one name are merged */
  /* Private to the front end: the capacity of ->probes, and their names. */
  size_t probes_cap;
  struct d_name_index probe_index;
};

/* `#pragma D attributes ...` and other `#pragma D` lines, kept verbatim. */
struct d_pragma {
  char *text;               /* "D attributes Evolving/Evolving/Common provider memcached provider" */
  struct d_loc loc;
};

struct d_program {
  size_t nproviders;
  struct d_provider *providers;
  size_t npragmas;
  struct d_pragma *pragmas;
  /* The source files seen (main file and, after -C, included ones);
   * every d_loc.file points into this pool. */
  size_t nfiles;
  char **files;
  /* Private to the front end: the capacities of the arrays above, and the
   * providers' names. */
  size_t providers_cap, pragmas_cap, files_cap;
  struct d_name_index provider_index;
};

enum d_parse_mode {
  D_PARSE_PROVIDERS,        /* -h / -G: providers only, skip everything else */
  D_PARSE_PROGRAM           /* consumer: full D (grows with issue 4) */
};

struct d_cpp_options {
  bool enabled;             /* -C */
  size_t nargs;             /* -D/-U/-I words, in command-line order, joined form ("-DX=1", "-Idir") */
  char **args;
  const char *display;      /* the name errors give the input, when it is not
                               the path preprocessed (a temporary copy); NULL: the path */
};

/* Parse PATH (through cpp when cpp->enabled).  Returns 0 on success.  On
 * error prints "dtrace: FILE:LINE: error: ..." (through diag) and returns -1;
 * *out is then empty and needs no d_program_free. */
int d_parse_file (const char *path, const struct d_cpp_options *cpp,
                  enum d_parse_mode mode, struct d_program *out);
/* Same on text already in memory; NAME is used in diagnostics. */
int d_parse_string (const char *name, const char *text, size_t len,
                    enum d_parse_mode mode, struct d_program *out);
void d_program_free (struct d_program *prog);

/* Run the C preprocessor on PATH and return its output (malloc'd, *len set),
 * or NULL after printing an error.  Command: $CPP if set (shell-word split),
 * else "$CC -E" if CC is set, else "cpp"; always in C mode ("-x c"), with the
 * -D/-U/-I words, never through a shell. */
char *d_preprocess (const char *path, const struct d_cpp_options *cpp, size_t *len);

/* Limits. */
#define D_MAX_PROBE_ARGS 12
/* The largest D source read (a file, or cpp's output for it): 16 MiB.  A
 * definition of 40,000 probes is about 2 MB and real ones are far smaller,
 * so no real input comes near it; it makes `-s /dev/zero` (or a runaway
 * generated file) a prompt error instead of a process that eats memory. */
#define D_MAX_SOURCE_SIZE ((size_t) 16 << 20)

/* ------------------------------------------------------------------ */
/* D programs (D_PARSE_PROGRAM): the tree is struct d_script (dlang/ast.h). */

struct d_script;

/* Parse a D program from a file (-s, through cpp when cpp->enabled) or a
 * string (-n and friends).  Errors are printed in DTrace's form, ERRPREFIX
 * first: "failed to compile script x.d" gives
 * "dtrace: failed to compile script x.d: line 3: syntax error near \"}\"";
 * "invalid probe specifier BEGIN{x" gives
 * "dtrace: invalid probe specifier BEGIN{x: syntax error near end of input".
 * A leading "#!" line is skipped.  Returns 0, or -1 after printing; *OUT
 * and PROG (which must start empty) are then left empty. */
int d_parse_script_file (const char *path, const struct d_cpp_options *cpp, const char *errprefix,
                         struct d_program *prog, struct d_script *out);
int d_parse_script_string (const char *name, const char *text, const char *errprefix,
                           struct d_program *prog, struct d_script *out);

#endif
