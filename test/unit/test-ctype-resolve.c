/* SPDX-License-Identifier: MIT */
/*
 * test-ctype-resolve.c — the checker's side of the traced program's types:
 * type names the script does not declare go to the target's resolver
 * (struct ctype_resolver in dtarget), module-scoped (`struct a.out`conn`)
 * or not, and the types it returns work like the script's own (sizeof,
 * offsetof, members through pointers).  The resolver here is a stub that
 * builds a few types by hand, as the runtime's DWARF reader would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker.h"
#include "dlang/dlang.h"
#include "common/xalloc.h"
#include "test/unit/unit.h"

struct stub {
  int lookups;
  char last_module[64];
};

/* struct conn { int fd; long bytes; struct conn *next; } in MODULE. */
static const struct ctype *
make_conn (struct ctype_table *t, const char *module)
{
  struct ctype *c = ctype_new (t, CT_STRUCT);
  c->name = ctype_strdup (t, "conn");
  c->module = ctype_strdup (t, module);
  ctype_define (t, c);
  struct ctype_member *m = ctype_alloc (t, 3 * sizeof *m);
  m[0].name = "fd";
  m[0].type = ctype_builtin (t, "int");
  m[0].offset = 0;
  m[1].name = "bytes";
  m[1].type = ctype_builtin (t, "long");
  m[1].offset = 8;
  m[2].name = "next";
  m[2].type = ctype_pointer_to (t, c, true);
  m[2].offset = 16;
  c->members = m;
  c->nmembers = 3;
  c->size = 24;
  c->align = 8;
  c->complete = true;
  return c;
}

static const struct ctype *
stub_lookup (void *ctx, struct ctype_table *t, enum ctype_kind kind, const char *module,
             const char *name, char **error)
{
  struct stub *s = ctx;
  s->lookups++;
  snprintf (s->last_module, sizeof s->last_module, "%s", module ? module : "(any)");
  if (module && strcmp (module, "nodebug.so") == 0)
    {
      *error = xstrdup ("nodebug.so: no debug information (looked in the file and its .gnu_debuglink)");
      return NULL;
    }
  const struct ctype *found = ctype_find (t, kind, module ? module : "a.out", name);
  if (found)
    return found;
  if (kind == CT_STRUCT && strcmp (name, "conn") == 0 && (!module || strcmp (module, "a.out") == 0))
    return make_conn (t, "a.out");
  if (kind == CT_TYPEDEF && strcmp (name, "session_t") == 0 && module && strcmp (module, "libfoo.so.1") == 0)
    {
      struct ctype *td = ctype_new (t, CT_TYPEDEF);
      td->name = ctype_strdup (t, "session_t");
      td->module = ctype_strdup (t, module);
      td->ref = make_conn (t, module);
      td->size = 24;
      td->align = 8;
      ctype_define (t, td);
      return td;
    }
  return NULL;
}

/* Check TEXT with the stub: 0 or -1; *VALUES gets the constant value of
 * the right side of each top-level assignment of the first clause. */
static int
check (const char *text, struct stub *s, int64_t *values, size_t nvalues)
{
  struct d_program dp;
  struct d_script script;
  struct dprog p;
  memset (&dp, 0, sizeof dp);
  memset (&script, 0, sizeof script);
  memset (&p, 0, sizeof p);
  p.strsize = 256;
  p.dynvarsize = 1u << 20;
  p.target.resolver.ctx = s;
  p.target.resolver.lookup = stub_lookup;
  int r = -1;
  unit_capture_begin ();
  if (d_parse_script_string ("t.d", text, "failed to compile", &dp, &script) == 0)
    {
      r = d_check_script (&p, &script, "failed to compile");
      if (r == 0 && script.nclauses)
        {
          struct d_node *body = script.clauses[0].body;
          for (size_t i = 0; i < body->nargs && i < nvalues; i++)
            {
              struct d_node *st = body->args[i];
              struct d_node *e = st->kind == DN_EXPR_STMT ? st->a : st;
              values[i] = e->kind == DN_ASSIGN && ninfo (e->b)->is_const ? ninfo (e->b)->value : -1;
            }
        }
    }
  unit_capture_end ();
  d_check_free (&p);
  d_script_free (&script);
  d_program_free (&dp);
  return r;
}

int
main (void)
{
  struct stub s = { 0 };
  int64_t v[4] = { 0 };

  UNIT_INTEQ (check ("BEGIN { x = sizeof (struct a.out`conn); y = offsetof (struct a.out`conn, next); }",
                     &s, v, 2), 0, "a module-scoped struct from the resolver (%s)", unit_err_text);
  UNIT_CHECK (v[0] == 24 && v[1] == 16, "its size and member offset: %lld %lld", (long long) v[0], (long long) v[1]);
  UNIT_STREQ (s.last_module, "a.out", "the resolver was asked for module a.out");

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("BEGIN { x = sizeof (struct conn); }", &s, v, 1), 0,
              "an unscoped name the script does not declare goes to the resolver (%s)", unit_err_text);
  UNIT_CHECK (v[0] == 24 && strcmp (s.last_module, "(any)") == 0, "unscoped: any module, size %lld",
              (long long) v[0]);

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("struct conn { char c; };\nBEGIN { x = sizeof (struct conn); }", &s, v, 1), 0,
              "the script's own declaration (%s)", unit_err_text);
  UNIT_CHECK (v[0] == 1 && s.lookups == 0, "wins over the program's, without asking the resolver (%lld, %d)",
              (long long) v[0], s.lookups);

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("BEGIN { x = sizeof (libfoo.so.1`session_t); y = ((libfoo.so.1`session_t *)arg0)->next->bytes; }",
                     &s, v, 1), 0, "a scoped typedef of a library, members through its pointers (%s)", unit_err_text);
  UNIT_CHECK (v[0] == 24, "sizeof the typedef: %lld", (long long) v[0]);

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("BEGIN { x = ((struct a.out`conn *)arg0)->nosuch; }", &s, v, 0), -1, "an unknown member");
  UNIT_CHECK (strstr (unit_err_text, "line 1: nosuch is not a member of struct conn") != NULL,
              "names the member, the type and the line: %s", unit_err_text);

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("BEGIN\n{\n  x = sizeof (struct nodebug.so`thing);\n}", &s, v, 0), -1,
              "the resolver's error");
  UNIT_CHECK (strstr (unit_err_text, "line 3: failed to resolve type struct nodebug.so`thing: nodebug.so: no debug information") != NULL,
              "is reported with the script's line: %s", unit_err_text);

  memset (&s, 0, sizeof s);
  UNIT_INTEQ (check ("BEGIN { x = sizeof (struct a.out`nosuch); }", &s, v, 0), -1, "an unknown type");
  UNIT_CHECK (strstr (unit_err_text, "failed to resolve type struct a.out`nosuch: no such type is declared in the script or in the traced program's debug information") != NULL,
              "says where it was looked for: %s", unit_err_text);
  return unit_exit ();
}
