/* SPDX-License-Identifier: MIT */
/* ctstruct.c — struct values for test/integration/ctypes-cxx.sh: a small
 * struct with a nested one and a struct larger than the default strsize,
 * passed by pointer to visit() (kept out of line). */
#include <string.h>

struct in { int c; long d; };
struct small { int a; struct in b; char tag[8]; };
struct big { int a; char pad[700]; long z; };

__attribute__ ((noinline)) void
visit (struct small *s, struct big *b)
{
  __asm__ volatile ("" : : "r" (s), "r" (b) : "memory");
}

int
main (void)
{
  struct small s = { 1, { 2, 3 }, "sm" };
  static struct big b;
  b.a = 5;
  b.z = 77;
  strcpy (b.pad, "padding");
  visit (&s, &b);
  return 0;
}
