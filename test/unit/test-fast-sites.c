/* SPDX-License-Identifier: MIT */
/*
 * test-fast-sites.c — recognising the guarded 5-byte-nop site of our
 * headers and the arguments that can be read inside its guard
 * (consumer/probes/fast-sites.h).
 */
#include <stdint.h>
#include <string.h>

#include "consumer/probes/fast-sites.h"
#include "unit.h"

static void
test_bytes (void)
{
  static const uint8_t site[] = {
    0x90, 0x48, 0x8d, 0x64, 0x24, 0x80, 0x0f, 0x1f, 0x44, 0x00, 0x00,
    0x48, 0x8d, 0xa4, 0x24, 0x80, 0x00, 0x00, 0x00, 0xc3,
  };
  uint8_t b[sizeof site];
  UNIT_CHECK (fast_site_bytes_match (site, sizeof site), "the guarded site (and a following ret)");
  UNIT_CHECK (!fast_site_bytes_match (site, FAST_SITE_LEN - 1), "one byte short is not the site");
  memcpy (b, site, sizeof b);
  b[0] = 0xcc;
  UNIT_CHECK (!fast_site_bytes_match (b, sizeof b), "not a nop first");
  static const uint8_t nop_nop5[] = { 0x90, 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x90, 0x90, 0x90, 0x90,
                                      0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90 };
  UNIT_CHECK (!fast_site_bytes_match (nop_nop5, sizeof nop_nop5), "an unguarded nop; nop5 is not ours");
  memcpy (b, site, sizeof b);
  b[15] = 0x7f;
  UNIT_CHECK (!fast_site_bytes_match (b, sizeof b), "a guard that does not restore %%rsp exactly");
}

static void
test_args (void)
{
  UNIT_CHECK (fast_site_args_movable (""), "no arguments");
  UNIT_CHECK (fast_site_args_movable ("-4@%edi 8@%rax -8@$-3"), "registers and constants");
  UNIT_CHECK (fast_site_args_movable ("-8@-88(%rsp) 8@16(%rbp) 8@sym(%rip)"), "%%rsp/%%rbp/%%rip displacements");
  UNIT_CHECK (fast_site_args_movable ("8@(%rax,%rbx,8)"), "an index other than %%rsp");
  UNIT_CHECK (!fast_site_args_movable ("8@%rsp"), "%%rsp as a value stays on the trap");
  UNIT_CHECK (!fast_site_args_movable ("4@%edi 8@%rsp"), "any argument that is %%rsp");
  UNIT_CHECK (!fast_site_args_movable ("8@?bogus"), "an undecodable argument stays on the trap");
}

int
main (void)
{
  test_bytes ();
  test_args ();
  return unit_exit ();
}
