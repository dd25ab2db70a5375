/* SPDX-License-Identifier: MIT */
/*
 * test-notes.c — tests of sdt/note-reader.c against real compiler output.
 *
 * Without arguments: builds small probed programs at test time with the real
 * compilers (gcc, clang, g++ when present; systemtap's <sys/sdt.h>) in a
 * mkdtemp directory, as PIE and non-PIE executables, shared libraries and
 * relocatable objects at -O0 and -O2, plus 32-bit (-m32 -nostdlib) builds,
 * LTO objects and a C++ COMDAT case, and checks what the reader returns
 * against independent facts read here with plain libelf: every probe's file
 * offset holds a 0x90 nop, every semaphore offset is the semaphore symbol's
 * place in `.probes`, ET_REL objects name the semaphore symbol.  Then it
 * damages copies of a probed binary (bad owner/type/sizes/strings, random
 * overwrites, truncation, random bytes, empty files, archives) and checks
 * that the reader warns, skips only the damaged note and never crashes.
 *
 * With `--dump FILE...`: prints one line per note,
 *   PROVIDER NAME NARGS SIZES SEM ARGS
 * (SIZES = comma-separated absolute argument sizes or "-", SEM = "sem"/"-"),
 * for test/integration/sdt-differential.sh; exits 1 if a file is unreadable.
 */
#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/xalloc.h"
#include "sdt/sdt.h"
#include "test/unit/unit.h"

/* ------------------------------------------------------------------ */
/* --dump                                                              */

static int
dump (int argc, char **argv)
{
  int rc = 0;
  for (int i = 0; i < argc; i++)
    {
      struct sdt_file f;
      if (sdt_file_read (argv[i], &f) != 0)
        {
          rc = 1;
          continue;
        }
      for (size_t k = 0; k < f.nnotes; k++)
        {
          const struct sdt_note *n = &f.notes[k];
          struct sdt_argspec spec;
          sdt_argspec_parse (n->args, &spec);
          printf ("%s %s %zu ", n->provider, n->name, spec.nargs);
          if (spec.nargs == 0)
            printf ("-");
          for (size_t a = 0; a < spec.nargs; a++)
            printf ("%s%d", a ? "," : "", spec.args[a].size);
          printf (" %s", (n->semaphore || n->sem_symbol) ? "sem" : "-");
          if (*n->args)
            printf (" %s", n->args);
          printf ("\n");
          sdt_argspec_free (&spec);
        }
      sdt_file_free (&f);
    }
  return rc;
}

/* ------------------------------------------------------------------ */
/* Scratch directory, commands, files.                                 */

static char tmpdir[PATH_MAX];

/* TMPDIR/NAME in one of a few rotating buffers: copy it to keep it. */
static const char *
P (const char *name)
{
  static char bufs[8][2 * PATH_MAX + 2];
  static int next;
  char *b = bufs[next++ % 8];
  size_t dl = strlen (tmpdir), nl = strlen (name);
  if (dl + nl + 2 > sizeof bufs[0])
    nl = sizeof bufs[0] - dl - 2;
  memcpy (b, tmpdir, dl);
  b[dl] = '/';
  memcpy (b + dl + 1, name, nl);
  b[dl + 1 + nl] = '\0';
  return b;
}

static bool run (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* Run a shell command in the scratch directory; true when it exits 0.
 * Its output goes to TMPDIR/cmd.log, shown when it fails. */
static bool
run (const char *fmt, ...)
{
  va_list ap;
  char *cmd = NULL;
  va_start (ap, fmt);
  if (vasprintf (&cmd, fmt, ap) < 0)
    cmd = NULL;
  va_end (ap);
  if (!cmd)
    return false;
  char *full = xasprintf ("cd '%s' && (%s) >cmd.log 2>&1", tmpdir, cmd);
  int st = system (full);
  bool ok = st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0;
  if (!ok)
    {
      char *show = xasprintf ("sed 's/^/    # /' '%s/cmd.log' | head -20", tmpdir);
      printf ("    # command failed: %s\n", cmd);
      fflush (stdout);
      if (system (show) == -1)
        perror ("system");
      free (show);
    }
  free (full);
  free (cmd);
  return ok;
}

static bool
have_tool (const char *tool)
{
  char *cmd = xasprintf ("command -v %s >/dev/null 2>&1", tool);
  int st = system (cmd);
  free (cmd);
  return st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0;
}

static unsigned char *
read_all (const char *path, size_t *size)
{
  FILE *fp = fopen (path, "rb");
  *size = 0;
  if (!fp)
    return NULL;
  size_t cap = 4096, n = 0;
  unsigned char *buf = xmalloc (cap);
  size_t got;
  while ((got = fread (buf + n, 1, cap - n, fp)) > 0)
    {
      n += got;
      if (n == cap)
        buf = xrealloc (buf, cap *= 2);
    }
  fclose (fp);
  *size = n;
  return buf;
}

static void
write_all (const char *path, const void *buf, size_t size)
{
  FILE *fp = fopen (path, "wb");
  if (!fp || (size && fwrite (buf, 1, size, fp) != size))
    {
      perror (path);
      exit (2);
    }
  fclose (fp);
}

/* Capture what the library prints on stderr. */
static int cap_saved = -1;

static void
cap_start (void)
{
  fflush (stderr);
  int fd = open (P ("stderr.txt"), O_CREAT | O_TRUNC | O_WRONLY, 0600);
  cap_saved = dup (2);
  dup2 (fd, 2);
  close (fd);
}

/* Captured stderr as one line for check descriptions. */
static char *
cap_stop (void)
{
  fflush (stderr);
  dup2 (cap_saved, 2);
  close (cap_saved);
  size_t n;
  unsigned char *b = read_all (P ("stderr.txt"), &n);
  while (n && b[n - 1] == '\n')
    n--;
  char *s = xmalloc (n + 1);
  for (size_t i = 0; i < n; i++)
    s[i] = b[i] == '\n' ? '|' : (char) b[i];
  s[n] = '\0';
  free (b);
  return s;
}

/* ------------------------------------------------------------------ */
/* Independent facts, read with plain libelf.                          */

struct sect { bool found; uint64_t offset, addr, size; };

static struct sect
find_section (const char *path, const char *want)
{
  struct sect s = { false, 0, 0, 0 };
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return s;
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  size_t shstr;
  if (e && elf_getshdrstrndx (e, &shstr) == 0)
    {
      Elf_Scn *scn = NULL;
      while ((scn = elf_nextscn (e, scn)) != NULL)
        {
          GElf_Shdr sh;
          const char *name;
          if (gelf_getshdr (scn, &sh) && (name = elf_strptr (e, shstr, sh.sh_name))
              && strcmp (name, want) == 0)
            {
              s.found = true;
              s.offset = sh.sh_offset;
              s.addr = sh.sh_addr;
              s.size = sh.sh_size;
              break;
            }
        }
    }
  if (e)
    elf_end (e);
  close (fd);
  return s;
}

static bool
find_symbol (const char *path, const char *want, uint64_t *value)
{
  bool found = false;
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return false;
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  Elf_Scn *scn = NULL;
  while (e && !found && (scn = elf_nextscn (e, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
        continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++)
        {
          GElf_Sym sym;
          const char *name;
          if (gelf_getsym (d, (int) i, &sym) && (name = elf_strptr (e, sh.sh_link, sym.st_name))
              && strcmp (name, want) == 0)
            {
              *value = sym.st_value;
              found = true;
              break;
            }
        }
    }
  if (e)
    elf_end (e);
  close (fd);
  return found;
}

/* File offsets of the notes of the (first) .note.stapsdt section, walked by
 * hand from the raw bytes (little-endian files). */
static size_t
raw_notes (const unsigned char *buf, size_t bufsize, const struct sect *s, size_t *offs, size_t max)
{
  size_t n = 0, off = s->offset, end = s->offset + s->size;
  if (end > bufsize)
    return 0;
  while (off + 12 <= end && n < max)
    {
      uint32_t namesz, descsz;
      memcpy (&namesz, buf + off, 4);
      memcpy (&descsz, buf + off + 4, 4);
      offs[n++] = off;
      off += 12 + ((namesz + 3) & ~3U) + ((descsz + 3) & ~3U);
    }
  return n;
}

/* ------------------------------------------------------------------ */
/* The probed programs.                                                */

static const char probes_c[] =
  "#include <sys/sdt.h>\n"
  "#ifdef __clang__\n"
  "#define NOIPA __attribute__((noinline))\n"
  "#else\n"
  "#define NOIPA __attribute__((noipa))\n"
  "#endif\n"
  "int arr[8];\n"
  "long counter;\n"
  "static inline __attribute__((always_inline)) void inl (int v) { STAP_PROBE1 (test, inlined, v); }\n"
  "NOIPA void twice (int a, int b) { inl (a); inl (b * 3); }\n"
  "NOIPA int work (int argc, char **argv, long x) {\n"
  "  STAP_PROBE (test, zero);\n"
  "  STAP_PROBE2 (test, two, argc, x * 3);\n"
  "  STAP_PROBE12 (test, twelve, argc + 1, argc + 2, argc + 3, argc + 4, argc + 5, argc + 6,\n"
  "                argc + 7, argc + 8, argc + 9, argc + 10, argc + 11, argc + 12);\n"
  "  STAP_PROBE3 (test, consts, 42, -7, 120);\n"
  "  STAP_PROBE4 (test, widths, (char) argc, (short) argc, (long) argc, argv);\n"
  "  counter += argc;\n"
  "  STAP_PROBE3 (test, globals, arr[argc & 7], counter, (unsigned short) argc);\n"
  "  return argc;\n"
  "}\n"
  "#ifndef NOMAIN\n"
  "int gated (int);\n"
  "int main (int argc, char **argv) {\n"
  "  twice (argc, argc + 1);\n"
  "  gated (argc);\n"
  "  return work (argc, argv, argc) - argc;\n"
  "}\n"
  "#endif\n";

static const char sem_c[] =
  "#define _SDT_HAS_SEMAPHORES 1\n"
  "#include <sys/sdt.h>\n"
  "__extension__ unsigned short test_gated_semaphore __attribute__((unused))\n"
  "  __attribute__((section(\".probes\")));\n"
  "__extension__ static unsigned short test_local_semaphore __attribute__((unused))\n"
  "  __attribute__((section(\".probes\")));\n"
  "int gated (int x) {\n"
  "  if (test_gated_semaphore)\n"
  "    STAP_PROBE1 (test, gated, x);\n"
  "  STAP_PROBE1 (test, local, x + 1);\n"
  "  return x;\n"
  "}\n";

static const char plain_c[] = "int main (void) { return 0; }\n";

static const char comdat_cc[] =
  "#include <sys/sdt.h>\n"
  "inline int f (int x) { STAP_PROBE1 (cx, inl, x); return x + 1; }\n"
  "int g (int y) { STAP_PROBE1 (cx, plain, y); return f (y); }\n";

struct expect {
  const char *name;
  size_t count;
  const char *sizes;     /* signed sizes, comma-separated */
  const char *semaphore; /* symbol, or NULL */
  bool in_probes_c;
};

static const struct expect expected[] = {
  { "zero", 1, "", NULL, true },
  { "two", 1, "-4,-8", NULL, true },
  { "twelve", 1, "-4,-4,-4,-4,-4,-4,-4,-4,-4,-4,-4,-4", NULL, true },
  { "consts", 1, "-4,-4,-4", NULL, true },
  { "widths", 1, "-1,-2,-8,8", NULL, true },
  { "globals", 1, "-4,-8,2", NULL, true },
  { "inlined", 2, "-4", NULL, true },
  { "gated", 1, "-4", "test_gated_semaphore", false },
  { "local", 1, "-4", "test_local_semaphore", false },
};
#define NEXPECTED (sizeof expected / sizeof expected[0])

static const struct expect *
expect_for (const char *name)
{
  for (size_t i = 0; i < NEXPECTED; i++)
    if (strcmp (expected[i].name, name) == 0)
      return &expected[i];
  return NULL;
}

/* "-4,-8" from a parsed spec; also says whether every arg decoded. */
static char *
signed_sizes (const char *args, bool *all_decoded, const char *tag)
{
  struct sdt_argspec spec;
  sdt_argspec_parse (args, &spec);
  char *s = xstrdup ("");
  *all_decoded = true;
  for (size_t i = 0; i < spec.nargs; i++)
    {
      char *t = xasprintf ("%s%s%s%d", s, i ? "," : "", spec.args[i].is_signed ? "-" : "",
                           spec.args[i].size);
      free (s);
      s = t;
      /* gcc puts symbolic displacements on a non-%rip base in non-PIC
       * code ("-4@arr(,%rcx,4)"): sdt.h has no kind for them yet, so they
       * are reported undecodable on purpose.  Anything else must decode. */
      if (spec.args[i].kind == SDT_ARG_UNDECODABLE)
        {
          if (spec.args[i].error && strstr (spec.args[i].error, "symbolic displacement"))
            printf ("    # %s: known undecodable form '%s'\n", tag, spec.args[i].text);
          else
            *all_decoded = false;
        }
    }
  sdt_argspec_free (&spec);
  return s;
}

/* Check the notes of FILE against the expectations (those from probes.c
 * and/or sem.c, as WITH_PROBES / WITH_SEM say), with TAG naming the build. */
static void
check_notes_content (const char *tag, const struct sdt_file *f, bool with_probes, bool with_sem)
{
  size_t want_total = 0;
  for (size_t i = 0; i < NEXPECTED; i++)
    {
      const struct expect *e = &expected[i];
      if (e->in_probes_c ? !with_probes : !with_sem)
        continue;
      want_total += e->count;
      size_t count = 0;
      for (size_t k = 0; k < f->nnotes; k++)
        if (strcmp (f->notes[k].name, e->name) == 0)
          count++;
      UNIT_INTEQ (count, e->count, "%s: %s has %zu site(s)", tag, e->name, e->count);
    }
  UNIT_INTEQ (f->nnotes, want_total, "%s: %zu notes in all", tag, want_total);

  bool provider_ok = true, sizes_ok = true, decoded_ok = true, index_ok = true;
  for (size_t k = 0; k < f->nnotes; k++)
    {
      const struct sdt_note *n = &f->notes[k];
      const struct expect *e = expect_for (n->name);
      if (strcmp (n->provider, "test") != 0)
        provider_ok = false;
      if (n->index != k)
        index_ok = false;
      bool decoded;
      char *sz = signed_sizes (n->args, &decoded, tag);
      if (!e || strcmp (sz, e->sizes) != 0)
        {
          sizes_ok = false;
          printf ("    # %s: %s args '%s' sizes %s\n", tag, n->name, n->args, sz);
        }
      if (!decoded)
        {
          decoded_ok = false;
          printf ("    # %s: %s args '%s' not fully decodable\n", tag, n->name, n->args);
        }
      free (sz);
    }
  UNIT_CHECK (provider_ok, "%s: every provider is \"test\"", tag);
  UNIT_CHECK (index_ok, "%s: note indices run 0..n-1", tag);
  UNIT_CHECK (sizes_ok, "%s: argument counts, sizes and signs as declared", tag);
  UNIT_CHECK (decoded_ok, "%s: every argument the compiler emitted decodes", tag);

  for (size_t k = 0; k < f->nnotes; k++)
    if (strcmp (f->notes[k].name, "consts") == 0)
      UNIT_STREQ (f->notes[k].args, "-4@$42 -4@$-7 -4@$120", "%s: constant arguments", tag);
    else if (strcmp (f->notes[k].name, "zero") == 0)
      UNIT_STREQ (f->notes[k].args, "", "%s: no-argument probe has \"\"", tag);
}

/* A linked file: offsets of probes and semaphores. */
static void
check_linked (const char *tag, const char *path, int want_type, bool with_sem)
{
  struct sdt_file f;
  int rc = sdt_file_read (path, &f);
  UNIT_INTEQ (rc, 0, "%s: read", tag);
  if (rc != 0)
    return;
  UNIT_INTEQ (f.type, want_type, "%s: ELF type", tag);
  UNIT_INTEQ (f.elf_class, ELFCLASS64, "%s: ELFCLASS64", tag);
  UNIT_INTEQ (f.machine, EM_X86_64, "%s: EM_X86_64", tag);
  UNIT_CHECK (f.has_base_section, "%s: has .stapsdt.base", tag);
  struct sect base = find_section (path, ".stapsdt.base");
  UNIT_CHECK (base.found && f.base_addr == base.addr, "%s: .stapsdt.base address", tag);
  UNIT_CHECK (!f.is_lto_ir, "%s: not LTO IR", tag);
  check_notes_content (tag, &f, true, with_sem);

  size_t size;
  unsigned char *bytes = read_all (path, &size);
  bool nop_ok = true, adj_ok = true, sem_ok = true, nosym_ok = true;
  struct sect probes = find_section (path, ".probes");
  for (size_t k = 0; k < f.nnotes; k++)
    {
      const struct sdt_note *n = &f.notes[k];
      if (!n->pc_valid || n->pc_offset >= size || bytes[n->pc_offset] != 0x90)
        {
          nop_ok = false;
          printf ("    # %s: note %zu pc 0x%" PRIx64 " offset 0x%" PRIx64 " valid %d\n",
                  tag, k, n->pc, n->pc_offset, n->pc_valid);
        }
      if (n->pc_adjusted != n->pc || n->base != f.base_addr)
        adj_ok = false;
      if (n->sem_symbol)
        nosym_ok = false;
      const struct expect *e = expect_for (n->name);
      if (e && e->semaphore)
        {
          uint64_t value = 0;
          bool have = find_symbol (path, e->semaphore, &value);
          uint64_t want_off = probes.offset + (value - probes.addr);
          if (!have || !probes.found || n->semaphore != value || !n->sem_valid
              || n->sem_offset != want_off || want_off + 2 > size
              || bytes[want_off] != 0 || bytes[want_off + 1] != 0)
            {
              sem_ok = false;
              printf ("    # %s: %s semaphore 0x%" PRIx64 " (symbol 0x%" PRIx64 ") offset 0x%"
                      PRIx64 " (want 0x%" PRIx64 ") valid %d\n", tag, n->name, n->semaphore,
                      value, n->sem_offset, want_off, n->sem_valid);
            }
        }
      else if (n->semaphore != 0 || n->sem_valid)
        sem_ok = false;
    }
  free (bytes);
  UNIT_CHECK (nop_ok, "%s: every pc_offset holds a 0x90 nop", tag);
  UNIT_CHECK (adj_ok, "%s: no .stapsdt.base correction needed", tag);
  UNIT_CHECK (sem_ok, "%s: semaphore offsets are the .probes file offsets of the symbols", tag);
  UNIT_CHECK (nosym_ok, "%s: no sem_symbol in a linked file", tag);
  sdt_file_free (&f);
}

/* A relocatable object: semaphore symbols from the relocations. */
static void
check_object (const char *tag, const char *path, bool with_probes, bool with_sem)
{
  struct sdt_file f;
  int rc = sdt_file_read (path, &f);
  UNIT_INTEQ (rc, 0, "%s: read", tag);
  if (rc != 0)
    return;
  UNIT_INTEQ (f.type, ET_REL, "%s: ET_REL", tag);
  UNIT_CHECK (!f.is_lto_ir, "%s: not LTO IR", tag);
  check_notes_content (tag, &f, with_probes, with_sem);
  bool sym_ok = true, valid_ok = true;
  for (size_t k = 0; k < f.nnotes; k++)
    {
      const struct sdt_note *n = &f.notes[k];
      const struct expect *e = expect_for (n->name);
      const char *want = e ? e->semaphore : NULL;
      if (want ? !(n->sem_symbol && strcmp (n->sem_symbol, want) == 0) : n->sem_symbol != NULL)
        {
          sym_ok = false;
          printf ("    # %s: %s sem_symbol %s\n", tag, n->name,
                  n->sem_symbol ? n->sem_symbol : "(null)");
        }
      if (n->pc_valid || n->sem_valid)
        valid_ok = false;
    }
  UNIT_CHECK (sym_ok, "%s: sem_symbol names the semaphore (static ones included)", tag);
  UNIT_CHECK (valid_ok, "%s: no file offsets in a relocatable object", tag);
  sdt_file_free (&f);
}

static void
test_compiler (const char *cc)
{
  if (!have_tool (cc))
    {
      UNIT_SKIP ("%s not installed", cc);
      return;
    }
  static const char *const opts[] = { "-O0", "-O2" };
  for (size_t o = 0; o < 2; o++)
    {
      const char *opt = opts[o];
      char tag[128];

      snprintf (tag, sizeof tag, "%s %s PIE", cc, opt);
      bool ok = run ("%s %s -g -fPIE -pie probes.c sem.c -o pie", cc, opt);
      UNIT_CHECK (ok, "%s: builds", tag);
      if (ok)
        check_linked (tag, P ("pie"), ET_DYN, true);

      snprintf (tag, sizeof tag, "%s %s non-PIE", cc, opt);
      ok = run ("%s %s -fno-pie -no-pie probes.c sem.c -o nopie", cc, opt);
      UNIT_CHECK (ok, "%s: builds", tag);
      if (ok)
        check_linked (tag, P ("nopie"), ET_EXEC, true);

      snprintf (tag, sizeof tag, "%s %s shared library", cc, opt);
      ok = run ("%s %s -fPIC -shared -DNOMAIN probes.c sem.c -o libprobes.so", cc, opt);
      UNIT_CHECK (ok, "%s: builds", tag);
      if (ok)
        check_linked (tag, P ("libprobes.so"), ET_DYN, true);

      snprintf (tag, sizeof tag, "%s %s probes.o", cc, opt);
      ok = run ("%s %s -fPIC -c probes.c -o probes.o", cc, opt);
      UNIT_CHECK (ok, "%s: builds", tag);
      if (ok)
        check_object (tag, P ("probes.o"), true, false);

      snprintf (tag, sizeof tag, "%s %s sem.o", cc, opt);
      ok = run ("%s %s -c sem.c -o sem.o", cc, opt);
      UNIT_CHECK (ok, "%s: builds", tag);
      if (ok)
        check_object (tag, P ("sem.o"), false, true);
    }
}

/* 32-bit objects: 4-byte addresses, REL relocations. */
static void
test_32bit (void)
{
  const char *cc = have_tool ("clang") ? "clang" : "gcc";
  if (!run ("%s -m32 -O2 -I/usr/include/x86_64-linux-gnu -c sem.c -o sem32.o", cc))
    {
      UNIT_SKIP ("32-bit compilation not available");
      return;
    }
  struct sdt_file f;
  UNIT_INTEQ (sdt_file_read (P ("sem32.o"), &f), 0, "32-bit object: read");
  UNIT_INTEQ (f.elf_class, ELFCLASS32, "32-bit object: ELFCLASS32");
  UNIT_INTEQ (f.machine, EM_386, "32-bit object: EM_386");
  check_notes_content ("32-bit object", &f, false, true);
  bool syms = f.nnotes == 2;
  for (size_t k = 0; k < f.nnotes; k++)
    {
      const struct expect *e = expect_for (f.notes[k].name);
      syms = syms && e && e->semaphore && f.notes[k].sem_symbol
             && strcmp (f.notes[k].sem_symbol, e->semaphore) == 0;
    }
  UNIT_CHECK (syms, "32-bit object: REL relocations give the semaphore symbols");
  sdt_file_free (&f);

  if (!run ("%s -m32 -O2 -fPIC -shared -nostdlib -I/usr/include/x86_64-linux-gnu sem.c -o sem32.so", cc))
    {
      UNIT_SKIP ("32-bit linking not available");
      return;
    }
  UNIT_INTEQ (sdt_file_read (P ("sem32.so"), &f), 0, "32-bit library: read");
  UNIT_INTEQ (f.elf_class, ELFCLASS32, "32-bit library: ELFCLASS32");
  check_notes_content ("32-bit library", &f, false, true);
  size_t size;
  unsigned char *bytes = read_all (P ("sem32.so"), &size);
  struct sect probes = find_section (P ("sem32.so"), ".probes");
  bool ok = f.nnotes == 2;
  for (size_t k = 0; k < f.nnotes; k++)
    {
      const struct sdt_note *n = &f.notes[k];
      const struct expect *e = expect_for (n->name);
      uint64_t value = 0;
      ok = ok && n->pc_valid && n->pc_offset < size && bytes[n->pc_offset] == 0x90
           && e && find_symbol (P ("sem32.so"), e->semaphore, &value) && n->semaphore == value
           && n->sem_valid && n->sem_offset == probes.offset + (value - probes.addr)
           && n->base == f.base_addr && n->base != 0;
    }
  UNIT_CHECK (ok, "32-bit library: probe and semaphore offsets");
  free (bytes);
  sdt_file_free (&f);
}

static void
test_cxx_comdat (void)
{
  if (!have_tool ("g++"))
    {
      UNIT_SKIP ("g++ not installed");
      return;
    }
  bool ok = run ("g++ -O0 -c comdat.cc -o comdat.o");
  UNIT_CHECK (ok, "C++ COMDAT object builds");
  if (!ok)
    return;
  struct sdt_file f;
  UNIT_INTEQ (sdt_file_read (P ("comdat.o"), &f), 0, "C++ COMDAT: read");
  UNIT_INTEQ (f.nnotes, 2, "C++ COMDAT: notes of both .note.stapsdt sections");
  bool names = f.nnotes == 2 && f.notes[0].index == 0 && f.notes[1].index == 1;
  for (size_t k = 0; k < f.nnotes; k++)
    names = names && strcmp (f.notes[k].provider, "cx") == 0
            && (strcmp (f.notes[k].name, "inl") == 0 || strcmp (f.notes[k].name, "plain") == 0);
  UNIT_CHECK (names, "C++ COMDAT: providers, names and indices");
  sdt_file_free (&f);
}

static void
test_lto (void)
{
  struct sdt_file f;
  if (have_tool ("gcc") && run ("gcc -O2 -flto -c probes.c -o lto.o"))
    {
      UNIT_INTEQ (sdt_file_read (P ("lto.o"), &f), 0, "gcc -flto object: read");
      UNIT_CHECK (f.is_lto_ir, "gcc -flto object: is_lto_ir");
      UNIT_INTEQ (f.nnotes, 0, "gcc -flto object: no notes yet");
      sdt_file_free (&f);
    }
  else
    UNIT_SKIP ("gcc -flto");
  if (have_tool ("gcc") && run ("gcc -O2 -flto -ffat-lto-objects -c probes.c -o fatlto.o"))
    {
      UNIT_INTEQ (sdt_file_read (P ("fatlto.o"), &f), 0, "gcc fat LTO object: read");
      UNIT_CHECK (!f.is_lto_ir, "gcc fat LTO object: real code, not only IR");
      check_notes_content ("gcc fat LTO object", &f, true, false);
      sdt_file_free (&f);
    }
  else
    UNIT_SKIP ("gcc -ffat-lto-objects");
  if (have_tool ("clang") && run ("clang -O2 -flto -c probes.c -o clto.o"))
    {
      cap_start ();
      int rc = sdt_file_read (P ("clto.o"), &f);
      char *err = cap_stop ();
      UNIT_INTEQ (rc, -1, "clang -flto bitcode: refused");
      UNIT_CHECK (strstr (err, "clto.o: not an ELF file (LLVM bitcode") != NULL,
                  "clang -flto bitcode: explained (%s)", err);
      free (err);
      sdt_file_free (&f);
    }
  else
    UNIT_SKIP ("clang -flto");
}

static void
test_properties (void)
{
  if (!have_tool ("gcc"))
    {
      UNIT_SKIP ("gcc for .note.gnu.property");
      return;
    }
  struct sdt_file f;
  if (run ("gcc -O2 -fcf-protection=full -c sem.c -o cet.o"))
    {
      UNIT_INTEQ (sdt_file_read (P ("cet.o"), &f), 0, "-fcf-protection=full: read");
      UNIT_CHECK (f.has_x86_feature_1, "-fcf-protection=full: X86_FEATURE_1_AND present");
      UNIT_INTEQ (f.x86_feature_1 & 3, 3, "-fcf-protection=full: IBT and SHSTK");
      sdt_file_free (&f);
    }
  if (run ("gcc -O2 -fcf-protection=branch -c sem.c -o ibt.o"))
    {
      UNIT_INTEQ (sdt_file_read (P ("ibt.o"), &f), 0, "-fcf-protection=branch: read");
      UNIT_CHECK (f.has_x86_feature_1 && f.x86_feature_1 == 1, "-fcf-protection=branch: IBT only");
      sdt_file_free (&f);
    }
  if (run ("gcc -O2 -fcf-protection=none -c sem.c -o nocet.o"))
    {
      UNIT_INTEQ (sdt_file_read (P ("nocet.o"), &f), 0, "-fcf-protection=none: read");
      UNIT_CHECK (!f.has_x86_feature_1, "-fcf-protection=none: no X86_FEATURE_1_AND");
      sdt_file_free (&f);
    }
}

/* ------------------------------------------------------------------ */
/* Damage.                                                             */

static void
expect_refused (const char *tag, const char *path, const char *message)
{
  struct sdt_file f;
  unsigned before = diag_error_count ();
  cap_start ();
  int rc = sdt_file_read (path, &f);
  char *err = cap_stop ();
  UNIT_INTEQ (rc, -1, "%s: refused", tag);
  UNIT_CHECK (diag_error_count () == before + 1, "%s: one error counted", tag);
  char *want = xasprintf ("dtrace: %s: %s", path, message);
  UNIT_CHECK (strstr (err, want) != NULL, "%s: says \"%s\" (%s)", tag, message, err);
  free (want);
  free (err);
  sdt_file_free (&f);
}

static void
test_not_elf (void)
{
  write_all (P ("empty"), "", 0);
  expect_refused ("empty file", P ("empty"), "not an ELF file");

  unsigned char junk[4096];
  uint32_t x = 12345;
  for (size_t i = 0; i < sizeof junk; i++)
    {
      x = x * 1103515245 + 12345;
      junk[i] = (unsigned char) (x >> 16);
    }
  write_all (P ("random"), junk, sizeof junk);
  expect_refused ("random bytes", P ("random"), "not an ELF file");
  write_all (P ("text"), "hello\n", 6);
  expect_refused ("text file", P ("text"), "not an ELF file");
  expect_refused ("missing file", P ("no-such-file"), "cannot open");
  expect_refused ("directory", tmpdir, "not a regular file");
  /* Just the ELF magic: too short for a header. */
  write_all (P ("magic"), "\177ELF\002\001\001", 7);
  {
    struct sdt_file f;
    cap_start ();
    int rc = sdt_file_read (P ("magic"), &f);
    char *err = cap_stop ();
    UNIT_INTEQ (rc, -1, "bare ELF magic: refused (%s)", err);
    free (err);
    sdt_file_free (&f);
  }
}

static void
test_no_notes (void)
{
  if (!have_tool ("gcc") || !run ("gcc -O2 plain.c -o plain"))
    {
      UNIT_SKIP ("program without probes");
      return;
    }
  struct sdt_file f;
  cap_start ();
  int rc = sdt_file_read (P ("plain"), &f);
  char *err = cap_stop ();
  UNIT_INTEQ (rc, 0, "program without probes: read");
  UNIT_INTEQ (f.nnotes, 0, "program without probes: 0 notes");
  UNIT_CHECK (f.notes == NULL, "program without probes: no array");
  UNIT_STREQ (err, "", "program without probes: silent");
  UNIT_CHECK (!f.has_base_section, "program without probes: no .stapsdt.base");
  free (err);
  sdt_file_free (&f);
}

static void
test_archive (void)
{
  if (!have_tool ("ar") || !run ("gcc -O2 -c probes.c -o arch-member.o && ar rcs libp.a arch-member.o"))
    {
      UNIT_SKIP ("ar");
      return;
    }
  expect_refused ("archive", P ("libp.a"), "archives are not supported; pass the member objects");
  if (run ("ar rcsT libthin.a arch-member.o"))
    expect_refused ("thin archive", P ("libthin.a"), "archives are not supported");
}

/* Read a damaged copy; return notes found and the warnings printed. */
static size_t
read_damaged (const char *path, char **warnings, struct sdt_file *f)
{
  cap_start ();
  int rc = sdt_file_read (path, f);
  *warnings = cap_stop ();
  return rc == 0 ? f->nnotes : (size_t) -1;
}

/* Are F's notes the ORIG notes without ORIG[SKIP]? */
static bool
same_but (const struct sdt_file *f, const struct sdt_file *orig, size_t skip)
{
  size_t j = 0;
  for (size_t i = 0; i < orig->nnotes; i++)
    {
      if (i == skip)
        continue;
      if (j >= f->nnotes || strcmp (f->notes[j].name, orig->notes[i].name) != 0
          || strcmp (f->notes[j].args, orig->notes[i].args) != 0
          || f->notes[j].pc != orig->notes[i].pc || f->notes[j].index != orig->notes[i].index)
        return false;
      j++;
    }
  return j == f->nnotes;
}

enum damage { D_OWNER, D_TYPE, D_NAMESZ, D_DESCSZ_HUGE, D_DESCSZ_SMALL, D_DESCSZ_LARGER,
              D_STRINGS, D_EMPTY_PROVIDER, D_EMPTY_NAME, D_GARBAGE_HEADER, D_NDAMAGE };

static const char *const damage_names[] = {
  "owner", "type", "namesz", "huge descsz", "small descsz", "descsz too large by 8",
  "unterminated strings", "empty provider", "empty name", "garbage header",
};

static void
test_damaged_notes (const char *src)
{
  struct sdt_file orig;
  if (sdt_file_read (src, &orig) != 0 || orig.nnotes < 4)
    {
      UNIT_CHECK (false, "damage tests need a probed binary");
      sdt_file_free (&orig);
      return;
    }
  size_t size;
  unsigned char *bytes = read_all (src, &size);
  struct sect s = find_section (src, ".note.stapsdt");
  size_t offs[64];
  size_t n = raw_notes (bytes, size, &s, offs, 64);
  UNIT_INTEQ (n, orig.nnotes, "raw walk finds the same notes");

  /* Damage the first, a middle and the last note. */
  size_t victims[3] = { 0, n / 2, n - 1 };
  for (int d = 0; d < D_NDAMAGE; d++)
    for (int v = 0; v < 3; v++)
      {
        size_t k = victims[v];
        unsigned char *copy = xmalloc (size);
        memcpy (copy, bytes, size);
        unsigned char *note = copy + offs[k];
        uint32_t namesz, descsz, val;
        memcpy (&namesz, note, 4);
        memcpy (&descsz, note + 4, 4);
        unsigned char *desc = note + 12 + ((namesz + 3) & ~3U);
        bool keeps_victim = false;
        switch ((enum damage) d)
          {
          case D_OWNER: note[18] = 'X'; break;
          case D_TYPE: val = 7; memcpy (note + 8, &val, 4); break;
          case D_NAMESZ: val = 0xffffff00U; memcpy (note, &val, 4); break;
          case D_DESCSZ_HUGE: val = 0x7fffffffU; memcpy (note + 4, &val, 4); break;
          case D_DESCSZ_SMALL: val = 10; memcpy (note + 4, &val, 4); break;
          case D_DESCSZ_LARGER:
            if (k == n - 1)
              {
                val = descsz + 64;   /* past the section end */
                memcpy (note + 4, &val, 4);
              }
            else
              {
                val = descsz + 8;
                memcpy (note + 4, &val, 4);
                keeps_victim = true;
              }
            break;
          case D_STRINGS:
            for (uint32_t i = 24; i < descsz; i++)
              if (desc[i] == 0)
                desc[i] = 'A';
            break;
          case D_EMPTY_PROVIDER: desc[24] = 0; break;
          case D_EMPTY_NAME:
            desc[24 + strlen ((char *) desc + 24) + 1] = 0;
            /* the name's terminator now ends "" and the old name text is the args */
            break;
          case D_GARBAGE_HEADER:
            for (int i = 0; i < 20; i++)
              note[i] = (unsigned char) (0xA5 ^ (i * 37));
            break;
          case D_NDAMAGE: break;
          }
        char *path = xstrdup (P ("damaged"));
        write_all (path, copy, size);
        free (copy);
        struct sdt_file f;
        char *warn;
        size_t got = read_damaged (path, &warn, &f);
        char *want = xasprintf ("%s: note %zu: ", path, k);
        if (keeps_victim)
          UNIT_CHECK (got == orig.nnotes && same_but (&f, &orig, (size_t) -1),
                      "damage '%s' of note %zu: every note kept (%zu of %zu)",
                      damage_names[d], k, got, orig.nnotes);
        else
          UNIT_CHECK (got == orig.nnotes - 1 && same_but (&f, &orig, k),
                      "damage '%s' of note %zu: only that note lost (%zu of %zu)",
                      damage_names[d], k, got, orig.nnotes);
        UNIT_CHECK (strstr (warn, want) != NULL && strstr (warn, "dtrace: warning: ") != NULL,
                    "damage '%s' of note %zu: warning names file and note (%s)",
                    damage_names[d], k, warn);
        free (want);
        free (warn);
        free (path);
        sdt_file_free (&f);
      }
  free (bytes);
  sdt_file_free (&orig);
}

/* Truncated copies and random overwrites: never crash, never leak. */
static void
test_truncated_and_fuzzed (const char *src)
{
  size_t size;
  unsigned char *bytes = read_all (src, &size);
  struct sdt_file orig;
  if (!bytes || sdt_file_read (src, &orig) != 0)
    {
      UNIT_CHECK (false, "fuzz tests need a probed binary");
      free (bytes);
      return;
    }
  char *path = xstrdup (P ("mangled"));
  bool sane = true;
  size_t cuts[] = { 1, 4, 16, 52, 63, 64, 65, 200, 1000, size / 2, size - 300, size - 64,
                    size - 1 };
  unsigned refused = 0;
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
    {
      if (cuts[i] >= size)
        continue;
      write_all (path, bytes, cuts[i]);
      struct sdt_file f;
      cap_start ();
      int rc = sdt_file_read (path, &f);
      char *err = cap_stop ();
      if (rc != 0)
        refused++;
      if (rc == 0 && f.nnotes > orig.nnotes)
        sane = false;
      if (cuts[i] < 64)
        UNIT_CHECK (rc == -1 && strstr (err, path), "truncated to %zu bytes: refused (%s)",
                    cuts[i], err);
      else
        UNIT_CHECK (rc == -1 || strstr (err, path) != NULL || f.nnotes == orig.nnotes,
                    "truncated to %zu bytes: handled, reported if damaged (rc %d, %zu notes)",
                    cuts[i], rc, rc == 0 ? f.nnotes : 0);
      free (err);
      sdt_file_free (&f);
    }
  UNIT_CHECK (sane, "truncated copies never invent notes");

  /* Random overwrites of the ELF header, the section headers and the notes. */
  struct sect s = find_section (src, ".note.stapsdt");
  Elf64_Ehdr eh;
  memset (&eh, 0, sizeof eh);
  memcpy (&eh, bytes, size < sizeof eh ? size : sizeof eh);
  uint64_t shoff = eh.e_shoff < size ? eh.e_shoff : 0;
  uint32_t x = 777;
  unsigned rounds = 0;
  for (int round = 0; round < 600; round++)
    {
      unsigned char *copy = xmalloc (size);
      memcpy (copy, bytes, size);
      int hits = 1 + round % 8;
      for (int h = 0; h < hits; h++)
        {
          x = x * 1103515245 + 12345;
          uint32_t r = x >> 8;
          size_t where;
          switch (round % 3)
            {
            case 0: where = s.offset + r % (s.size ? s.size : 1); break;
            case 1: where = shoff + r % (size - shoff > 0 ? size - shoff : 1); break;
            default: where = r % 64; break;
            }
          if (where < size)
            copy[where] = (unsigned char) (r >> 13);
        }
      write_all (path, copy, size);
      free (copy);
      struct sdt_file f;
      cap_start ();
      int rc = sdt_file_read (path, &f);
      free (cap_stop ());
      if (rc == 0 && f.nnotes > orig.nnotes + 64)
        sane = false;
      sdt_file_free (&f);
      rounds++;
    }
  UNIT_INTEQ (rounds, 600, "600 randomly damaged copies read without a crash");
  UNIT_CHECK (sane, "randomly damaged copies give bounded results");
  free (path);
  free (bytes);
  sdt_file_free (&orig);
}

/* A prelink-style move: .stapsdt.base moved away from the notes' base. */
static void
test_base_adjustment (const char *src)
{
  size_t size;
  unsigned char *bytes = read_all (src, &size);
  struct sdt_file orig;
  if (!bytes || sdt_file_read (src, &orig) != 0 || orig.nnotes < 2)
    {
      UNIT_CHECK (false, "base tests need a probed binary");
      free (bytes);
      sdt_file_free (&orig);
      return;
    }
  struct sect s = find_section (src, ".note.stapsdt");
  size_t offs[64];
  size_t n = raw_notes (bytes, size, &s, offs, 64);
  /* Note 0: base lowered by 0x10 -> pc corrected by +0x10.  Note 1: base 0 -> no correction. */
  unsigned char *copy = xmalloc (size);
  memcpy (copy, bytes, size);
  for (size_t k = 0; k < 2 && k < n; k++)
    {
      unsigned char *desc = copy + offs[k] + 12 + 8;
      uint64_t base;
      memcpy (&base, desc + 8, 8);
      base = k == 0 ? base - 0x10 : 0;
      memcpy (desc + 8, &base, 8);
    }
  write_all (P ("moved"), copy, size);
  free (copy);
  struct sdt_file f;
  cap_start ();
  int rc = sdt_file_read (P ("moved"), &f);
  free (cap_stop ());
  UNIT_INTEQ (rc, 0, "moved base: read");
  if (rc == 0 && f.nnotes == orig.nnotes)
    {
      UNIT_INTEQ (f.notes[0].pc_adjusted, orig.notes[0].pc + 0x10,
                  "base lowered by 0x10: pc corrected by +0x10");
      UNIT_INTEQ (f.notes[0].pc, orig.notes[0].pc, "base lowered: raw pc kept");
      UNIT_INTEQ (f.notes[1].pc_adjusted, orig.notes[1].pc, "base 0: no correction");
      UNIT_INTEQ (f.notes[1].pc_offset, orig.notes[1].pc_offset, "base 0: same offset");
      UNIT_CHECK (f.notes[0].pc_valid, "corrected pc still in the text segment");
    }
  else
    UNIT_CHECK (false, "moved base: notes kept");
  sdt_file_free (&f);

  /* pc outside every executable segment (lld --gc-sections leftovers). */
  copy = xmalloc (size);
  memcpy (copy, bytes, size);
  {
    unsigned char *desc = copy + offs[0] + 12 + 8;
    uint64_t pc = 4, base = 0;
    memcpy (desc, &pc, 8);
    memcpy (desc + 8, &base, 8);
  }
  write_all (P ("gcd"), copy, size);
  free (copy);
  cap_start ();
  rc = sdt_file_read (P ("gcd"), &f);
  char *warn = cap_stop ();
  UNIT_CHECK (rc == 0 && f.nnotes == orig.nnotes && !f.notes[0].pc_valid && f.notes[1].pc_valid,
              "pc 0x4: note kept with pc_valid false, the others valid");
  char *want = xasprintf ("%s: note 0 (", P ("gcd"));
  UNIT_CHECK (strstr (warn, want) && strstr (warn, "not in an executable segment"),
              "pc 0x4: warned (%s)", warn);
  free (want);
  free (warn);
  sdt_file_free (&f);
  free (bytes);
  sdt_file_free (&orig);
}

/* A semaphore in .bss has no file backing: the reader must say so. */
static void
test_bss_semaphore (void)
{
  static const char bss_c[] =
    "#define _SDT_HAS_SEMAPHORES 1\n"
    "#include <sys/sdt.h>\n"
    "unsigned short test_bss_semaphore;\n"
    "int main (int argc, char **argv) { (void) argv;\n"
    "  if (test_bss_semaphore) STAP_PROBE1 (test, bss, argc); return 0; }\n";
  write_all (P ("bss.c"), bss_c, sizeof bss_c - 1);
  if (!have_tool ("gcc") || !run ("gcc -O2 bss.c -o bss"))
    {
      UNIT_SKIP ("semaphore in .bss");
      return;
    }
  struct sdt_file f;
  cap_start ();
  int rc = sdt_file_read (P ("bss"), &f);
  char *warn = cap_stop ();
  UNIT_CHECK (rc == 0 && f.nnotes == 1 && f.notes[0].semaphore != 0 && !f.notes[0].sem_valid
              && f.notes[0].pc_valid, ".bss semaphore: sem_valid false");
  UNIT_CHECK (strstr (warn, "no file backing") != NULL, ".bss semaphore: warned (%s)", warn);
  free (warn);
  sdt_file_free (&f);
}

static void
test_diag_format (void)
{
  cap_start ();
  unsigned before = diag_error_count ();
  diag_error ("plain %d", 1);
  diag_warn ("careful %s", "now");
  diag_error_at ("x.d", 12, "bad %s", "thing");
  diag_error_at ("x.d", 0, "no line");
  diag_warn_at ("y.d", 3, "meh");
  diag_warn_at ("y.d", -1, "meh2");
  diag_set_quiet (true);
  diag_warn ("hidden");
  diag_warn_at ("y.d", 4, "hidden too");
  diag_error ("still shown");
  diag_set_quiet (false);
  char *out = cap_stop ();
  UNIT_STREQ (out,
              "dtrace: plain 1|"
              "dtrace: warning: careful now|"
              "dtrace: x.d:12: error: bad thing|"
              "dtrace: x.d: error: no line|"
              "dtrace: y.d:3: warning: meh|"
              "dtrace: y.d: warning: meh2|"
              "dtrace: still shown",
              "diagnostic formats (one line each)");
  UNIT_INTEQ (diag_error_count () - before, 4, "errors counted, warnings not");
  free (out);
  char *s = xasprintf ("%s-%d", "a", 5);
  UNIT_STREQ (s, "a-5", "xasprintf");
  free (s);
  s = xstrndup ("abcdef", 3);
  UNIT_STREQ (s, "abc", "xstrndup");
  free (s);
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "--dump") == 0)
    return dump (argc - 2, argv + 2);
  if (argc > 1)
    {
      fprintf (stderr, "usage: %s [--dump FILE...]\n", argv[0]);
      return 2;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);

  const char *t = getenv ("TMPDIR");
  snprintf (tmpdir, sizeof tmpdir, "%s/sdtkit-notes.XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp (tmpdir))
    {
      perror ("mkdtemp");
      return 2;
    }
  elf_version (EV_CURRENT);
  write_all (P ("probes.c"), probes_c, sizeof probes_c - 1);
  write_all (P ("sem.c"), sem_c, sizeof sem_c - 1);
  write_all (P ("plain.c"), plain_c, sizeof plain_c - 1);
  write_all (P ("comdat.cc"), comdat_cc, sizeof comdat_cc - 1);

  test_diag_format ();
  test_not_elf ();
  test_compiler ("gcc");
  test_compiler ("clang");
  test_32bit ();
  test_cxx_comdat ();
  test_lto ();
  test_properties ();
  test_no_notes ();
  test_archive ();
  test_bss_semaphore ();

  if (have_tool ("gcc") && run ("gcc -O2 -fPIE -pie probes.c sem.c -o victim"))
    {
      test_damaged_notes (P ("victim"));
      test_truncated_and_fuzzed (P ("victim"));
      test_base_adjustment (P ("victim"));
    }
  else
    UNIT_SKIP ("damage tests (no gcc)");

  char *rm = xasprintf ("rm -rf '%s'", tmpdir);
  if (system (rm) != 0)
    fprintf (stderr, "could not remove %s\n", tmpdir);
  free (rm);
  return unit_exit ();
}
