#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-sched.sh — the sched probes after issue 29's first part
# (consumer-proc.sh has on-cpu, off-cpu, sleep, preempt, wakeup):
# change-pri (sched_pi_setprio: a PI mutex's holder lent the waiter's
# priority, then given its own back), tick (a CPU-clock sample of the
# running thread, SCHED_TICK_HZ a second), -lv's argument types (Oracle's),
# args[N]->pr_* of tick; enqueue, dequeue and surrender on kprobes where
# the kernel has them (else refused in one line), and remain-cpu's refusal;
# on-cpu's self-> variables (the arriving thread's) and dtrace's own
# switches.  Scoped to the test's own processes (args[1] == $target).  Exact output.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -pthread "$data/pi-target.c" -o pi-target || fail "build pi-target"

check_eq "-l -P sched: change-pri and tick among them, and Oracle's dequeue, enqueue, remain-cpu, surrender (listed, not fired)" "$("$DTRACE" -l -P sched 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4      sched           vmlinux                                   change-pri
    5      sched           vmlinux                                   dequeue
    6      sched           vmlinux                                   enqueue
    7      sched           vmlinux                                   off-cpu
    8      sched           vmlinux                                   on-cpu
    9      sched           vmlinux                                   preempt
   10      sched           vmlinux                                   remain-cpu
   11      sched           vmlinux                                   sleep
   12      sched           vmlinux                                   surrender
   13      sched           vmlinux                                   tick
   14      sched           vmlinux                                   wakeup"

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

# -lv: Oracle's argument types (consumer/compile/kernel-argtypes.c), for a
# probe that fires and for one that is only listed
lv () {
  "$DTRACE" -lvn "$1" 2>&1 | sed -n '/Argument Types/,$p'
}
check_eq "-lvn sched:::off-cpu: Oracle's argument types" "$(lv sched:::off-cpu)" \
"	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *"
check_eq "-lvn sched:::enqueue (listed, not fired): Oracle's argument types" "$(lv sched:::enqueue)" \
"	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *
		args[2]: cpuinfo_t *
		args[3]: int"
check_eq "-lvn sched:::on-cpu: no arguments" "$(lv sched:::on-cpu)" \
"	Argument Types
		None"

"$DTRACE" -q -c "/bin/sh $T/spin.sh" -n '
sched:::tick /args[1]->pr_pid == $target/ { @[args[1]->pr_pid == pid, args[0]->pr_lwpid == tid, args[1]->pr_fname == execname] = count(); }
END { printa("tick %d %d %d\n", @); }' >ticktypes.out 2>&1
check_eq "tick: args[1]->pr_pid, args[0]->pr_lwpid, args[1]->pr_fname of the sampled thread" \
  "$(cat ticktypes.out)" "tick 1 1 1"

# enqueue, dequeue and surrender: kprobes on enqueue_task_*, dequeue_task_*
# and do_sched_yield where the kernel has kprobes (the kernel matrix's
# Debian kernels), else refused in one line naming what the kernel lacks
features=$("$DTRACE" --kernel-features 2>&1)
if grep -Eq '^ +yes kprobe_pmu ' <<<"$features"; then
  printf '#include <sched.h>\n#include <time.h>\nint main (void) { struct timespec ts = { 0, 10000000 };\n  for (int i = 0; i < 5; i++) { nanosleep (&ts, 0); sched_yield (); } return 0; }\n' >rq-target.c
  gcc -O2 rq-target.c -o rq-target || fail "build rq-target"
  "$DTRACE" -q -c "$T/rq-target" -n '
sched:::enqueue /args[1] == $target/ { @e[args[1]->pr_pid == args[1] && args[0]->pr_lwpid == args[0]] = count(); }
sched:::dequeue /args[1] == $target/ { @d[args[1]->pr_pid == args[1] && args[0]->pr_lwpid == args[0]] = count(); }
sched:::dequeue /args[1] == $target && pid == $target/ { @c[args[2] == cpu && args[2]->cpu_id == cpu] = count(); }
sched:::surrender /pid == $target/ { @s[args[1] == pid && args[0] == tid && args[1]->pr_pid == pid && args[1]->pr_fname == "rq-target"] = count(); }
END { printa("enqueue %d %@d\n", @e); printa("dequeue %d %@d\n", @d); printa("dequeue-self-cpu %d %@d\n", @c);
  printa("surrender %d %@d\n", @s); }' >rq.out 2>&1
  check_eq "enqueue, dequeue (5 sleeps: 5 or more each), surrender (5 sched_yield) of the -c process: args[0]/args[1] its ids, ->pr_* its lwpsinfo_t/psinfo_t; a dequeue in itself: args[2] and args[2]->cpu_id its CPU" \
    "$(awk '/^(enqueue|dequeue|dequeue-self-cpu) / && $NF >= 5 { $NF = "5+" } 1' rq.out)" \
"enqueue 1 5+
dequeue 1 5+
dequeue-self-cpu 1 5+
surrender 1 5"
else
  for p in "enqueue:a thread joins a run queue:enqueue_task_fair" "dequeue:a thread leaves a run queue:dequeue_task_fair" \
           "surrender:a thread yields its CPU:do_sched_yield"; do
    IFS=: read -r name what func <<<"$p"
    got=$("$DTRACE" -n "sched:::$name" 2>&1); rc=$?
    check_eq "sched:::$name: refused in one line (no kprobes here)" "$rc:$got" \
      "1:dtrace: sched:::$name is not available: no tracepoint fires where $what; it needs a kprobe on $func (a kernel built with CONFIG_KPROBES), which this kernel ($(uname -r)) lacks"
  done
fi
got=$("$DTRACE" -n 'sched:::remain-cpu' 2>&1); rc=$?
check_eq "sched:::remain-cpu: refused in one line" "$rc:$got" \
  "1:dtrace: sched:::remain-cpu is not available: no Linux version has a tracepoint or function where the scheduler decides to keep the running thread"

done_testing
