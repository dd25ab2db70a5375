/* SPDX-License-Identifier: MIT */
/*
 * test-dwarf-types.c — types read from real programs' DWARF.
 *
 * test/unit/dwarf-prog is built with gcc and clang, -O0 and -O2, DWARF 4
 * and 5 (and gcc's DWARF 3, whose member locations are expressions); each build prints its own sizes, offsets and bit-field positions
 * (sizeof, offsetof, a field set to all ones) and every fact must match
 * what the DWARF reader made of it.  Then: the debug file found through
 * .gnu_debuglink (next to the file, in .debug/, under the debug root) and
 * through the build-id; module-scoped and unscoped lookups and their
 * errors; and corrupted or truncated debug sections, which must give
 * errors, never a crash or a hang.
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/xalloc.h"
#include "consumer/compile/ctype.h"
#include "consumer/probes/debug-file.h"
#include "consumer/probes/dwarf-types.h"
#include "consumer/probes/type-resolver.h"
#include "test/unit/unit.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static char tmp[] = "/tmp/sdtkit-dwarf-XXXXXX";

static int
run (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *cmd = xvasprintf (fmt, ap);
  va_end (ap);
  int rc = system (cmd);
  free (cmd);
  return rc == -1 || !WIFEXITED (rc) ? -1 : WEXITSTATUS (rc);
}

static const struct ctype *
lookup (struct ctype_resolver *r, struct ctype_table *t, const char *module, const char *spelled)
{
  enum ctype_kind kind = CT_TYPEDEF;
  const char *name = spelled;
  if (strncmp (spelled, "struct ", 7) == 0)
    kind = CT_STRUCT, name = spelled + 7;
  else if (strncmp (spelled, "union ", 6) == 0)
    kind = CT_UNION, name = spelled + 6;
  else if (strncmp (spelled, "enum ", 5) == 0)
    kind = CT_ENUM, name = spelled + 5;
  char *err = NULL;
  const struct ctype *c = r->lookup (r->ctx, t, kind, module, name, &err);
  if (err)
    printf ("# %s: %s\n", spelled, err);
  free (err);
  return c;
}

/* TYPE.a.b.c: the member's type and its offset from the start of TYPE. */
static const struct ctype_member *
member_path (const struct ctype *agg, char *path, uint64_t *off)
{
  const struct ctype_member *m = NULL;
  *off = 0;
  for (char *part = strtok (path, "."); part; part = strtok (NULL, "."))
    {
      uint64_t o;
      m = agg ? ctype_member (agg, part, &o) : NULL;
      if (!m)
        return NULL;
      *off += o;
      agg = m->type;
    }
  return m;
}

/* Every line the program printed, checked against the DWARF. */
static void
check_layout (struct ctype_resolver *r, struct ctype_table *t, const char *out, const char *build)
{
  FILE *f = fopen (out, "r");
  char line[256];
  int n = 0, bad = 0;
  while (f && fgets (line, sizeof line, f))
    {
      char what[8], tkind[16], rest[128];
      unsigned long long v1, v2 = 0;
      if (sscanf (line, "%7s %15s %127s %llu %llu", what, tkind, rest, &v1, &v2) < 4)
        continue;
      n++;
      char *dot = strchr (rest, '.');
      if (dot)
        *dot = '\0';
      char *spelled = xasprintf ("%s %s", tkind, rest);
      const struct ctype *ty = lookup (r, t, NULL, spelled);
      uint64_t off = 0;
      const struct ctype_member *m = ty && dot ? member_path (ty, dot + 1, &off) : NULL;
      bool ok;
      if (strcmp (what, "size") == 0)
        ok = ty && ctype_resolve (ty) && ctype_resolve (ty)->size == v1;
      else if (strcmp (what, "off") == 0)
        ok = m && off == v1 && m->bit_size == 0;
      else
        ok = m && off * 8 + m->bit_offset == v1 && m->bit_size == v2;
      if (!ok)
        {
          bad++;
          printf ("# %s: %s", build, line);
        }
      free (spelled);
    }
  if (f)
    fclose (f);
  UNIT_CHECK (n >= 30 && bad == 0, "%s: %d layout facts, %d wrong", build, n, bad);
}

/* Facts offsetof cannot print: enumerators, dimensions, qualifiers,
 * pointers, declarations completed elsewhere, function parameters. */
static void
check_details (struct ctype_resolver *r, struct ctype_table *t, const char *build)
{
  const struct ctype *st = lookup (r, t, "a.out", "enum state");
  bool enums = st && st->nenumerators == 4 && st->enumerators[1].value == 5
               && st->enumerators[3].value == -3 && st->is_signed;
  const struct ctype *sm = lookup (r, t, NULL, "enum small");
  enums = enums && sm && sm->size == 1 && sm->nenumerators == 2 && sm->enumerators[1].value == 200;
  UNIT_CHECK (enums, "%s: enumerators and their values", build);
  const struct ctype *o = lookup (r, t, NULL, "struct outer");
  uint64_t off;
  const struct ctype_member *grid = o ? ctype_member (o, "grid", &off) : NULL;
  const struct ctype *g = grid ? grid->type : NULL;
  UNIT_CHECK (g && g->kind == CT_ARRAY && g->nelems == 3 && g->ref->nelems == 4
              && g->ref->ref->nelems == 5 && g->size == 240, "%s: int [3][4][5]", build);
  const struct ctype_member *cb = o ? ctype_member (o, "callback", &off) : NULL;
  UNIT_CHECK (cb && cb->type->kind == CT_POINTER && cb->type->userland && cb->type->ref
              && cb->type->ref->kind == CT_FUNCTION && ctype_resolve (cb->type->ref->ref)->size == 4,
              "%s: a function pointer", build);
  const struct ctype_member *cn = o ? ctype_member (o, "conn", &off) : NULL;
  const struct ctype *conn = cn && cn->type->kind == CT_POINTER ? ctype_resolve (cn->type->ref) : NULL;
  UNIT_CHECK (conn && conn->complete && conn->size == 48 && conn->kind == CT_STRUCT,
              "%s: conn_t * reaches the definition of struct conn in another unit", build);
  const struct ctype_member *ctr = o ? ctype_member (o, "counter", &off) : NULL;
  char *name = ctr ? ctype_name (ctr->type) : NULL;
  UNIT_CHECK (ctr && (ctr->type->qual & CQ_VOLATILE) && name && strstr (name, "unsigned long"),
              "%s: volatile unsigned long (%s)", build, name ? name : "?");
  free (name);
  const struct ctype *l = lookup (r, t, NULL, "struct list");
  const struct ctype_member *nx = l ? ctype_member (l, "next", &off) : NULL;
  UNIT_CHECK (nx && nx->type->ref == l, "%s: struct list *next points at struct list itself", build);
  const struct ctype *td = lookup (r, t, NULL, "conn_t");
  UNIT_CHECK (td && td->kind == CT_TYPEDEF && ctype_resolve (td) && ctype_resolve (td)->size == 48,
              "%s: typedef conn_t", build);
  char *err = NULL;
  const struct ctype *a0 = r->func_arg (r->ctx, t, NULL, "handle", 0, &err);
  const struct ctype *a1 = r->func_arg (r->ctx, t, "a.out", "handle", 1, &err);
  const struct ctype *a2 = r->func_arg (r->ctx, t, NULL, "handle", 2, &err);
  const struct ctype *a3 = r->func_arg (r->ctx, t, NULL, "handle", 3, &err);
  char *n0 = a0 ? ctype_name (a0) : NULL, *n1 = a1 ? ctype_name (a1) : NULL;
  UNIT_CHECK (n0 && strcmp (n0, "struct conn *") == 0 && n1 && strcmp (n1, "long") == 0 && a2
              && ctype_resolve (a2->ref) == o && !a3 && !err,
              "%s: handle's parameters (%s, %s)", build, n0 ? n0 : "?", n1 ? n1 : "?");
  free (n0);
  free (n1);
  free (err);
}

/* EXTRA: more options (type units, split DWARF), TAG names the build. */
static void
check_build_with (const char *cc, const char *opt, int dwarf, const char *extra, const char *tag)
{
  char *build = xasprintf ("%s %s -gdwarf-%d%s%s", cc, opt, dwarf, *extra ? " " : "", extra);
  char *exe = xasprintf ("%s/prog-%s%s-%d%s", tmp, cc, opt, dwarf, tag);
  const char *src = TOP_SRCDIR "/test/unit/dwarf-prog";
  if (run ("cd %s && %s -std=gnu11 -w %s -gdwarf-%d %s %s/types-a.c %s/types-b.c -o %s", tmp, cc, opt, dwarf, extra,
           src, src, exe)
      != 0
      || run ("%s > %s.out", exe, exe) != 0)
    {
      UNIT_CHECK (0, "%s: built and ran the test program", build);
      free (exe);
      free (build);
      return;
    }
  struct type_resolver *tr = type_resolver_new ();
  type_resolver_add (tr, exe, NULL, true);
  struct ctype_resolver r = type_resolver_bind (tr);
  struct ctype_table *t = ctype_table_new ();
  char *out = xasprintf ("%s.out", exe);
  check_layout (&r, t, out, build);
  check_details (&r, t, build);
  /* a second table converts again, from the same index */
  struct ctype_table *t2 = ctype_table_new ();
  const struct ctype *o2 = lookup (&r, t2, NULL, "struct outer");
  UNIT_CHECK (o2 && o2 != lookup (&r, t, NULL, "struct outer") && o2->size == 384,
              "%s: a new table gets its own nodes", build);
  ctype_table_free (t2);
  ctype_table_free (t);
  type_resolver_free (tr);
  free (out);
  free (exe);
  free (build);
}

static void
check_build (const char *cc, const char *opt, int dwarf)
{
  check_build_with (cc, opt, dwarf, "", "");
}

static bool
opens_via (const char *file, const char *want_debug)
{
  char *err = NULL;
  char *found = debug_file_find (file, &err);
  bool ok = found && strcmp (found, want_debug) == 0;
  if (!ok)
    printf ("# %s -> %s (%s)\n", file, found ? found : "none", err ? err : "");
  free (found);
  free (err);
  return ok;
}

/* .gnu_debuglink next to the file, in .debug/, under the root; build-id. */
static void
check_lookup_places (void)
{
  const char *src = TOP_SRCDIR "/test/unit/dwarf-prog";
  char *d = xasprintf ("%s/link", tmp);
  char *root = xasprintf ("%s/root", tmp);
  int rc = run ("mkdir -p %s/.debug %s && gcc -g -w -Wl,--build-id %s/types-a.c %s/types-b.c -o %s/p "
                "&& objcopy --only-keep-debug %s/p %s/p.debug && objcopy --strip-debug "
                "--add-gnu-debuglink=%s/p.debug %s/p %s/stripped && cp %s/stripped %s/bare "
                "&& objcopy --remove-section=.gnu_debuglink %s/bare",
                d, root, src, src, d, d, d, d, d, d, d, d, d);
  UNIT_CHECK (rc == 0, "debug files made with objcopy");
  debug_file_set_root (root);
  char *want = xasprintf ("%s/p.debug", d);
  UNIT_CHECK (opens_via (want, want), "a file with debug information is its own debug file");
  char *stripped = xasprintf ("%s/stripped", d);
  UNIT_CHECK (opens_via (stripped, want), ".gnu_debuglink next to the file");
  char *in_dot = xasprintf ("%s/.debug/p.debug", d);
  run ("mv %s %s", want, in_dot);
  UNIT_CHECK (opens_via (stripped, in_dot), ".gnu_debuglink in .debug/");
  char *under_root = xasprintf ("%s%s/p.debug", root, d);
  run ("mkdir -p %s%s && mv %s %s", root, d, in_dot, under_root);
  UNIT_CHECK (opens_via (stripped, under_root), ".gnu_debuglink under the debug root");
  /* a stale debug file (another CRC) is not taken */
  run ("cp %s %s/p.debug && echo x >> %s/p.debug && mv %s %s.away", under_root, d, d, under_root, under_root);
  char *err = NULL;
  char *found = debug_file_find (stripped, &err);
  UNIT_CHECK (!found && err && strstr (err, "no debug information") && strstr (err, "/link/p.debug")
              && strstr (err, "/link/.debug/p.debug"), "a debug file with another CRC is skipped: %s",
              err ? err : "?");
  free (found);
  free (err);
  /* build-id */
  char *bare = xasprintf ("%s/bare", d);
  err = NULL;
  found = debug_file_find (bare, &err);
  UNIT_CHECK (!found && err && strstr (err, bare) && strstr (err, "/.build-id/"),
              "no debug information: the error names the file and the build-id path: %s", err ? err : "?");
  free (found);
  if (err)
    {
      /* the error names the path looked for: put the debug file there */
      char *p = strstr (err, root), *end = p ? strstr (p, ".debug") : NULL;
      if (end)
        {
          char *path = xstrndup (p, (size_t) (end + 6 - p));
          run ("mkdir -p $(dirname %s) && cp %s.away %s", path, under_root, path);
          UNIT_CHECK (opens_via (bare, path), "build-id under ROOT/.build-id/xx/");
          free (path);
        }
      else
        UNIT_CHECK (0, "build-id path in the error");
    }
  free (err);
  struct dwarf_types *dt = dwarf_types_open (bare, "bare", &err);
  UNIT_CHECK (dt && dwarf_types_indexed (dt) == 0, "opening indexes nothing");
  struct ctype_table *t = ctype_table_new ();
  const struct ctype *o = dt ? dwarf_types_lookup (dt, t, CT_STRUCT, "outer", &err) : NULL;
  UNIT_CHECK (o && o->size == 384 && dwarf_types_indexed (dt) > 10, "types through the build-id file");
  ctype_table_free (t);
  dwarf_types_free (dt);
  free (err);
  debug_file_set_root (NULL);
  free (bare);
  free (under_root);
  free (in_dot);
  free (stripped);
  free (want);
  free (root);
  free (d);
}

/* Two modules: a.out and libfoo.so.1, which has its own struct conn. */
static void
check_modules (void)
{
  char *lib = xasprintf ("%s/libfoo.so.1", tmp), *bare = xasprintf ("%s/libbare.so", tmp);
  char *exe = xasprintf ("%s/prog-gcc-O0-5", tmp);
  int rc = run ("printf 'struct conn { long other; }; struct session { int id; struct conn *c; };\\n"
                "struct session s0; struct conn c0;\\n' > %s/foo.c && gcc -g -shared -fPIC %s/foo.c -o %s"
                " && gcc -shared -fPIC %s/foo.c -o %s", tmp, tmp, lib, tmp, bare);
  UNIT_CHECK (rc == 0, "libraries built");
  struct type_resolver *tr = type_resolver_new ();
  type_resolver_add (tr, lib, NULL, false);
  type_resolver_add (tr, bare, NULL, false);
  type_resolver_add (tr, exe, NULL, true);
  struct ctype_resolver r = type_resolver_bind (tr);
  struct ctype_table *t = ctype_table_new ();
  const struct ctype *c1 = lookup (&r, t, "a.out", "struct conn");
  const struct ctype *c2 = lookup (&r, t, "libfoo.so", "struct conn");
  const struct ctype *c3 = lookup (&r, t, "libfoo.so.1", "struct conn");
  UNIT_CHECK (c1 && c1->size == 48 && c2 && c2->size == 8 && c3 == c2 && c1 != c2,
              "module-scoped lookups: a.out`conn and libfoo.so`conn");
  UNIT_CHECK (c1 && strcmp (c1->module, "a.out") == 0 && ctype_find (t, CT_STRUCT, "libfoo.so.1", "conn") == c2,
              "the types are defined in their module's scope");
  const struct ctype *s = lookup (&r, t, NULL, "struct session");
  UNIT_CHECK (s && s->size == 16, "unscoped: found in the library");
  char *err = NULL;
  const struct ctype *c = r.lookup (r.ctx, t, CT_STRUCT, NULL, "conn", &err);
  UNIT_CHECK (!c && err && strstr (err, "differs between a.out and libfoo.so.1"),
              "unscoped: a type that differs between modules: %s", err ? err : "?");
  free (err);
  c = r.lookup (r.ctx, t, CT_STRUCT, NULL, "nosuch", &err);
  UNIT_CHECK (!c && !err, "unknown type: NULL, no error");
  c = r.lookup (r.ctx, t, CT_STRUCT, "libbare.so", "session", &err);
  UNIT_CHECK (!c && err && strstr (err, bare) && strstr (err, "no debug information (looked in the file"),
              "a module without debug information: %s", err ? err : "?");
  free (err);
  c = r.lookup (r.ctx, t, CT_STRUCT, "libnone.so", "session", &err);
  UNIT_CHECK (!c && err && strstr (err, "no module libnone.so") && strstr (err, "a.out"),
              "an unknown module: %s", err ? err : "?");
  free (err);
  ctype_table_free (t);
  type_resolver_free (tr);
  /* only modules without debug information: unscoped lookups say why */
  tr = type_resolver_new ();
  type_resolver_add (tr, bare, NULL, false);
  r = type_resolver_bind (tr);
  t = ctype_table_new ();
  c = r.lookup (r.ctx, t, CT_STRUCT, NULL, "session", &err);
  UNIT_CHECK (!c && err && strstr (err, "no debug information"), "no module has debug information: %s",
              err ? err : "?");
  free (err);
  ctype_table_free (t);
  type_resolver_free (tr);
  /* no module at all */
  tr = type_resolver_new ();
  r = type_resolver_bind (tr);
  t = ctype_table_new ();
  c = r.lookup (r.ctx, t, CT_STRUCT, NULL, "conn", &err);
  UNIT_CHECK (!c && err && strstr (err, "no traced program"), "no module: %s", err ? err : "?");
  free (err);
  ctype_table_free (t);
  type_resolver_free (tr);
  free (exe);
  free (bare);
  free (lib);
}

/* Where the DWARF sections are in the file. */
struct span { uint64_t off, size; };

static size_t
debug_spans (const char *path, struct span *s, size_t max)
{
  int fd = open (path, O_RDONLY);
  elf_version (EV_CURRENT);
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  size_t n = 0, shstr;
  if (e && elf_getshdrstrndx (e, &shstr) == 0)
    for (Elf_Scn *sc = elf_nextscn (e, NULL); sc && n < max; sc = elf_nextscn (e, sc))
      {
        GElf_Shdr sh;
        const char *name = gelf_getshdr (sc, &sh) ? elf_strptr (e, shstr, sh.sh_name) : NULL;
        if (name && strncmp (name, ".debug_", 7) == 0 && sh.sh_type != SHT_NOBITS && sh.sh_size)
          s[n++] = (struct span) { sh.sh_offset, sh.sh_size };
      }
  if (e)
    elf_end (e);
  close (fd);
  return n;
}

static void
try_all (const char *path, unsigned *errors, unsigned *typed)
{
  char *err = NULL;
  struct dwarf_types *dt = dwarf_types_open (path, "a.out", &err);
  if (!dt)
    {
      (*errors)++;
      free (err);
      return;
    }
  struct ctype_table *t = ctype_table_new ();
  static const char *const names[] = { "outer", "conn", "bits", "list" };
  for (size_t i = 0; i < 4; i++)
    {
      const struct ctype *c = dwarf_types_lookup (dt, t, CT_STRUCT, names[i], &err);
      if (c)
        {
          char *s = ctype_name (c);
          free (s);
          (*typed)++;
        }
      if (err)
        (*errors)++;
      free (err);
      err = NULL;
    }
  dwarf_types_func_arg (dt, t, "handle", 2, &err);
  free (err);
  ctype_table_free (t);
  dwarf_types_free (dt);
}

/* Corrupted and truncated debug sections: errors, no crash, no hang. */
static void
check_corrupt (const char *exe, const char *label)
{
  size_t len;
  FILE *f = fopen (exe, "rb");
  if (!f)
    {
      UNIT_CHECK (0, "%s: test program present", label);
      return;
    }
  fseek (f, 0, SEEK_END);
  len = (size_t) ftell (f);
  rewind (f);
  unsigned char *orig = xmalloc (len);
  size_t got = fread (orig, 1, len, f);
  fclose (f);
  struct span spans[32];
  size_t nspans = debug_spans (exe, spans, 32);
  char *bad = xasprintf ("%s/corrupt", tmp);
  unsigned char *copy = xmalloc (len);
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  unsigned errors = 0, typed = 0, runs = 0;
  for (int i = 0; i < 300 && nspans && got == len; i++, runs++)
    {
      memcpy (copy, orig, len);
      size_t keep = len;
      int flips = 1 + i % 8;
      for (int k = 0; k < flips; k++)
        {
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          const struct span *s = &spans[(seed >> 33) % nspans];
          uint64_t at = s->off + (seed >> 13) % s->size;
          copy[at] = (unsigned char) (i % 3 == 0 ? copy[at] ^ (1u << (seed % 8)) : seed >> 40);
          if (i % 10 == 9)      /* cut the file inside a debug section */
            keep = (size_t) at;
        }
      FILE *w = fopen (bad, "wb");
      fwrite (copy, 1, keep, w);
      fclose (w);
      try_all (bad, &errors, &typed);
    }
  UNIT_CHECK (runs == 300 && errors > 0 && typed > 0,
              "%s: 300 corrupted copies read without a crash (%u errors, %u types)", label, errors, typed);
  unlink (bad);
  free (bad);
  free (copy);
  free (orig);
}

/* A chain of 400 structs, each pointing at the next: one lookup converts
 * a bounded part; the rest are completed in place when looked up. */
static void
check_chain (void)
{
  char *c = xasprintf ("%s/chain.c", tmp), *exe = xasprintf ("%s/chain", tmp);
  FILE *f = fopen (c, "w");
  for (int i = 0; f && i < 400; i++)
    fprintf (f, "struct c%d { int v%d; struct c%d *next; };\n", i, i, (i + 1) % 400);
  if (f)
    {
      fprintf (f, "int main (void) { return 0; }\n");
      fclose (f);
    }
  int rc = run ("gcc -g -fno-eliminate-unused-debug-types %s -o %s", c, exe);
  char *err = NULL;
  struct dwarf_types *dt = rc == 0 ? dwarf_types_open (exe, "a.out", &err) : NULL;
  struct ctype_table *t = ctype_table_new ();
  const struct ctype *first = dt ? dwarf_types_lookup (dt, t, CT_STRUCT, "c0", &err) : NULL;
  const struct ctype *s = first;
  int complete = 0, steps = 0;
  const struct ctype *last = NULL;
  for (; s && steps < 400; steps++)
    {
      uint64_t off;
      if (s->complete)
        complete++;
      last = s;
      const struct ctype_member *m = s->complete ? ctype_member (s, "next", &off) : NULL;
      s = m ? m->type->ref : NULL;
    }
  UNIT_CHECK (first && complete > 100 && complete < 400 && last && !last->complete,
              "a chain of 400 types: %d converted with the first, the rest left incomplete", complete);
  const struct ctype *named = last && last->name ? dwarf_types_lookup (dt, t, CT_STRUCT, last->name, &err) : NULL;
  UNIT_CHECK (named && named == last && last->complete && last->nmembers == 2,
              "looking one up by name completes the node the pointers reach");
  const struct ctype *c399 = dt ? dwarf_types_lookup (dt, t, CT_STRUCT, "c399", &err) : NULL;
  uint64_t off;
  const struct ctype_member *m = c399 ? ctype_member (c399, "next", &off) : NULL;
  UNIT_CHECK (m && first && m->type->ref == first && !err, "the chain closes on the first node: %s",
              err ? err : "");
  free (err);
  ctype_table_free (t);
  dwarf_types_free (dt);
  free (exe);
  free (c);
}

int
main (void)
{
  if (!mkdtemp (tmp))
    return 1;
  static const char *const ccs[] = { "gcc", "clang" };
  static const char *const opts[] = { "-O0", "-O2" };
  for (int c = 0; c < 2; c++)
    for (int o = 0; o < 2; o++)
      for (int dw = 4; dw <= 5; dw++)
        check_build (ccs[c], opts[o], dw);
  /* DWARF 3: member locations as DW_OP_plus_uconst expressions */
  check_build ("gcc", "-O0", 3);
  /* type units (.debug_types in DWARF 4, DW_UT_type units in DWARF 5) and
   * split DWARF (.dwo files beside the objects) */
  check_build_with ("gcc", "-O0", 4, "-fdebug-types-section", "-tu");
  check_build_with ("clang", "-O2", 5, "-fdebug-types-section", "-tu");
  check_build_with ("gcc", "-O2", 5, "-gsplit-dwarf", "-split");
  check_build_with ("clang", "-O0", 4, "-gsplit-dwarf", "-split");
  check_lookup_places ();
  check_modules ();
  check_chain ();
  char *g = xasprintf ("%s/prog-gcc-O2-5", tmp), *c4 = xasprintf ("%s/prog-clang-O0-4", tmp);
  check_corrupt (g, "gcc DWARF 5");
  check_corrupt (c4, "clang DWARF 4");
  char *tu = xasprintf ("%s/prog-gcc-O0-4-tu", tmp);
  check_corrupt (tu, "gcc DWARF 4 type units");
  free (tu);
  free (g);
  free (c4);
  run ("rm -rf %s", tmp);
  return unit_exit ();
}
