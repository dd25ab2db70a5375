/* SPDX-License-Identifier: MIT */
/*
 * dformat-print.c — print(): a value shown with its C type, as DTrace's
 * print() shows it (the layout of mdb's `::print -tn`):
 *
 *   struct conn {
 *       int fd = 0x3
 *       struct inner *in = 0x404040
 *       unsigned int flags :3 = 0x5
 *       char [16] name = [ "hello" ]
 *       int [4] lens = [ 0xa, 0x14, 0x1e, 0x28 ]
 *       struct point p = {
 *           int x = 0x1
 *           int y = 0x2
 *       }
 *   }
 *
 * Integers and pointers in hex (`%#x`: 0 is "0"), characters quoted, enums
 * by enumerator name, a char array that holds a NUL-terminated printable
 * string as that string; four columns of indentation per level; no newline
 * after the last brace (the record's end adds one), while a scalar, an
 * array or a string ends its line (DTrace's expected outputs show both).  An array of structs
 * puts each element on its own lines, separated by ", ".
 *
 * The bytes come from the record: exactly the type's size (the caller
 * checks); nothing here reads beyond LEN.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/output/dformat-int.h"
#include "consumer/compile/ctype.h"

#define PRINT_MAX_DEPTH 16

static void print_value (struct dfmt_out *o, const struct ctype *t, const uint8_t *p, size_t len,
                         uint64_t off, int indent, int depth);

static void
indent_to (struct dfmt_out *o, int n)
{
  dfmt_outf (o, "%*s", n * 4, "");
}

static uint64_t
load (const uint8_t *p, size_t len, uint64_t off, unsigned size)
{
  uint64_t v = 0;
  if (off < len)
    memcpy (&v, p + off, len - off < size ? len - off : size);
  return v;
}

static void
print_char (struct dfmt_out *o, unsigned char c)
{
  if (isprint (c))
    dfmt_outf (o, "'%c'", c);
  else if (c == 0)
    dfmt_puts (o, "'\\0'");
  else
    dfmt_outf (o, "'\\%03o'", c);
}

static bool
is_char (const struct ctype *r)
{
  return r && r->kind == CT_INT && r->size == 1 && r->is_signed;
}

/* A char array that holds a printable string ended by a NUL. */
static bool
looks_like_string (const uint8_t *p, size_t len, uint64_t off, uint64_t n)
{
  for (uint64_t i = 0; i < n && off + i < len; i++)
    {
      unsigned char c = p[off + i];
      if (c == 0)
        return true;
      if (!isprint (c))
        return false;
    }
  return false;
}

static void
print_array (struct dfmt_out *o, const struct ctype *arr, const uint8_t *p, size_t len,
             uint64_t off, int indent, int depth)
{
  const struct ctype *elem = arr->ref, *er = ctype_resolve (elem);
  uint64_t esize = er ? er->size : 0;
  if (is_char (er) && looks_like_string (p, len, off, arr->nelems))
    {
      dfmt_puts (o, "[ \"");
      for (uint64_t i = 0; i < arr->nelems && off + i < len && p[off + i]; i++)
        dfmt_outf (o, "%c", p[off + i]);
      dfmt_puts (o, "\" ]");
      return;
    }
  bool structs = er && (er->kind == CT_STRUCT || er->kind == CT_UNION);
  dfmt_puts (o, "[ ");
  for (uint64_t i = 0; i < arr->nelems && esize; i++)
    {
      if (structs)
        {
          char *tn = ctype_name (elem);
          dfmt_puts (o, "\n");
          indent_to (o, indent + 1);
          dfmt_outf (o, "%s ", tn);
          free (tn);
          print_value (o, elem, p, len, off + i * esize, indent + 1, depth + 1);
        }
      else
        print_value (o, elem, p, len, off + i * esize, indent, depth + 1);
      if (i + 1 < arr->nelems)
        dfmt_puts (o, ", ");
      else if (structs)
        dfmt_puts (o, "\n");
    }
  if (structs)
    indent_to (o, indent);
  else
    dfmt_puts (o, " ");
  dfmt_puts (o, "]");
}

/* C's name of a member's type; an anonymous struct or union is "struct "
 * or "union " (DTrace's spelling: the name is left out, the blank kept). */
static char *
member_type_name (const struct ctype *t)
{
  if (t && (t->kind == CT_STRUCT || t->kind == CT_UNION) && !t->name)
    {
      char *s = malloc (8);
      if (s)
        strcpy (s, t->kind == CT_STRUCT ? "struct " : "union ");
      return s;
    }
  return ctype_name (t);
}

static void
print_members (struct dfmt_out *o, const struct ctype *agg, const uint8_t *p, size_t len,
               uint64_t off, int indent, int depth)
{
  dfmt_puts (o, "{\n");
  for (size_t i = 0; i < agg->nmembers; i++)
    {
      const struct ctype_member *m = &agg->members[i];
      char *tn = member_type_name (m->type);
      if (!tn)
        return;
      size_t tl = strlen (tn);
      indent_to (o, indent + 1);
      dfmt_puts (o, tn);
      if (m->name)
        dfmt_outf (o, "%s%s", tl && (tn[tl - 1] == '*' || tn[tl - 1] == ' ') ? "" : " ", m->name);
      free (tn);
      if (m->bit_size)
        {
          const struct ctype *u = ctype_resolve (m->type);
          unsigned usize = u && u->size <= 8 ? (unsigned) u->size : 8;
          uint64_t v = load (p, len, off + m->offset, usize) >> m->bit_offset;
          if (m->bit_size < 64)
            v &= (1ull << m->bit_size) - 1;
          dfmt_outf (o, " :%u = %#llx\n", m->bit_size, (unsigned long long) v);
          continue;
        }
      dfmt_puts (o, m->name ? " = " : " ");
      print_value (o, m->type, p, len, off + m->offset, indent + 1, depth + 1);
      dfmt_puts (o, "\n");
    }
  indent_to (o, indent);
  dfmt_puts (o, "}");
}

static void
print_value (struct dfmt_out *o, const struct ctype *t, const uint8_t *p, size_t len,
             uint64_t off, int indent, int depth)
{
  const struct ctype *r = ctype_resolve (t);
  if (!r || depth > PRINT_MAX_DEPTH)
    {
      dfmt_puts (o, "?");
      return;
    }
  switch (r->kind)
    {
    case CT_INT:
      if (is_char (r))
        print_char (o, (unsigned char) load (p, len, off, 1));
      else
        dfmt_outf (o, "%#llx", (unsigned long long) load (p, len, off, r->size <= 8 ? (unsigned) r->size : 8));
      return;
    case CT_POINTER:
    case CT_FUNCTION:
      dfmt_outf (o, "%#llx", (unsigned long long) load (p, len, off, 8));
      return;
    case CT_ENUM:
      {
        int64_t v = (int64_t) (int32_t) load (p, len, off, 4);
        for (size_t i = 0; i < r->nenumerators; i++)
          if (r->enumerators[i].value == v)
            {
              dfmt_puts (o, r->enumerators[i].name);
              return;
            }
        dfmt_outf (o, "%lld", (long long) v);
        return;
      }
    case CT_ARRAY:
      print_array (o, r, p, len, off, indent, depth);
      return;
    case CT_STRUCT:
    case CT_UNION:
      if (!r->complete)
        dfmt_puts (o, "<forward decl>");
      else
        print_members (o, r, p, len, off, indent, depth);
      return;
    default:
      dfmt_puts (o, "?");
      return;
    }
}

void
dfmt_print_typed (struct dfmt_out *o, const struct ctype *t, const void *bytes, size_t len)
{
  char *tn = ctype_name (t);
  dfmt_outf (o, "%s ", tn);
  free (tn);
  const struct ctype *r = ctype_resolve (t);
  if (r && r->kind == CT_ARRAY && is_char (ctype_resolve (r->ref))
      && looks_like_string (bytes, len, 0, r->nelems))
    {
      /* a string at the top level goes without brackets: char [16] "hello" */
      const char *s = bytes;
      dfmt_outf (o, "\"%.*s\"\n", (int) strnlen (s, len), s);
      return;
    }
  print_value (o, t, bytes, len, 0, 0, 0);
  /* DTrace ends a scalar's or an array's line; a struct or union ends at
   * its closing brace */
  if (!r || (r->kind != CT_STRUCT && r->kind != CT_UNION))
    dfmt_puts (o, "\n");
}

void
dfmt_print_string (struct dfmt_out *o, const struct dfmt_value *v)
{
  dfmt_puts (o, "string \"");
  dfmt_put (o, v->u.str.s, strnlen (v->u.str.s, v->u.str.len));
  dfmt_puts (o, "\"\n");
}
