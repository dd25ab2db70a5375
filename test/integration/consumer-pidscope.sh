#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-pidscope.sh — process-scoped enablings (prov$target with -c/-p,
# provPID, the pid provider) are attached for the target process only: the kernel
# filters the links by pid, so another process running the same binary is
# not even trapped (its semaphores stay down), under uprobe_multi links and
# under uprobe-PMU perf events alike; the target's hits are all counted.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"

prog='tgt$target:::ready { } tgt$target:::tick { @ = count(); }'
for mode in multi perf; do
  export SDTKIT_UPROBE_MODE=$mode
  # perf events: the kernel raises the semaphore at perf_event_open, before
  # the program is linked (doc/dtrace.1 ENVIRONMENT): a target that fires at
  # once could hit the site unlinked, so it waits 200 ms after seeing it
  if [ $mode = perf ]; then export TGT_SETTLE_MS=200; else unset TGT_SETTLE_MS; fi
  # -c: a bystander running the same file waits up to 4 s for tgt:::ready
  ./target 3 wait 800 2>other.err & other=$!
  out=$("$DTRACE" -q -n "$prog" -c "./target 7 wait" 2>err.txt); rc=$?
  check_eq "$mode -c: exit 0" "$rc" 0
  check_eq "$mode -c: every hit of the target counted" "$(echo $out)" 7
  check_match "$mode -c: the target saw its semaphore raised" "$(cat err.txt)" 'ready=1'
  wait $other
  check_match "$mode -c: the other process of the same binary was never enabled" "$(cat other.err)" 'ready=0'

  # -p: two processes of the same binary wait for tgt:::ready; only the -p
  # one is enabled (one probe: attached at once, before the target goes on;
  # the target waits up to 30 s for it, the bystander 4 s, so a slow attach
  # under a loaded machine or ASan is not a lost hit)
  ./target 3 wait 800 2>other.err & other=$!
  ./target 5 wait 6000 2>tgt.err & tgt=$!
  for ((n = 0; n < 100; n++)); do [ "$(readlink /proc/$tgt/exe)" = "$T/target" ] && break; sleep 0.05; done
  out=$("$DTRACE" -q -n 'tgt$target:::ready { @ = count(); exit(0); }' -p $tgt 2>err.txt); rc=$?
  wait $tgt; wait $other
  check_eq "$mode -p: exit 0" "$rc" 0; [ $rc = 0 ] || sed 's/^/    err: /' err.txt
  check_eq "$mode -p: the target's hit counted" "$(echo $out)" 1
  check_match "$mode -p: the target was enabled" "$(cat tgt.err)" 'ready=1'
  check_match "$mode -p: the other process was not" "$(cat other.err)" 'ready=0'

  # the pid provider with -c: the bystander's function is never trapped
  # either (entry of main is hit once, in the target only)
  ./target 3 wait 800 2>other.err & other=$!
  out=$("$DTRACE" -q -n 'pid$target::main:entry { @ = count(); } tgt$target:::ready { }' -c "./target 2 wait" 2>err.txt); rc=$?
  wait $other
  check_eq "$mode pid provider -c: exit 0, one entry of main" "$rc $(echo $out)" "0 1"
  check_match "$mode pid provider: the other process was not enabled" "$(cat other.err)" 'ready=0'

  # provPID with no -p/-c: only that process, not another of the same binary
  # (one probe: attached at once, before the target goes on)
  ./target 3 wait 800 2>other.err & other=$!
  ./target 6 wait 6000 2>tgt.err & tgt=$!
  for ((n = 0; n < 100; n++)); do [ "$(readlink /proc/$tgt/exe)" = "$T/target" ] && break; sleep 0.05; done
  out=$(timeout 60 "$DTRACE" -q -n "tgt$tgt:::ready { @[pid] = count(); exit(0); }" 2>err.txt); rc=$?
  wait $tgt; wait $other
  check_eq "$mode tgt\$PID (no -p): exit 0, the named process's hit only" "$rc $(echo $out)" "0 $tgt 1"
  check_match "$mode tgt\$PID: the other process of the same binary was not enabled" "$(cat other.err)" 'ready=0'
done
unset SDTKIT_UPROBE_MODE TGT_SETTLE_MS

# two processes of the same file, both running when dtrace starts: tgt*
# names each one's probes (tgtA:::tick, tgtB:::tick: the same site of the
# file), and each hit is its own process's probe
# (the ready probe's link raises its semaphore before tick's and neg's
# links exist: the targets wait 500 ms more once they see it)
TGT_SETTLE_MS=500 ./target 3 wait 6000 2>a.err & pa=$!
TGT_SETTLE_MS=500 ./target 5 wait 6000 2>b.err & pb=$!
for ((n = 0; n < 100; n++)); do
  [ "$(readlink /proc/$pa/exe)" = "$T/target" ] && [ "$(readlink /proc/$pb/exe)" = "$T/target" ] && break; sleep 0.05
done
# (other processes running a target elsewhere on the machine are left out)
out=$(timeout 60 "$DTRACE" -q -n "tgt*:::ready { } tgt*:::tick /pid == $pa || pid == $pb/ { @[probeprov, pid] = count(); } tgt*:::neg /(pid == $pa || pid == $pb) && arg0 == 3/ { n++; } tgt*:::neg /n == 2/ { exit(0); }" 2>err.txt); rc=$?
wait $pa; wait $pb
check_eq "tgt*:::tick over two running processes: exit 0" "$rc" 0
check_match "... process A's hits are tgtA's" "$out" "^  tgt$pa +$pa +3\$"
check_match "... process B's hits are tgtB's" "$out" "^  tgt$pb +$pb +5\$"
check_eq "... and nothing else" "$(printf '%s\n' "$out" | grep -c .)" 2

# by file (no process in scope): processes started later are still traced
"$DTRACE" -q -n "tgt*:$T/target::ready { } tgt*:$T/target::tick { @ = count(); } tgt*:$T/target::neg /arg0 == 3/ { exit(0); }" >file.out 2>file.err & d=$!
wait_attached $d || fail "by-file dtrace attached"
./target 4 wait 2>late.err
wait $d
check_match "by file: a process started later is traced" "$(cat late.err)" 'ready=1'
check_eq "by file: its hits counted" "$(echo $(cat file.out))" 4
done_testing
