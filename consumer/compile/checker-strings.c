/* SPDX-License-Identifier: MIT */
/*
 * checker-strings.c — the prototypes of D's string subroutines (and
 * copyin, which yields its bytes as a string here, alloca and copyinto)
 * and of the integer ones (rand, htons...): argument kinds and result
 * types, read by checker.c; codegen-strings.c and codegen.c generate them.
 */
#include <string.h>

#include "consumer/compile/checker.h"

#define STR { DT_STRING, 0, false, false, NULL }
static const struct subr_proto protos[] = {
  { "strlen", SUBR_STRLEN, "s", 1, { DT_INTEGER, 8, false, false, NULL } },
  { "strjoin", SUBR_STRJOIN, "ss", 2, STR },
  { "substr", SUBR_SUBSTR, "sii", 2, STR },
  { "index", SUBR_INDEX, "ssi", 2, { DT_INTEGER, 4, true, false, NULL } },
  { "rindex", SUBR_RINDEX, "ssi", 2, { DT_INTEGER, 4, true, false, NULL } },
  { "strchr", SUBR_STRCHR, "si", 2, STR },
  { "strrchr", SUBR_STRRCHR, "si", 2, STR },
  { "strstr", SUBR_STRSTR, "ss", 2, STR },
  { "basename", SUBR_BASENAME, "s", 1, STR },
  { "dirname", SUBR_DIRNAME, "s", 1, STR },
  { "cleanpath", SUBR_CLEANPATH, "s", 1, STR },
  { "lltostr", SUBR_LLTOSTR, "ii", 1, STR },
  { "toupper", SUBR_TOUPPER, "s", 1, STR },
  { "tolower", SUBR_TOLOWER, "s", 1, STR },
  { "copyin", SUBR_COPYIN, "ii", 2, STR },
  /* s[i] (checker-expr.c rewrites it): the character, 0 past the string */
  { "__char_at", SUBR_CHAR_AT, "si", 2, { DT_INTEGER, 1, true, false, NULL } },
  { "alloca", SUBR_ALLOCA, "i", 1, STR },
  { "copyinto", SUBR_COPYINTO, "iis", 3, { DT_VOID, 0, false, false, NULL } },
  /* integer subroutines (codegen.c): rand(); the byte-order conversions
   * (x86-64 is little-endian: each swaps; the result has the argument's
   * width) */
  { "rand", SUBR_RAND, "", 0, { DT_INTEGER, 4, true, false, NULL } },
  { "htons", SUBR_BSWAP16, "i", 1, { DT_INTEGER, 2, false, false, NULL } },
  { "ntohs", SUBR_BSWAP16, "i", 1, { DT_INTEGER, 2, false, false, NULL } },
  { "htonl", SUBR_BSWAP32, "i", 1, { DT_INTEGER, 4, false, false, NULL } },
  { "ntohl", SUBR_BSWAP32, "i", 1, { DT_INTEGER, 4, false, false, NULL } },
  { "htonll", SUBR_BSWAP64, "i", 1, { DT_INTEGER, 8, false, false, NULL } },
  { "ntohll", SUBR_BSWAP64, "i", 1, { DT_INTEGER, 8, false, false, NULL } },
  /* the process model (codegen-library.c) */
  { "progenyof", SUBR_PROGENYOF, "i", 1, { DT_INTEGER, 4, true, false, NULL } },
  { "__psargs", SUBR_PSARGS, "ii", 2, STR },
  { "__d_path", SUBR_DPATH, "iiiiiiiiiii", 11, STR },
  { "__uword", SUBR_UWORD, "i", 1, { DT_INTEGER, 8, true, false, NULL } },
};

const struct subr_proto *
subr_proto_of (const char *name)
{
  for (size_t i = 0; i < sizeof protos / sizeof protos[0]; i++)
    if (strcmp (name, protos[i].name) == 0)
      return &protos[i];
  return NULL;
}
