/* SPDX-License-Identifier: MIT */
/* main.c — drives asm_hit(); with an argument `w`, keeps firing (up to 30 s)
 * while a tracer comes, enables asmprov:::hit (its semaphore, read by the C
 * header) and goes. */
#include <stdio.h>
#include <unistd.h>
#include "asmprov.h"

int asm_hit (int code);

int
main (int argc, char **argv)
{
  int wait = argc > 1 && argv[1][0] == 'w', seen = 0, sum = 0;
  for (int i = 0; i < (wait ? 3000 : 3); i++)
    {
      sum += asm_hit (40 + i % 2);
      if (ASMPROV_HIT_ENABLED ())
        seen++;
      else if (seen)
        break;   /* the tracer has gone */
      if (wait)
        usleep (10000);
    }
  printf ("%s\n", seen ? "enabled" : wait ? "never enabled" : sum == 40 + 41 + 40 + 3 ? "ok" : "wrong");
  return 0;
}
