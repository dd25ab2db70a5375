#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench-smoke.sh — bench/run in its quick mode (one run, small counts) over
# figures 1, 2, 3 and 6: it builds its programs with our dtrace -h/-G,
# writes a results table, and every figure has numbers for our dtrace.  No
# timing is asserted (the machine is shared); what is asserted is that the
# suite works and that the event-stream figure accounts for every hit
# exactly (lines received + drops reported = hits fired), with and without
# a buffer small enough to drop.  Also bench/sites/run --quick (site kinds).
# sdtkit-test: solo (test/run-tests: it loads every core or times things)
. "$SRCDIR/test/lib.sh"

if [ "$(id -u)" != 0 ]; then skip "bench/run needs root (uprobes, BPF)"; done_testing; fi

"$SRCDIR/bench/run" --quick --only 1,2,3,6 --build "$BUILDDIR" --work "$T/work" --out "$T/results.md" \
  >run.out 2>run.err
rc=$?
check_eq "bench/run --quick exits 0" "$rc" 0
[ $rc = 0 ] || sed 's/^/    /' run.err | tail -20
check "the table is written" test -s "$T/results.md"
check "and printed" cmp -s run.out "$T/results.md"
R=$(cat "$T/results.md" 2>/dev/null)
for h in "## 1. Disabled probe cost" "## 2. Enabled cost per hit" "## 3. Start-up and peak RSS" "## 6. Event stream"; do
  check_match "results: $h" "$R" "^$h"
done
check_match "results: the machine is described" "$R" '^Machine: Linux .*CPUs'
num='[0-9]+(\.[0-9]+)?'
# figure 1: every row has ns per iteration and a ratio
for row in "no probe" "sdt-style site" "ENABLED" "call-style site"; do
  check_match "figure 1: $row has ns/iteration and a ratio" "$R" "^\| [^|]*$row[^|]*\| $num \| $num×"
done
# figure 2: the limit and each of our scripts have a per-hit cost and a BPF program size
check_match "figure 2: the empty-program limit (uprobe_multi) has a cost" "$R" "^\| limit: empty program, uprobe_multi link \| -?$num \|"
for s in '@ = count()' '@\[arg1\] = count()' '@ = quantize\(arg0\)' 'printf\('; do
  check_match "figure 2: \`$s\` has our per-hit cost and BPF run time" "$R" \
    "^\| \`$s.*\| -?$num \| -?$num× \|.*\| $num ns, $num insns \|"
done
# figure 3: our start-up in ms and MiB
check_match "figure 3: BEGIN { exit(0); } start-up and RSS" "$R" "^\| \`BEGIN \{ exit\(0\); \}\` \| $num \| .*\| $num \| "
check_match "figure 3: one USDT probe start-up" "$R" "^\| one USDT probe.*\| $num \| "
# figure 6: every stream of ours accounted for exactly
rows=$(printf '%s\n' "$R" | grep -E '^\| ours')
check_match "figure 6: rows for our dtrace" "$rows" "^\| ours, \`-x bufsize=4k\` \| 1 \| flat out"
check_match "figure 6: the 8-clause stream has records/s and the consumer's CPU per record" "$rows" \
  "^\| ours \| 8 \| flat out \| $num \| $num \| [0-9]+ \| [0-9]+ \| yes \| -?$num \|$"
bad=$(printf '%s\n' "$R" | sed -n '/^## 6/,$p' | grep -E '^\| ours' | grep -Ev '\| yes \| [^|]* \|$' || true)
check_eq "figure 6: received + dropped = hits in every stream of ours" "$bad" ""

# bench/sites/run --quick: every site kind has disabled costs, and our dtrace
# a per-hit cost on every enabled kind.
"$SRCDIR/bench/sites/run" --quick --build "$BUILDDIR" --work "$T/sites" >sites.out 2>sites.err
rc=$?
check_eq "bench/sites/run --quick exits 0" "$rc" 0
[ $rc = 0 ] || sed 's/^/    /' sites.err | tail -20
S=$(cat sites.out)
for k in none nop1 fast stap call; do
  check_match "sites: $k has disabled costs, bare and guarded" "$S" "^\| $k \| $num \| $num \| -?$num \| -?$num \|$"
done
for k in nop1 fast stap call; do
  check_match "sites: $k has our per-hit cost" "$S" "^\| $k \| $num \| -?[0-9]+ \| "
done
# and each our cost ÷ bpftrace's on the systemtap site (n/a without bpftrace)
for k in nop1 fast stap call; do
  check_match "sites: $k has a ratio to bpftrace on systemtap's site" "$S" "^\| $k \|.*\| ([0-9]+\.[0-9]+×|n/a) \|$"
done
done_testing
