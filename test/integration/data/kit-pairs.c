/* SPDX-License-Identifier: MIT */
/* kit-pairs.c — 10 "work" operations of 2 ms (work-start/work-done), 4
 * instant "io" operations (io-begin/io-end), and 2 lonely-start probes
 * that are never done. */
#include <unistd.h>
#include "kit-pairs.h"

int
main (void)
{
  for (int i = 0; i < 10; i++)
    {
      KIT_WORK_START (i);
      usleep (2000);
      KIT_WORK_DONE (i);
    }
  for (int i = 0; i < 4; i++)
    {
      KIT_IO_BEGIN ();
      KIT_IO_END ();
    }
  KIT_LONELY_START ();
  KIT_LONELY_START ();
  return 0;
}
