/* SPDX-License-Identifier: MIT */
/*
 * test-fast-sites.c — recognising the guarded 5-byte-nop site of our
 * headers and the arguments that can be read inside its guard
 * (consumer/probes/fast-sites.h), and the 5-byte nops the kernel would
 * optimize, which are never probed where that is unsafe for forked
 * children (consumer/probes/x86-insn.h, uprobe-fork-safety.h).
 */
#include <stdint.h>
#include <string.h>

#include "consumer/probes/fast-sites.h"
#include "consumer/probes/x86-insn.h"
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

static void
test_optimizable_nops (void)
{
  static const struct { uint8_t b[8]; bool nop; const char *what; } cases[] = {
    { { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0xc3 }, true, "nopl 0(%rax,%rax,1)" },
    { { 0x66, 0x0f, 0x1f, 0x40, 0x00, 0xc3 }, true, "nopw 0(%rax)" },
    { { 0x66, 0x66, 0x66, 0x66, 0x90, 0xc3 }, true, "nop with four 0x66 prefixes" },
    { { 0x2e, 0x66, 0x66, 0x66, 0x90, 0xc3 }, true, "cs nop with prefixes" },
    { { 0x48, 0x8d, 0x74, 0x26, 0x00, 0xc3 }, true, "lea 0(%rsi,%riz,1),%rsi" },
    { { 0x90, 0x0f, 0x1f, 0x40, 0x00, 0xc3 }, false, "a 1-byte nop (before a nopl)" },
    { { 0x0f, 0x1f, 0x40, 0x00, 0xc3 }, false, "a 4-byte nopl" },
    { { 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00, 0xc3 }, false, "a 7-byte nopl" },
    { { 0x48, 0x8d, 0x64, 0x24, 0x80, 0xc3 }, false, "lea -0x80(%rsp),%rsp (our guard)" },
    { { 0x48, 0x8d, 0x74, 0x24, 0x08, 0xc3 }, false, "lea 8(%rsp),%rsi" },
    { { 0xe8, 0x00, 0x00, 0x00, 0x00, 0xc3 }, false, "call rel32" },
    { { 0xf3, 0x66, 0x66, 0x66, 0x90, 0xc3 }, false, "pause with prefixes" },
    { { 0x0f, 0x1f, 0x4c, 0x00, 0x00, 0xc3 }, true, "0f 1f /1 (a reserved nop; some kernels count it)" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    UNIT_CHECK (x86_insn_optimizable_nop (cases[i].b, sizeof cases[i].b) == cases[i].nop, "%s: %s",
                cases[i].what, cases[i].nop ? "optimizable" : "not optimizable");
}

int
main (void)
{
  test_bytes ();
  test_args ();
  test_optimizable_nops ();
  return unit_exit ();
}
