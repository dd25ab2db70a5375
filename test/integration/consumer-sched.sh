#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-sched.sh — the sched probes after issue 29's first part
# (consumer-proc.sh has on-cpu, off-cpu, sleep, preempt, wakeup):
# change-pri (sched_pi_setprio: a PI mutex's holder lent the waiter's
# priority, then given its own back), tick (a CPU-clock sample of the
# running thread, SCHED_TICK_HZ a second), and the one-line refusals of
# enqueue, dequeue and remain-cpu, which no Linux tracepoint marks;
# on-cpu's self-> variables (the arriving thread's) and dtrace's own
# switches.  Scoped to the test's own processes (args[1] == $target).  Exact output.
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

# on-cpu's thread-local variables are the arriving thread's: DTrace's
# on-CPU time idiom sums the busy shell's time between its on-cpu and its
# off-cpu (about its whole run), and off-cpu never finds another thread's
"$DTRACE" -q -c "/bin/sh $T/spin.sh" -n '
sched:::on-cpu /pid == $target/ { self->ts = timestamp; }
sched:::off-cpu /self->ts && pid != $target/ { @other = count(); }
sched:::off-cpu /self->ts/ { @ms = sum(timestamp - self->ts); self->ts = 0; }
proc:::exit /pid == $target/ { @run = sum(timestamp - curthread->start_time); }
END { normalize(@ms, 1000000); normalize(@run, 1000000); printa("on-cpu ms %@d\n", @ms); printa("run ms %@d\n", @run); printa("other %@d\n", @other); }' >oncpu.out 2>&1
ms=$(sed -n 's/^on-cpu ms //p' oncpu.out); run=$(sed -n 's/^run ms //p' oncpu.out)
check_eq "on-cpu self->: no off-cpu of another thread sees it" "$(grep -c '^other' oncpu.out)" 0
check_match "on-cpu self->: the busy shell's on-CPU time ($ms ms) is at least half its run ($run ms)" \
  "$(( ${ms:-0} * 2 >= ${run:-1} && ${ms:-0} > 0 ))" '^1$'

# dtrace's own switches are traced, as in DTrace (it wakes every switchrate)
n=$("$DTRACE" -q -x switchrate=100hz -n 'sched:::on-cpu /pid == $pid/ { @ = count(); } sched:::off-cpu /pid == $pid/ { @ = count(); } tick-1s { exit(0); } END { printa("%@d\n", @); }' 2>&1 | tr -d ' ')
check_match "on-cpu and off-cpu of dtrace itself (\$pid): 50 or more in a second at switchrate=100hz" "$n" '^([5-9][0-9]|[1-9][0-9][0-9]+)$'

refuse () {
  got=$("$DTRACE" -n "sched:::$1" 2>&1); rc=$?
  check_eq "sched:::$1: refused in one line" "$rc:$got" \
    "1:dtrace: sched:::$1 is not available: no Linux version has a tracepoint where $2"
}
refuse enqueue "a thread joins a run queue (fbt::enqueue_task_fair:entry comes nearest)"
refuse dequeue "a thread leaves a run queue (fbt::dequeue_task_fair:entry comes nearest)"
refuse remain-cpu "the scheduler decides to keep the running thread"

done_testing
