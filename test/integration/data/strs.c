/* SPDX-License-Identifier: MIT */
/* strs.c — consumer-strings.sh's traced program: fires strs:::path for a
 * few path names (with their index) and strs:::buf for a byte buffer that
 * is not NUL-terminated, with lengths 0, 3 and 8. */
#include <stdio.h>
#include "strs.h"

static const char *const paths[] = {
  "/usr/local/bin/tool", "relative/dir/", "/", "", "file.txt", "//srv//www//",
};
static const char buf[8] = { 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H' };

int
main (void)
{
  /* Touch the data so its pages are present when a probe reads them. */
  size_t warm = 0;
  for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
    for (const volatile char *c = paths[k]; *c; c++)
      warm++;
  for (size_t k = 0; k < sizeof buf; k++)
    warm += ((const volatile char *) buf)[k];
  for (int i = 0; i < (int) (sizeof paths / sizeof paths[0]); i++)
    STRS_PATH (paths[i], i);
  STRS_BUF (buf, 0);
  STRS_BUF (buf, 3);
  STRS_BUF (buf, 8);
  fprintf (stderr, "done %zu\n", warm);
  return 0;
}
