/* SPDX-License-Identifier: MIT */
/* ctypes.c — the traced program of ctypes.sh: nested structs, arrays,
 * bit-fields and pointers, handed to a pid-probed function and a USDT
 * probe (run with -c: the tracer attaches before it starts). */
#include "ctypes.h"

struct buf { char name[16]; int lens[4]; };
struct inner {
  short id;
  unsigned int flags : 3;
  unsigned int mode : 5;
  signed int delta : 6;
  struct buf *b;
};
struct conn {
  int fd;
  long bytes;
  struct inner *in;
  struct inner arr[2];
  struct conn *next;
  union { unsigned int word; unsigned char bytes4[4]; } u;
};

__attribute__ ((noinline)) void
visit (struct conn *c)
{
  CTYPES_VISIT (c);
  __asm__ volatile ("" : : "r" (c) : "memory");
}

int
main (void)
{
  static struct buf b = { "hello", { 10, 20, 30, 40 } };
  static struct inner in = { 7, 5, 17, -3, &b };
  static struct conn c2 = { 4, 99, 0, { { 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0 } }, 0, { 0 } };
  static struct conn c = { 3, 123456789012L, &in,
                           { { 1, 1, 2, 3, &b }, { 2, 6, 31, -32, 0 } }, &c2, { 0x04030201u } };
  visit (&c);
  return 0;
}
