/* SPDX-License-Identifier: MIT */
/* argforms.c — probes built with systemtap's <sys/sdt.h> (default operand
 * constraint "nor"), so the compilers emit every argument form: registers,
 * constants, stack slots (-N(%rbp), N(%rsp), clang's red-zone spills),
 * %rip-relative globals (sym(%rip), sym+off(%rip)), indexed (SIB) array
 * elements.  fire() lives in a shared library when built with -DLIB. */
#include <sys/sdt.h>
#include <stdlib.h>

static int counter = -77;
static long table[4] = { 10, -20, 30, -40 };
unsigned char small = 250;
short half = -1234;

#ifdef LIB
void fire (int base);
#endif
__attribute__ ((noinline)) void
fire (int base)
{
  int i = base & 3;
  long big = -9000000000L + base;
  /* table[] is never touched by the program itself (gcc puts it in
   * .rodata): its page may not be present when the probe reads it, which
   * the consumer must fault in. */
  STAP_PROBE3 (af, globals, counter, small, half);
  STAP_PROBE3 (af, locals, base, big, (unsigned) base * 3u);
  STAP_PROBE2 (af, consts, -5, 123456789012L);
  STAP_PROBE2 (af, indexed, table[i], table[(i + 1) & 3]);
  STAP_PROBE12 (af, twelve, base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7,
                base + 8, base + 9, base + 10, base + 11);
  counter++;
}

#ifndef LIB
int
main (int argc, char **argv)
{
  fire (argc > 1 ? atoi (argv[1]) : 1);
  return 0;
}
#endif
