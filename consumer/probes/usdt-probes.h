/* SPDX-License-Identifier: MIT */
/*
 * usdt-probes.h — find the USDT probes a description names, in processes
 * and in files, grouped as DTrace shows them.
 *
 * Where probes are looked for (the scope):
 *  - processes (-p PID, -c CMD): every file-backed executable mapping of
 *    /proc/PID/maps; a -c child still held before its exec contributes the
 *    file it is about to execute instead.  Provider = `<prov><pid>`.
 *  - files given as paths (a module field containing '/', e.g. `./demo` or
 *    `/usr/bin/python3.11`, or -m FILE for -l): with processes in scope the
 *    file is added to each of them (a library it will dlopen later); without
 *    processes the file itself is the scope and the provider is the note's
 *    own name (nothing needs to run it: attach by inode covers later runs).
 *  - otherwise, system-wide: every process in /proc (kernel threads and
 *    vanished processes are skipped), provider `<prov><pid>`.
 * Each ELF file is opened and its notes (and symbols) read once per
 * (dev, inode), through a path valid in our mount namespace: the mapped
 * path itself when it is the same file, else /proc/PID/root/PATH, else
 * /proc/PID/map_files/START-END.  A cache shared by the calls of one run
 * (and by the compiler's args[N] typing, usdt_cache_notes) keeps them.
 *
 * A probe is (provider, module = file basename, function = the symbol that
 * holds the site, name = D spelling).  Its sites are the notes of that
 * group.  The list also holds the UNIQUE sites of all its probes (one per
 * file and offset: processes of one binary share them) as uprobe_site
 * records whose cookie is their index: attach those, and index per-site data
 * by the cookie.
 */
#ifndef SDTKIT_CONSUMER_USDT_PROBES_H
#define SDTKIT_CONSUMER_USDT_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "consumer/probes/probe-desc.h"
#include "consumer/probes/uprobe-attach.h"
#include "sdt/sdt.h"

/* One ELF file, identified by (dev, ino). */
struct usdt_file {
  dev_t dev;
  ino_t ino;
  char *path;            /* a path that opens this file from our namespace */
  char *shown_path;      /* the path as the process (or the user) names it */
  char *module;          /* basename of shown_path */
  bool named;            /* false: read for usdt_cache_notes, names provisional */
  struct sdt_file elf;   /* its notes */
  bool have_syms;
  struct sdt_symtab syms;
};

struct usdt_site {
  const struct usdt_file *file;
  size_t note;              /* index into file->elf.notes */
  uint64_t pc;              /* link-time address (after .stapsdt.base) */
  uint64_t offset;          /* file offset of the probe instruction */
  unsigned attach_delta;    /* attach at offset + this (fast-sites.h), 0 or 6 */
  uint64_t ref_ctr_offset;  /* file offset of the semaphore, 0 = none */
  const char *args;         /* raw argument string */
  size_t usite;             /* index into the list's unique sites = cookie */
};

struct usdt_probe {
  char *provider;           /* "<prov><pid>", or "<prov>" in file scope */
  const char *note_provider;/* the note's provider ("memcached") */
  pid_t pid;                /* 0 in file scope */
  const char *module;
  const char *function;     /* "" when no symbol holds the site */
  char *name;               /* D name ("command-get") */
  const char *note_name;    /* raw note name ("command__get") */
  size_t nsites;
  struct usdt_site *sites;
  bool by_file;             /* set by the runtime: enabled by a description not
                               scoped to a process (`prov*:::`), so its sites are
                               attached by file and later processes get probes */
};

struct usdt_cache;          /* files read so far, by (dev, ino) */

struct usdt_probe_list {
  size_t nprobes;
  struct usdt_probe *probes;
  size_t nusites;
  struct uprobe_site *usites;   /* unique sites; usites[i].cookie == i */
  struct usdt_cache *cache;     /* keeps the files alive */
};

/* A process in scope.  EXEC_PATH non-NULL: a -c child held before its exec;
 * its probes come from that file (resolved through PATH already). */
struct usdt_proc {
  pid_t pid;
  const char *exec_path;
};

struct usdt_scope {
  const struct usdt_proc *procs;
  size_t nprocs;
  const char *const *modules;   /* files by path, in addition to module fields */
  size_t nmodules;
  bool system_wide;             /* no processes and no paths: scan /proc */
};

/* A cache of files read, shareable across calls (NULL: a private one). */
struct usdt_cache *usdt_cache_new (void);
void usdt_cache_unref (struct usdt_cache *c);
/* The notes of the ELF file at PATH (a path that opens it from here), read
 * into C on first use, quietly (NULL: not ELF, or unreadable); later
 * usdt_probes_find calls with C find the file read.  The names the file is
 * shown by come from those calls (its mapping, or the user's path). */
const struct sdt_file *usdt_cache_notes (struct usdt_cache *c, const char *path);

/* Every probe in SCOPE that matches any of the NDESCS descriptions (probe
 * names match with `-` == `__`, see probe_name_match).  Returns 0 (possibly
 * with no probes), or -1 after diag_error for a process that cannot be
 * examined (-p of a pid that does not exist) or a module path that cannot be
 * read.  Free OUT with usdt_probe_list_free. */
int usdt_probes_find (const struct probe_desc *descs, size_t ndescs,
                      const struct usdt_scope *scope, struct usdt_cache *cache,
                      struct usdt_probe_list *out);
void usdt_probe_list_free (struct usdt_probe_list *l);

/* `dtrace -l`: each probe to the one printer (probe-list.h), with its
 * sites for -v. */
struct probe_lister;
void usdt_list_print (struct probe_lister *pl, const struct usdt_probe_list *l);

/* ELF helpers (for pid-provider style attach points). */
/* File offset of link-time address VADDR, which must lie in an executable
 * PT_LOAD.  Returns 0, or -1 (no error printed). */
int usdt_elf_vaddr_to_offset (const char *path, uint64_t vaddr, uint64_t *offset);
/* The file offset of PATH's entry point: 0, or -1. */
int usdt_elf_entry_offset (const char *path, uint64_t *offset);
/* File offset of the entry of function SYMBOL.  Returns 0, or -1. */
int usdt_elf_function_offset (const char *path, const char *symbol, uint64_t *offset);

#endif
