/*
 * checker.c — names, types, actions and record layout of D programs.
 *
 * Walks each clause once.  Expressions get a struct ninfo (type, constant
 * value, what a name resolves to).  Globals, associative arrays and self->
 * variables are created on their first assignment and typed by it (D has no
 * initialisers); aggregations on their first aggregating assignment, after
 * which function, parameters and key signature must stay the same.  Action
 * calls (printf, trace, exit, printa, clear, trunc, normalize, denormalize)
 * become the clause's action list, and their data items are laid out in the
 * clause's record after the record header.
 *
 * Messages follow DTrace's shapes: "<prefix>: line N: <message>".
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker.h"
#include "consumer/output/dformat.h"
#include "common/xalloc.h"

struct ck {
  struct dprog *prog;
  const char *errprefix;
  struct dclause *clause;      /* the clause being checked */
  int errors;
  unsigned spec_flags;         /* SPF_*: speculation rules within the clause */
};

enum { SPF_SPECULATE = 1, SPF_COMMIT = 2, SPF_DATAREC = 4 };

static void DIAG_PRINTF (3, 4)
err (struct ck *c, const struct d_loc *loc, const char *fmt, ...)
{
  char *msg;
  va_list ap;
  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  va_end (ap);
  if (loc && loc->line > 0)
    diag_error ("%s: line %d: %s", c->errprefix, loc->line, msg ? msg : "error");
  else
    diag_error ("%s: %s", c->errprefix, msg ? msg : "error");
  free (msg);
  c->errors++;
}

static void *
alloc (struct dprog *p, size_t n)
{
  void *m = xcalloc (1, n);
  p->allocs = xrealloc (p->allocs, (p->nallocs + 1) * sizeof *p->allocs);
  p->allocs[p->nallocs++] = m;
  return m;
}

static struct ninfo *
info (struct ck *c, struct d_node *n)
{
  if (!n->sym)
    {
      struct ninfo *ni = alloc (c->prog, sizeof *ni);
      ni->action = -1;
      n->sym = ni;
      n->type = &ni->type;
    }
  return n->sym;
}

static const struct dtype T_INT = { DT_INTEGER, 4, true, false };
static const struct dtype T_UINT = { DT_INTEGER, 4, false, false };
static const struct dtype T_LONG = { DT_INTEGER, 8, true, false };
static const struct dtype T_ULONG = { DT_INTEGER, 8, false, false };
static const struct dtype T_STRING = { DT_STRING, 0, false, false };
static const struct dtype T_VOID = { DT_VOID, 0, false, false };

/* ------------------------------------------------------------------ */
/* Types written in the source.                                        */

static bool
parse_type_name (const char *text, struct dtype *t)
{
  static const struct { const char *name; struct dtype t; } names[] = {
    { "char", { DT_INTEGER, 1, true, false } },
    { "signed char", { DT_INTEGER, 1, true, false } },
    { "unsigned char", { DT_INTEGER, 1, false, false } },
    { "short", { DT_INTEGER, 2, true, false } },
    { "short int", { DT_INTEGER, 2, true, false } },
    { "unsigned short", { DT_INTEGER, 2, false, false } },
    { "int", { DT_INTEGER, 4, true, false } },
    { "signed", { DT_INTEGER, 4, true, false } },
    { "signed int", { DT_INTEGER, 4, true, false } },
    { "unsigned", { DT_INTEGER, 4, false, false } },
    { "unsigned int", { DT_INTEGER, 4, false, false } },
    { "long", { DT_INTEGER, 8, true, false } },
    { "long int", { DT_INTEGER, 8, true, false } },
    { "unsigned long", { DT_INTEGER, 8, false, false } },
    { "long long", { DT_INTEGER, 8, true, false } },
    { "long long int", { DT_INTEGER, 8, true, false } },
    { "unsigned long long", { DT_INTEGER, 8, false, false } },
    { "int8_t", { DT_INTEGER, 1, true, false } },
    { "uint8_t", { DT_INTEGER, 1, false, false } },
    { "int16_t", { DT_INTEGER, 2, true, false } },
    { "uint16_t", { DT_INTEGER, 2, false, false } },
    { "int32_t", { DT_INTEGER, 4, true, false } },
    { "uint32_t", { DT_INTEGER, 4, false, false } },
    { "int64_t", { DT_INTEGER, 8, true, false } },
    { "uint64_t", { DT_INTEGER, 8, false, false } },
    { "intptr_t", { DT_INTEGER, 8, true, false } },
    { "uintptr_t", { DT_INTEGER, 8, false, false } },
    { "size_t", { DT_INTEGER, 8, false, false } },
    { "ssize_t", { DT_INTEGER, 8, true, false } },
    { "off_t", { DT_INTEGER, 8, true, false } },
    { "pid_t", { DT_INTEGER, 4, true, false } },
    { "id_t", { DT_INTEGER, 4, true, false } },
    { "uid_t", { DT_INTEGER, 4, false, false } },
    { "gid_t", { DT_INTEGER, 4, false, false } },
    { "processorid_t", { DT_INTEGER, 4, true, false } },
    { "hrtime_t", { DT_INTEGER, 8, true, false } },
    { "bool", { DT_INTEGER, 1, false, false } },
    { "_Bool", { DT_INTEGER, 1, false, false } },
    { "string", { DT_STRING, 0, false, false } },
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (text, names[i].name) == 0)
      {
        *t = names[i].t;
        return true;
      }
  size_t len = strlen (text);
  if (len && text[len - 1] == '*')
    {
      *t = (struct dtype) { DT_INTEGER, 8, false, true };
      return true;
    }
  return false;
}

/* The type T points to, for a pointer type name "T *": an integer type
 * (char for void; a pointer is an 8-byte unsigned integer). */
static bool
pointee_type (const char *text, struct dtype *elem)
{
  size_t len = strlen (text);
  if (!len || text[len - 1] != '*')
    return false;
  char *base = xstrdup (text);
  base[len - 1] = '\0';
  for (size_t k = strlen (base); k > 0 && base[k - 1] == ' '; k--)
    base[k - 1] = '\0';
  bool ok = true;
  if (strcmp (base, "void") == 0 || strcmp (base, "const void") == 0)
    *elem = (struct dtype) { DT_INTEGER, 1, true, false };
  else
    {
      const char *b = strncmp (base, "const ", 6) == 0 ? base + 6 : base;
      ok = parse_type_name (b, elem) && elem->kind == DT_INTEGER;
      if (ok && elem->is_pointer)
        *elem = (struct dtype) { DT_INTEGER, 8, false, false };
    }
  free (base);
  return ok;
}

/* A pointer into scratch memory (copyin(), alloca()): a string-kind value
 * (the bytes) whose size and sign are those of the type it points to. */
static bool
is_buffer_pointer (struct dtype t)
{
  return t.kind == DT_STRING && t.is_pointer;
}

/* C's usual arithmetic conversions on D integer types. */
static struct dtype
arith (struct dtype a, struct dtype b)
{
  if (a.size < 4)
    a = T_INT;
  if (b.size < 4)
    b = T_INT;
  struct dtype r = a.size >= b.size ? a : b;
  if (a.size == b.size)
    r.is_signed = a.is_signed && b.is_signed;
  r.is_pointer = false;
  return r;
}

static int64_t
truncate_to (int64_t v, struct dtype t)
{
  switch (t.size)
    {
    case 1: return t.is_signed ? (int64_t) (int8_t) v : (int64_t) (uint8_t) v;
    case 2: return t.is_signed ? (int64_t) (int16_t) v : (int64_t) (uint16_t) v;
    case 4: return t.is_signed ? (int64_t) (int32_t) v : (int64_t) (uint32_t) v;
    default: return v;
    }
}

/* ------------------------------------------------------------------ */
/* Variables and aggregations.                                         */

static struct dvar *
find_var (struct dprog *p, enum var_scope scope, const char *name)
{
  for (size_t i = 0; i < p->nvars; i++)
    if (p->vars[i].scope == scope && strcmp (p->vars[i].name, name) == 0)
      return &p->vars[i];
  return NULL;
}

/* Vars are referenced by pointer from ninfo: grow in chunks and never
 * reallocate once checking has started by reserving capacity up front. */
#define MAX_VARS 1024
#define MAX_AGGS 256

static struct dvar *
new_var (struct ck *c, enum var_scope scope, const char *name, struct dtype t,
         size_t nkeys, const struct dtype *keys, const struct d_loc *loc)
{
  struct dprog *p = c->prog;
  if (p->nvars >= MAX_VARS)
    {
      err (c, loc, "too many variables");
      return NULL;
    }
  if (!p->vars)
    p->vars = xcalloc (MAX_VARS, sizeof *p->vars);
  struct dvar *v = &p->vars[p->nvars++];
  v->name = xstrdup (name);
  v->scope = scope;
  v->type = t;
  v->nkeys = nkeys;
  v->keys = nkeys ? xcalloc (nkeys, sizeof *keys) : NULL;
  if (nkeys)
    memcpy (v->keys, keys, nkeys * sizeof *keys);
  unsigned vsize = t.kind == DT_STRING ? p->strsize : 8;
  v->value_size = (vsize + 7) & ~7u;
  unsigned ksize = scope == VS_SELF ? 8 : 0;
  for (size_t i = 0; i < nkeys; i++)
    ksize += dtype_bytes (keys[i], p->strsize);
  v->key_size = ksize;
  if (scope == VS_GLOBAL)
    {
      v->offset = p->globals_size;
      p->globals_size += v->value_size;
    }
  else if (scope == VS_THIS)
    {
      v->offset = p->this_size;
      p->this_size += v->value_size;
    }
  return v;
}

static const struct { const char *name; enum agg_func f; unsigned nparams; } agg_funcs[] = {
  { "count", AGG_COUNT, 0 }, { "sum", AGG_SUM, 1 }, { "avg", AGG_AVG, 1 },
  { "min", AGG_MIN, 1 }, { "max", AGG_MAX, 1 }, { "stddev", AGG_STDDEV, 1 },
  { "quantize", AGG_QUANTIZE, 1 }, { "lquantize", AGG_LQUANTIZE, 4 },
  { "llquantize", AGG_LLQUANTIZE, 5 },
};

static int
agg_func_of (const char *name, enum agg_func *f)
{
  for (size_t i = 0; i < sizeof agg_funcs / sizeof agg_funcs[0]; i++)
    if (strcmp (name, agg_funcs[i].name) == 0)
      {
        *f = agg_funcs[i].f;
        return (int) i;
      }
  return -1;
}

static struct dagg *
find_agg (struct dprog *p, const char *name)
{
  for (size_t i = 0; i < p->naggs; i++)
    if (strcmp (p->aggs[i].name, name) == 0)
      return &p->aggs[i];
  return NULL;
}

static struct dagg *
new_agg (struct ck *c, const char *name, const struct d_loc *loc)
{
  struct dprog *p = c->prog;
  if (p->naggs >= MAX_AGGS)
    {
      err (c, loc, "too many aggregations");
      return NULL;
    }
  if (!p->aggs)
    p->aggs = xcalloc (MAX_AGGS, sizeof *p->aggs);
  struct dagg *a = &p->aggs[p->naggs];
  a->name = xstrdup (name);
  a->id = (unsigned) p->naggs++;
  return a;
}

/* ------------------------------------------------------------------ */
/* Actions and records.                                                */

static void spec_rules (struct ck *c, enum action_kind kind, const struct d_loc *loc);

static struct daction *
add_action (struct ck *c, enum action_kind kind, struct d_node *call)
{
  struct dclause *cl = c->clause;
  spec_rules (c, kind, call ? &call->loc : NULL);
  cl->actions = xrealloc (cl->actions, (cl->nactions + 1) * sizeof *cl->actions);
  struct daction *a = &cl->actions[cl->nactions];
  memset (a, 0, sizeof *a);
  a->kind = kind;
  if (call)
    info (c, call)->action = (int) cl->nactions;
  cl->nactions++;
  return a;
}

static void
add_item (struct ck *c, struct daction *a, struct dtype t)
{
  struct dclause *cl = c->clause;
  if (cl->rec_size == 0)
    cl->rec_size = REC_HEADER_SIZE;
  a->items = xrealloc (a->items, (a->nitems + 1) * sizeof *a->items);
  struct rec_item *it = &a->items[a->nitems++];
  it->type = t;
  it->offset = cl->rec_size;
  cl->rec_size += dtype_bytes (t, c->prog->strsize);
  cl->records_data = true;
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                        */

static int check_expr (struct ck *c, struct d_node *n);
static int check_not_record (struct ck *c, const struct d_node *k);

bool
checker_register_constant (const char *name, int64_t *value)
{
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

static int
check_int (struct ck *c, struct d_node *n, const char *what)
{
  if (check_expr (c, n) != 0)
    return -1;
  if (info (c, n)->type.kind != DT_INTEGER)
    {
      err (c, &n->loc, "%s must be of integer type", what);
      return -1;
    }
  return 0;
}

static bool
builtin_of (const char *name, enum builtin *b, struct dtype *t)
{
  static const struct { const char *name; enum builtin b; struct dtype t; } tab[] = {
    { "pid", BI_PID, { DT_INTEGER, 4, true, false } },
    { "tid", BI_TID, { DT_INTEGER, 4, true, false } },
    { "ppid", BI_PPID, { DT_INTEGER, 4, true, false } },
    { "uid", BI_UID, { DT_INTEGER, 4, false, false } },
    { "gid", BI_GID, { DT_INTEGER, 4, false, false } },
    { "cpu", BI_CPU, { DT_INTEGER, 4, true, false } },
    { "timestamp", BI_TIMESTAMP, { DT_INTEGER, 8, false, false } },
    { "walltimestamp", BI_WALLTIMESTAMP, { DT_INTEGER, 8, true, false } },
    { "vtimestamp", BI_VTIMESTAMP, { DT_INTEGER, 8, false, false } },
    { "execname", BI_EXECNAME, { DT_STRING, 0, false, false } },
    { "probeprov", BI_PROBEPROV, { DT_STRING, 0, false, false } },
    { "probemod", BI_PROBEMOD, { DT_STRING, 0, false, false } },
    { "probefunc", BI_PROBEFUNC, { DT_STRING, 0, false, false } },
    { "probename", BI_PROBENAME, { DT_STRING, 0, false, false } },
    { "epid", BI_EPID, { DT_INTEGER, 4, false, false } },
    { "id", BI_ID, { DT_INTEGER, 4, false, false } },
    { "errno", BI_ERRNO, { DT_INTEGER, 4, true, false } },
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

/* $target, $pid, $1 ...: integer or string constants. */
static int
check_macro (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = info (c, n);
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
          err (c, &n->loc, "macro argument %s is not defined", name);
          return -1;
        }
    }
  else if (strcmp (m, "target") == 0)
    {
      if (!c->prog->target_pid)
        {
          err (c, &n->loc, "macro variable $target is not defined: use -p or -c");
          return -1;
        }
      snprintf (buf, sizeof buf, "%" PRId64, c->prog->target_pid);
      text = buf;
    }
  else if (strcmp (m, "pid") == 0)
    {
      snprintf (buf, sizeof buf, "%d", (int) c->prog->target.pid);
      text = buf;
    }
  else if (strcmp (m, "uid") == 0)
    {
      snprintf (buf, sizeof buf, "%u", (unsigned) c->prog->target.uid);
      text = buf;
    }
  else if (strcmp (m, "gid") == 0)
    {
      snprintf (buf, sizeof buf, "%u", (unsigned) c->prog->target.gid);
      text = buf;
    }
  else if (strcmp (m, "ppid") == 0)
    {
      snprintf (buf, sizeof buf, "%d", (int) c->prog->target.ppid);
      text = buf;
    }
  else
    {
      err (c, &n->loc, "failed to resolve %s: Unknown macro variable", name);
      return -1;
    }
  char *end;
  long long v = strtoll (text, &end, 0);
  if (!as_string && *text && *end == '\0')
    {
      ni->is_const = true;
      ni->value = v;
      ni->type = (v >= INT32_MIN && v <= INT32_MAX) ? T_INT : T_LONG;
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
static int
check_stack_subr (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = info (c, n);
  const char *fn = n->sval;
  bool ustk = strcmp (fn, "ustack") == 0;
  if (ustk || strcmp (fn, "stack") == 0)
    {
      if (n->nargs > (ustk ? 2u : 1u))
        {
          err (c, &n->loc, "%s( ) prototype mismatch: %zu args passed, at most %d expected", fn, n->nargs,
               ustk ? 2 : 1);
          return -1;
        }
      unsigned dflt = ustk ? c->prog->ustackframes : c->prog->stackframes;
      int64_t frames = dflt ? dflt : 20;
      for (size_t i = 0; i < n->nargs; i++)
        {
          if (check_int (c, n->args[i], "stack( ) argument") != 0)
            return -1;
          if (!info (c, n->args[i])->is_const)
            {
              err (c, &n->args[i]->loc, "%s( ) argument #%zu must be a non-zero positive integral constant expression",
                   fn, i + 1);
              return -1;
            }
        }
      if (n->nargs >= 1)
        frames = info (c, n->args[0])->value;
      if (frames <= 0 || frames > STACK_MAX_FRAMES)
        {
          err (c, &n->loc, "%s( ) argument #1 must be a non-zero positive integral constant expression "
               "of at most %d", fn, STACK_MAX_FRAMES);
          return -1;
        }
      ni->subr = ustk ? SUBR_USTACK : SUBR_STACK;
      ni->type = (struct dtype) { ustk ? DT_USTACK : DT_KSTACK, (uint8_t) frames, false, false };
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
            err (c, &n->loc, "%s( ) prototype mismatch: %zu args passed, 1 expected", fn, n->nargs);
            return -1;
          }
        if (check_int (c, n->args[0], "address") != 0)
          return -1;
        ni->subr = SUBR_USYM;
        ni->type = (struct dtype) { DT_USYM, (uint8_t) syms[k].form, false, false };
        return 0;
      }
  return 1;
}

static int
check_call_subr (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = info (c, n);
  if (strcmp (n->sval, "strtok") == 0)
    {
      /* strtok(s, delims) starts on s; strtok(NULL, delims) goes on */
      if (n->nargs != 2)
        {
          err (c, &n->loc, "strtok( ) prototype mismatch: %zu args passed, 2 expected", n->nargs);
          return -1;
        }
      for (size_t i = 0; i < 2; i++)
        if (check_expr (c, n->args[i]) != 0)
          return -1;
      struct ninfo *s = info (c, n->args[0]), *d = info (c, n->args[1]);
      if (s->type.kind != DT_STRING && !(s->is_const && s->value == 0))
        {
          err (c, &n->args[0]->loc, "strtok( ) argument #1 must be a string or NULL");
          return -1;
        }
      if (d->type.kind != DT_STRING)
        {
          err (c, &n->args[1]->loc, "strtok( ) argument #2 must be a string");
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
          err (c, &n->loc, "copyinstr( ) prototype mismatch: %zu args passed, 1 or 2 expected", n->nargs);
          return -1;
        }
      for (size_t i = 0; i < n->nargs; i++)
        if (check_int (c, n->args[i], "copyinstr( ) argument") != 0)
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
            err (c, &n->loc, "%s( ) prototype mismatch: %zu arg%s passed, %zu expected", n->sval,
                 n->nargs, n->nargs == 1 ? "" : "s", max);
          else
            err (c, &n->loc, "%s( ) prototype mismatch: %zu arg%s passed, %u to %zu expected", n->sval,
                 n->nargs, n->nargs == 1 ? "" : "s", sp->min, max);
          return -1;
        }
      for (size_t i = 0; i < n->nargs; i++)
        {
          if (check_expr (c, n->args[i]) != 0)
            return -1;
          enum dt_kind k = info (c, n->args[i])->type.kind;
          if (k != (sp->args[i] == 's' ? DT_STRING : DT_INTEGER))
            {
              err (c, &n->args[i]->loc, "%s( ) argument #%zu is incompatible with prototype:\n"
                   "\tprototype: %s\n\t argument: %s", n->sval, i + 1,
                   sp->args[i] == 's' ? "string" : "int64_t",
                   k == DT_STRING ? "string" : k == DT_VOID ? "void" : "int");
              return -1;
            }
        }
      if (sp->subr == SUBR_COPYINTO && n->args[2]->kind != DN_THIS)
        {
          err (c, &n->args[2]->loc, "copyinto( ) argument #3 must be a clause-local variable holding "
               "alloca( ) memory (this->buf = alloca(n))");
          return -1;
        }
      if (sp->subr == SUBR_ALLOCA || sp->subr == SUBR_COPYINTO)
        {
          struct ninfo *sz = info (c, n->args[sp->subr == SUBR_ALLOCA ? 0 : 1]);
          if (sz->is_const && (sz->value < 0 || (uint64_t) sz->value > c->prog->strsize))
            {
              err (c, &n->loc, "%s( ) of %lld bytes: at most %u (-x strsize) are available", n->sval,
                   (long long) sz->value, c->prog->strsize);
              return -1;
            }
        }
      ni->subr = sp->subr;
      ni->type = sp->ret;
      return 0;
    }
  if (strcmp (n->sval, "speculation") == 0)
    {
      if (n->nargs != 0)
        {
          err (c, &n->loc, "speculation( ) prototype mismatch: %zu args passed, 0 expected", n->nargs);
          return -1;
        }
      ni->subr = SUBR_SPECULATION;
      ni->type = T_INT;
      return 0;
    }
  int r = check_stack_subr (c, n);
  if (r <= 0)
    return r;
  err (c, &n->loc, "failed to resolve %s: Unknown function name", n->sval);
  return -1;
}

static int
check_expr_node (struct ck *c, struct d_node *n)
{
  struct ninfo *ni = info (c, n);
  switch (n->kind)
    {
    case DN_INT:
      ni->is_const = true;
      ni->value = n->ival;
      if (strchr (n->int_suffix, 'u'))
        ni->type = ((uint64_t) n->ival <= UINT32_MAX && !strchr (n->int_suffix, 'l')) ? T_UINT : T_ULONG;
      else if (strchr (n->int_suffix, 'l'))
        ni->type = T_LONG;
      else
        ni->type = (n->ival >= INT32_MIN && n->ival <= INT32_MAX) ? T_INT : T_LONG;
      return 0;
    case DN_STRING:
      ni->type = T_STRING;
      ni->strconst = n->sval;
      return 0;
    case DN_MACRO:
      return check_macro (c, n);
    case DN_IDENT:
      {
        enum builtin b;
        struct dtype t;
        if (builtin_of (n->sval, &b, &t))
          {
            ni->builtin = b;
            ni->type = t;
            return 0;
          }
        struct dvar *v = find_var (c->prog, VS_GLOBAL, n->sval);
        if (v && v->nkeys == 0)
          {
            ni->var = v;
            ni->type = v->type;
            return 0;
          }
        int64_t reg;
        if (checker_register_constant (n->sval, &reg))
          {
            ni->is_const = true;
            ni->value = reg;
            ni->type = T_INT;
            return 0;
          }
        if (strcmp (n->sval, "NULL") == 0)
          {
            /* D's NULL: a null pointer constant (compared with strings it
             * stands for "not found", see DN_BINARY) */
            ni->is_const = true;
            ni->value = 0;
            ni->type = (struct dtype) { DT_INTEGER, 8, false, true };
            return 0;
          }
        err (c, &n->loc, "failed to resolve %s: Unknown variable name", n->sval);
        return -1;
      }
    case DN_SELF:
    case DN_THIS:
      {
        struct dvar *v = find_var (c->prog, n->kind == DN_SELF ? VS_SELF : VS_THIS, n->sval);
        if (!v)
          {
            /* Reading an unset self-> variable yields 0 (D); an unset
             * this-> is an error only in DTrace's stricter modes. */
            v = new_var (c, n->kind == DN_SELF ? VS_SELF : VS_THIS, n->sval, T_LONG, 0, NULL, &n->loc);
            if (!v)
              return -1;
          }
        ni->var = v;
        ni->type = v->type;
        return 0;
      }
    case DN_INDEX:
      {
        if (!n->sval)
          {
            /* ((T *) bytes)[k], k a constant within the bytes */
            if (n->a && check_expr (c, n->a) != 0)
              return -1;
            if (!n->a || !is_buffer_pointer (info (c, n->a)->type))
              {
                err (c, &n->loc, "indexing this expression is not supported yet");
                return -1;
              }
            struct dtype pt = info (c, n->a)->type;
            if (n->nargs != 1)
              {
                err (c, &n->loc, "a pointer takes one index, %zu given", n->nargs);
                return -1;
              }
            if (check_int (c, n->args[0], "index") != 0)
              return -1;
            struct ninfo *k = info (c, n->args[0]);
            if (!k->is_const || k->value < 0 || (uint64_t) k->value >= c->prog->strsize / pt.size)
              {
                err (c, &n->loc, "the index of a pointer must be a constant within the %u bytes of "
                     "copyin() or alloca() memory (-x strsize)", c->prog->strsize);
                return -1;
              }
            ni->type = (struct dtype) { DT_INTEGER, pt.size, pt.is_signed, false };
            return 0;
          }
        struct dvar *v = find_var (c->prog, VS_ASSOC, n->sval);
        if (!v && strcmp (n->sval, "args") == 0)
          {
            /* args[N]: the probe's arguments as argN (no translator types) */
            if (n->nargs != 1 || check_int (c, n->args[0], "args[ ] index") != 0)
              {
                if (n->nargs != 1)
                  err (c, &n->loc, "args[ ] takes one index, %zu given", n->nargs);
                return -1;
              }
            struct ninfo *k = info (c, n->args[0]);
            if (!k->is_const || k->value < 0 || k->value > 11)
              {
                err (c, &n->loc, "index of args[ ] must be a constant from 0 to 11");
                return -1;
              }
            ni->builtin = (enum builtin) (BI_ARG0 + k->value);
            ni->type = T_LONG;
            return 0;
          }
        if (!v && strcmp (n->sval, "uregs") == 0)
          {
            /* uregs[reg]: a user register of the firing thread */
            if (n->nargs != 1)
              {
                err (c, &n->loc, "uregs[ ] takes one index, %zu given", n->nargs);
                return -1;
              }
            if (check_int (c, n->args[0], "uregs[ ] index") != 0)
              return -1;
            ni->builtin = BI_UREGS;
            ni->type = (struct dtype) { DT_INTEGER, 8, false, false };
            return 0;
          }
        if (!v)
          {
            err (c, &n->loc, "failed to resolve %s: Unknown variable name", n->sval);
            return -1;
          }
        if (v->nkeys != n->nargs)
          {
            err (c, &n->loc, "%s[ ] used with %zu keys, declared with %zu", n->sval, n->nargs, v->nkeys);
            return -1;
          }
        for (size_t i = 0; i < n->nargs; i++)
          if (check_expr (c, n->args[i]) != 0)
            return -1;
        ni->var = v;
        ni->type = v->type;
        return 0;
      }
    case DN_AGG:
      err (c, &n->loc, "aggregation @%s may only be used as the target of an aggregating function", n->sval);
      return -1;
    case DN_CALL:
      return check_call_subr (c, n);
    case DN_STRINGOF:
      if (check_expr (c, n->a) != 0)
        return -1;
      ni->subr = SUBR_STRINGOF;
      ni->type = T_STRING;
      if (info (c, n->a)->strconst)
        ni->strconst = info (c, n->a)->strconst;
      return 0;
    case DN_UNARY:
      {
        if (check_expr (c, n->a) != 0)
          return -1;
        struct ninfo *a = info (c, n->a);
        if (n->op == DOP_DEREF && is_buffer_pointer (a->type))
          {
            ni->type = (struct dtype) { DT_INTEGER, a->type.size, a->type.is_signed, false };
            return 0;
          }
        if (n->op == DOP_DEREF && a->type.kind == DT_STRING)
          {
            err (c, &n->loc, "operator * requires a pointer: cast the bytes first, as in *(int *)copyin(addr, 4)");
            return -1;
          }
        if (a->type.kind != DT_INTEGER)
          {
            err (c, &n->loc, "operator requires an operand of integer type");
            return -1;
          }
        switch (n->op)
          {
          case DOP_NOT:
            ni->type = T_INT;
            break;
          case DOP_NEG: case DOP_PLUS: case DOP_BITNOT:
            ni->type = arith (a->type, a->type);
            break;
          case DOP_DEREF:
            err (c, &n->loc, "%s",
                 a->type.is_pointer
                   ? "operator * cannot read a user address: copy the memory in first, as in "
                     "*(int *)copyin(addr, sizeof (int))"
                   : "operator * requires a pointer operand");
            return -1;
          default:
            err (c, &n->loc, "operator & is not supported");
            return -1;
          }
        if (a->is_const)
          {
            ni->is_const = true;
            ni->value = n->op == DOP_NOT ? !a->value : n->op == DOP_NEG ? -a->value
                        : n->op == DOP_BITNOT ? ~a->value : a->value;
            ni->value = truncate_to (ni->value, ni->type);
          }
        return 0;
      }
    case DN_BINARY:
      {
        if (check_expr (c, n->a) != 0 || check_expr (c, n->b) != 0)
          return -1;
        struct ninfo *a = info (c, n->a), *b = info (c, n->b);
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
            if (!cmp || a->type.kind != b->type.kind)
              {
                err (c, &n->loc, "operands have incompatible types: \"%s\" and \"%s\"",
                     a->type.kind == DT_STRING ? "string" : "int",
                     b->type.kind == DT_STRING ? "string" : "int");
                return -1;
              }
            ni->type = T_INT;
            return 0;
          }
        if (cmp || n->op == DOP_LAND || n->op == DOP_LOR || n->op == DOP_LXOR)
          ni->type = T_INT;
        else if (n->op == DOP_SHL || n->op == DOP_SHR)
          ni->type = arith (a->type, a->type);
        else
          ni->type = arith (a->type, b->type);
        if ((n->op == DOP_DIV || n->op == DOP_MOD) && b->is_const && b->value == 0)
          {
            err (c, &n->loc, "expression contains division by zero");
            return -1;
          }
        if (a->is_const && b->is_const)
          {
            struct dtype ct = arith (a->type, b->type);
            int64_t x = a->value, y = b->value, r = 0;
            bool u = !ct.is_signed;
            switch (n->op)
              {
              case DOP_ADD: r = (int64_t) ((uint64_t) x + (uint64_t) y); break;
              case DOP_SUB: r = (int64_t) ((uint64_t) x - (uint64_t) y); break;
              case DOP_MUL: r = (int64_t) ((uint64_t) x * (uint64_t) y); break;
              case DOP_DIV: r = u ? (int64_t) ((uint64_t) x / (uint64_t) y) : (y == -1 ? -x : x / y); break;
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
            ni->value = truncate_to (r, ni->type);
          }
        return 0;
      }
    case DN_TERNARY:
      {
        if (check_int (c, n->a, "ternary condition") != 0)
          return -1;
        if (check_expr (c, n->b) != 0 || check_expr (c, n->c) != 0)
          return -1;
        struct ninfo *b = info (c, n->b), *cc = info (c, n->c);
        if (b->type.kind == DT_VOID || cc->type.kind == DT_VOID)
          ni->type = T_VOID;
        else if (b->type.kind != cc->type.kind)
          {
            err (c, &n->loc, "operands have incompatible types");
            return -1;
          }
        else
          ni->type = b->type.kind == DT_STRING ? T_STRING : arith (b->type, cc->type);
        return 0;
      }
    case DN_CAST:
      {
        if (check_expr (c, n->a) != 0)
          return -1;
        struct dtype t;
        if (!parse_type_name (n->cast->text, &t))
          {
            err (c, &n->loc, "failed to resolve type %s", n->cast->text);
            return -1;
          }
        struct ninfo *a = info (c, n->a);
        struct dtype elem;
        if (a->type.kind == DT_STRING && t.is_pointer && pointee_type (n->cast->text, &elem))
          {
            /* (T *) of copied-in or alloca() bytes: dereferenced with * or [k] */
            ni->type = (struct dtype) { DT_STRING, elem.size, elem.is_signed, true };
            return 0;
          }
        if ((t.kind == DT_STRING) != (a->type.kind == DT_STRING))
          {
            err (c, &n->loc, "invalid cast expression: the operand cannot be converted to %s", n->cast->text);
            return -1;
          }
        ni->type = t;
        if (a->is_const)
          {
            ni->is_const = true;
            ni->value = truncate_to (a->value, t);
          }
        return 0;
      }
    case DN_SIZEOF:
      {
        struct dtype t;
        if (n->cast)
          {
            if (!parse_type_name (n->cast->text, &t))
              {
                err (c, &n->loc, "failed to resolve type %s", n->cast->text);
                return -1;
              }
          }
        else
          {
            if (check_expr (c, n->a) != 0)
              return -1;
            t = info (c, n->a)->type;
          }
        ni->type = T_ULONG;
        ni->is_const = true;
        ni->value = t.kind == DT_STRING ? c->prog->strsize : t.size;
        return 0;
      }
    case DN_ASSIGN:
    case DN_INCDEC:
      err (c, &n->loc, "assignments may only be used as statements");
      return -1;
    case DN_MEMBER:
      err (c, &n->loc, "struct and union members are not supported yet");
      return -1;
    default:
      err (c, &n->loc, "syntax error");
      return -1;
    }
}

/* ------------------------------------------------------------------ */
/* Statements.                                                         */

static int check_action_call (struct ck *c, struct d_node *call);

/* The target of an assignment: create it from the value's type if new. */
static int
check_lvalue (struct ck *c, struct d_node *lv, struct dtype vt)
{
  struct ninfo *ni = info (c, lv);
  enum var_scope scope;
  switch (lv->kind)
    {
    case DN_IDENT:
      {
        enum builtin b;
        struct dtype t;
        if (builtin_of (lv->sval, &b, &t))
          {
            err (c, &lv->loc, "operator = requires a writable variable: %s is read-only", lv->sval);
            return -1;
          }
        scope = VS_GLOBAL;
        break;
      }
    case DN_SELF: scope = VS_SELF; break;
    case DN_THIS: scope = VS_THIS; break;
    case DN_INDEX:
      if (!lv->sval)
        {
          err (c, &lv->loc, "assigning to an element of this expression is not supported yet");
          return -1;
        }
      if (strcmp (lv->sval, "uregs") == 0 && !find_var (c->prog, VS_ASSOC, "uregs"))
        {
          err (c, &lv->loc, "operator = requires a writable variable: uregs is read-only");
          return -1;
        }
      scope = VS_ASSOC;
      break;
    default:
      err (c, &lv->loc, "operator = requires a writable variable");
      return -1;
    }
  struct dtype keys[16];
  if (lv->kind == DN_INDEX)
    {
      if (lv->nargs > 16)
        {
          err (c, &lv->loc, "too many keys");
          return -1;
        }
      for (size_t i = 0; i < lv->nargs; i++)
        {
          if (check_expr (c, lv->args[i]) != 0)
            return -1;
          keys[i] = info (c, lv->args[i])->type;
          if (keys[i].kind == DT_INTEGER)
            keys[i] = (struct dtype) { DT_INTEGER, 8, keys[i].is_signed, false };
        }
    }
  struct dvar *v = find_var (c->prog, scope, lv->sval);
  if (!v)
    {
      struct dtype t = vt;
      if (t.kind == DT_INTEGER && t.size < 4)
        t = T_INT;
      v = new_var (c, scope, lv->sval, t, lv->kind == DN_INDEX ? lv->nargs : 0, keys, &lv->loc);
      if (!v)
        return -1;
    }
  else if ((v->type.kind == DT_STRING) != (vt.kind == DT_STRING))
    {
      err (c, &lv->loc, "operands have incompatible types: \"%s\" = \"%s\"",
           v->type.kind == DT_STRING ? "string" : "int", vt.kind == DT_STRING ? "string" : "int");
      return -1;
    }
  else if (lv->kind == DN_INDEX && v->nkeys != lv->nargs)
    {
      err (c, &lv->loc, "%s[ ] used with %zu keys, declared with %zu", lv->sval, lv->nargs, v->nkeys);
      return -1;
    }
  ni->var = v;
  ni->type = v->type;
  return 0;
}

static int
check_aggregation (struct ck *c, struct d_node *stmt, struct d_node *lhs, struct d_node *call)
{
  enum agg_func f;
  if (c->spec_flags & SPF_COMMIT)
    err (c, &stmt->loc, "aggregating actions may not follow commit( )");
  if (c->spec_flags & SPF_SPECULATE)
    err (c, &stmt->loc, "aggregating actions may not follow speculate( )");
  c->spec_flags |= SPF_DATAREC;
  int fi = call->kind == DN_CALL ? agg_func_of (call->sval, &f) : -1;
  if (fi < 0)
    {
      err (c, &stmt->loc, "@%s: aggregations must be assigned the result of an aggregating function",
           lhs->sval);
      return -1;
    }
  unsigned want = agg_funcs[fi].nparams;
  bool ok = call->nargs == want || (f == AGG_QUANTIZE && call->nargs == 2)
            || (f == AGG_LQUANTIZE && (call->nargs == 3 || call->nargs == 5))
            || (f == AGG_LLQUANTIZE && call->nargs == 6);
  if (!ok)
    {
      err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, %u expected", call->sval,
           call->nargs, want);
      return -1;
    }
  for (size_t i = 0; i < call->nargs; i++)
    if (check_int (c, call->args[i], "aggregating function argument") != 0)
      return -1;
  int64_t param[4] = { 0 };
  if (f == AGG_LQUANTIZE)
    {
      for (int i = 1; i < (call->nargs >= 4 ? 4 : 3); i++)
        if (!info (c, call->args[i])->is_const)
          {
            err (c, &call->args[i]->loc, "lquantize( ) argument #%d must be a constant", i + 1);
            return -1;
          }
      param[0] = info (c, call->args[1])->value;
      param[1] = info (c, call->args[2])->value;
      param[2] = call->nargs >= 4 ? info (c, call->args[3])->value : 1;
      if (param[0] < INT32_MIN || param[0] > INT32_MAX || param[1] < INT32_MIN || param[1] > INT32_MAX)
        {
          err (c, &call->loc, "lquantize( ) argument #%d must be a 32-bit quantity",
               param[0] < INT32_MIN || param[0] > INT32_MAX ? 2 : 3);
          return -1;
        }
      if (param[2] <= 0 || param[2] > UINT16_MAX)
        {
          err (c, &call->loc, "lquantize( ) step must be a non-zero positive integer");
          return -1;
        }
      if (param[1] <= param[0] || (param[1] - param[0]) / param[2] < 1
          || (param[1] - param[0]) / param[2] > UINT16_MAX)
        {
          err (c, &call->loc, "lquantize( ) high value must be greater than low value, "
               "and must have at least one quantization level");
          return -1;
        }
    }
  else if (f == AGG_LLQUANTIZE)
    {
      for (int i = 1; i < 5; i++)
        if (!info (c, call->args[i])->is_const)
          {
            err (c, &call->args[i]->loc, "llquantize( ) argument #%d must be a constant", i + 1);
            return -1;
          }
      for (int i = 0; i < 4; i++)
        param[i] = info (c, call->args[i + 1])->value;
      if (param[0] < 2 || param[2] <= param[1] || param[1] < 0 || param[0] > param[3]
          || param[3] % param[0] != 0 || param[0] > UINT16_MAX || param[2] > UINT16_MAX
          || param[3] > UINT16_MAX
          || !dfmt_llquantize_valid ((uint16_t) param[0], (uint16_t) param[1], (uint16_t) param[2],
                                     (uint16_t) param[3]))
        {
          err (c, &call->loc, "llquantize( ) parameters are invalid (factor %" PRId64 ", low %" PRId64
               ", high %" PRId64 ", steps %" PRId64 ")", param[0], param[1], param[2], param[3]);
          return -1;
        }
    }

  struct dtype keys[16];
  if (lhs->nargs > 16)
    {
      err (c, &lhs->loc, "too many keys");
      return -1;
    }
  for (size_t i = 0; i < lhs->nargs; i++)
    {
      if (check_expr (c, lhs->args[i]) != 0)
        return -1;
      keys[i] = info (c, lhs->args[i])->type;
      if (keys[i].kind == DT_VOID)
        {
          err (c, &lhs->args[i]->loc, "aggregation key #%zu has void type", i + 1);
          return -1;
        }
    }
  struct dagg *a = find_agg (c->prog, lhs->sval);
  if (!a)
    {
      a = new_agg (c, lhs->sval, &lhs->loc);
      if (!a)
        return -1;
      a->func = f;
      memcpy (a->param, param, sizeof param);
      a->nkeys = lhs->nargs;
      a->keys = lhs->nargs ? xcalloc (lhs->nargs, sizeof *a->keys) : NULL;
      unsigned ks = 0;
      for (size_t i = 0; i < lhs->nargs; i++)
        {
          a->keys[i] = keys[i];
          ks += dtype_bytes (keys[i], c->prog->strsize);
        }
      a->key_size = ks ? ks : 8;
      switch (f)
        {
        case AGG_COUNT: case AGG_SUM: a->value_size = 8; break;
        case AGG_AVG: case AGG_MIN: case AGG_MAX: a->value_size = 16; break;
        case AGG_STDDEV: a->value_size = 32; break;
        case AGG_QUANTIZE: a->nbuckets = 127; a->value_size = 8 * 127; break;
        case AGG_LQUANTIZE:
          a->nbuckets = (unsigned) ((param[1] - param[0]) / param[2]) + 2;
          a->value_size = 8 * a->nbuckets;
          break;
        case AGG_LLQUANTIZE:
          {
            /* bucket 0 (< factor^low), each magnitude's steps, overflow:
             * dformat's layout, which codegen-aggs.c fills */
            a->nbuckets = dfmt_llquantize_nbuckets ((uint16_t) param[0], (uint16_t) param[1],
                                                    (uint16_t) param[2], (uint16_t) param[3]);
            a->value_size = 8 * a->nbuckets;
            break;
          }
        }
      a->func_known = true;
    }
  else
    {
      if (a->func != f || memcmp (a->param, param, sizeof param) != 0)
        {
          err (c, &stmt->loc, "@%s: aggregation redefined", lhs->sval);
          return -1;
        }
      if (a->nkeys != lhs->nargs)
        {
          err (c, &stmt->loc, "@%s: aggregation key signature mismatch: %zu keys, previously %zu",
               lhs->sval, lhs->nargs, a->nkeys);
          return -1;
        }
      for (size_t i = 0; i < a->nkeys; i++)
        if ((a->keys[i].kind == DT_STRING) != (keys[i].kind == DT_STRING)
            || dtype_bytes (a->keys[i], 8) != dtype_bytes (keys[i], 8)
            || (dtype_is_record (keys[i]) && (a->keys[i].kind != keys[i].kind || a->keys[i].size != keys[i].size)))
          {
            err (c, &stmt->loc, "@%s: aggregation key #%zu type mismatch", lhs->sval, i + 1);
            return -1;
          }
    }
  info (c, stmt)->agg = a;
  info (c, lhs)->agg = a;
  return 0;
}

static int
check_assign (struct ck *c, struct d_node *n)
{
  if (n->a->kind == DN_AGG)
    {
      if (n->op != DOP_ASSIGN)
        {
          err (c, &n->loc, "aggregations may only be assigned with =");
          return -1;
        }
      return check_aggregation (c, n, n->a, n->b);
    }
  if (check_expr (c, n->b) != 0 || check_not_record (c, n->b) != 0)
    return -1;
  struct dtype vt = info (c, n->b)->type;
  if (vt.kind == DT_VOID)
    {
      err (c, &n->loc, "operator = requires an operand of scalar or string type");
      return -1;
    }
  if (n->op != DOP_ASSIGN && vt.kind != DT_INTEGER)
    {
      err (c, &n->loc, "compound assignment requires operands of integer type");
      return -1;
    }
  if (check_lvalue (c, n->a, vt) != 0)
    return -1;
  if (n->op != DOP_ASSIGN && info (c, n->a)->type.kind != DT_INTEGER)
    {
      err (c, &n->loc, "compound assignment requires operands of integer type");
      return -1;
    }
  info (c, n)->type = info (c, n->a)->type;
  return 0;
}

static struct dagg *
agg_arg (struct ck *c, struct d_node *n, const char *fn)
{
  if (n->kind != DN_AGG || n->nargs)
    {
      err (c, &n->loc, "%s( ) argument #1 is incompatible with prototype: an aggregation is required", fn);
      return NULL;
    }
  struct dagg *a = find_agg (c->prog, n->sval);
  if (!a)
    err (c, &n->loc, "failed to resolve @%s: Unknown aggregation", n->sval);
  return a;
}

/* printa with several aggregations joins them on their keys: the key
 * signatures must be the same. */
static int
printa_keys_match (struct ck *c, struct d_node *call, const struct dagg *x, const struct dagg *y)
{
  if (x->nkeys != y->nkeys)
    {
      err (c, &call->loc, "printa( ): @%s and @%s do not have matching key signatures: "
           "@%s has %zu key%s, @%s has %zu key%s", x->name, y->name, x->name, x->nkeys,
           x->nkeys == 1 ? "" : "s", y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
      return -1;
    }
  for (size_t k = 0; k < x->nkeys; k++)
    if ((x->keys[k].kind == DT_STRING) != (y->keys[k].kind == DT_STRING))
      {
        err (c, &call->loc, "printa( ): @%s and @%s do not have matching key signatures: "
             "@%s key #%zu is %s, @%s key #%zu is %s", x->name, y->name, x->name, k + 1,
             x->keys[k].kind == DT_STRING ? "string" : "an integer", y->name, k + 1,
             y->keys[k].kind == DT_STRING ? "string" : "an integer");
        return -1;
      }
  return 0;
}

/* DTrace's ordering rules for speculate/commit/discard and the actions
 * around them (D_SPEC_*, D_COMM_*, D_AGG_SPEC, D_EXIT_SPEC, D_ACT_SPEC). */
static bool
is_destructive (enum action_kind k)
{
  return k == ACT_SYSTEM || k == ACT_RAISE || k == ACT_STOP || k == ACT_COPYOUT || k == ACT_COPYOUTSTR;
}

static void
spec_rules (struct ck *c, enum action_kind kind, const struct d_loc *loc)
{
  unsigned *f = &c->spec_flags;
  switch (kind)
    {
    case ACT_DEFAULT:
      return;
    case ACT_COMMIT:
      if (*f & SPF_COMMIT)
        err (c, loc, "commit( ) may not follow commit( )");
      if (*f & SPF_DATAREC)
        err (c, loc, "commit( ) may not follow data-recording action(s)");
      *f |= SPF_COMMIT;
      return;
    case ACT_DISCARD:
      return;
    case ACT_SPECULATE:
      if (*f & SPF_SPECULATE)
        err (c, loc, "speculate( ) may not follow speculate( )");
      if (*f & SPF_COMMIT)
        err (c, loc, "speculate( ) may not follow commit( )");
      if (*f & SPF_DATAREC)
        err (c, loc, "speculate( ) may not follow data-recording action(s)");
      *f |= SPF_SPECULATE;
      return;
    default:
      break;
    }
  if (*f & SPF_SPECULATE)
    {
      if (is_destructive (kind))
        err (c, loc, "destructive actions may not follow speculate( )");
      if (kind == ACT_EXIT)
        err (c, loc, "exit( ) may not follow speculate( )");
    }
  if (is_destructive (kind))
    return;
  if (*f & SPF_COMMIT)
    err (c, loc, "data-recording actions may not follow commit( )");
  *f |= SPF_DATAREC;
}

/* printf("format", args...) and system("format", args...): a constant
 * format, then one record item per argument. */
static int
check_format_action (struct ck *c, struct d_node *call, enum action_kind kind)
{
  const char *fn = call->sval;
  if (call->nargs < 1 || call->args[0]->kind != DN_STRING)
    {
      err (c, &call->loc, "%s( ) argument #1 is incompatible with prototype: a string constant is required", fn);
      return -1;
    }
  for (size_t i = 1; i < call->nargs; i++)
    if (check_expr (c, call->args[i]) != 0)
      return -1;
  struct daction *a = add_action (c, kind, call);
  a->format = xstrdup (call->args[0]->sval);
  if (c->clause->rec_size == 0)
    c->clause->rec_size = REC_HEADER_SIZE;
  c->clause->records_data = true;
  for (size_t i = 1; i < call->nargs; i++)
    {
      struct dtype t = info (c, call->args[i])->type;
      if (t.kind == DT_VOID)
        {
          err (c, &call->args[i]->loc, "%s( ) argument #%zu is incompatible with prototype: void", fn, i + 1);
          return -1;
        }
      add_item (c, a, t);
    }
  info (c, call)->type = T_VOID;
  return 0;
}

/* speculate/commit/discard and the destructive actions (system, raise,
 * stop, copyout, copyoutstr).  Returns 1 when CALL is none of them. */
static int
check_safety_action (struct ck *c, struct d_node *call)
{
  static const struct { const char *name; enum action_kind k; size_t nargs; } tab[] = {
    { "speculate", ACT_SPECULATE, 1 }, { "commit", ACT_COMMIT, 1 }, { "discard", ACT_DISCARD, 1 },
    { "raise", ACT_RAISE, 1 }, { "stop", ACT_STOP, 0 },
    { "copyout", ACT_COPYOUT, 3 }, { "copyoutstr", ACT_COPYOUTSTR, 3 },
  };
  const char *fn = call->sval;
  if (strcmp (fn, "system") == 0)
    return check_format_action (c, call, ACT_SYSTEM);
  for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
    {
      if (strcmp (fn, tab[k].name) != 0)
        continue;
      if (call->nargs != tab[k].nargs)
        {
          err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, %zu expected", fn, call->nargs,
               tab[k].nargs);
          return -1;
        }
      for (size_t i = 0; i < call->nargs; i++)
        {
          bool want_string = (tab[k].k == ACT_COPYOUT || tab[k].k == ACT_COPYOUTSTR) && i == 0;
          if (want_string)
            {
              if (check_expr (c, call->args[i]) != 0)
                return -1;
              if (info (c, call->args[i])->type.kind != DT_STRING)
                {
                  err (c, &call->args[i]->loc,
                       "%s( ) argument #1 is incompatible with prototype: a string or buffer is required", fn);
                  return -1;
                }
            }
          else
            {
              char what[64];
              snprintf (what, sizeof what, "%s( ) argument #%zu", fn, i + 1);
              if (check_int (c, call->args[i], what) != 0)
                return -1;
            }
        }
      struct daction *a = add_action (c, tab[k].k, call);
      if (tab[k].k == ACT_COMMIT || tab[k].k == ACT_DISCARD)
        add_item (c, a, T_LONG);
      if (tab[k].k == ACT_COPYOUT || tab[k].k == ACT_COPYOUTSTR)
        {
          /* for the consumer's write when the kernel cannot write user
           * memory (destructive.h): pid, address, size, bytes */
          add_item (c, a, T_LONG);
          add_item (c, a, T_ULONG);
          add_item (c, a, T_LONG);
          add_item (c, a, T_STRING);
        }
      info (c, call)->type = T_VOID;
      return 0;
    }
  return 1;   /* not an action */
}

/* Stacks and symbols are records: no operator, variable or subroutine
 * takes one (trace, printf, aggregation keys and the statement form do). */
static int
check_not_record (struct ck *c, const struct d_node *k)
{
  if (!k || !k->sym || !dtype_is_record (((const struct ninfo *) k->sym)->type))
    return 0;
  err (c, &k->loc, "%s( ) may only be traced, printed with printf( ), used as an aggregation key "
       "or used as a statement", k->kind == DN_CALL && k->sval ? k->sval : "stack");
  return -1;
}

static int
check_expr (struct ck *c, struct d_node *n)
{
  if (check_expr_node (c, n) != 0)
    return -1;
  if (check_not_record (c, n->a) || check_not_record (c, n->b) || check_not_record (c, n->c))
    return -1;
  if (n->kind != DN_CALL)
    for (size_t i = 0; i < n->nargs; i++)
      if (check_not_record (c, n->args[i]))
        return -1;
  return 0;
}

/* printf/trace/exit/printa/... : an action with record items. */
static int
check_action_call (struct ck *c, struct d_node *call)
{
  const char *fn = call->sval;
  int sr = check_stack_subr (c, call);
  if (sr < 0)
    return -1;
  if (sr == 0)
    {
      /* ustack(); usym(pc); ...: the statement form traces the record */
      struct dtype t = info (c, call)->type;
      struct daction *a = add_action (c, ACT_TRACE, call);
      a->self_item = true;
      add_item (c, a, t);
      return 0;
    }
  if (strcmp (fn, "printf") == 0)
    return check_format_action (c, call, ACT_PRINTF);
  if (strcmp (fn, "trace") == 0 || strcmp (fn, "exit") == 0)
    {
      if (call->nargs != 1)
        {
          err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed, 1 expected", fn, call->nargs);
          return -1;
        }
      if (check_expr (c, call->args[0]) != 0)
        return -1;
      struct dtype t = info (c, call->args[0])->type;
      if (t.kind == DT_VOID || (fn[0] == 'e' && t.kind != DT_INTEGER))
        {
          err (c, &call->loc, "%s( ) argument #1 is incompatible with prototype", fn);
          return -1;
        }
      struct daction *a = add_action (c, fn[0] == 't' ? ACT_TRACE : ACT_EXIT, call);
      add_item (c, a, fn[0] == 'e' ? T_INT : t);
      info (c, call)->type = T_VOID;
      return 0;
    }
  if (strcmp (fn, "printa") == 0)
    {
      size_t first = 0;
      const char *fmt = NULL;
      if (call->nargs >= 1 && call->args[0]->kind == DN_STRING)
        {
          fmt = call->args[0]->sval;
          first = 1;
        }
      if (call->nargs <= first)
        {
          err (c, &call->loc, "printa( ) prototype mismatch: an aggregation is required");
          return -1;
        }
      struct daction *a = add_action (c, ACT_PRINTA, call);
      a->format = fmt ? xstrdup (fmt) : NULL;
      for (size_t i = first; i < call->nargs; i++)
        {
          struct dagg *g = agg_arg (c, call->args[i], "printa");
          if (!g)
            return -1;
          if (a->naggs && printa_keys_match (c, call, &c->prog->aggs[a->aggs[0]], g) != 0)
            return -1;
          a->aggs = xrealloc (a->aggs, (a->naggs + 1) * sizeof *a->aggs);
          a->aggs[a->naggs++] = g->id;
        }
      if (c->clause->rec_size == 0)
        c->clause->rec_size = REC_HEADER_SIZE;
      c->clause->records_data = true;
      info (c, call)->type = T_VOID;
      return 0;
    }
  static const struct { const char *name; enum action_kind k; size_t min, max; } aggacts[] = {
    { "clear", ACT_CLEAR, 1, 1 }, { "trunc", ACT_TRUNC, 1, 2 },
    { "normalize", ACT_NORMALIZE, 2, 2 }, { "denormalize", ACT_DENORMALIZE, 1, 1 },
  };
  for (size_t k = 0; k < sizeof aggacts / sizeof aggacts[0]; k++)
    if (strcmp (fn, aggacts[k].name) == 0)
      {
        if (call->nargs < aggacts[k].min || call->nargs > aggacts[k].max)
          {
            err (c, &call->loc, "%s( ) prototype mismatch: %zu args passed", fn, call->nargs);
            return -1;
          }
        struct dagg *g = agg_arg (c, call->args[0], fn);
        if (!g)
          return -1;
        struct daction *a = add_action (c, aggacts[k].k, call);
        a->aggs = xmalloc (sizeof *a->aggs);
        a->aggs[0] = g->id;
        a->naggs = 1;
        if (call->nargs == 2)
          {
            if (check_int (c, call->args[1], fn) != 0)
              return -1;
            a->has_arg = true;
            add_item (c, a, T_LONG);
          }
        else if (c->clause->rec_size == 0)
          c->clause->rec_size = REC_HEADER_SIZE;
        c->clause->records_data = true;
        info (c, call)->type = T_VOID;
        return 0;
      }
  return check_safety_action (c, call);
}

/* An expression in statement position: actions are allowed here and in
 * the arms of a ternary operator. */
static int
check_stmt_expr (struct ck *c, struct d_node *n)
{
  switch (n->kind)
    {
    case DN_ASSIGN:
      return check_assign (c, n);
    case DN_INCDEC:
      {
        struct dtype t = T_INT;
        if (check_lvalue (c, n->a, t) != 0)
          return -1;
        if (info (c, n->a)->type.kind != DT_INTEGER)
          {
            err (c, &n->loc, "operator ++ and -- require an operand of integer type");
            return -1;
          }
        info (c, n)->type = info (c, n->a)->type;
        return 0;
      }
    case DN_CALL:
      {
        int r = check_action_call (c, n);
        if (r <= 0)
          return r;
        return check_expr (c, n);
      }
    case DN_TERNARY:
      if (check_int (c, n->a, "ternary condition") != 0)
        return -1;
      if (check_stmt_expr (c, n->b) != 0 || check_stmt_expr (c, n->c) != 0)
        return -1;
      info (c, n)->type = T_VOID;
      return 0;
    default:
      return check_expr (c, n);
    }
}

static int
check_stmt (struct ck *c, struct d_node *s)
{
  switch (s->kind)
    {
    case DN_EMPTY:
      return 0;
    case DN_EXPR_STMT:
      return check_stmt_expr (c, s->a);
    case DN_BLOCK:
      for (size_t i = 0; i < s->nargs; i++)
        if (check_stmt (c, s->args[i]) != 0)
          return -1;
      return 0;
    case DN_IF:
      if (check_int (c, s->a, "if condition") != 0)
        return -1;
      if (check_stmt (c, s->b) != 0)
        return -1;
      return s->c ? check_stmt (c, s->c) : 0;
    default:
      return check_stmt_expr (c, s);
    }
}

static int
check_decl (struct ck *c, struct d_decl *d)
{
  switch (d->kind)
    {
    case DD_OPTION:
      return 0;   /* options are applied by the runtime before checking */
    case DD_GLOBAL:
    case DD_SELF:
    case DD_THIS:
      {
        struct dtype t;
        if (!parse_type_name (d->type->text, &t))
          {
            err (c, &d->loc, "failed to resolve type %s", d->type->text);
            return -1;
          }
        enum var_scope s = d->kind == DD_GLOBAL ? VS_GLOBAL : d->kind == DD_SELF ? VS_SELF : VS_THIS;
        if (find_var (c->prog, s, d->name))
          {
            err (c, &d->loc, "identifier redeclared: %s", d->name);
            return -1;
          }
        return new_var (c, s, d->name, t, 0, NULL, &d->loc) ? 0 : -1;
      }
    case DD_INLINE:
      err (c, &d->loc, "inline definitions are not supported yet");
      return -1;
    }
  return 0;
}

int
d_check_script (struct dprog *prog, struct d_script *script, const char *errprefix)
{
  struct ck c = { prog, errprefix, NULL, 0, 0 };
  for (size_t i = 0; i < script->ndecls; i++)
    if (check_decl (&c, &script->decls[i]) != 0)
      return -1;
  for (size_t i = 0; i < script->nclauses; i++)
    {
      struct d_clause_ast *ast = &script->clauses[i];
      prog->clauses = xrealloc (prog->clauses, (prog->nclauses + 1) * sizeof *prog->clauses);
      struct dclause *cl = &prog->clauses[prog->nclauses];
      memset (cl, 0, sizeof *cl);
      cl->index = (unsigned) prog->nclauses++;
      cl->ast = ast;
      c.clause = cl;
      c.spec_flags = 0;
      if (ast->predicate && check_int (&c, ast->predicate, "predicate") != 0)
        return -1;
      if (ast->body && check_stmt (&c, ast->body) != 0)
        return -1;
      if (!ast->body || ast->body->nargs == 0)
        {
          /* An empty clause prints the default probe line. */
          add_action (&c, ACT_DEFAULT, NULL);
          cl->rec_size = REC_HEADER_SIZE;
          cl->records_data = true;
        }
      if (cl->nactions > 64)
        {
          err (&c, &ast->loc, "too many actions in one clause (at most 64)");
          return -1;
        }
    }
  return c.errors ? -1 : 0;
}

void
d_check_free (struct dprog *p)
{
  for (size_t i = 0; i < p->nallocs; i++)
    free (p->allocs[i]);
  free (p->allocs);
  for (size_t i = 0; i < p->nvars; i++)
    {
      free (p->vars[i].name);
      free (p->vars[i].keys);
    }
  free (p->vars);
  for (size_t i = 0; i < p->naggs; i++)
    {
      free (p->aggs[i].name);
      free (p->aggs[i].keys);
    }
  free (p->aggs);
  for (size_t i = 0; i < p->nclauses; i++)
    {
      struct dclause *cl = &p->clauses[i];
      for (size_t j = 0; j < cl->nactions; j++)
        {
          free (cl->actions[j].format);
          free (cl->actions[j].items);
          free (cl->actions[j].aggs);
        }
      free (cl->actions);
      free (cl->probes);
    }
  free (p->clauses);
  p->nallocs = p->nvars = p->naggs = p->nclauses = 0;
  p->allocs = NULL;
  p->vars = NULL;
  p->aggs = NULL;
  p->clauses = NULL;
}
