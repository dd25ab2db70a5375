/* SPDX-License-Identifier: MIT */
/*
 * checker-expr.c — D expressions checked and typed (checker-int.h): names
 * (built-in variables, globals, register constants, NULL, the D
 * library's constants), self-> and
 * this->, indexing (associative arrays, args[], uregs[], buffers), macro
 * variables, subroutine calls, operators with constant folding, casts and
 * sizeof.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "consumer/output/dformat.h"
#include "dlang/build.h"
#include "common/xalloc.h"

bool
checker_register_constant (const char *name, int64_t *value, bool aarch64)
{
  if (aarch64)
    {
      /* struct user_pt_regs' order: x0..x30, sp, pc, pstate (Oracle's names) */
      static const struct { const char *name; int value; } a64[] = {
        { "R_SP", 31 }, { "R_PC", 32 }, { "R_PSTATE", 33 }, { "R_FP", 29 }, { "R_LR", 30 },
      };
      char *end;
      if (strncmp (name, "R_X", 3) == 0 && name[3] >= '0' && name[3] <= '9')
        {
          long x = strtol (name + 3, &end, 10);
          if (*end == '\0' && x <= 30 && !(name[3] == '0' && name[4]))
            {
              *value = x;
              return true;
            }
          return false;
        }
      for (size_t i = 0; i < sizeof a64 / sizeof a64[0]; i++)
        if (strcmp (name, a64[i].name) == 0)
          {
            *value = a64[i].value;
            return true;
          }
      return false;
    }
  static const struct { const char *name; int value; } regs[] = {
    { "R_R15", 0 }, { "R_R14", 1 }, { "R_R13", 2 }, { "R_R12", 3 }, { "R_RBP", 4 }, { "R_RBX", 5 },
    { "R_R11", 6 }, { "R_R10", 7 }, { "R_R9", 8 }, { "R_R8", 9 }, { "R_RAX", 10 }, { "R_RCX", 11 },
    { "R_RDX", 12 }, { "R_RSI", 13 }, { "R_RDI", 14 }, { "R_ERR", 15 }, { "R_RIP", 16 }, { "R_CS", 17 },
    { "R_RFL", 18 }, { "R_RSP", 19 }, { "R_SS", 20 }, { "R_DS", 21 }, { "R_ES", 22 }, { "R_FS", 23 },
    { "R_GS", 24 }, { "R_TRAPNO", 25 },
    { "R_EBX", 25 }, { "R_ECX", 26 }, { "R_EDX", 27 }, { "R_ESI", 28 }, { "R_EDI", 29 }, { "R_EBP", 30 },
    { "R_EAX", 31 }, { "R_EIP", 37 }, { "R_EFL", 39 }, { "R_ESP", 40 },
    { "R_PC", 37 }, { "R_FP", 30 }, { "R_SP", 40 }, { "R_PS", 39 }, { "R_R0", 31 }, { "R_R1", 25 },
  };
  if (strncmp (name, "R_", 2) != 0)
    return false;
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
    if (strcmp (name, regs[i].name) == 0)
      {
        *value = regs[i].value;
        return true;
      }
  return false;
}

bool
ck_builtin_of (const char *name, enum builtin *b, struct dtype *t)
{
  static const struct { const char *name; enum builtin b; struct dtype t; } tab[] = {
    { "pid", BI_PID, { DT_INTEGER, 4, true, false, NULL } },
    { "tid", BI_TID, { DT_INTEGER, 4, true, false, NULL } },
    { "ppid", BI_PPID, { DT_INTEGER, 4, true, false, NULL } },
    { "uid", BI_UID, { DT_INTEGER, 4, false, false, NULL } },
    { "gid", BI_GID, { DT_INTEGER, 4, false, false, NULL } },
    { "cpu", BI_CPU, { DT_INTEGER, 4, true, false, NULL } },
    { "timestamp", BI_TIMESTAMP, { DT_INTEGER, 8, false, false, NULL } },
    { "walltimestamp", BI_WALLTIMESTAMP, { DT_INTEGER, 8, true, false, NULL } },
    { "vtimestamp", BI_VTIMESTAMP, { DT_INTEGER, 8, false, false, NULL } },
    { "execname", BI_EXECNAME, { DT_STRING, 0, false, false, NULL } },
    { "threadname", BI_THREADNAME, { DT_STRING, 0, false, false, NULL } },
    { "probeprov", BI_PROBEPROV, { DT_STRING, 0, false, false, NULL } },
    { "probemod", BI_PROBEMOD, { DT_STRING, 0, false, false, NULL } },
    { "probefunc", BI_PROBEFUNC, { DT_STRING, 0, false, false, NULL } },
    { "probename", BI_PROBENAME, { DT_STRING, 0, false, false, NULL } },
    { "epid", BI_EPID, { DT_INTEGER, 4, false, false, NULL } },
    { "id", BI_ID, { DT_INTEGER, 4, false, false, NULL } },
    { "errno", BI_ERRNO, { DT_INTEGER, 4, true, false, NULL } },
    { "caller", BI_CALLER, { DT_INTEGER, 8, false, false, NULL } },
    { "stackdepth", BI_STACKDEPTH, { DT_INTEGER, 4, false, false, NULL } },
    { "ucaller", BI_UCALLER, { DT_INTEGER, 8, false, false, NULL } },
    { "ustackdepth", BI_USTACKDEPTH, { DT_INTEGER, 4, false, false, NULL } },
    { "chip", BI_CHIP, { DT_INTEGER, 4, true, false, NULL } },
    { "lgrp", BI_LGRP, { DT_INTEGER, 4, true, false, NULL } },
    { "pset", BI_PSET, { DT_INTEGER, 4, true, false, NULL } },
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strcmp (name, tab[i].name) == 0)
      {
        *b = tab[i].b;
        *t = tab[i].t;
        return true;
      }
  if (strncmp (name, "arg", 3) == 0 && isdigit ((unsigned char) name[3]))
    {
      char *end;
      long k = strtol (name + 3, &end, 10);
      if (*end == '\0' && k >= 0 && k < 12 && !(name[3] == '0' && name[4]))
        {
          *b = (enum builtin) (BI_ARG0 + k);
          *t = T_LONG;
          return true;
        }
    }
  return false;
}

/* $pid, $ppid, $uid, $gid (dtrace's own ids, from T) as decimal text in
 * BUF; false for any other macro variable name M. */
static bool
dtrace_id_macro (const struct dtarget *t, const char *m, char *buf, size_t size)
{
  long long id;
  if (strcmp (m, "pid") == 0)
    id = t->pid;
  else if (strcmp (m, "ppid") == 0)
    id = t->ppid;
  else if (strcmp (m, "uid") == 0)
    id = t->uid;
  else if (strcmp (m, "gid") == 0)
    id = t->gid;
  else
    return false;
  snprintf (buf, size, "%lld", id);
  return true;
}

/* The node NI describes is the constant VALUE, of type T. */
static void
set_const (struct ninfo *ni, struct dtype t, int64_t value)
{
  ni->type = t;
  ni->is_const = true;
  ni->value = value;
}

/* $target, $pid, $1 ...: integer or string constants. */
static int
check_macro (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  const char *name = n->sval;
  bool as_string = name[0] == '$' && name[1] == '$';
  const char *m = name + (as_string ? 2 : 1);
  const char *text = NULL;
  char buf[32];
  if (isdigit ((unsigned char) *m))
    {
      long k = strtol (m, NULL, 10);
      if (k == 0)
        text = c->prog->nmacro_args ? c->prog->macro_args[0] : "";
      else if ((size_t) k < c->prog->nmacro_args)
        text = c->prog->macro_args[k];
      else if (c->prog->defaultargs)
        text = as_string ? "" : "0";
      else
        {
          ck_err (c, &n->loc, "macro argument %s is not defined", name);
          return -1;
        }
    }
  else if (strcmp (m, "target") == 0)
    {
      if (!c->prog->target_pid)
        {
          ck_err (c, &n->loc, "macro variable $target is not defined: use -p or -c");
          return -1;
        }
      snprintf (buf, sizeof buf, "%" PRId64, c->prog->target_pid);
      text = buf;
    }
  else if (dtrace_id_macro (&c->prog->target, m, buf, sizeof buf))
    text = buf;
  else
    {
      ck_err (c, &n->loc, "failed to resolve %s: Unknown macro variable", name);
      return -1;
    }
  char *end;
  long long v = strtoll (text, &end, 0);
  if (!as_string && *text && *end == '\0')
    {
      set_const (ni, (v >= INT32_MIN && v <= INT32_MAX) ? T_INT : T_LONG, v);
      return 0;
    }
  ni->type = T_STRING;
  ni->strconst = text;
  return 0;
}

/* ustack([n[, strsize]]), stack([n]), usym/ufunc/uaddr/umod(pc) and the
 * kernel's sym/func/mod(pc): records
 * * (dprog.h DT_USTACK, DT_KSTACK, DT_USYM) filled by the kernel (codegen.c) and
 * symbolised by the consumer (symbolize.c).  Returns 1 when N is none. */
int
ck_stack_subr (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  const char *fn = n->sval;
  /* jstack() is ustack() with Java's frames on Solaris; here, where no
   * runtime helper describes them, it is ustack() of jstackframes (50);
   * every depth is capped at maxframes */
  bool jstk = strcmp (fn, "jstack") == 0;
  bool ustk = jstk || strcmp (fn, "ustack") == 0;
  if (ustk || strcmp (fn, "stack") == 0)
    {
      if (n->nargs > (ustk ? 2u : 1u))
        {
          ck_err (c, &n->loc, "%s( ) prototype mismatch: %zu args passed, at most %d expected", fn, n->nargs,
               ustk ? 2 : 1);
          return -1;
        }
      unsigned dflt = jstk ? (c->prog->jstackframes ? c->prog->jstackframes : 50)
                      : ustk ? c->prog->ustackframes : c->prog->stackframes;
      int64_t frames = dflt ? dflt : 20;
      for (size_t i = 0; i < n->nargs; i++)
        {
          if (ck_int (c, n->args[i], "stack( ) argument") != 0)
            return -1;
          if (!ck_info (c, n->args[i])->is_const)
            {
              ck_err (c, &n->args[i]->loc, "%s( ) argument #%zu must be a non-zero positive integral constant expression",
                   fn, i + 1);
              return -1;
            }
        }
      if (n->nargs >= 1)
        frames = ck_info (c, n->args[0])->value;
      if (frames <= 0 || frames > STACK_MAX_FRAMES)
        {
          ck_err (c, &n->loc, "%s( ) argument #1 must be a non-zero positive integral constant expression "
               "of at most %d", fn, STACK_MAX_FRAMES);
          return -1;
        }
      if (c->prog->maxframes && frames > c->prog->maxframes)
        frames = c->prog->maxframes;
      ni->subr = ustk ? SUBR_USTACK : SUBR_STACK;
      c->prog->user_addrs |= ustk;
      ni->type = (struct dtype) { ustk ? DT_USTACK : DT_KSTACK, (uint8_t) frames, false, false, NULL };
      return 0;
    }
  static const struct { const char *name; enum dt_symform form; } syms[] = {
    { "usym", DSF_FUNC }, { "ufunc", DSF_FUNC }, { "uaddr", DSF_ADDR }, { "umod", DSF_MOD },
    { "sym", DSF_KFUNC }, { "func", DSF_KFUNC }, { "mod", DSF_KMOD },
  };
  for (size_t k = 0; k < sizeof syms / sizeof syms[0]; k++)
    if (strcmp (fn, syms[k].name) == 0)
      {
        if (n->nargs != 1)
          {
            ck_err (c, &n->loc, "%s( ) prototype mismatch: %zu args passed, 1 expected", fn, n->nargs);
            return -1;
          }
        if (ck_int (c, n->args[0], "address") != 0)
          return -1;
        ni->subr = SUBR_USYM;
        c->prog->user_addrs |= fn[0] == 'u';
        ni->type = (struct dtype) { DT_USYM, (uint8_t) syms[k].form, false, false, NULL };
        return 0;
      }
  return 1;
}

static int
check_call_subr (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  if (strcmp (n->sval, "strtok") == 0)
    {
      /* strtok(s, delims) starts on s; strtok(NULL, delims) goes on */
      if (n->nargs != 2)
        {
          ck_err (c, &n->loc, "strtok( ) prototype mismatch: %zu args passed, 2 expected", n->nargs);
          return -1;
        }
      for (size_t i = 0; i < 2; i++)
        if (ck_expr (c, n->args[i]) != 0)
          return -1;
      struct ninfo *s = ck_info (c, n->args[0]), *d = ck_info (c, n->args[1]);
      if (s->type.kind != DT_STRING && !(s->is_const && s->value == 0))
        {
          ck_err (c, &n->args[0]->loc, "strtok( ) argument #1 must be a string or NULL");
          return -1;
        }
      if (d->type.kind != DT_STRING && !(d->is_const && d->value == 0))
        {
          ck_err (c, &n->args[1]->loc, "strtok( ) argument #2 must be a string or NULL");
          return -1;
        }
      ni->subr = SUBR_STRTOK;
      ni->type = T_STRING;
      return 0;
    }
  if (strcmp (n->sval, "copyinstr") == 0)
    {
      if (n->nargs < 1 || n->nargs > 2)
        {
          ck_err (c, &n->loc, "copyinstr( ) prototype mismatch: %zu args passed, 1 or 2 expected", n->nargs);
          return -1;
        }
      for (size_t i = 0; i < n->nargs; i++)
        if (ck_int (c, n->args[i], "copyinstr( ) argument") != 0)
          return -1;
      ni->subr = SUBR_COPYINSTR;
      ni->type = T_STRING;
      return 0;
    }
  const struct subr_proto *sp = subr_proto_of (n->sval);
  if (sp)
    {
      size_t max = strlen (sp->args);
      if (n->nargs < sp->min || n->nargs > max)
        {
          if (sp->min == max)
            ck_err (c, &n->loc, "%s( ) prototype mismatch: %zu arg%s passed, %zu expected", n->sval,
                 n->nargs, n->nargs == 1 ? "" : "s", max);
          else
            ck_err (c, &n->loc, "%s( ) prototype mismatch: %zu arg%s passed, %u to %zu expected", n->sval,
                 n->nargs, n->nargs == 1 ? "" : "s", sp->min, max);
          return -1;
        }
      for (size_t i = 0; i < n->nargs; i++)
        {
          if (ck_expr (c, n->args[i]) != 0)
            return -1;
          struct ninfo *ai = ck_info (c, n->args[i]);
          enum dt_kind k = ai->type.kind;
          /* NULL (the constant 0) goes where a string does: the call
           * faults at run time, as DTrace's (codegen-strings.c) */
          bool null_str = sp->args[i] == 's' && sp->subr != SUBR_COPYINTO && ai->is_const
                          && ai->value == 0;
          if (!null_str && k != (sp->args[i] == 's' ? DT_STRING : DT_INTEGER))
            {
              ck_err (c, &n->args[i]->loc, "%s( ) argument #%zu is incompatible with prototype:\n"
                   "\tprototype: %s\n\t argument: %s", n->sval, i + 1,
                   sp->args[i] == 's' ? "string" : "int64_t",
                   k == DT_STRING ? "string" : k == DT_VOID ? "void" : "int");
              return -1;
            }
        }
      if (sp->subr == SUBR_COPYINTO && n->args[2]->kind != DN_THIS)
        {
          ck_err (c, &n->args[2]->loc, "copyinto( ) argument #3 must be a clause-local variable holding "
               "alloca( ) memory (this->buf = alloca(n))");
          return -1;
        }
      if (sp->subr == SUBR_ALLOCA || sp->subr == SUBR_COPYINTO)
        {
          struct ninfo *sz = ck_info (c, n->args[sp->subr == SUBR_ALLOCA ? 0 : 1]);
          if (sz->is_const && (sz->value < 0 || (uint64_t) sz->value > c->prog->strsize))
            {
              ck_err (c, &n->loc, "%s( ) of %lld bytes: at most %u (-x strsize) are available", n->sval,
                   (long long) sz->value, c->prog->strsize);
              return -1;
            }
        }
      ni->subr = sp->subr;
      c->prog->reads_task |= sp->subr == SUBR_PROGENYOF;   /* the task offsets */
      ni->type = sp->ret;
      return 0;
    }
  if (strcmp (n->sval, "speculation") == 0)
    {
      if (n->nargs != 0)
        {
          ck_err (c, &n->loc, "speculation( ) prototype mismatch: %zu args passed, 0 expected", n->nargs);
          return -1;
        }
      ni->subr = SUBR_SPECULATION;
      ni->type = T_INT;
      return 0;
    }
  int r = ck_stack_subr (c, n);
  if (r <= 0)
    return r;
  ck_err (c, &n->loc, "failed to resolve %s: Unknown function name", n->sval);
  return -1;
}

/* The limit on the nodes inline expansions add to a program (an inline of
 * inlines doubles with each level: b = a + a, c = b + b, ...). */
#define MAX_INLINE_NODES 100000

/* N names an inline of an expression: N becomes a copy of that expression
 * (converted to the inline's integer type), then is checked as one. */
static int
expand_inline (struct ck *c, struct d_node *n, const struct ck_const *k)
{
  struct d_node *copy = d_node_clone (k->expr, &c->inline_nodes, MAX_INLINE_NODES);
  if (!copy)
    {
      ck_err (c, &n->loc, "inline %s: the program's inline expansions pass %u nodes", k->name,
              MAX_INLINE_NODES);
      return -1;
    }
  if (k->type.kind == DT_INTEGER && copy->kind != DN_XLATE)
    {
      /* (TYPE) (expr): the value converted as the declaration says */
      struct d_node *cast = d_node_new (DN_CAST, &n->loc);
      cast->cast = d_type_name_new (k->type.ctype ? ctype_name (k->type.ctype)
                                    : xasprintf ("%sint%u_t", k->type.is_signed ? "" : "u", 8u * k->type.size));
      cast->a = copy;
      copy = cast;
    }
  free (n->sval);
  free (n->args);
  if (copy->kind == DN_XLATE)
    copy->loc = n->loc;         /* errors name the use, not the library's line */
  *n = *copy;
  n->sym = NULL;
  free (copy);
  return ck_expr (c, n);
}

/* N names an enumerator of the traced program's enums (its DWARF,
 * type-resolver.c): an int constant.  0 done, -1 error, 1 not one. */
static int
target_enumerator (struct ck *c, struct d_node *n)
{
  const struct ctype_resolver *r = &c->prog->target.resolver;
  int64_t v;
  char *error = NULL;
  int rc = r->enumerator ? r->enumerator (r->ctx, ck_types (c), n->sval, &v, &error) : 0;
  if (rc < 0)
    {
      ck_err (c, &n->loc, "failed to resolve %s: %s", n->sval, error);
      free (error);
      return -1;
    }
  if (rc == 0)
    return 1;
  set_const (ck_info (c, n), T_INT, v);
  return 0;
}

/* A name: a built-in variable, a global, a register constant, NULL, an
 * enumerator of the traced program. */
/* curthread: a kernel pointer to the current struct task_struct, typed
 * from the kernel's BTF (dprog.h dtarget.kernel_types). */
static int
check_curthread (struct ck *c, struct d_node *n)
{
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  char *error = NULL;
  const struct ctype *task = k->lookup ? k->lookup (k->ctx, ck_types (c), CT_STRUCT, "vmlinux",
                                                    "task_struct", &error) : NULL;
  if (!task)
    {
      ck_err (c, &n->loc, "curthread is not available: %s",
              error ? error : "the kernel's types (BTF) are not known here");
      free (error);
      return -1;
    }
  struct ninfo *ni = ck_info (c, n);
  ni->builtin = BI_CURTHREAD;
  ni->type = ck_dtype_of (ctype_pointer_to (ck_types (c), task, false));
  return 0;
}

/* curcpu: a kernel pointer to this CPU's cpuinfo_t (the D library's
 * type, checker-prelude.c), which the program fills (codegen-cpuinfo.c):
 * a value like any pointer, traced, stored, read through `->`. */
static int
check_curcpu (struct ck *c, struct d_node *n)
{
  bool failed, is_string;
  ck_prelude_load (c, "curcpu", &n->loc, &failed);   /* the library holds cpuinfo_t */
  if (failed)
    return -1;
  const struct ctype *info = ck_ctype (c, "cpuinfo_t", NULL, &n->loc, &is_string);
  if (!info)
    return -1;
  struct ninfo *ni = ck_info (c, n);
  ni->builtin = BI_CURCPU;
  ni->type = ck_dtype_of (ctype_pointer_to (ck_types (c), info, false));
  c->prog->reads_topology = true;
  return 0;
}

static int
check_ident (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  enum builtin b;
  struct dtype t;
  if (strcmp (n->sval, "curthread") == 0 && !ck_find_var (c->prog, VS_GLOBAL, n->sval))
    return check_curthread (c, n);
  if (strcmp (n->sval, "curcpu") == 0 && !ck_find_var (c->prog, VS_GLOBAL, n->sval))
    return check_curcpu (c, n);
  if (strchr (n->sval, '`'))
    return ck_kernel_symbol (c, n);
  if (ck_builtin_of (n->sval, &b, &t))
    {
      ni->builtin = b;
      ni->type = t;
      c->prog->reads_task |= b == BI_EXECNAME || b == BI_PPID || b == BI_VTIMESTAMP;
      c->prog->reads_topology |= b == BI_CHIP || b == BI_LGRP || b == BI_CURCPU;
      return 0;
    }
  struct ck_const k;
  if (ck_find_const (c, n->sval, &k) && k.expr)
    return expand_inline (c, n, &k);
  if (ck_find_const (c, n->sval, &k))
    {
      /* an enumerator or an inline constant */
      ni->type = k.type;
      if (k.str)
        ni->strconst = k.str;
      else
        {
          ni->is_const = true;
          ni->value = k.value;
        }
      return 0;
    }
  struct dvar *v = ck_find_var (c->prog, VS_GLOBAL, n->sval);
  if (v && v->nkeys == 0)
    {
      ck_refer_var (ni, v);
      return 0;
    }
  int64_t reg;
  if (checker_register_constant (n->sval, &reg, c->prog->target.machine == DT_AARCH64))
    {
      set_const (ni, T_INT, reg);
      return 0;
    }
  if (strcmp (n->sval, "NULL") == 0)
    {
      /* D's NULL: a null pointer constant (compared with strings it
       * stands for "not found", see DN_BINARY); as in DTrace its size is
       * an int's (sizeof (NULL) is 4) */
      set_const (ni, (struct dtype) { DT_INTEGER, 4, true, true, NULL }, 0);
      return 0;
    }
  bool failed;
  if (ck_prelude_load (c, n->sval, &n->loc, &failed))
    return check_ident (c, n);
  if (failed)
    return -1;
  int64_t libval;
  if (ck_library_constant (n->sval, &libval))
    {
      set_const (ni, T_INT, libval);
      return 0;
    }
  int r = target_enumerator (c, n);
  if (r <= 0)
    return r;
  if (!ck_extern_use (c, n, n->sval))
    ck_err (c, &n->loc, "failed to resolve %s: Unknown variable name", n->sval);
  return -1;
}

/* self->x[keys]: a thread-local associative array, known from an
 * assignment earlier in the program (as NAME[keys] is). */
static int
check_self_index (struct ck *c, struct d_node *n)
{
  const char *name = n->a->sval;
  struct dvar *v = ck_find_var (c->prog, VS_SELF, name);
  if (!v)
    {
      ck_err (c, &n->loc, "failed to resolve self->%s: Unknown variable name", name);
      return -1;
    }
  struct dtype keys[CK_MAX_KEYS];
  if (ck_keys (c, n, true, keys) != 0 || ck_match_prototype (c, n, "self->", name, v, keys) != 0)
    return -1;
  ck_refer_var (ck_info (c, n), v);
  return 0;
}


/* x[k] where x is a declared scalar array of N elements and k a constant:
 * k must lie in 0 .. N-1 (reads and stores alike). */
int
ck_declared_array_bounds (struct ck *c, const struct d_node *n)
{
  const struct dvar *g = ck_find_var (c->prog, VS_GLOBAL, n->sval);
  const struct ctype *r = g && g->type.kind == DT_OBJECT ? ctype_resolve (g->type.ctype) : NULL;
  if (!r || r->kind != CT_ARRAY || r->nelems == 0 || n->nargs != 1)
    return 0;
  const struct d_node *e = n->args[0];
  bool negative = e->kind == DN_UNARY && e->op == DOP_NEG && e->a;
  if (negative)
    e = e->a;
  if (e->kind != DN_INT)
    return 0;
  int64_t k = negative ? -e->ival : e->ival;
  if (k < 0 || (uint64_t) k >= r->nelems)
    {
      ck_err (c, &n->loc, "index %" PRId64 " is out of bounds for array %s[%" PRIu64 "]", k,
              n->sval, r->nelems);
      return -1;
    }
  return 0;
}

/* x[i] read where x is a declared scalar array (`int x[5];`) that nothing
 * has assigned yet: the array comes into being here, keyed by its one
 * index, so that its elements read as zero, as a declared array's do. */
static int
declared_scalar_array (struct ck *c, struct d_node *n, struct dvar **vp)
{
  const struct dvar *g = ck_find_var (c->prog, VS_GLOBAL, n->sval);
  const struct ctype *r = g && g->type.kind == DT_OBJECT ? ctype_resolve (g->type.ctype) : NULL;
  if (!r || r->kind != CT_ARRAY || !r->ref)
    return 0;
  if (n->nargs != 1)
    {
      ck_err (c, &n->loc, "%s is a scalar array: it takes one index, not a tuple of %zu",
              n->sval, n->nargs);
      return -1;
    }
  struct dtype key = { DT_INTEGER, 8, true, false, NULL };
  struct dtype elem = ck_dtype_of (r->ref);
  if (elem.kind == DT_INTEGER && elem.size < 4)
    elem = T_INT;
  *vp = ck_new_var (c, VS_ASSOC, n->sval, elem, 1, &key, &n->loc);
  return *vp ? 0 : -1;
}

/* s[i], N a string's index: N becomes the call __char_at (BASE, i)
 * (codegen-strings.c), checked. */
static int
string_index (struct ck *c, struct d_node *n, struct d_node *base)
{
  struct d_node **args = xcalloc (2, sizeof *args);
  args[0] = base;
  args[1] = n->args[0];
  free (n->args);
  n->args = args;
  n->nargs = 2;
  n->a = NULL;
  free (n->sval);
  n->sval = xstrdup ("__char_at");
  n->kind = DN_CALL;
  return ck_expr (c, n);
}

/* NAME[keys]: an associative array, args[], uregs[], ((T *) bytes)[k], or a
 * string's character. */
static int
check_index (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  if (ck_is_self_index (n))
    return check_self_index (c, n);
  if (!n->sval)
    {
      /* ((T *) bytes)[k], k a constant within the bytes */
      if (n->a && ck_expr (c, n->a) != 0)
        return -1;
      struct dtype st = n->a ? ck_info (c, n->a)->type : T_INT;
      if (n->nargs == 1 && st.kind == DT_STRING && !ck_is_buffer_pointer (st))
        return string_index (c, n, n->a);
      if (n->a && n->nargs == 1)
        {
          struct dtype at = ck_info (c, n->a)->type;
          bool old_form = ck_is_buffer_pointer (at) && at.size;
          if (old_form)
            {
              if (ck_int (c, n->args[0], "index") != 0)
                return -1;
              old_form = ck_info (c, n->args[0])->is_const;
            }
          if (!old_form)
            {
              int r = ck_typed_index (c, n);
              if (r <= 0)
                return r;
            }
        }
      if (!n->a || !ck_is_buffer_pointer (ck_info (c, n->a)->type))
        {
          ck_err (c, &n->loc, "indexing this expression is not supported yet");
          return -1;
        }
      struct dtype pt = ck_info (c, n->a)->type;
      if (n->nargs != 1)
        {
          ck_err (c, &n->loc, "a pointer takes one index, %zu given", n->nargs);
          return -1;
        }
      if (ck_int (c, n->args[0], "index") != 0)
        return -1;
      struct ninfo *k = ck_info (c, n->args[0]);
      if (!k->is_const || k->value < 0 || (uint64_t) k->value >= c->prog->strsize / pt.size)
        {
          ck_err (c, &n->loc, "the index of a pointer must be a constant within the %u bytes of "
               "copyin() or alloca() memory (-x strsize)", c->prog->strsize);
          return -1;
        }
      ni->type = (struct dtype) { DT_INTEGER, pt.size, pt.is_signed, false, NULL };
      /* the element's size, as for typed memory: a store (codegen-mem.c)
       * and a read both place element k at k * elem_size */
      ni->elem_size = pt.size;
      return 0;
    }
  struct dvar *v = ck_find_var (c->prog, VS_ASSOC, n->sval);
  if (!v && strcmp (n->sval, "args") == 0)
    {
      /* args[N]: the probe's arguments as argN, typed from the function's
       * DWARF on a pid entry probe (checker-args.c) */
      if (n->nargs != 1 || ck_int (c, n->args[0], "args[ ] index") != 0)
        {
          if (n->nargs != 1)
            ck_err (c, &n->loc, "args[ ] takes one index, %zu given", n->nargs);
          return -1;
        }
      struct ninfo *k = ck_info (c, n->args[0]);
      if (!k->is_const || k->value < 0 || k->value > 11)
        {
          ck_err (c, &n->loc, "index of args[ ] must be a constant from 0 to 11");
          return -1;
        }
      ni->builtin = (enum builtin) (BI_ARG0 + k->value);
      ni->type = T_LONG;
      return ck_args_type (c, (unsigned) k->value, &n->loc, &ni->type);
    }
  if (!v && strcmp (n->sval, "uregs") == 0)
    {
      /* uregs[reg]: a user register of the firing thread */
      if (n->nargs != 1)
        {
          ck_err (c, &n->loc, "uregs[ ] takes one index, %zu given", n->nargs);
          return -1;
        }
      if (ck_int (c, n->args[0], "uregs[ ] index") != 0)
        return -1;
      /* a constant index past the machine's registers is refused, as in
       * DTrace (x86-64: 0..41, DTrace's regset; aarch64: x0..x30, sp, pc,
       * pstate) */
      struct ninfo *k = ninfo (n->args[0]);
      int64_t nregs = c->prog->target.machine == DT_AARCH64 ? 34 : 42;
      if (k->is_const && (k->value < 0 || k->value >= nregs))
        {
          ck_err (c, &n->loc, "uregs[]: index out of bounds (%" PRId64 ")", k->value);
          return -1;
        }
      ni->builtin = BI_UREGS;
      ni->type = (struct dtype) { DT_INTEGER, 8, false, false, NULL };
      return 0;
    }
  if (ck_declared_array_bounds (c, n) != 0)
    return -1;
  if (!v && declared_scalar_array (c, n, &v) != 0)
    return -1;
  enum builtin bi;
  struct dtype bt;
  if (!v && ck_pointer_index_form (c, n))
    {
      if (ck_expr (c, n->a) != 0)
        return -1;
      return ck_typed_index (c, n);
    }
  const struct dvar *gv = v ? NULL : ck_find_var (c->prog, VS_GLOBAL, n->sval);
  bool builtin = !v && ck_builtin_of (n->sval, &bi, &bt);
  if (n->nargs == 1 && ((gv && gv->type.kind == DT_STRING && !ck_is_buffer_pointer (gv->type))
                         || (builtin && bt.kind == DT_STRING)))
    {
      /* s[i], probename[0]: the string's character */
      struct d_node *id = d_node_new (DN_IDENT, &n->loc);
      id->sval = xstrdup (n->sval);
      return string_index (c, n, id);
    }
  if (gv || builtin)
    {
      /* probename[0], s[1]: D's strings and scalars have no elements */
      ck_err (c, &n->loc, "operator [ ] cannot be applied to %s: it is not an array or pointer", n->sval);
      return -1;
    }
  if (!v && strcmp (n->sval, "fds") == 0)
    {
      /* the D library's fds[] (checker-members.c rewrites fds[fd].m) */
      ck_err (c, &n->loc, "fds[ ] is only used through its members (fds[fd].fi_pathname)");
      return -1;
    }
  if (!v)
    {
      ck_err (c, &n->loc, "failed to resolve %s: Unknown variable name", n->sval);
      return -1;
    }
  struct dtype keys[CK_MAX_KEYS];
  if (ck_keys (c, n, true, keys) != 0 || ck_match_prototype (c, n, "", n->sval, v, keys) != 0)
    return -1;
  ck_refer_var (ni, v);
  return 0;
}

/* A unary operator (constant operands folded). */
static int
check_unary (struct ck *c, struct d_node *n)
{
  if (n->op == DOP_DEREF)
    {
      int r = ck_deref_buffer_offset (c, n);
      if (r <= 0)
        return r;
    }
  const struct d_node *outer = c->addr_operand;
  if (n->op == DOP_ADDROF)
    c->addr_operand = n->a;       /* &a[N]: one past the end is an address */
  int r = ck_expr (c, n->a);
  c->addr_operand = outer;
  if (r != 0)
    return -1;
  struct ninfo *ni = ck_info (c, n), *a = ck_info (c, n->a);   /* after: an inline operand is replaced */
  if (n->op == DOP_ADDROF && a->mem)
    return ck_addr_of (c, n);
  if (n->op == DOP_DEREF && a->type.ctype && a->type.is_pointer
      && !(ck_is_buffer_pointer (a->type) && a->type.size))
    return ck_deref (c, n);
  if (n->op == DOP_DEREF && ck_is_buffer_pointer (a->type))
    {
      ni->type = (struct dtype) { DT_INTEGER, a->type.size, a->type.is_signed, false, NULL };
      return 0;
    }
  if (n->op == DOP_DEREF && a->type.kind == DT_STRING)
    {
      ck_err (c, &n->loc, "operator * requires a pointer: cast the bytes first, as in *(int *)copyin(addr, 4)");
      return -1;
    }
  if (a->type.kind != DT_INTEGER)
    {
      ck_err (c, &n->loc, "operator requires an operand of integer type");
      return -1;
    }
  switch (n->op)
    {
    case DOP_NOT:
      ni->type = T_INT;
      break;
    case DOP_NEG: case DOP_PLUS: case DOP_BITNOT:
      ni->type = ck_promote (a->type);
      break;
    case DOP_DEREF:
      ck_err (c, &n->loc, "%s",
           a->type.is_pointer
             ? "operator * cannot read a user address: copy the memory in first, as in "
               "*(int *)copyin(addr, sizeof (int))"
             : "operator * requires a pointer operand");
      return -1;
    default:
      ck_err (c, &n->loc, "operator & is not supported");
      return -1;
    }
  if (a->is_const)
    {
      ni->is_const = true;
      /* negation wraps around as in two's complement: -INT64_MIN is itself */
      ni->value = n->op == DOP_NOT ? !a->value
                  : n->op == DOP_NEG ? (int64_t) (0 - (uint64_t) a->value)
                  : n->op == DOP_BITNOT ? ~a->value : a->value;
      ni->value = ck_truncate (ni->value, ni->type);
    }
  return 0;
}

/* A binary operator: string comparisons, integer arithmetic (constants folded). */
static int
check_binary (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  if (ck_expr (c, n->a) != 0 || ck_expr (c, n->b) != 0)
    return -1;
  struct ninfo *a = ck_info (c, n->a), *b = ck_info (c, n->b);
  bool cmp = n->op == DOP_EQ || n->op == DOP_NE || n->op == DOP_LT || n->op == DOP_LE
             || n->op == DOP_GT || n->op == DOP_GE;
  if (a->type.kind == DT_STRING || b->type.kind == DT_STRING)
    {
      /* s == 0, s != 0 (NULL): strings here are never NULL, and what
       * DTrace's subroutines return as NULL (strstr, strchr... that
       * find nothing) is the empty string, so 0 compares as "" */
      struct ninfo *z = a->type.kind == DT_STRING ? b : a;
      if ((n->op == DOP_EQ || n->op == DOP_NE) && z->type.kind == DT_INTEGER && z->is_const
          && z->value == 0)
        {
          z->is_const = false;
          z->type = T_STRING;
          z->strconst = "";
        }
      if ((n->op == DOP_ADD || n->op == DOP_SUB)
          && (ck_is_buffer_pointer (a->type) || ck_is_buffer_pointer (b->type))
          && (a->type.kind == DT_INTEGER || b->type.kind == DT_INTEGER))
        {
          /* checker-members.c ck_deref_buffer_offset: only as *(p + k) */
          ck_err (c, &n->loc, "operator %c of a pointer to copied-in or alloca( ) memory has no value "
                  "of its own (the memory is held by value): use *(p + k) or p[k]",
                  n->op == DOP_ADD ? '+' : '-');
          return -1;
        }
      if (!cmp || a->type.kind != b->type.kind)
        {
          ck_err (c, &n->loc, "operands have incompatible types: \"%s\" and \"%s\"",
               a->type.kind == DT_STRING ? "string" : "int",
               b->type.kind == DT_STRING ? "string" : "int");
          return -1;
        }
      ni->type = T_INT;
      return 0;
    }
  ck_decay (c, a);
  ck_decay (c, b);
  if (a->type.kind == DT_OBJECT || b->type.kind == DT_OBJECT)
    {
      const struct dtype *o = a->type.kind == DT_OBJECT ? &a->type : &b->type;
      const struct ctype *r = ctype_resolve (o->ctype);
      ck_err (c, &n->loc, "operands have incompatible types: %s",
              r && r->kind == CT_FLOAT ? "D has no floating-point arithmetic"
                                       : "a struct, union or array is not a value");
      return -1;
    }
  if (ck_pointer_arith (c, n, ni))
    return 0;
  if (cmp || n->op == DOP_LAND || n->op == DOP_LOR || n->op == DOP_LXOR)
    ni->type = T_INT;
  else if (n->op == DOP_SHL || n->op == DOP_SHR)
    ni->type = ck_promote (a->type);
  else
    ni->type = ck_arith (a->type, b->type);
  if ((n->op == DOP_DIV || n->op == DOP_MOD) && b->is_const && b->value == 0)
    {
      ck_err (c, &n->loc, "expression contains division by zero");
      return -1;
    }
  if (a->is_const && b->is_const)
    {
      struct dtype ct = ck_arith (a->type, b->type);
      int64_t x = a->value, y = b->value, r = 0;
      bool u = !ct.is_signed;
      switch (n->op)
        {
        case DOP_ADD: r = (int64_t) ((uint64_t) x + (uint64_t) y); break;
        case DOP_SUB: r = (int64_t) ((uint64_t) x - (uint64_t) y); break;
        case DOP_MUL: r = (int64_t) ((uint64_t) x * (uint64_t) y); break;
        /* x / -1 is -x, wrapping (INT64_MIN / -1 is INT64_MIN), as the code
         * generated for it computes at run time */
        case DOP_DIV:
          r = u ? (int64_t) ((uint64_t) x / (uint64_t) y)
                : (y == -1 ? (int64_t) (0 - (uint64_t) x) : x / y);
          break;
        case DOP_MOD: r = u ? (int64_t) ((uint64_t) x % (uint64_t) y) : (y == -1 ? 0 : x % y); break;
        case DOP_SHL: r = (int64_t) ((uint64_t) x << (y & 63)); break;
        case DOP_SHR: r = u ? (int64_t) ((uint64_t) x >> (y & 63)) : x >> (y & 63); break;
        case DOP_BITAND: r = x & y; break;
        case DOP_BITOR: r = x | y; break;
        case DOP_BITXOR: r = x ^ y; break;
        case DOP_LAND: r = x && y; break;
        case DOP_LOR: r = x || y; break;
        case DOP_LXOR: r = !x != !y; break;
        case DOP_EQ: r = x == y; break;
        case DOP_NE: r = x != y; break;
        case DOP_LT: r = u ? (uint64_t) x < (uint64_t) y : x < y; break;
        case DOP_LE: r = u ? (uint64_t) x <= (uint64_t) y : x <= y; break;
        case DOP_GT: r = u ? (uint64_t) x > (uint64_t) y : x > y; break;
        case DOP_GE: r = u ? (uint64_t) x >= (uint64_t) y : x >= y; break;
        default: break;
        }
      ni->is_const = true;
      ni->value = ck_truncate (r, ni->type);
    }
  return 0;
}

/* c ? a : b */
static int
check_ternary (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  if (ck_int (c, n->a, "ternary condition") != 0)
    return -1;
  if (ck_expr (c, n->b) != 0 || ck_expr (c, n->c) != 0)
    return -1;
  struct ninfo *b = ck_info (c, n->b), *cc = ck_info (c, n->c);
  if (b->type.kind == DT_VOID || cc->type.kind == DT_VOID)
    ni->type = T_VOID;
  else if (b->type.kind != cc->type.kind)
    {
      ck_err (c, &n->loc, "operands have incompatible types");
      return -1;
    }
  else
    ni->type = b->type.kind == DT_STRING ? T_STRING : ck_arith (b->type, cc->type);
  return 0;
}

/* (T) expr, and (T *) of copied-in bytes. */
static int
check_cast (struct ck *c, struct d_node *n)
{
  struct dtype t;
  if (ck_expr (c, n->a) != 0 || ck_type_of (c, n->cast->text, NULL, &n->loc, &t) != 0)
    return -1;
  struct ninfo *ni = ck_info (c, n), *a = ck_info (c, n->a);
  struct dtype elem;
  if (a->type.kind == DT_STRING && t.is_pointer)
    {
      /* (T *) of copied-in or alloca() bytes: dereferenced with * or [k],
       * members with -> */
      const struct ctype *pt = ctype_resolve (t.ctype ? ctype_resolve (t.ctype)->ref : NULL);
      if (ck_pointee_type (n->cast->text, &elem))
        ni->type = (struct dtype) { DT_STRING, elem.size, elem.is_signed, true, t.ctype };
      else if (pt && pt->size > 0)
        ni->type = (struct dtype) { DT_STRING, 0, false, true, t.ctype };
      else
        {
          ck_err (c, &n->loc, "invalid cast expression: %s is a pointer to an incomplete type", n->cast->text);
          return -1;
        }
      if (pt && pt->size > c->prog->strsize)
        {
          char *tn = ctype_name (pt);
          ck_err (c, &n->loc, "%s (%" PRIu64 " bytes) does not fit a copied-in buffer of %u bytes "
                  "(-x strsize=%" PRIu64 " makes room, or use *(%s *)ADDR to read it straight from the process)",
                  tn, pt->size, c->prog->strsize, (pt->size + 7) & ~(uint64_t) 7, tn);
          free (tn);
          return -1;
        }
      return 0;
    }
  if (t.kind == DT_OBJECT && a->type.kind == DT_OBJECT && t.ctype && a->type.ctype
      && ctype_equal (ctype_resolve (t.ctype), ctype_resolve (a->type.ctype)))
    {
      /* (struct s) v where v is a struct s: v itself (translators write it) */
      struct d_node *v = n->a;
      struct d_loc loc = n->loc;
      free (n->cast->text);
      free (n->cast);
      *n = *v;
      n->loc = loc;
      free (v);
      return 0;
    }
  if (t.kind == DT_OBJECT || a->type.kind == DT_OBJECT)
    {
      ck_err (c, &n->loc, "invalid cast expression: a struct, union or array cannot be converted%s",
              t.kind == DT_OBJECT ? ": cast a pointer to it and use * or ->" : "");
      return -1;
    }
  if (t.kind == DT_VOID)
    {
      ni->type = T_VOID;
      return 0;
    }
  if ((t.kind == DT_STRING) != (a->type.kind == DT_STRING))
    {
      ck_err (c, &n->loc, "invalid cast expression: the operand cannot be converted to %s", n->cast->text);
      return -1;
    }
  ni->type = t;
  if (a->is_const)
    {
      ni->is_const = true;
      ni->value = ck_truncate (a->value, t);
    }
  return 0;
}

/* sizeof (T), sizeof expr. */
static int
check_sizeof (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  uint64_t size;
  if (n->cast)
    {
      bool is_string;
      const struct ctype *t = ck_ctype (c, n->cast->text, NULL, &n->loc, &is_string);
      if (!t && !is_string)
        return -1;
      const struct ctype *r = t ? ctype_resolve (t) : NULL;
      if (t && (!r || r->size == 0))
        {
          ck_err (c, &n->loc, "sizeof operator cannot be applied to %s: its size is unknown", n->cast->text);
          return -1;
        }
      size = is_string ? c->prog->strsize - 1 : r->size;   /* -x strsize (the buffer has a NUL more) */
    }
  else
    {
      if (ck_expr (c, n->a) != 0)
        return -1;
      struct dtype t = ck_info (c, n->a)->type;
      if (t.kind == DT_OBJECT)
        size = ctype_resolve (t.ctype)->size;
      else if (n->a->kind == DN_STRING)
        size = n->a->slen + 1;          /* a literal is a char array, its NUL included */
      else
        size = t.kind == DT_STRING ? c->prog->strsize - 1 : t.size;
    }
  set_const (ni, T_ULONG, (int64_t) size);
  return 0;
}

/* offsetof (T, member) */
static int
check_offsetof (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  bool is_string;
  const struct ctype *t = ck_ctype (c, n->cast->text, NULL, &n->loc, &is_string);
  if (!t)
    {
      if (is_string)
        ck_err (c, &n->loc, "offsetof operator must be applied to a struct or union: string");
      return -1;
    }
  const struct ctype *r = ctype_resolve (t);
  if (!r || (r->kind != CT_STRUCT && r->kind != CT_UNION))
    {
      ck_err (c, &n->loc, "offsetof operator must be applied to a struct or union: %s", n->cast->text);
      return -1;
    }
  uint64_t off;
  const struct ctype_member *m = ctype_member (r, n->sval, &off);
  if (!m)
    {
      ck_err (c, &n->loc, "%s is not a member of %s", n->sval, n->cast->text);
      return -1;
    }
  if (m->bit_size)
    {
      ck_err (c, &n->loc, "offsetof operator cannot be applied to bit-field %s", n->sval);
      return -1;
    }
  set_const (ni, T_ULONG, (int64_t) off);
  return 0;
}

/* self->x, this->x (created on first read: 0). */
static int
check_clause_var (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  struct dvar *v = ck_find_var (c->prog, n->kind == DN_SELF ? VS_SELF : VS_THIS, n->sval);
  if (!v)
    {
      /* Reading an unset self-> variable yields 0 (D); an unset
       * this-> is an error only in DTrace's stricter modes. */
      v = ck_new_var (c, n->kind == DN_SELF ? VS_SELF : VS_THIS, n->sval, T_LONG, 0, NULL, &n->loc);
      if (!v)
        return -1;
    }
  ck_refer_var (ni, v);
  return 0;
}

/* An integer constant: its type from its value and suffix, as C's. */
static int
check_int (struct ck *c, struct d_node *n)
{
  bool u = strchr (n->int_suffix, 'u'), l = strchr (n->int_suffix, 'l');
  struct dtype t = u ? ((uint64_t) n->ival <= UINT32_MAX && !l ? T_UINT : T_ULONG)
                   : l || n->ival < INT32_MIN || n->ival > INT32_MAX ? T_LONG : T_INT;
  set_const (ck_info (c, n), t, n->ival);
  return 0;
}

static int
check_string (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = ck_info (c, n);
  ni->type = T_STRING;
  ni->strconst = n->sval;
  return 0;
}

/* @x read as a value: D has no such expression. */
static int
check_agg_read (struct ck *c, struct d_node *n)
{
  ck_err (c, &n->loc, "aggregation @%s may only be used as the target of an aggregating function", n->sval);
  return -1;
}

static int
check_stringof (struct ck *c, struct d_node *n)
{
  if (ck_expr (c, n->a) != 0)
    return -1;
  ck_array_string (c, n->a);
  struct ninfo *ni = ck_info (c, n), *a = ck_info (c, n->a);
  ni->subr = SUBR_STRINGOF;
  ni->type = T_STRING;
  if (a->strconst)
    ni->strconst = a->strconst;
  return 0;
}

/* An assignment is an expression whose value is the one stored. */
static int
check_assign_expr (struct ck *c, struct d_node *n)
{
  if (n->a->kind == DN_AGG)
    {
      ck_err (c, &n->loc, "aggregating functions may only be used as statements");
      return -1;
    }
  return ck_assign (c, n);
}

/* The checker of each kind of expression node. */
static int (*const node_checkers[]) (struct ck *, struct d_node *) = {
  [DN_INT] = check_int, [DN_STRING] = check_string, [DN_MACRO] = check_macro,
  [DN_IDENT] = check_ident, [DN_SELF] = check_clause_var, [DN_THIS] = check_clause_var,
  [DN_INDEX] = check_index, [DN_AGG] = check_agg_read, [DN_CALL] = check_call_subr,
  [DN_STRINGOF] = check_stringof, [DN_UNARY] = check_unary, [DN_BINARY] = check_binary,
  [DN_TERNARY] = check_ternary, [DN_CAST] = check_cast, [DN_SIZEOF] = check_sizeof,
  [DN_OFFSETOF] = check_offsetof, [DN_ASSIGN] = check_assign_expr, [DN_INCDEC] = ck_incdec,
  [DN_MEMBER] = ck_member, [DN_XLATE] = ck_xlate_node,
};

int
ck_expr_node (struct ck *c, struct d_node *n)
{
  ck_info (c, n);
  size_t k = (size_t) n->kind;
  if (k < sizeof node_checkers / sizeof node_checkers[0] && node_checkers[k])
    return node_checkers[k] (c, n);
  ck_err (c, &n->loc, "syntax error");
  return -1;
}
