/* SPDX-License-Identifier: MIT */
/* kit-pairs.c — 10 "work" operations of 3 ms (work-start/work-done), 4
 * instant "io" operations (io-begin/io-end), and 2 lonely-start probes
 * that are never done.  3 ms, not 2: a sleep of 2000 us can take 2000..2047
 * us and land in quantize's 1024 bucket; 3000 us is always past 2048. */
#include <unistd.h>
#include "kit-pairs.h"

int
main (void)
{
  for (int i = 0; i < 10; i++)
    {
      KIT_WORK_START (i);
      usleep (3000);
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
