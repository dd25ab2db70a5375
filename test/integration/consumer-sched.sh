#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-sched.sh — the sched probes after issue 29's first part
# (consumer-proc.sh has on-cpu, off-cpu, sleep, preempt, wakeup):
# change-pri (sched_pi_setprio: a PI mutex's holder lent the waiter's
# priority, then given its own back), tick (a CPU-clock sample of the
# running thread, SCHED_TICK_HZ a second), and the one-line refusals of
# enqueue, dequeue and remain-cpu, which no Linux tracepoint marks.
# Scoped to the test's own processes (args[1] == $target).  Exact output.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -pthread "$data/pi-target.c" -o pi-target || fail "build pi-target"

check_eq "-l -P sched: change-pri and tick among them" "$("$DTRACE" -l -P sched 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4      sched           vmlinux                                   change-pri
    5      sched           vmlinux                                   off-cpu
    6      sched           vmlinux                                   on-cpu
    7      sched           vmlinux                                   preempt
    8      sched           vmlinux                                   sleep
    9      sched           vmlinux                                   tick
   10      sched           vmlinux                                   wakeup"

"$DTRACE" -q -c "$T/pi-target" -n '
sched:::change-pri /args[1] == $target/ { printf("change-pri %d %d\n", args[0] != args[1], args[2]); }' >pi.out 2>&1
check_eq "change-pri: the nice-10 holder of a PI mutex lent priority 120 by its waiter, then back to 130" \
  "$(cat pi.out)" \
"change-pri 1 120
change-pri 1 130"

printf 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done\n' >spin.sh
"$DTRACE" -q -c "/bin/sh $T/spin.sh" -n '
sched:::tick /args[1] == $target/ { @n = count(); @k[args[0] == tid, args[1] == pid] = count(); }
END { printa("tick %d %d\n", @k); printa("%@d\n", @n); }' >tick.out 2>&1
check_eq "tick: samples of the busy -c shell (args[0] its thread, args[1] its pid)" "$(head -1 tick.out)" "tick 1 1"
check_match "tick: 5 or more in its CPU time" "$(grep -E "^ *[0-9]+$" tick.out | tr -d " ")" '^([5-9]|[1-9][0-9]+)$'

refuse () {
  got=$("$DTRACE" -n "sched:::$1" 2>&1); rc=$?
  check_eq "sched:::$1: refused in one line" "$rc:$got" \
    "1:dtrace: sched:::$1 is not available: no Linux version has a tracepoint where $2"
}
refuse enqueue "a thread joins a run queue (fbt::enqueue_task_fair:entry comes nearest)"
refuse dequeue "a thread leaves a run queue (fbt::dequeue_task_fair:entry comes nearest)"
refuse remain-cpu "the scheduler decides to keep the running thread"

done_testing
