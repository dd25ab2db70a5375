#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-sdt.sh — the sdt provider (probes/sdt-probes.h): the kernel's
# tracepoints as sdt:GROUP::EVENT, each event scoped to the test's own
# process (args[0] or args[1] == $target): the -l rows (and none in a
# plain -l, none of the groups other providers own); task_rename's fields
# as args[] (pid_t, char[16] strings, a short) and as argN;
# sched_process_exec's __data_loc filename; the cap on enabled probes.
# Exact output throughout.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 "$data/sdt-target.c" -o sdt-target || fail "build sdt-target"
TGT=$T/sdt-target

check_eq "-l -n sdt:task::task_rename: one row, the module the tracepoint's group" \
  "$("$DTRACE" -l -n 'sdt:task::task_rename' 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4        sdt              task                                   task_rename"
"$DTRACE" -l -P sdt >sdt.l 2>&1
check_eq "-l -P sdt: the sched group's switch and wakeup among them; no syscalls, kprobes or uprobes group" \
  "$(grep -cE ' sdt +sched +sched_(switch|wakeup)$' sdt.l):$(grep -cE ' sdt +(syscalls|kprobes|uprobes) ' sdt.l)" "2:0"
check_eq "a plain -l lists no sdt probe" "$("$DTRACE" -l 2>&1 | grep -c ' sdt ')" "0"

"$DTRACE" -q -c "$TGT" -n '
sdt:task::task_rename /args[0] == $target/ {
  printf("rename pid %d old [%s] new [%s] oom_score_adj %d\n", args[0] == pid, args[1], args[2], args[3]); }
sdt:task::task_rename /arg0 == $target/ { printf("arg0 %d arg3 %d arg1 %d\n", arg0 == pid, arg3, arg1 != 0); }' >rename.out 2>&1
check_eq "task_rename: args[] typed from the format file (pid_t, char[16] as strings, a short), argN the raw values" \
  "$(cat rename.out)" \
"rename pid 1 old [dtrace-c-held] new [sdt-target] oom_score_adj 0
arg0 1 arg3 0 arg1 1
rename pid 1 old [sdt-target] new [sdt-renamed] oom_score_adj 500
arg0 1 arg3 500 arg1 1"

"$DTRACE" -q -c "$TGT" -n '
sdt:sched::sched_process_exec /args[1] == $target/ { printf("exec %s %d %d\n", args[0], args[1] == pid, args[2] == pid); }' >exec.out 2>&1
check_eq "sched_process_exec: args[0] a __data_loc string (the path), args[1] and args[2] the pids" \
  "$(cat exec.out)" "exec $TGT 1 1"

"$DTRACE" -n 'sdt:::' >/dev/null 2>err.txt; rc=$?
check_match "sdt::: refused, at most 256 probes at once" "$rc:$(cat err.txt)" \
  "^1:dtrace: the sdt descriptions match [0-9]+ probes: at most 256 can be enabled at once"

done_testing
