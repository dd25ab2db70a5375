#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# probe-sites.sh — the `dtrace -h` site the kernel can optimize
# (doc/probe-sites.md): `nop` at the note's address, then a 5-byte nop inside
# `lea -128(%rsp),%rsp` ... `lea 128(%rsp),%rsp`.  For gcc and clang at -O0 to
# -O3, leaf functions keep data in the red zone across a site and pass an
# argument that (with STAP_SDT_ARG_CONSTRAINT=nor) may live in %rsp-based
# memory: untraced, traced by our dtrace at the 5-byte nop (forced with
# SDTKIT_FAST_SITES=force where the kernel failed the fork self-test: these
# programs never fork; the kernel's trampoline mapped, so the optimized path
# ran), traced by default (at the 5-byte nop only where the self-test passed,
# doc/probe-sites.md section 9), with the fast path turned off
# (SDTKIT_NO_FAST_SITES=1, the trap), through perf-event uprobes, and by
# bpftrace and perf, the results are identical and every argument is right;
# gdb and readelf read the sites; SDTKIT_NOP1_SITES keeps the 1-byte nop; an
# unguarded 5-byte nop corrupts the red zone, and by default is not probed
# where the self-test failed.
. "$SRCDIR/test/lib.sh"

have () { command -v "$1" >/dev/null 2>&1; }
N=100000

cat > rz.d <<'D'
provider rz {
  probe hit(long x, long y);
  probe mem(long x, long y);
};
D
check "-h" "$DTRACE" -h -s rz.d -o rz.h

# leaf(): data below %rsp across the site; the probe's args in registers.
cat > leaf.c <<'C'
#include "rz.h"
long leaf (long x);
__attribute__ ((noinline)) long
leaf (long x)
{
  volatile long top = x;   /* the word just below %rsp, with luck */
  volatile long buf[12];
  for (int i = 0; i < 12; i++)
    buf[i] = x * (i + 1);
  RZ_HIT (x, buf[2]);
  long s = top - x;
  for (int i = 0; i < 12; i++)
    s += buf[i];
  return s;
}
C
# leafmem(): the same, compiled with STAP_SDT_ARG_CONSTRAINT=nor, so the
# second argument may be an %rsp-based memory operand.
sed -e 's/leaf/leafmem/g' -e 's/RZ_HIT/RZ_MEM/' leaf.c > leafmem.c
cat > main.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
long leaf (long), leafmem (long);
int
main (int argc, char **argv)
{
  long n = atol (argv[1]), wrong = 0;
  for (long x = 1; x <= n; x++)
    wrong += (leaf (x) != 78 * x) + (leafmem (x) != 78 * x);
  char line[512];
  int tramp = 0;
  FILE *m = fopen ("/proc/self/maps", "r");
  while (m && fgets (line, sizeof line, m))
    tramp |= strstr (line, "[uprobes-trampoline]") != NULL;
  if (m)
    fclose (m);
  printf ("wrong=%ld trampoline=%s\n", wrong, tramp ? "yes" : "no");
  return wrong != 0;
}
C

D_PROG='rz$target:::hit, rz$target:::mem { @n = count(); }
rz$target:::hit, rz$target:::mem /arg1 != arg0 * 3/ { @bad[probename] = count(); }
END { printa("hits=%@d\n", @n); printa("bad %s=%@d\n", @bad); }'
# one line: the program's own line and our aggregations, sorted
traced () { "$@" 2>&1 | grep -E '^(wrong|hits|bad)' | sort | tr '\n' ' '; }

kernel_fast=0
grep -q ' __x64_sys_uprobe$' /proc/kallsyms && kernel_fast=1
[ $kernel_fast = 1 ] || skip "kernel without the uprobe system call: the optimized path is not exercised"
# The fork self-test's verdict for this boot (run by any dtrace that
# resolves a USDT probe; cached in /run/sdtkit).
"$DTRACE" -q -n 'rz*:::hit { exit(0); } BEGIN { exit(0); }' >/dev/null 2>&1
verdict=$(sed -n 's/^verdict //p' /run/sdtkit/uprobe-fork-verdict 2>/dev/null)
default_tramp=no
[ $kernel_fast = 1 ] && [ "$verdict" = safe ] && default_tramp=yes

for cc in gcc clang; do
  have $cc || { skip "$cc not installed"; continue; }
  for o in -O0 -O1 -O2 -O3; do
    tag="$cc $o"
    if ! { $cc $o -I. -c leaf.c -o leaf.o && $cc $o -I. -DSTAP_SDT_ARG_CONSTRAINT=nor -c leafmem.c -o leafmem.o &&
           $cc $o -c main.c -o main.o && "$DTRACE" -G -s rz.d -o probes.o leaf.o leafmem.o &&
           $cc -o rz main.o leaf.o leafmem.o probes.o; } >build.log 2>&1; then
      fail "$tag: build"; sed 's/^/    /' build.log; continue
    fi
    check_eq "$tag: untraced: red-zone data intact" "$(./rz $N)" "wrong=0 trampoline=no"
    want="hits=$((2 * N)) wrong=0 trampoline=$([ $kernel_fast = 1 ] && echo yes || echo no) "
    check_eq "$tag: traced at the 5-byte nop: red zone intact, args right" \
      "$(SDTKIT_FAST_SITES=force traced "$DTRACE" -q -n "$D_PROG" -c "./rz $N")" "$want"
    [ $o = -O2 ] &&
    check_eq "$tag: traced by default (fork self-test: ${verdict:-none}): trampoline $default_tramp" \
      "$(traced "$DTRACE" -q -n "$D_PROG" -c "./rz 2000")" "hits=4000 wrong=0 trampoline=$default_tramp "
    [ $o = -O2 ] &&
    check_eq "$tag: traced with SDTKIT_NO_FAST_SITES=1 (trap at the nop): the same" \
      "$(SDTKIT_NO_FAST_SITES=1 traced "$DTRACE" -q -n "$D_PROG" -c "./rz 2000")" "hits=4000 wrong=0 trampoline=no "
    [ $o = -O2 ] &&
    check_eq "$tag: traced through perf-event uprobes (SDTKIT_UPROBE_MODE=perf): the same as links" \
      "$(SDTKIT_FAST_SITES=force SDTKIT_UPROBE_MODE=perf traced "$DTRACE" -q -n "$D_PROG" -c "./rz $N")" "$want"
  done
done

# The hazard the guard exists for: with the note on an unguarded 5-byte nop,
# the kernel's optimized call overwrites leaf()'s red zone (so the checks
# above can fail).
if [ $kernel_fast = 1 ]; then
  mkdir -p bare && sed 's/990:nop\\n\.byte [0-9,]*/990:.byte 15,31,68,0,0/' rz.h > bare/rz.h && cp leaf.c leafmem.c bare/
  if gcc -O2 -c bare/leaf.c -o bare/leaf.o && gcc -O2 -DSTAP_SDT_ARG_CONSTRAINT=nor -c bare/leafmem.c -o bare/leafmem.o &&
     "$DTRACE" -G -s rz.d -o bare/probes.o bare/leaf.o bare/leafmem.o && gcc -o bare/rz main.o bare/leaf.o bare/leafmem.o bare/probes.o; then
    check_match "control: an unguarded 5-byte nop, optimized, corrupts the red zone" \
      "$(SDTKIT_FAST_SITES=force "$DTRACE" -q -n 'rz$target:::hit { @n = count(); }' -c "bare/rz $N" 2>&1)" 'wrong=[1-9][0-9]* trampoline=yes'
    if [ "$verdict" != safe ]; then
      out=$("$DTRACE" -q -n 'rz$target:::hit { @n = count(); } END { printa("hits=%@d\n", @n); }' -c "bare/rz 1000" 2>&1)
      check_match "a bare 5-byte nop is not probed where the fork self-test failed: one warning" \
        "$out" 'warning: .*bare/rz: 1 probe site not attached \(the first at offset 0x[0-9a-f]+\): a 5-byte nop'
      check_match "... and the program runs untouched" "$out" 'wrong=0 trampoline=no'
    fi
  else
    fail "control build"
  fi
fi

# ustack() at the 5-byte nop: gcc -O2, no frame pointer, the leaf's CFA is
# %rsp-based; frame 0 is the note's address and the caller is main.
mkdir -p st && cp leaf.c leafmem.c rz.h st/
if gcc -O2 -c st/leaf.c -o st/leaf.o && gcc -O2 -DSTAP_SDT_ARG_CONSTRAINT=nor -c st/leafmem.c -o st/leafmem.o &&
   "$DTRACE" -G -s rz.d -o st/probes.o st/leaf.o st/leafmem.o && gcc -O2 main.c st/*.o -o st/rz; then
  loc=$(readelf -n st/rz | awk '/Name: hit/ { getline; sub(",", "", $2); print $2; exit }')
  leaf=$(nm st/rz | awk '$3 == "leaf" { print "0x" $1 }')
  check_eq "ustack() at the 5-byte nop: the note's address in leaf, then main" \
    "$(SDTKIT_FAST_SITES=force "$DTRACE" -q -n 'rz$target:::hit /arg0 == 1/ { ustack(2); }' -c "st/rz 1" 2>&1 | grep -o '[a-z]*`[a-z]*+*[0-9a-fx]*' | sed 's/main+0x[0-9a-f]*/main/' | tr '\n' ' ')" \
    "$(printf 'rz`leaf+0x%x rz`main ' $(( loc - leaf )))"
else
  fail "ustack build"
fi

# The site's bytes, and SDTKIT_NOP1_SITES.
gcc -O2 -I. -c leaf.c -o leaf.o && gcc -O2 -I. -DSDTKIT_NOP1_SITES -c leaf.c -o leafnop1.o
dis=$(objdump -d --insn-width=16 leaf.o | grep -A3 -E '\snop$' | awk -F'\t' '{print $2}' | tr -s ' \n' ' ')
check_match "the site: nop; lea -0x80(%rsp),%rsp; nopl; lea 0x80(%rsp),%rsp" "$dis" \
  '90 48 8d 64 24 80 0f 1f 44 00 00 48 8d a4 24 80 00 00 00'
check_eq "SDTKIT_NOP1_SITES: the 1-byte nop alone" \
  "$(objdump -d leafnop1.o | grep -c 'lea.*0x80(%rsp),%rsp')" 0

# readelf: sane notes, each pointing at a guarded site's nop.
notes=$(readelf -n rz 2>&1)
check_eq "readelf -n: two stapsdt notes (rz:hit in leaf, rz:mem in leafmem)" \
  "$(printf '%s\n' "$notes" | awk '/Provider:/ { p = $2 } /Name:/ { print p ":" $2 }' | sort | tr '\n' ' ')" "rz:hit rz:mem "
check_match "readelf -n: rz:hit's arguments are two 8-byte signed registers" \
  "$(printf '%s\n' "$notes" | grep -A2 'Name: hit' | grep Arguments)" 'Arguments: -8@%[a-z0-9]+ -8@%[a-z0-9]+$'
for loc in $(printf '%s\n' "$notes" | awk '/Location:/ { sub(",", "", $2); print $2 }'); do
  check_eq "readelf -n: the note at $loc points at the nop of a guarded site" \
    "$(objdump -d --insn-width=16 --start-address="$loc" --stop-address=$(( loc + 19 )) rz |
       awk -F'\t' 'NF >= 3 { printf "%s", $2 }' | tr -d ' ')" 90488d6424800f1f440000488da42480000000
done

# gdb reads the sites and their arguments (first hit of each).
if have gdb; then
  cat > rz.gdb <<'G'
set pagination off
tbreak -probe-stap rz:hit
commands
silent
printf "hit %ld %ld\n", (long) $_probe_arg0, (long) $_probe_arg1
continue
end
tbreak -probe-stap rz:mem
commands
silent
printf "mem %ld %ld\n", (long) $_probe_arg0, (long) $_probe_arg1
continue
end
run
G
  check_eq "gdb: info probes lists rz:hit and rz:mem" \
    "$(gdb -nx -batch -ex 'info probes stap rz' ./rz 2>/dev/null | awk '$1 == "stap" && $2 == "rz" {print $3}' | sort -u | tr '\n' ' ')" "hit mem "
  check_eq "gdb: break at each probe reads its arguments" \
    "$(gdb -nx -batch -x rz.gdb --args ./rz 3 2>/dev/null | grep -E '^(hit|mem) ')" "hit 1 3
mem 1 3"
else
  skip "gdb not installed"
fi

# perf reads the notes (through its build-id cache) and traps at the note's
# address: arguments right for leaf and leafmem.
# The tracefs event is global: removed before and after.
if have perf; then
  perf probe -q -d 'sdt_rz:*' >/dev/null 2>&1
  mkdir -p perf && cp leaf.c leafmem.c rz.h perf/
  if gcc -O2 -c perf/leaf.c -o perf/leaf.o && gcc -O2 -DSTAP_SDT_ARG_CONSTRAINT=nor -c perf/leafmem.c -o perf/leafmem.o &&
     "$DTRACE" -G -s rz.d -o perf/probes.o perf/leaf.o perf/leafmem.o && gcc -O2 main.c perf/*.o -o perf/rz &&
     perf buildid-cache --add "$PWD/perf/rz" >perf.log 2>&1 && perf probe -x "$PWD/perf/rz" -a sdt_rz:hit -a sdt_rz:mem >>perf.log 2>&1 &&
     perf record -q -o perf.data -e 'sdt_rz:*' -- perf/rz 2 >>perf.log 2>&1; then
    check_eq "perf: sdt_rz:hit and sdt_rz:mem with their arguments" \
      "$(perf script -i perf.data 2>/dev/null | grep -o 'sdt_rz:[a-z]*: ([0-9a-f]*) arg1=[0-9]* arg2=[0-9]*' | sed 's/ ([0-9a-f]*)//' | tr '\n' ' ')" \
      "sdt_rz:hit: arg1=1 arg2=3 sdt_rz:mem: arg1=1 arg2=3 sdt_rz:hit: arg1=2 arg2=6 sdt_rz:mem: arg1=2 arg2=6 "
  else
    fail "perf: probe the SDT events"; sed 's/^/    /' perf.log
  fi
  perf probe -q -d 'sdt_rz:*' >/dev/null 2>&1
  # perf looks SDT events up in its cache across every binary it holds: a
  # stale entry for a deleted rz would shadow the next run's
  perf buildid-cache --purge "$PWD/perf/rz" >/dev/null 2>&1
fi

# bpftrace attaches at the note's address (the nop): args right, data intact.
if have bpftrace; then
  out=$(bpftrace -q -e 'usdt:./rz:rz:hit, usdt:./rz:rz:mem { @n = count(); @bad = sum(arg1 != arg0 * 3); }
END { print(@n); print(@bad); clear(@n); clear(@bad); }' -c "./rz 2000" 2>&1 | tr '\n' ' ')
  check_match "bpftrace: every hit, right args, red zone intact" "$out" 'wrong=0'
  check_match "bpftrace: 4000 hits, none wrong" "$out" '@n: 4000 +@bad: 0'
else
  skip "bpftrace not installed"
fi
done_testing
