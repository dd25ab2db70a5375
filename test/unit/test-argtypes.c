/* SPDX-License-Identifier: MIT */
/*
 * test-argtypes.c — the .sdtkit.argtypes records (sdt/argtypes.c): what
 * the writer appends the reader returns; duplicates merge, a second type
 * for one argument marks a conflict, an argument not recorded stays NULL;
 * every malformed record (unterminated string, empty field, bad index,
 * over-long name or type) stops parsing with a reason and keeps the
 * records before it; random and truncated inputs never crash (run it
 * under ASan/UBSan).
 */
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "sdt/sdt.h"
#include "test/unit/unit.h"

struct list {
  struct sdt_probe_types *v;
  size_t n, cap;
};

static int
parse (struct list *l, const char *buf, size_t len, char **why)
{
  return sdt_argtypes_parse (buf, len, &l->v, &l->n, &l->cap, why);
}

static void
roundtrip (void)
{
  char *buf = NULL;
  size_t len = 0;
  sdt_argtypes_append (&buf, &len, "foo", "req__start", 0, "struct request *");
  sdt_argtypes_append (&buf, &len, "foo", "req__start", 1, "char *");
  sdt_argtypes_append (&buf, &len, "foo", "tick", 0, "uint64_t");
  sdt_argtypes_append (&buf, &len, "foo", "req__start", 11, "int [4]");
  /* the same records again (a -G object and a header in one link) */
  size_t half = len;
  buf = xrealloc (buf, 2 * len);
  memcpy (buf + len, buf, half);
  len *= 2;
  struct list l = { 0 };
  char *why = NULL;
  UNIT_INTEQ (parse (&l, buf, len, &why), 0, "records written are read back");
  UNIT_INTEQ (l.n, 2, "... one entry per probe, duplicates merged");
  UNIT_STREQ (l.v[0].provider, "foo", "... provider");
  UNIT_STREQ (l.v[0].name, "req__start", "... the raw probe name");
  UNIT_INTEQ (l.v[0].nargs, 12, "... nargs is the highest index + 1");
  UNIT_STREQ (l.v[0].types[0], "struct request *", "... args[0]");
  UNIT_STREQ (l.v[0].types[1], "char *", "... args[1]");
  UNIT_CHECK (l.v[0].types[5] == NULL, "... an argument not recorded is NULL");
  UNIT_STREQ (l.v[0].types[11], "int [4]", "... args[11]");
  UNIT_CHECK (!l.v[0].conflict && !l.v[1].conflict, "... identical duplicates are no conflict");
  UNIT_STREQ (l.v[1].types[0], "uint64_t", "... the second probe");

  /* another section of the same file gives args[1] another type */
  char *b2 = NULL;
  size_t l2 = 0;
  sdt_argtypes_append (&b2, &l2, "foo", "req__start", 1, "const char *");
  UNIT_INTEQ (parse (&l, b2, l2, &why), 0, "a second section merges into the list");
  UNIT_CHECK (l.v[0].conflict, "... two types for one argument mark a conflict");
  UNIT_CHECK (!l.v[1].conflict, "... the other probe is untouched");
  sdt_probe_types_free (l.v, l.n);
  free (buf);
  free (b2);
}

static void
malformed (const char *desc, const char *bytes, size_t len, size_t want_kept)
{
  /* a good record first: it is kept */
  char *buf = NULL;
  size_t n = 0;
  sdt_argtypes_append (&buf, &n, "ok", "probe", 0, "int");
  buf = xrealloc (buf, n + len);
  memcpy (buf + n, bytes, len);
  struct list l = { 0 };
  char *why = NULL;
  int rc = parse (&l, buf, n + len, &why);
  UNIT_CHECK (rc == -1 && why && strstr (why, "malformed record at offset"), "%s: rejected (%s)", desc,
              why ? why : "no reason");
  UNIT_INTEQ (l.n, want_kept, "%s: the records before it are kept", desc);
  free (why);
  sdt_probe_types_free (l.v, l.n);
  free (buf);
}

static void
bad_inputs (void)
{
  malformed ("unterminated type", "p\0n\0" "0\0int", 9, 1);
  malformed ("record cut after the probe", "p\0n\0", 4, 1);
  malformed ("empty provider", "\0n\0" "0\0int\0", 10, 1);
  malformed ("empty type", "p\0n\0" "0\0\0", 7, 1);
  malformed ("index 12", "p\0n\0" "12\0int\0", 11, 1);
  malformed ("index 01", "p\0n\0" "01\0int\0", 11, 1);
  malformed ("index -1", "p\0n\0" "-1\0int\0", 11, 1);
  malformed ("index x", "p\0n\0x\0int\0", 10, 1);
  char big[2048];
  memset (big, 'a', sizeof big);
  big[1500] = '\0';
  malformed ("a 1500-byte provider", big, 1501, 1);
  char rec[1100];
  memcpy (rec, "p\0n\0" "0\0", 6);
  memset (rec + 6, 't', 1090);
  rec[1096] = '\0';
  malformed ("a 1090-byte type", rec, 1097, 1);

  struct list l = { 0 };
  char *why = NULL;
  UNIT_INTEQ (parse (&l, "", 0, &why), 0, "an empty section holds no record");
  UNIT_INTEQ (l.n, 0, "... and adds none");
}

/* Random bytes and every truncation of a good section: no crash, no leak. */
static void
hostile (void)
{
  char *buf = NULL;
  size_t len = 0;
  for (size_t i = 0; i < 12; i++)
    sdt_argtypes_append (&buf, &len, "prov", "name", i, "struct x *");
  size_t ok_runs = 0;
  for (size_t cut = 0; cut <= len; cut++)
    {
      struct list l = { 0 };
      char *why = NULL;
      if (parse (&l, buf, cut, &why) == 0)
        ok_runs++;
      free (why);
      sdt_probe_types_free (l.v, l.n);
    }
  UNIT_INTEQ (ok_runs, 13, "every truncation parses or is rejected; the 13 record boundaries parse");
  srand (7);
  unsigned char rnd[256];
  int consistent = 0;
  for (int round = 0; round < 2000; round++)
    {
      for (size_t i = 0; i < sizeof rnd; i++)
        rnd[i] = (unsigned char) (rand () % 4 == 0 ? 0 : rand () % 3 == 0 ? '0' + rand () % 3 : rand ());
      struct list l = { 0 };
      char *why = NULL;
      int rc = parse (&l, (const char *) rnd, sizeof rnd, &why);
      consistent += (rc == 0) == (why == NULL);
      for (size_t i = 0; i < l.n; i++)
        for (size_t k = 0; k < l.v[i].nargs; k++)
          consistent -= l.v[i].types[k] && strlen (l.v[i].types[k]) > SDT_ARGTYPES_TYPE_MAX;
      free (why);
      sdt_probe_types_free (l.v, l.n);
    }
  UNIT_INTEQ (consistent, 2000, "2000 random sections: each parsed or rejected with a reason, types bounded");
  free (buf);
}

int
main (void)
{
  roundtrip ();
  bad_inputs ();
  hostile ();
  return unit_exit ();
}
