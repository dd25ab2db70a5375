/* SPDX-License-Identifier: MIT */
/*
 * libtool-objects.h — libtool's `.lo` files as -G operands and output.
 *
 * A libtool build compiles each source twice (or once, per
 * --enable/--disable-shared/static): a PIC object for the shared library
 * (.libs/foo.o) and a non-PIC one for the static library (foo.o), and
 * names them in a small text file, foo.lo (`pic_object='.libs/foo.o'`,
 * `non_pic_object='foo.o'`, either may be `none`).  Makefiles list the .lo
 * files as the library's objects, so `dtrace -G ... $(libfoo_la_OBJECTS)`
 * hands us .lo files.  Each becomes the objects it names (relative to the
 * .lo's directory), and both are checked and, for call-style sites,
 * linked.
 *
 * `-o prov.lo` asks for a libtool object in return: the -G object is
 * written as .libs/prov.o when an operand has a PIC object and as prov.o
 * when one has a non-PIC object (both when no operand is a .lo), and
 * prov.lo names them, so `libfoo_la_LIBADD = prov.lo` links the right one
 * into each flavour of the library.  The -G object holds only data and
 * PC-relative code, so both flavours are the same bytes.
 */
#ifndef SDTKIT_DTRACE_G_LIBTOOL_OBJECTS_H
#define SDTKIT_DTRACE_G_LIBTOOL_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>

struct libtool_operands {
  char **objects;        /* the ELF operands, .lo files replaced (malloc'd) */
  size_t nobjects, cap;
  bool any_lo;           /* some operand was a libtool object */
  bool pic, non_pic;     /* some .lo named a PIC / a non-PIC object */
};

/* Expand the .lo files among OPERANDS[0..N).  An operand is a libtool
 * object when its name ends in ".lo" and it is not an ELF file.  Returns
 * 0, or -1 after printing errors naming the .lo file and line (*OUT is
 * then freed). */
int libtool_expand_operands (size_t n, char *const *operands, struct libtool_operands *out);
void libtool_operands_free (struct libtool_operands *lt);

/* Does PATH name a libtool object (ends in ".lo")? */
bool libtool_is_lo_name (const char *path);
/* For the libtool object LO ("dir/prov.lo"): "dir/.libs/prov.o" (PIC) or
 * "dir/prov.o" (non-PIC), malloc'd. */
char *libtool_object_path (const char *lo, bool pic);
/* The text of LO naming its PIC and non-PIC objects (or `none`),
 * malloc'd. */
char *libtool_lo_text (const char *lo, bool pic, bool non_pic);

#endif
