#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-zdefs-later.sh — -Z with USDT descriptions that match no process
# yet (issue 28 item 5): a program providing them that starts after dtrace
# has its probes enabled as it appears (found at its exec), counted
# exactly; dtrace never stops it.  The probes are scoped to this test's own
# program by its module name (a file in the test's directory).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
m=zlate$$
gcc -O2 -I. "$data/target.c" target-sem.o -o "$m" || fail "build $m"

# BEGIN's line says the watch is armed; the program then waits for its
# tgt:::ready probe to be enabled (target.c's "wait") before it ticks
script="BEGIN { printf(\"ready\\n\"); } tgt*:$m::ready { } tgt*:$m::tick { @ = count(); }
  tgt*:$m::tick /arg0 == 4/ { exit(0); } tick-10s { exit(0); }"
"$DTRACE" -Z -q -n "$script" >z.out 2>z.err &
dt=$!
for _ in $(seq 100); do grep -q ready z.out 2>/dev/null && break; sleep 0.05; done
check_eq "dtrace -Z started, matching nothing yet" "$(cat z.out)" "ready"
# the probes of a new process are attached one link after another: the
# program waits 300 ms more once ready is enabled, or its ticks could run
# before tick's link is made (as consumer-startup.sh's target does)
TGT_SETTLE_MS=300 "./$m" 5 wait 2>prog.err
wait "$dt"
st=$?
check_eq "a program started later: its 5 ticks counted, dtrace exits 0" "$st $(cat z.out)" \
  "$(printf '0 ready\n\n%17s' 5)"
check_eq "... the program saw its probe enabled and ran on" "$(cat prog.err)" "done 5 14 ready=1"
check_eq "... no message" "$(cat z.err)" ""
