#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-proc.sh — the proc and sched providers (probes/kernel-probes.h)
# traced for real, each event scoped to the test's own processes (the -c
# command and its children: pid/ppid == $target, args[1] == $target): the
# -l rows; create and start, exec (args[0] the path), exec-success (execname the new
# program), exec-failure (-errno), exit (CLD_EXITED, CLD_KILLED), create;
# lwp-create, lwp-start and lwp-exit of a thread; signal-send, signal-discard and
# signal-handle; sched on-cpu (pid, tid and execname the arriving
# thread's), off-cpu, sleep and wakeup; curthread (struct task_struct *
# from the kernel's BTF).  Exact output throughout.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -pthread "$data/proc-target.c" -o proc-target || fail "build proc-target"
TGT=$T/proc-target

# ---------------------------------------------------------------- -l
check_eq "-l -P proc: the twelve proc probes and signal-clear (listed, not fired)" "$("$DTRACE" -l -P proc 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4       proc           vmlinux                                   create
    5       proc           vmlinux                                   exec
    6       proc           vmlinux                                   exec-failure
    7       proc           vmlinux                                   exec-success
    8       proc           vmlinux                                   exit
    9       proc           vmlinux                                   lwp-create
   10       proc           vmlinux                                   lwp-exit
   11       proc           vmlinux                                   lwp-start
   12       proc           vmlinux                                   signal-clear
   13       proc           vmlinux                                   signal-discard
   14       proc           vmlinux                                   signal-handle
   15       proc           vmlinux                                   signal-send
   16       proc           vmlinux                                   start"
check_eq "-l -n 'sched:::*-cpu': on-cpu, off-cpu and remain-cpu" "$("$DTRACE" -l -n 'sched:::*-cpu' 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4      sched           vmlinux                                   off-cpu
    5      sched           vmlinux                                   on-cpu
    6      sched           vmlinux                                   remain-cpu"

# ---------------------------------------------------------------- exec, exit
cat >kids.sh <<SH
exec 2>/dev/null
/bin/true
/nonexistent-$$
/bin/sh -c 'kill -9 \$\$'
$TGT exit 7
exit 0
SH
"$DTRACE" -q -c "/bin/sh $T/kids.sh" -n '
proc:::lwp-start /ppid == $target/ { printf("lwp-start %d\n", tid == pid); }
proc:::create /pid == $target/ { printf("create %d\n", args[0] > 0 && args[0] != pid); }
proc:::start /ppid == $target/ { printf("start %d\n", tid == pid); }
proc:::exec /ppid == $target/ { printf("exec %s %d\n", args[0], arg0 != 0); }
proc:::exec-success /ppid == $target/ { printf("exec-success %s\n", execname); }
proc:::exec-failure /ppid == $target/ { printf("exec-failure %d\n", args[0]); }
proc:::exit /ppid == $target/ { printf("exit %d\n", args[0]); }
proc:::lwp-exit /ppid == $target/ { printf("lwp-exit %d\n", tid == pid); }
proc:::exit /pid == $target/ { printf("the shell exits %d\n", args[0]); }' >exec.out 2>exec.err
check_eq "create, start then lwp-start, exec, exec-success, exec-failure, lwp-exit then exit of a shell's children, in DTrace's order whatever the clauses' order" \
  "$(cat exec.out exec.err)" \
"create 1
start 1
lwp-start 1
exec /bin/true 1
exec-success true
lwp-exit 1
exit 1
create 1
start 1
lwp-start 1
exec /nonexistent-$$ 1
exec-failure -2
lwp-exit 1
exit 1
create 1
start 1
lwp-start 1
exec /bin/sh 1
exec-success sh
lwp-exit 1
exit 2
create 1
start 1
lwp-start 1
exec $TGT 1
exec-success proc-target
lwp-exit 1
exit 1
the shell exits 1"

"$DTRACE" -q -c "/bin/sh $T/kids.sh" -n 'proc:::create /pid == $target/ { self->n++; @c = count(); }
  proc:::exec-success /ppid == $target/ { @e[execname] = count(); }
  END { printa("%@d creates\n", @c); printa("%s %@d\n", @e); }' >agg.out 2>&1
check_eq "aggregations keyed by the new program's execname" "$(cat agg.out)" \
"4 creates
proc-target 1
sh 1
true 1"

# ---------------------------------------------------------------- threads
# (no proc:::start clause here: the -c command's own start may come after
# the probes are enabled, when the machine is slow to run it after its fork)
"$DTRACE" -q -c "$TGT thread" -n '
proc:::lwp-create /pid == $target/ { printf("lwp-create %s %d %d\n", execname, args[1] == pid, args[0] != pid); }
proc:::lwp-start /pid == $target/ { printf("lwp-start %s %d\n", execname, tid != pid); }
proc:::lwp-exit /pid == $target/ { printf("lwp-exit %s %d\n", execname, tid != pid); }
proc:::exit /pid == $target/ { printf("exit %d %d\n", args[0], tid == pid); }' >lwp.out 2>&1
check_eq "lwp-create (in the creator: args[0] the new thread, args[1] the pid), lwp-start (in it), lwp-exit (the thread, then the last one), exit" \
  "$(cat lwp.out)" \
"lwp-create proc-target 1 1
lwp-start proc-target 1
lwp-exit proc-target 1
lwp-exit proc-target 0
exit 1 1"

# ---------------------------------------------------------------- signals
"$DTRACE" -q -c "$TGT signals" -n '
proc:::signal-discard /pid == $target && args[1] == $target/ { printf("discard %d %d %d\n", args[0] == $target, args[1] == $target, args[2]); }
proc:::signal-send /pid == $target && args[1] == $target/ { printf("send %d %d %d\n", args[0] == $target, args[1] == $target, args[2]); }
proc:::signal-handle /pid == $target/ { printf("handle %d %d\n", args[0], arg2 != 0); }' >sig.out 2>&1
check_eq "signal-discard (ignored), signal-send and signal-handle (args[2], args[0]: the signal)" \
  "$(cat sig.out)" \
"discard 1 1 10
send 1 1 12
handle 12 1"

# Oracle's argument types: args[0] an lwpsinfo_t *, args[1] a psinfo_t *
# of the target (the task the prologue keeps in arg3), args[N] as a value
# still the id
"$DTRACE" -q -c "$TGT signals" -n '
proc:::signal-discard /args[1]->pr_pid == $target/ { printf("discard %d %d %s %d\n", args[1]->pr_pid == args[1], args[0]->pr_lwpid == args[0], args[1]->pr_fname, args[2]); }
proc:::signal-send /pid == $target && args[1]->pr_pid == $target/ { printf("send %d %d %s %d\n", args[1]->pr_pid == args[1], args[0]->pr_lwpid == args[0], args[1]->pr_fname, args[2]); }' >sigtypes.out 2>&1
check_eq "signal-discard, signal-send: args[1]->pr_pid, args[0]->pr_lwpid, args[1]->pr_fname of the target" \
  "$(cat sigtypes.out)" \
"discard 1 1 proc-target 10
send 1 1 proc-target 12"

# signal-clear: a kretprobe on do_sigtimedwait where the kernel has
# kprobes (the kernel matrix), else refused in one line
if "$DTRACE" --kernel-features 2>&1 | grep -Eq '^ +yes kprobe_pmu '; then
  printf '#include <signal.h>\n#include <unistd.h>\nint main (void) { sigset_t s; int sig; sigemptyset (&s); sigaddset (&s, SIGUSR1);\n  sigprocmask (SIG_BLOCK, &s, 0); for (int i = 0; i < 3; i++) { kill (getpid (), SIGUSR1); sigwait (&s, &sig); } return 0; }\n' >sigwait.c
  gcc -O2 sigwait.c -o sigwait-target || fail "build sigwait-target"
  "$DTRACE" -q -c "$T/sigwait-target" -n '
proc:::signal-clear /pid == $target/ { @[args[0]] = count(); }
END { printa("clear %d %@d\n", @); }' >clear.out 2>&1
  check_eq "signal-clear: three SIGUSR1 taken by sigwait (args[0] the signal)" "$(cat clear.out)" "clear 10 3"
else
  got=$("$DTRACE" -n 'proc:::signal-clear' 2>&1); rc=$?
  check_eq "signal-clear: refused in one line (no kprobes here)" "$rc:$got" \
    "1:dtrace: proc:::signal-clear is not available: no tracepoint fires where a waiting thread takes a pending signal; it needs a kprobe on do_sigtimedwait (a kernel built with CONFIG_KPROBES), which this kernel ($(uname -r)) lacks"
fi

# ---------------------------------------------------------------- sched
# (an arrival from dtrace itself is not an off-cpu event: the target naps
# five times, so that some arrivals come from another thread)
"$DTRACE" -q -c "$TGT sleep" -n '
sched:::on-cpu /pid == $target && execname == "proc-target" && !on/ { on = 1; printf("on-cpu %s %d\n", execname, tid == pid); }
sched:::off-cpu /pid == $target && execname == "proc-target"/ { left++; }
sched:::sleep /pid == $target && execname == "proc-target"/ { sleeps++; }
sched:::wakeup /args[1] == $target/ { wakeups++; }
sched:::off-cpu /args[1] == $target/ { arriving++; }
END { printf("left %d slept %d woken %d arrived %d\n", left > 0, sleeps > 0, wakeups > 0, arriving > 0); }' >sched.out 2>&1
check_eq "sched on-cpu (the arriving thread), off-cpu, sleep, wakeup (args[1] the woken pid)" \
  "$(cat sched.out)" \
"on-cpu proc-target 1
left 1 slept 1 woken 1 arrived 1"

"$DTRACE" -q -c "$TGT sleep" -n 'sched:::preempt /pid == $target/ { } END { printf("preempt enabled\n"); }' >pre.out 2>&1
check_eq "sched:::preempt enables" "$(cat pre.out)" "preempt enabled"

# ---------------------------------------------------------------- curthread
out=$("$DTRACE" -q -n 'BEGIN { printf("%d %d %s %s %d\n", curthread->pid == pid, curthread->tgid == pid,
  stringof(curthread->comm), stringof(curthread->group_leader->comm), curthread->real_parent->tgid == ppid);
  exit(0); }' 2>&1)
check_eq "curthread: struct task_struct * from BTF (pid, tgid, comm, group_leader->comm, real_parent->tgid)" \
  "$out" "1 1 dtrace dtrace 1"
"$DTRACE" -q -c "$TGT sleep" -n '
sched:::on-cpu /pid == $target && curthread->pid == tid && curthread->tgid == pid/ { on++; }
proc:::exit /pid == $target/ { printf("%s live %d\n", stringof(curthread->comm), curthread->signal->live.counter); }
END { printf("on-cpu curthread %d\n", on > 0); }' >cur.out 2>&1
check_eq "curthread in on-cpu is the arriving task; in exit signal->live is 0" "$(cat cur.out)" \
"proc-target live 0
on-cpu curthread 1"
"$DTRACE" -q -n 'BEGIN { curthread->pid = 1; }' >/dev/null 2>err.txt; rc=$?
check_eq "curthread: a write through it is refused (exit 1)" "$rc:$(grep -c 'cannot write through a pointer' err.txt)" "1:1"
"$DTRACE" -q -n 'BEGIN { trace(curthread->nosuch); }' >/dev/null 2>err.txt; rc=$?
check_eq "curthread: an unknown member is an error naming the struct" "$rc:$(cat err.txt)" \
  "1:dtrace: invalid probe specifier BEGIN { trace(curthread->nosuch); }: line 1: nosuch is not a member of struct task_struct"

done_testing
