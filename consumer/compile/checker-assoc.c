/* SPDX-License-Identifier: MIT */
/*
 * checker-assoc.c — associative arrays declared with their types, and the
 * prototype every use of an associative array must follow.
 *
 * D lets a program declare an associative array before using it:
 *
 *     string s[int];            int a[string, int];       self int t[int];
 *
 * The brackets of such a declaration hold types, where a scalar array's
 * (`int x[5]`) hold a bound: the brackets are read as key types unless they
 * are empty, begin with a digit or name a constant.  The declaration
 * creates the array (value type and key types fixed); an element not yet
 * stored reads as zero, as an implicitly created array's does.
 *
 * Whether declared or created by its first assignment, an array has a
 * prototype (its keys' types), and every later use must match it: the same
 * number of keys, and each key an integer where the prototype has an
 * integer and a string where it has a string (the key's bytes are laid out
 * by kind).  The messages are DTrace's ("x[ ] key #2 is incompatible with
 * prototype").
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "common/vec.h"
#include "common/xalloc.h"

/* TEXT's last top-level "[...]" when it ends the text: *OPEN and *CLOSE
 * the offsets of its brackets. */
static bool
last_brackets (const char *text, size_t *open, size_t *close)
{
  size_t n = strlen (text);
  int depth = 0;

  while (n > 0 && text[n - 1] == ' ')
    n--;
  if (n == 0 || text[n - 1] != ']')
    return false;
  *close = n - 1;
  for (size_t i = n; i-- > 0;)
    {
      if (text[i] == ']')
        depth++;
      else if (text[i] == '[' && --depth == 0)
        {
          *open = i;
          return true;
        }
    }
  return false;
}

static char *
trimmed (const char *s, size_t n)
{
  while (n > 0 && isspace ((unsigned char) *s))
    s++, n--;
  while (n > 0 && isspace ((unsigned char) s[n - 1]))
    n--;
  return xstrndup (s, n);
}

/* The brackets' contents are a bound (not key types)? */
static bool
is_bound (struct ck *c, const char *inside)
{
  struct ck_const k;

  if (!*inside || isdigit ((unsigned char) *inside) || *inside == '-')
    return true;
  return ck_find_const (c, inside, &k);
}

/* Split INSIDE at its top-level commas into *KEYS (allocated texts). */
static size_t
split_keys (const char *inside, char ***keys)
{
  char **v = NULL;
  size_t n = 0, cap = 0;
  const char *start = inside;
  int depth = 0;

  for (const char *p = inside;; p++)
    {
      if (*p == '(' || *p == '[')
        depth++;
      else if (*p == ')' || *p == ']')
        depth--;
      else if ((*p == ',' && depth == 0) || !*p)
        {
          VEC_PUSH (v, n, cap) = trimmed (start, (size_t) (p - start));
          if (!*p)
            break;
          start = p + 1;
        }
    }
  *keys = v;
  return n;
}

int
ck_assoc_decl (struct ck *c, struct d_decl *d, enum var_scope scope, bool *handled)
{
  const char *text = d->type->text;
  size_t open, close;
  *handled = false;
  if (!last_brackets (text, &open, &close))
    return 0;
  char *inside = trimmed (text + open + 1, close - open - 1);
  if (is_bound (c, inside))
    {
      free (inside);
      return 0;
    }
  *handled = true;

  int r = -1;
  char **keytexts;
  size_t nkeys = split_keys (inside, &keytexts);
  char *valtext = trimmed (text, open);
  struct dtype vt, keys[CK_MAX_KEYS];
  if (scope == VS_THIS)
    {
      ck_err (c, &d->loc, "this->%s: clause-local variables cannot be associative arrays", d->name);
      goto out;
    }
  if (nkeys > CK_MAX_KEYS)
    {
      ck_err (c, &d->loc, "%s[ ]: too many keys (at most %d)", d->name, CK_MAX_KEYS);
      goto out;
    }
  for (size_t i = 0; i < nkeys; i++)
    {
      if (ck_type_of (c, keytexts[i], NULL, &d->loc, &keys[i]) != 0)
        goto out;
      if (keys[i].kind == DT_OBJECT || keys[i].kind == DT_VOID)
        {
          ck_err (c, &d->loc, "%s[ ] key #%zu: a key must be an integer, a pointer or a string, not %s",
                  d->name, i + 1, keytexts[i]);
          goto out;
        }
      if (keys[i].kind == DT_INTEGER)
        keys[i] = (struct dtype) { DT_INTEGER, 8, keys[i].is_signed, false, NULL };
    }
  if (ck_type_of (c, valtext, d->def, &d->loc, &vt) != 0)
    goto out;
  if (vt.kind == DT_VOID)
    {
      ck_err (c, &d->loc, "variables of type %s are not supported", valtext);
      goto out;
    }
  enum var_scope s = scope == VS_GLOBAL ? VS_ASSOC : scope;
  if (vt.kind == DT_OBJECT && ck_object_var_ok (c, s, vt, &d->loc) != 0)
    goto out;
  if (ck_find_var (c->prog, s, d->name) || ck_find_var (c->prog, VS_GLOBAL, d->name))
    {
      ck_err (c, &d->loc, "identifier redeclared: %s", d->name);
      goto out;
    }
  r = ck_new_var (c, s, d->name, vt, nkeys, keys, &d->loc) ? 0 : -1;
 out:
  free_strings (keytexts, nkeys);
  free (keytexts);
  free (valtext);
  free (inside);
  return r;
}

static char *
kind_name (struct dtype t)
{
  if (t.kind == DT_OBJECT && t.ctype)
    return ctype_name (t.ctype);
  return xstrdup (t.kind == DT_STRING ? "string" : t.kind == DT_INTEGER ? "int" : "void");
}

/* A key of type GOT where the prototype has WANT: strings, integers and
 * structs or unions are not interchangeable (a struct key must be of the
 * same type, not merely the same layout). */
static bool
key_mismatch (struct dtype want, struct dtype got)
{
  if (want.kind == DT_VOID || got.kind == DT_VOID)
    return false;
  if (want.kind == DT_OBJECT || got.kind == DT_OBJECT)
    return want.kind != got.kind
           || !ctype_equal (ctype_resolve (want.ctype), ctype_resolve (got.ctype));
  return (want.kind == DT_STRING || got.kind == DT_STRING) && want.kind != got.kind;
}

int
ck_match_prototype (struct ck *c, const struct d_node *n, const char *prefix, const char *name,
                    const struct dvar *v, const struct dtype *keys)
{
  if (v->nkeys == 0 && n->nargs > 0 && ck_is_buffer_pointer (v->type))
    {
      /* x[k] or *(x + k) where x = (T *) alloca(n) is not a clause-local */
      ck_err (c, &n->loc, "%s%s holds copied-in or alloca( ) memory, not an associative array: only "
              "a clause-local variable's such memory can be indexed or dereferenced "
              "(this->p[k], *(this->p + k))", prefix, name);
      return -1;
    }
  if (v->nkeys != n->nargs)
    {
      ck_err (c, &n->loc, "%s%s[ ] prototype mismatch: %zu key%s passed, %zu expected", prefix, name,
              n->nargs, n->nargs == 1 ? "" : "s", v->nkeys);
      return -1;
    }
  for (size_t i = 0; i < n->nargs; i++)
    {
      if (key_mismatch (v->keys[i], keys[i]))
        {
          char *want = kind_name (v->keys[i]), *got = kind_name (keys[i]);
          ck_err (c, &n->loc, "%s%s[ ] key #%zu is incompatible with prototype:\n"
                  "\tprototype: %s\n\t      key: %s", prefix, name, i + 1, want, got);
          free (want);
          free (got);
          return -1;
        }
    }
  return 0;
}
