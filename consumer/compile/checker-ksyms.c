/* SPDX-License-Identifier: MIT */
/*
 * checker-ksyms.c — DTrace's kernel symbols, `` `name `` and
 * `` vmlinux`name `` (checker-int.h ck_kernel_symbol).
 *
 * The runtime's kernel_types resolver gives the variable's address
 * (/proc/kallsyms) and type (its BTF_KIND_VAR; kernels whose BTF holds
 * only per-CPU variables have none, and then the script's `extern`
 * declaration of the name gives it: checker.c makes the same typedef, which
 * wins over BTF's, as a declaration in the script does); the identifier is then
 * rewritten as `*(__kernel T *) ADDRESS`, where T is a typedef of the
 * variable's type made for it (`__ksym_NAME`) and `__kernel` makes the
 * pointer a kernel one, so the value is one bpf_probe_read_kernel, a
 * struct's members are read through `.`, and `&`name` is the address
 * (`&*p` is p).  Nothing is written through it.  Per-CPU variables (their
 * symbol is an offset, not an address) and module symbols are refused by
 * the resolver with a message.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "dlang/build.h"
#include "common/xalloc.h"

int
ck_kernel_symbol (struct ck *c, struct d_node *n)
{
  const char *bq = strchr (n->sval, '`');
  char *module = bq > n->sval ? xstrndup (n->sval, (size_t) (bq - n->sval)) : NULL;
  const char *name = bq + 1;
  if (module && strcmp (module, "vmlinux") != 0)
    {
      ck_err (c, &n->loc, "failed to resolve %s: only the kernel's own symbols (vmlinux) are "
              "supported, not a module's", n->sval);
      free (module);
      return -1;
    }
  free (module);
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  struct ctype_table *tt = ck_types (c);
  uint64_t addr = 0;
  char *error = NULL;
  const struct ctype *t = NULL;
  if (!k->symbol || k->symbol (k->ctx, tt, "vmlinux", name, &addr, &t, &error) != 0)
    {
      ck_err (c, &n->loc, "failed to resolve %s: %s", n->sval,
              error ? error : "the kernel's symbols are not known here");
      free (error);
      return -1;
    }
  char *tdname = xasprintf ("__ksym_%s", name);
  const struct ctype *declared = ctype_find (tt, CT_TYPEDEF, NULL, tdname);
  if (!declared && !t)
    {
      ck_err (c, &n->loc, "failed to resolve %s: the kernel's BTF does not describe variable %s "
              "(only per-CPU ones, before pahole 1.26?): declare its type, as in extern "
              "unsigned long %s;", n->sval, name, name);
      free (tdname);
      return -1;
    }
  if (!declared)
    ck_extern_type (c, name, t);
  struct d_node *lit = d_node_new (DN_INT, &n->loc);
  lit->ival = (int64_t) addr;
  strcpy (lit->int_suffix, "ul");
  struct d_node *cast = d_node_new (DN_CAST, &n->loc);
  cast->cast = d_type_name_new (xasprintf ("__kernel %s *", tdname));
  cast->a = lit;
  free (tdname);
  free (n->sval);
  n->sval = NULL;
  n->kind = DN_UNARY;
  n->op = DOP_DEREF;
  n->a = cast;
  return ck_expr (c, n);
}

bool
ck_kernel_symbol_store (struct ck *c, const struct d_node *n)
{
  if (n->a->kind != DN_IDENT || !strchr (n->a->sval, '`'))
    return false;
  ck_err (c, &n->loc, "kernel symbol %s cannot be modified: D only reads kernel memory",
          n->a->sval);
  return true;
}

void
ck_extern_type (struct ck *c, const char *name, const struct ctype *t)
{
  struct ctype_table *tt = ck_types (c);
  char *tdname = xasprintf ("__ksym_%s", name);
  if (!ctype_find (tt, CT_TYPEDEF, NULL, tdname))
    {
      struct ctype *td = ctype_new (tt, CT_TYPEDEF);
      td->name = ctype_strdup (tt, tdname);
      td->ref = t;
      const struct ctype *rt = ctype_resolve (t);
      td->size = rt ? rt->size : 0;
      td->align = rt ? rt->align : 0;
      ctype_define (tt, td);
    }
  free (tdname);
}
