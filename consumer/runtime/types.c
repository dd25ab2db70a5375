/* SPDX-License-Identifier: MIT */
/*
 * types.c — the modules whose C types a script may name, handed to the
 * compiler as its type resolver (dprog.h struct dtarget, resolver).
 *
 * Known before the script is checked: the -p processes' executables and
 * mapped files, the -c command's executable and the libraries it will load
 * (it is held before its exec), and files named by path in the module field
 * of the script's probe descriptions.  The executable of the first process
 * is "a.out"; with no process, a path in a description is.  With neither
 * the compiler gets no resolver.  The kernel's types (scope vmlinux) come
 * from its BTF, always offered.  The processes' files are listed when the
 * compiler first asks for a type, and each module's DWARF is opened when a
 * lookup first needs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/xalloc.h"
#include "consumer/probes/btf-types.h"
#include "consumer/probes/kernel-symbols.h"
#include "consumer/probes/sdt-probes.h"
#include "consumer/probes/exec-mappings.h"
#include "consumer/probes/pid-libs.h"
#include "consumer/probes/probe-desc.h"
#include "consumer/probes/type-resolver.h"
#include "consumer/runtime/runtime-int.h"

struct map_scan {
  struct type_resolver *r;
  bool have_exe;
  struct stat exe;
};

static void
add_mapping (const struct exec_mapping *em, void *arg)
{
  struct map_scan *ms = arg;
  char *path = em->m->deleted ? NULL : exec_mapping_open_path (em);
  if (!path)
    return;
  char *name = xstrndup (em->m->path, em->m->path_len);
  const char *slash = strrchr (name, '/');
  bool is_exec = ms->have_exe && ms->exe.st_dev == em->dev && ms->exe.st_ino == em->ino;
  type_resolver_add (ms->r, path, slash ? slash + 1 : name, is_exec);
  free (name);
  free (path);
}

static void
add_process (struct type_resolver *r, const struct usdt_proc *p, bool first)
{
  if (p->exec_path)
    {
      type_resolver_add (r, p->exec_path, NULL, first);
      char **libs;
      size_t n = pid_needed_libs (p->exec_path, &libs);
      for (size_t i = 0; i < n; i++)
        {
          type_resolver_add (r, libs[i], NULL, false);
          free (libs[i]);
        }
      free (libs);
      return;
    }
  struct map_scan ms = { .r = r };
  char exe[64];
  snprintf (exe, sizeof exe, "/proc/%d/exe", (int) p->pid);
  ms.have_exe = first && stat (exe, &ms.exe) == 0;
  exec_mappings_scan (p->pid, add_mapping, &ms);
}

/* Files named by path in the module field of a probe description. */
static void
add_described (struct runtime *rt, struct type_resolver *r)
{
  struct probe_macros macros = { macro_lookup, rt };
  for (size_t s = 0; s < rt->nsrc; s++)
    {
      const struct d_script *sc = &rt->src[s].script;
      for (size_t c = 0; c < sc->nclauses; c++)
        for (size_t d = 0; d < sc->clauses[c].ndescs; d++)
          {
            struct probe_desc pd;
            char *err = NULL;
            if (probe_desc_parse (sc->clauses[c].descs[d].text, PROBE_FIELD_NAME, &macros, &pd, &err) != 0)
              {
                free (err);     /* reported when probes are resolved */
                continue;
              }
            if (strchr (pd.module, '/') && !probe_glob_is_pattern (pd.module))
              type_resolver_add (r, pd.module, NULL, rt->nprocs == 0);
            probe_desc_free (&pd);
          }
    }
}

static void
add_processes (void *arg, struct type_resolver *r)
{
  struct runtime *rt = arg;
  for (size_t i = 0; i < rt->nprocs; i++)
    add_process (r, &rt->procs[i], i == 0);
}

/* The kernel's types (curthread, struct task_struct...), its BTF opened
 * on the first lookup. */
static const struct ctype *
kernel_lookup (void *ctx, struct ctype_table *table, enum ctype_kind kind, const char *module,
               const char *name, char **error)
{
  struct runtime *rt = ctx;
  *error = NULL;
  (void) module;
  if (!rt->kernel_types_tried)
    {
      rt->kernel_types_tried = true;
      rt->kernel_types = btf_types_open (error);
      if (!rt->kernel_types)
        return NULL;
    }
  if (!rt->kernel_types)
    {
      *error = xstrdup ("the kernel has no BTF (/sys/kernel/btf/vmlinux)");
      return NULL;
    }
  return btf_types_lookup (rt->kernel_types, table, kind, name, error);
}

/* fbt args[INDEX] of kernel function FUNC (INDEX = its parameter count:
 * the return value's type). */
static const struct ctype *
kernel_func_arg (void *ctx, struct ctype_table *table, const char *module, const char *func,
                 unsigned index, char **error)
{
  (void) module;
  const struct ctype *any = kernel_lookup (ctx, table, CT_STRUCT, "vmlinux", "task_struct", error);
  struct runtime *rt = ctx;
  free (*error);
  *error = NULL;
  return any && rt->kernel_types ? btf_types_func_arg (rt->kernel_types, table, func, index) : NULL;
}

/* A kernel variable, `name: its type from BTF, its address from kallsyms. */
static int
kernel_symbol (void *ctx, struct ctype_table *table, const char *module, const char *name,
               uint64_t *addr, const struct ctype **type, char **error)
{
  struct runtime *rt = ctx;
  bool percpu = false;
  *type = NULL;
  if (kernel_lookup (ctx, table, CT_STRUCT, module, "task_struct", error))
    *type = btf_types_var (rt->kernel_types, table, name, &percpu);
  free (*error);
  *error = NULL;
  if (percpu)
    {
      *error = xasprintf ("%s is a per-CPU variable: its symbol is an offset, not an address "
                          "(not supported)", name);
      return -1;
    }
  return kernel_symbol_address (name, addr, error);
}

void
setup_types (struct runtime *rt)
{
  rt->prog.target.kernel_types = (struct ctype_resolver) { .ctx = rt, .lookup = kernel_lookup,
                                                           .func_arg = kernel_func_arg,
                                                           .symbol = kernel_symbol };
  rt->prog.target.sdt_arg_type = sdt_arg_type;
  rt->types = type_resolver_new ();
  /* paths in descriptions cost nothing to note; the processes' files are
   * listed on the first lookup */
  add_described (rt, rt->types);
  if (rt->nprocs == 0 && type_resolver_count (rt->types) == 0)
    return;                     /* no program: the compiler has no resolver */
  type_resolver_on_first_use (rt->types, add_processes, rt);
  rt->prog.target.resolver = type_resolver_bind (rt->types);
  usdt_argtypes_bind (rt, &rt->prog.target.resolver);
}
