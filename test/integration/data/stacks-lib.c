/* SPDX-License-Identifier: MIT */
/* stacks-lib.c — libstkcb.so for stacks.c: a frame in a shared library. */
__attribute__ ((noinline)) void
stk_lib_call (void (*fn) (int), int i)
{
  fn (i);
  __asm__ volatile ("" ::: "memory");   /* not a tail call */
}
