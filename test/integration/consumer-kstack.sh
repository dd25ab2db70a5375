#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-kstack.sh — kernel stacks begin at the probed code, as DTrace's:
# stack() (traced, printf'd, an aggregation key, -x oformat=folded and
# json), caller and stackdepth leave out the tracing machinery between the
# code that fired the probe and its BPF program (the program, bpf_trace_runN,
# __bpf_trace_*, __traceiter_*, perf_trace_*, trace_call_bpf:
# codegen-kstack.c).  sched:::off-cpu's first frame is the scheduler, a
# system call's its path; stack(n) is n frames of that code; caller is the
# second frame stack(2) prints and stackdepth the number stack(100) prints.
# Syscall, proc, sched, sdt, profile and fbt probes (fbt and sched:::dequeue
# where the kernel has fentry or kprobes), each scoped to the test's own processes ($target).  Exact assertions on the frames' functions.
. "$SRCDIR/test/lib.sh"
# (the first lines may be per-CPU symbols at 0: a function's address tells)
if [ "$(awk '$2 ~ /^[Tt]$/ { print $1; exit }' /proc/kallsyms)" = 0000000000000000 ]; then
  skip "kernel stacks: /proc/kallsyms hides addresses"
  done_testing
fi
machinery='(bpf`|`bpf_prog_|`bpf_trace_run|`__bpf_trace_|`__traceiter_|`perf_trace_|`trace_call_bpf|`__bpf_prog_run|`___bpf_prog_run)'
# frames FILE: the stack lines (14 spaces, then module`function+0x...)
frames () { grep -E '^ {14}[^ ]' "$1" | sed 's/^ *//'; }
# no_machinery NAME FILE: a stack was printed and none of its frames is the machinery's
no_machinery () {
  check_match "$1: a kernel stack" "$(frames "$2")" '^vmlinux`[A-Za-z_0-9.]+\+0x[0-9a-f]+$'
  check_eq "$1: no frame of the tracing machinery" "$(frames "$2" | grep -E "$machinery")" ""
}
body='{ stack(); printf("CALLER %a\n", caller); stack(2); printf("DEPTH %d\n", stackdepth); stack(100); exit(0); }'
# consistent NAME FILE: caller is stack(2)'s second frame, stackdepth stack(100)'s frames,
# and stack(2) and stack(100) begin as stack() does
consistent () {
  local first caller second depth n
  first=$(sed -n '/^CALLER/q; p' "$2" | grep -E '^ {14}[^ ]' | sed -n '1s/^ *//p')
  caller=$(sed -n 's/^CALLER //p' "$2")
  second=$(sed -n '/^CALLER/,/^DEPTH/p' "$2" | grep -E '^ {14}[^ ]' | sed -n '2s/^ *//p')
  depth=$(sed -n 's/^DEPTH //p' "$2")
  n=$(sed -n '/^DEPTH/,$p' "$2" | grep -cE '^ {14}[^ ]')
  check_eq "$1: caller is the second frame of stack(2)" "$caller" "$second"
  check_eq "$1: stackdepth is the number of frames stack(100) prints" "$depth" "$n"
  check_eq "$1: stack(2) begins where stack() does" \
    "$(sed -n '/^CALLER/,/^DEPTH/p' "$2" | grep -E '^ {14}[^ ]' | sed -n '1s/^ *//p')" "$first"
}

# --- sched:::off-cpu of our own sleep: the scheduler first
"$DTRACE" -q -n "sched:::off-cpu /pid == \$target/ $body" -c 'sleep 0.2' >off.out 2>off.err
no_machinery "sched:::off-cpu" off.out
check_match "sched:::off-cpu: the first frame is the scheduler's" "$(frames off.out | head -1)" \
  '^vmlinux`(__schedule|schedule)\+0x[0-9a-f]+$'
consistent "sched:::off-cpu" off.out
"$DTRACE" -q -n 'sched:::off-cpu /pid == $target/ { trace(sym(caller)); printf("\n"); stack(2); stack(1); exit(0); }' \
  -c 'sleep 0.2' >one.out 2>&1
check_eq "sched:::off-cpu: sym(caller) is the second frame of stack(2), without its offset" \
  "$(sed -n '1s/^ *//; 1s/ *$//p' one.out)" "$(frames one.out | sed -n '2s/+0x[0-9a-f]*$//p')"
check_match "sched:::off-cpu: stack(1) is the scheduler's frame, the first of stack(2)" "$(frames one.out | sed -n 3p)" \
  '^vmlinux`(__schedule|schedule)\+0x[0-9a-f]+$'
check_eq "... the first of stack(2)" "$(frames one.out | sed -n 3p)" "$(frames one.out | sed -n 1p)"

# --- syscall::read:entry: the system call's path first
"$DTRACE" -q -n "syscall::read:entry /pid == \$target/ $body" -c 'cat /etc/hostname' >sys.out 2>sys.err
no_machinery "syscall::read:entry" sys.out
check_match "syscall::read:entry: the first frame is the system call's path" "$(frames sys.out | head -1)" \
  '^vmlinux`[a-z_0-9.]*(syscall|sys_)[a-z_0-9.]*\+0x[0-9a-f]+$'
consistent "syscall::read:entry" sys.out
"$DTRACE" -q -n 'syscall::read:return /pid == $target/ { stack(); exit(0); }' -c 'cat /etc/hostname' >sysr.out 2>&1
no_machinery "syscall::read:return" sysr.out

# --- proc:::exec-success: the exec path
"$DTRACE" -q -n "proc:::exec-success /pid == \$target/ $body" -c true >exec.out 2>exec.err
no_machinery "proc:::exec-success" exec.out
consistent "proc:::exec-success" exec.out

# --- sdt (a tracepoint program) and profile (a perf event)
"$DTRACE" -q -n "sdt:sched::sched_switch /pid == \$target/ $body" -c 'sleep 0.2' >sdt.out 2>sdt.err
no_machinery "sdt:sched::sched_switch" sdt.out
check_match "sdt:sched::sched_switch: the first frame is the scheduler's" "$(frames sdt.out | head -1)" \
  '^vmlinux`(__schedule|schedule)\+0x[0-9a-f]+$'
consistent "sdt:sched::sched_switch" sdt.out
"$DTRACE" -q -n 'profile-997 /pid == $target && arg0/ { stack(); exit(0); }' \
  -c 'dd if=/dev/zero of=/dev/null bs=1M count=200000' >prof.out 2>&1
no_machinery "profile-997 in the kernel" prof.out

# --- fbt (the kernel matrix has it; this kernel may not): entry through
# fentry (the program and its trampoline) or a kprobe (none), each way the
# kernel offers, as consumer-fbt.sh
features=$("$DTRACE" --kernel-features 2>&1)
ways=
grep -q '^  yes fentry ' <<<"$features" && ways="fentry"
grep -q '^  yes kprobe_pmu ' <<<"$features" && ways="$ways kprobe"
for way in $ways; do
  off=; [ "$way" = kprobe ] && off=fentry
  SDTKIT_KERNEL_FEATURES_OFF=$off "$DTRACE" -q -n "fbt::do_nanosleep:entry /pid == \$target/ $body" \
    -c 'sleep 0.2' >fbt.out 2>&1
  no_machinery "fbt::do_nanosleep:entry ($way)" fbt.out
  check_match "fbt::do_nanosleep:entry ($way): the first frame is do_nanosleep" "$(frames fbt.out | head -1)" \
    '^vmlinux`do_nanosleep\+0x[0-9a-f]+$'
  consistent "fbt::do_nanosleep:entry ($way)" fbt.out
done

# sched:::dequeue is a kprobe where the kernel has them: nothing to skip,
# its function stays the first frame
if grep -q '^  yes kprobe_pmu ' <<<"$features"; then
  "$DTRACE" -q -n "sched:::dequeue /pid == \$target/ $body" -c 'sleep 0.2' >deq.out 2>&1
  no_machinery "sched:::dequeue (a kprobe)" deq.out
  check_match "sched:::dequeue (a kprobe): the first frame is the dequeuing function" "$(frames deq.out | head -1)" \
    '^vmlinux`dequeue_[a-z_]+\+0x[0-9a-f]+$'
  consistent "sched:::dequeue (a kprobe)" deq.out
fi

# --- an aggregation key, printa's %k, -x oformat=folded and json
"$DTRACE" -q -n 'sched:::off-cpu /pid == $target/ { @[stack()] = count(); }' -c 'sleep 0.2' >agg.out 2>&1
no_machinery "@[stack()] at sched:::off-cpu" agg.out
"$DTRACE" -q -n 'sched:::off-cpu /pid == $target/ { @[stack(3)] = count(); } END { printa("%k%@d\n", @); }' \
  -c 'sleep 0.2' >pa.out 2>&1
no_machinery "printa(\"%k\") of @[stack(3)]" pa.out
check_eq "printa(\"%k\") of @[stack(3)]: three frames a key" \
  "$(awk '/^ +[^ ]/ { n++ } /^[0-9]+$/ { print n + 0; n = 0 }' pa.out | sort -u)" 3
"$DTRACE" -q -x oformat=folded -n 'sched:::off-cpu /pid == $target/ { @[stack()] = count(); }' -c 'sleep 0.2' >fold.out 2>&1
check_match "-x oformat=folded: the scheduler's frame last" "$(head -1 fold.out)" ';vmlinux`(__schedule|schedule) [0-9]+$'
check_eq "-x oformat=folded: no frame of the tracing machinery" \
  "$(grep -E 'bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_' fold.out)" ""
"$DTRACE" -q -x oformat=json -n 'sched:::off-cpu /pid == $target/ { stack(); exit(0); }' -c 'sleep 0.2' >js.out 2>&1
check_match "-x oformat=json: a stack" "$(cat js.out)" '__schedule|schedule'
check_eq "-x oformat=json: no frame of the tracing machinery" \
  "$(grep -E 'bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_' js.out)" ""

done_testing
