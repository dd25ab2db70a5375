/* SPDX-License-Identifier: MIT */
/*
 * test-providers.c — the pieces of the pid, syscall and profile providers
 * that need no kernel: x86-64 instruction lengths (hand-picked encodings,
 * then every instruction objdump disassembles in libc and in this test
 * binary), which instructions uprobes refuse, profile-N/tick-N intervals,
 * the syscall table and probe matching.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/probes/probe-desc.h"
#include "consumer/probes/profile-probes.h"
#include "consumer/probes/syscall-probes.h"
#include "consumer/probes/x86-insn.h"
#include "common/xalloc.h"
#include "unit.h"

struct enc {
  const char *what;
  uint8_t bytes[16];
  int len;
};

static const struct enc encs[] = {
  { "ret", { 0xc3 }, 1 },
  { "push %rbp", { 0x55 }, 1 },
  { "push %r12", { 0x41, 0x54 }, 2 },
  { "endbr64", { 0xf3, 0x0f, 0x1e, 0xfa }, 4 },
  { "mov %rsp,%rbp", { 0x48, 0x89, 0xe5 }, 3 },
  { "sub $0x10,%rsp", { 0x48, 0x83, 0xec, 0x10 }, 4 },
  { "sub $0x1000,%rsp", { 0x48, 0x81, 0xec, 0x00, 0x10, 0x00, 0x00 }, 7 },
  { "mov 0x8(%rsp),%rdi", { 0x48, 0x8b, 0x7c, 0x24, 0x08 }, 5 },
  { "lea 0x0(%rip),%rdi", { 0x48, 0x8d, 0x3d, 0, 0, 0, 0 }, 7 },
  { "movabs $imm64,%rax", { 0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8 }, 10 },
  { "mov $imm32,%eax", { 0xb8, 1, 2, 3, 4 }, 5 },
  { "mov $imm16,%ax", { 0x66, 0xb8, 1, 2 }, 4 },
  { "call rel32", { 0xe8, 0, 0, 0, 0 }, 5 },
  { "jmp rel8", { 0xeb, 0x10 }, 2 },
  { "jne rel32", { 0x0f, 0x85, 0, 0, 0, 0 }, 6 },
  { "nopw %cs:0x0(%rax,%rax,1)", { 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0 }, 10 },
  { "testb $1,(%rdi)", { 0xf6, 0x07, 0x01 }, 3 },
  { "testl $imm32,(%rdi)", { 0xf7, 0x07, 1, 2, 3, 4 }, 6 },
  { "negl (%rdi)", { 0xf7, 0x1f }, 2 },
  { "mov %fs:0x28,%rax", { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0 }, 9 },
  { "lock decl (%rdi)", { 0xf0, 0xff, 0x0f }, 3 },
  { "vzeroupper", { 0xc5, 0xf8, 0x77 }, 3 },
  { "vmovdqu (%rsi),%ymm0", { 0xc5, 0xfe, 0x6f, 0x06 }, 4 },
  { "vpcmpeqb (%rdi),%ymm0,%ymm1 (VEX3)", { 0xc4, 0xe1, 0x7d, 0x74, 0x0f }, 5 },
  { "vpalignr $8 (VEX map 0F3A)", { 0xc4, 0xe3, 0x7d, 0x0f, 0xc1, 0x08 }, 6 },
  { "vmovdqu64 (%rsi),%zmm16 (EVEX)", { 0x62, 0xe1, 0xfe, 0x48, 0x6f, 0x06 }, 6 },
  { "pshufd $0,%xmm0,%xmm0", { 0x66, 0x0f, 0x70, 0xc0, 0x00 }, 5 },
  { "pshufb %xmm1,%xmm0 (0F38)", { 0x66, 0x0f, 0x38, 0x00, 0xc1 }, 5 },
  { "syscall", { 0x0f, 0x05 }, 2 },
  { "enter $16,$0", { 0xc8, 0x10, 0x00, 0x00 }, 4 },
  { "movabs 0x1122334455667788,%al", { 0xa0, 1, 2, 3, 4, 5, 6, 7, 8 }, 9 },
};

static void
check_encodings (void)
{
  for (size_t i = 0; i < sizeof encs / sizeof encs[0]; i++)
    UNIT_INTEQ (x86_insn_length (encs[i].bytes, sizeof encs[i].bytes), encs[i].len, "length of %s",
                encs[i].what);
  static const uint8_t trunc[] = { 0x48, 0x81, 0xec, 0x00 };
  UNIT_INTEQ (x86_insn_length (trunc, sizeof trunc), -1, "a truncated instruction is not decoded");
  static const uint8_t bad[] = { 0x06 };
  UNIT_INTEQ (x86_insn_length (bad, sizeof bad), -1, "0x06 (invalid in 64-bit mode) is unknown");
  /* push %rbp; mov %rsp,%rbp; sub $0x10,%rsp */
  static const uint8_t fn[] = { 0x55, 0x48, 0x89, 0xe5, 0x48, 0x83, 0xec, 0x10, 0xc3 };
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 0), 1, "offset 0 is a boundary");
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 1), 1, "offset 1 is a boundary");
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 2), 0, "offset 2 is inside mov");
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 4), 1, "offset 4 is a boundary");
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 7), 0, "offset 7 is inside sub");
  UNIT_INTEQ (x86_insn_boundary (fn, sizeof fn, 8), 1, "offset 8 (ret) is a boundary");

  UNIT_CHECK (x86_insn_uprobe_ok (encs[1].bytes, 16), "uprobes take push %%rbp");
  UNIT_CHECK (x86_insn_uprobe_ok (encs[3].bytes, 16), "uprobes take endbr64");
  static const uint8_t lock[] = { 0xf0, 0xff, 0x0f };
  UNIT_CHECK (!x86_insn_uprobe_ok (lock, sizeof lock), "uprobes refuse lock-prefixed instructions");
  static const uint8_t cs[] = { 0x2e, 0x8b, 0x07 };
  UNIT_CHECK (!x86_insn_uprobe_ok (cs, sizeof cs), "uprobes refuse a CS segment prefix");
  static const uint8_t int3[] = { 0xcc };
  UNIT_CHECK (!x86_insn_uprobe_ok (int3, sizeof int3), "uprobes refuse int3");
}

/* Every instruction objdump shows in FILE: its length must be ours. */
static void
check_against_objdump (const char *file)
{
  if (access (file, R_OK) != 0)
    {
      UNIT_SKIP ("%s is not here", file);
      return;
    }
  char *cmd = xasprintf ("objdump -d -w '%s' 2>/dev/null", file);
  FILE *p = popen (cmd, "r");
  free (cmd);
  if (!p)
    {
      UNIT_CHECK (p != NULL, "run objdump on %s", file);
      return;
    }
  char line[4096];
  size_t n = 0, wrong = 0;
  char first_wrong[256] = "";
  while (fgets (line, sizeof line, p))
    {
      /* "  1234:\t48 89 e5 \tmov ..." */
      char *tab = strchr (line, '\t');
      if (!tab || tab == line || tab[-1] != ':')
        continue;
      uint8_t code[16];
      size_t len = 0;
      char *s = tab + 1;
      unsigned v;
      int used;
      while (len < sizeof code && sscanf (s, "%2x%n", &v, &used) == 1 && used == 2 && (s[2] == ' ' || s[2] == '\t'))
        {
          code[len++] = (uint8_t) v;
          s += 3;
          if (s[-1] == '\t')
            break;
        }
      const char *mn = strchr (tab + 1, '\t');
      /* skip data objdump cannot decode and lines continuing a long one */
      if (len == 0 || !mn || strstr (mn, "(bad)") || strstr (mn, ".byte"))
        continue;
      n++;
      int got = x86_insn_length (code, len);
      if (got != (int) len)
        {
          if (wrong++ == 0)
            snprintf (first_wrong, sizeof first_wrong, "%.*s(ours %d)", (int) strcspn (line, "\n"), line, got);
        }
    }
  pclose (p);
  UNIT_CHECK (n > 1000 && wrong == 0, "%zu instructions of %s: our lengths are objdump's (%zu differ)%s%s",
              n, file, wrong, wrong ? ": " : "", first_wrong);
}

static void
check_intervals (void)
{
  UNIT_INTEQ (profile_interval ("profile-99", "profile"), 1000000000 / 99, "profile-99 is 99 hz");
  UNIT_INTEQ (profile_interval ("profile-99hz", "profile"), 1000000000 / 99, "profile-99hz");
  UNIT_INTEQ (profile_interval ("profile-1ms", "profile"), 1000000, "profile-1ms");
  UNIT_INTEQ (profile_interval ("profile-250us", "profile"), 250000, "profile-250us");
  UNIT_INTEQ (profile_interval ("profile-2sec", "profile"), 2000000000, "profile-2sec");
  UNIT_INTEQ (profile_interval ("profile-1m", "profile"), 60000000000LL, "profile-1m (minute)");
  UNIT_INTEQ (profile_interval ("profile-300000ns", "profile"), 300000, "profile-300000ns");
  UNIT_INTEQ (profile_interval ("profile-100us", "profile"), 0, "profile-100us is below 200 us");
  UNIT_INTEQ (profile_interval ("profile-5x", "profile"), 0, "an unknown unit");
  UNIT_INTEQ (profile_interval ("profile-", "profile"), 0, "no number");
  UNIT_INTEQ (profile_interval ("tick-1s", "profile"), 0, "tick-1s is not a profile probe");
  UNIT_INTEQ (profile_interval ("tick-1s", "tick"), 1000000000, "tick-1s with the tick prefix");

  /* Issue 12.5: what strtod reads but is no interval, and the range. */
  static const struct { const char *name; int rc; const char *why; } bad[] = {
    { "tick-nan", -1, "\"nan\" is not a decimal number" },
    { "tick-inf", -1, "\"inf\" is not a decimal number" },
    { "tick-0x10s", -1, "unknown unit \"x10s\" (ns, us, ms, s, m, h, d, or hz)" },
    { "tick-1e30s", -1, "1e30s is longer than 365d, the longest interval allowed" },
    { "tick-18446744073709549568ns", -1,
      "18446744073709549568ns is longer than 365d, the longest interval allowed" },
    { "tick-366d", -1, "366d is longer than 365d, the longest interval allowed" },
    { "tick-0", -1, "0 is not positive" },
    { "tick-100us", -1, "100us is shorter than 200us, the shortest interval allowed" },
    { "tick-5001", -1, "5001 is faster than 5000hz, every 200us, the shortest interval allowed" },
    { "tick-foo", 0, NULL },
    { "tick--1s", 0, NULL },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      uint64_t ns = 1;
      char *why = NULL;
      int rc = profile_interval_parse (bad[i].name, "tick", &ns, &why);
      UNIT_CHECK (rc == bad[i].rc && ns == 0 && (bad[i].why ? why && strcmp (why, bad[i].why) == 0 : !why),
                  "%s: %d, \"%s\" (want %d, \"%s\")", bad[i].name, rc, why ? why : "",
                  bad[i].rc, bad[i].why ? bad[i].why : "");
      free (why);
    }
  uint64_t ns;
  char *why;
  UNIT_CHECK (profile_interval_parse ("tick-365d", "tick", &ns, &why) == 1 && ns == 365 * 86400ULL * 1000000000,
              "tick-365d, the longest, is accepted");
  UNIT_CHECK (profile_interval_parse ("tick-5000", "tick", &ns, &why) == 1 && ns == 200000,
              "tick-5000 (200 us), the shortest, is accepted");
  UNIT_CHECK (profile_interval_parse ("tick-1.5e3ms", "tick", &ns, &why) == 1 && ns == 1500000000,
              "tick-1.5e3ms: fraction and exponent");
}

static void
check_syscalls (void)
{
  int prev = -1;
  bool sorted = true;
  const char *openat = NULL, *read = NULL, *openat2 = NULL;
  for (size_t i = 0; i < syscall_table_x86_64_size; i++)
    {
      sorted &= syscall_table_x86_64[i].nr > prev;
      prev = syscall_table_x86_64[i].nr;
      if (syscall_table_x86_64[i].nr == 0) read = syscall_table_x86_64[i].name;
      if (syscall_table_x86_64[i].nr == 257) openat = syscall_table_x86_64[i].name;
      if (syscall_table_x86_64[i].nr == 437) openat2 = syscall_table_x86_64[i].name;
    }
  UNIT_CHECK (sorted, "the syscall table is in number order, without repeats");
  UNIT_STREQ (read, "read", "syscall 0 is read");
  UNIT_STREQ (openat, "openat", "syscall 257 is openat");
  UNIT_STREQ (openat2, "openat2", "syscall 437 is openat2");

  struct probe_desc d;
  char *err = NULL;
  probe_desc_parse ("syscall::open*:entry", PROBE_FIELD_NAME, NULL, &d, &err);
  struct syscall_probe *p;
  size_t n = syscall_probes_find (&d, 1, &p);
  bool has_open = false, has_openat = false, has_return = false, has_read = false;
  for (size_t i = 0; i < n; i++)
    {
      has_open |= strcmp (p[i].name, "open") == 0;
      has_openat |= strcmp (p[i].name, "openat") == 0;
      has_read |= strcmp (p[i].name, "read") == 0;
      has_return |= p[i].is_return;
    }
  UNIT_CHECK (has_open && has_openat && !has_read && !has_return, "syscall::open*:entry: open and openat entries only");
  struct site_spec spec;
  for (size_t i = 0; i < n; i++)
    if (strcmp (p[i].name, "openat") == 0)
      {
        syscall_site_spec (&p[i], 7, &spec);
        UNIT_INTEQ (spec.args[0].base_off, 104, "openat arg0 is the path (rsi)");
        UNIT_INTEQ (spec.args[3].base_off, 112, "openat arg3 is the directory fd (rdi)");
      }
  free (p);
  probe_desc_free (&d);
  probe_desc_parse ("read:return", PROBE_FIELD_NAME, NULL, &d, &err);
  n = syscall_probes_find (&d, 1, &p);
  UNIT_INTEQ (n, 1, "read:return names one probe");
  if (n == 1)
    {
      syscall_site_spec (&p[0], 9, &spec);
      UNIT_CHECK (spec.args[0].base_off == 80 && spec.args[1].base_off == 80 && spec.args[2].kind == ARGK_NONE,
                  "syscall return: arg0 and arg1 are rax, arg2 nothing");
      UNIT_INTEQ (spec.probe_id, 9, "the spec carries the probe id");
    }
  free (p);
  probe_desc_free (&d);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_encodings ();
  check_intervals ();
  check_syscalls ();
  check_against_objdump (argv[0]);
  const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
  check_against_objdump (libc);
  return unit_exit ();
}
