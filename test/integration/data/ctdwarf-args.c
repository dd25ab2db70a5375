/* SPDX-License-Identifier: MIT */
/* ctdwarf-args.c — ctypes-dwarf.sh's program for args[N] typed from DWARF
 * parameters: an int passed in a 64-bit register whose upper half is not
 * part of the value, an unsigned char, a long, a string. */
__attribute__ ((noinline)) int
score (int delta, unsigned char level, long big, const char *name)
{
  __asm__ volatile ("" : : "r" (name) : "memory");
  return delta + level + (int) big;
}

int
main (void)
{
  return score (-5, 200, 1L << 40, "abc") == 195 ? 0 : 1;
}
