/* SPDX-License-Identifier: MIT */
/* ctdwarf-enum.c — ctypes-dwarf.sh's program for the traced program's
 * enumerators in D: paint() takes a struct with an enum member; a second
 * enum is used so that its DWARF is kept.  Built with ctdwarf-enum2.c, a
 * third enum gives GREEN another value (the ambiguity). */
enum color { RED, GREEN, BLUE };
enum light { OFF = 10, ON = 20 };

struct thing {
  int id;
  enum color color;
  enum light light;
};

__attribute__ ((noinline)) int
paint (struct thing *t)
{
  __asm__ volatile ("" : : "r" (t) : "memory");
  return t->id;
}

int
main (void)
{
  struct thing a = { 1, RED, OFF }, b = { 2, GREEN, ON }, c = { 3, BLUE, OFF };
  return paint (&a) + paint (&b) + paint (&c) == 6 ? 0 : 1;
}
