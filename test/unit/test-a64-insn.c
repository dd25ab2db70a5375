/* SPDX-License-Identifier: MIT */
/*
 * test-a64-insn.c — which aarch64 instructions the pid provider may probe
 * (consumer/probes/a64-insn.h).  The encodings were made with GNU as
 * (-march=armv8.5-a+pauth) and read back with objdump.
 */
#include <stdbool.h>
#include <stdint.h>

#include "consumer/probes/a64-insn.h"
#include "unit.h"

int
main (void)
{
  static const struct { uint32_t insn; bool ok; const char *what; } cases[] = {
    { 0xd503201f, true, "nop" },
    { 0xd503233f, true, "paciasp" },
    { 0xd503245f, true, "bti c" },
    { 0xd50323bf, false, "autiasp (a hint the kernel does not step)" },
    { 0xd503203f, false, "yield" },
    { 0xd4000001, false, "svc #0" },
    { 0xd4207d00, false, "brk #0x3e8" },
    { 0xd50342df, false, "msr daifset, #2" },
    { 0xd51bd041, false, "msr tpidr_el0, x1" },
    { 0xd53b4223, false, "mrs x3, daif" },
    { 0xd53bd043, true, "mrs x3, tpidr_el0" },
    { 0xc85f7c20, false, "ldxr x0, [x1]" },
    { 0xc802fc20, false, "stlxr w2, x0, [x1]" },
    { 0xc8dffc20, true, "ldar x0, [x1]" },
    { 0x58000160, true, "ldr x0, literal (simulated)" },
    { 0x98000140, true, "ldrsw x0, literal (simulated)" },
    { 0x9c000120, false, "ldr q0, literal (would read beside the out-of-line slot)" },
    { 0xd8000100, false, "prfm pldl1keep, literal" },
    { 0x90000002, true, "adrp x2 (simulated)" },
    { 0x94000006, true, "bl (simulated)" },
    { 0xd65f03c0, true, "ret" },
    { 0x11000c00, true, "add w0, w0, #3" },
    { 0xf8200041, true, "ldadd x0, x1, [x2]" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    UNIT_CHECK (a64_insn_uprobe_ok (cases[i].insn) == cases[i].ok, "%s: %s", cases[i].what,
                cases[i].ok ? "probed" : "refused");
  UNIT_CHECK (a64_insn_is_return (0xd65f03c0), "ret is a return");
  UNIT_CHECK (a64_insn_is_return (0xd65f0020), "ret x1 is a return");
  UNIT_CHECK (a64_insn_is_return (0xd65f0bff), "retaa is a return");
  UNIT_CHECK (!a64_insn_is_return (0xd63f0020), "blr x1 is not a return");
  UNIT_CHECK (!a64_insn_is_return (0x94000006), "bl is not a return");
  return unit_exit ();
}
